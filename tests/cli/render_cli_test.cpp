// kifu render from the command line: every game to every image format and back through
// convert, animations, the options and where they do not apply, I/O faults.

#include "cli_fixture.hpp"

namespace {

using namespace kifu_test;

TEST_F(Cli, RenderEveryGameAndReadTheImageBack) {
    struct Case {
        std::string input, to, back;
    };
    const Case cases[] = {
        {kExamples + "/ear-reddening.hen", "png", "hen"},
        {kExamples + "/ko.sgf", "svg", "hen"},
        {kExamples + "/opera-game.pgn", "gif", "fen"},
        {kExamples + "/short-game.kifu", "png", "sfen"},
        {kExamples + "/xiangqi-game.pgn", "svg", "xfen-xiangqi"},
    };
    for (const Case& c : cases) {
        const std::string image = (dir_ / ("board." + c.to)).string();
        const Outcome render = kifu({"render", c.input, "-o", image});
        EXPECT_EQ(render.exit_code, 0) << c.input << ": " << render.err;
        const Outcome direct = kifu({"convert", "--to", c.back, c.input});
        const Outcome back = kifu({"convert", "--to", c.back, image});
        EXPECT_EQ(back.exit_code, 0) << c.input << ": " << back.err;
        EXPECT_EQ(back.out, direct.out) << c.input;
    }
    // The extension decides the format; --to wins over it.
    EXPECT_EQ(
        kifu({"render", "--to", "svg", "--text", ".9x9_5Gb.b", "-o", (dir_ / "x.png").string()}).exit_code,
        0);
    EXPECT_EQ(slurp(dir_ / "x.png").rfind("<svg", 0), 0u);
    // SVG to standard output.
    const Outcome svg = kifu({"render", "--text", "8/8/8/8/8/8/8/K1k5 w - - 0 1"});
    EXPECT_EQ(svg.exit_code, 0) << svg.err;
    EXPECT_EQ(svg.out.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"400\"", 0), 0u);
    EXPECT_NE(svg.out.find("<metadata>FEN: 8/8/8/8/8/8/8/K1k5 w - - 0 1\n"), std::string::npos);
}

TEST_F(Cli, RenderAnimationsAndNodes) {
    const std::string gif = (dir_ / "game.gif").string();
    const Outcome animate = kifu(
        {"render", "--animate", "--size", "200", "--delay", "300", kExamples + "/opera-game.pgn", "-o", gif});
    EXPECT_EQ(animate.exit_code, 0) << animate.err;
    // The animation carries the game: converted back, the same PGN.
    const Outcome back = kifu({"convert", "--to", "pgn", gif});
    const Outcome direct = kifu({"convert", "--to", "pgn", kExamples + "/opera-game.pgn"});
    EXPECT_EQ(back.exit_code, 0) << back.err;
    EXPECT_EQ(back.out, direct.out);
    // --ply picks a position of a record.
    const Outcome at20 =
        kifu({"render", "--ply", "20", kExamples + "/opera-game.pgn", "-o", (dir_ / "p.svg").string()});
    EXPECT_EQ(at20.exit_code, 0) << at20.err;
    EXPECT_NE(
        slurp(dir_ / "p.svg").find("FEN: rn2kb1r/p3qppp/5n2/1p2p1B1/2B1P3/1Q6/PPP2PPP/R3K2R w KQkq - 0 11"),
        std::string::npos);
    const Outcome sgf = kifu({"render", "--animate", "--to", "svg", kExamples + "/ko.sgf"});
    EXPECT_EQ(sgf.exit_code, 0) << sgf.err;
    EXPECT_NE(sgf.out.find("<animate attributeName=\"visibility\" calcMode=\"discrete\""), std::string::npos);
    // A Go animation is square, as the still image is, and its last frame stays longest:
    // the delays of the Graphic Control Extensions (21 F9 04 flags, delay in 1/100 s).
    const std::string go_gif = (dir_ / "ko.gif").string();
    ASSERT_EQ(
        kifu({"render", "--animate", "--size", "360", "--delay", "500", kExamples + "/ko.sgf", "-o", go_gif})
            .exit_code,
        0);
    const std::string bytes = slurp(go_gif);
    ASSERT_GT(bytes.size(), 10u);
    const auto word = [&](std::size_t at) {
        return static_cast<unsigned char>(bytes[at]) | static_cast<unsigned char>(bytes[at + 1]) << 8;
    };
    EXPECT_EQ(word(6), 360);
    EXPECT_EQ(word(8), 360);
    std::vector<int> delays;
    for (std::size_t i = bytes.find("\x21\xF9\x04"); i != std::string::npos;
         i = bytes.find("\x21\xF9\x04", i + 1))
        delays.push_back(word(i + 4));
    ASSERT_GE(delays.size(), 2u);
    EXPECT_EQ(delays.front(), 50);
    EXPECT_EQ(delays.back(), 200);  // three delays, two seconds at least
}

TEST_F(Cli, RenderOptionsThatDoNotApplyAreUsageErrors) {
    const std::string fen = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
    const Outcome crop = kifu({"render", "--crop", "--text", fen});
    EXPECT_EQ(crop.exit_code, 2);
    EXPECT_NE(crop.err.find("--crop does not apply here: it is for Go, and the input is chess"),
              std::string::npos)
        << crop.err;
    EXPECT_EQ(kifu({"render", "--sgf-coordinates", "--text", fen}).exit_code, 2);
    const Outcome animate = kifu({"render", "--animate", "--text", fen});
    EXPECT_EQ(animate.exit_code, 2);
    EXPECT_NE(animate.err.find("--animate does not apply"), std::string::npos) << animate.err;
    EXPECT_EQ(kifu({"render", "--delay", "100", "--text", fen}).exit_code, 2);
    EXPECT_EQ(
        kifu({"render", "--animate", "--to", "png", kExamples + "/ko.sgf", "-o", (dir_ / "a.png").string()})
            .exit_code,
        2);
    EXPECT_EQ(kifu({"render", "--ply", "3", "--text", fen}).exit_code, 2);
    EXPECT_EQ(kifu({"render", "--theme", "purple", "--text", fen}).exit_code, 2);
    EXPECT_EQ(kifu({"render", "--size", "5", "--text", fen}).exit_code, 2);
    EXPECT_EQ(kifu({"render", kExamples + "/ko.sgf", kExamples + "/ko.sgf"}).exit_code, 2);
    // Go takes them all.
    const Outcome go = kifu({"render", "--crop", "--sgf-coordinates", "--flip", "--theme", "paper", "--text",
                             "_16Pbw_15Qb2.Q16-a", "-o", (dir_ / "go.png").string()});
    EXPECT_EQ(go.exit_code, 0) << go.err;
}

TEST_F(Cli, RenderDrawsDiagramsThatAreNoGamesPosition) {
    // A pawn structure: no kings. Drawn, with a note; anything else still refuses it.
    const Outcome pawns = kifu({"render", "--text", "8/pp3ppp/8/8/8/8/PP3PPP/8 w - - 0 1"});
    EXPECT_EQ(pawns.exit_code, 0) << pawns.err;
    EXPECT_NE(pawns.out.find("<svg"), std::string::npos);
    EXPECT_NE(pawns.err.find("<text>: note: a diagram: white has 0 kings"), std::string::npos) << pawns.err;
    EXPECT_EQ(kifu({"convert", "--to", "fen", "--text", "8/pp3ppp/8/8/8/8/PP3PPP/8 w - - 0 1"}).exit_code, 1);
    // Shogi's tsume (no attacking king) and xiangqi without a general draw as they did.
    EXPECT_EQ(kifu({"render", "--text", "8k/9/9/9/9/9/9/9/9 b G 1"}).exit_code, 0);
}

TEST_F(Cli, RenderInvalidInputAndIoFaults) {
    const Outcome bad = kifu({"render", "--text", ".9x9_5Zb"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("<text>:1:"), std::string::npos) << bad.err;
    // A directory as output, a directory as input, the output naming the input.
    EXPECT_EQ(kifu({"render", "--text", ".9x9", "-o", dir_.string()}).exit_code, 3);
    EXPECT_EQ(kifu({"render", dir_.string()}).exit_code, 3);
    std::ofstream(dir_ / "in.hen") << ".9x9_5Gb.b";
    EXPECT_EQ(kifu({"render", (dir_ / "in.hen").string(), "-o", (dir_ / "in.hen").string()}).exit_code, 3);
    EXPECT_EQ(slurp(dir_ / "in.hen"), ".9x9_5Gb.b");
    // An image with no notation in it.
    std::ofstream(dir_ / "plain.svg") << "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>";
    const Outcome plain = kifu({"convert", "--to", "hen", (dir_ / "plain.svg").string()});
    EXPECT_EQ(plain.exit_code, 1);
    EXPECT_NE(plain.err.find("the image carries no notation"), std::string::npos) << plain.err;
}

}  // namespace
