// Xiangqi from the command line: perft and moves, move lists and PGN games through
// convert, info and tree, the --notation option; and FEEN positions, which validate and
// convert the same way.

#include "cli_fixture.hpp"

namespace {

using namespace kifu_test;

TEST_F(Cli, XiangqiPerftAndMoves) {
    const Outcome perft = kifu({"perft", "--game", "xiangqi", "--divide", "startpos", "2"});
    EXPECT_EQ(perft.exit_code, 0) << perft.err;
    EXPECT_NE(perft.out.find("h2e2: 45\n"), std::string::npos) << perft.out;
    EXPECT_NE(perft.out.find("nodes 1920\n"), std::string::npos) << perft.out;
    const Outcome moves = kifu({"moves", "--game", "xiangqi", "startpos"});
    EXPECT_NE(moves.out.find("h2e2 C2.5 炮二平五 Che3\n"), std::string::npos) << moves.out;
    const Outcome stalemate = kifu({"moves", "--game", "xiangqi", "3k5/4R4/9/9/9/9/9/9/9/4K4 b"});
    EXPECT_EQ(stalemate.exit_code, 0);
    EXPECT_EQ(stalemate.out, "");
    EXPECT_NE(stalemate.err.find("no legal moves: stalemate, Black loses"), std::string::npos)
        << stalemate.err;
    const Outcome bad = kifu({"perft", "--game", "xiangqi", "rnbakabnr/9 w", "1"});
    EXPECT_EQ(bad.exit_code, 1);
}

TEST_F(Cli, XiangqiGamesConvertBetweenNotations) {
    const std::string game = kExamples + "/xiangqi-game.pgn";
    const Outcome wxf = kifu({"convert", "--to", "pgn-xiangqi", "--notation", "wxf", game});
    EXPECT_EQ(wxf.exit_code, 0) << wxf.err;
    EXPECT_NE(wxf.out.find("[Format \"WXF\"]"), std::string::npos) << wxf.out;
    EXPECT_NE(wxf.out.find("1. C2.5 H8+7 {中炮對屏風馬} 2. H2+3 R9.8"), std::string::npos) << wxf.out;
    // Back to Chinese through standard input: the file as it was.
    const Outcome back = kifu({"convert", "--to", "pgn-xiangqi", "--notation", "chinese", "-"}, wxf.out);
    EXPECT_EQ(back.exit_code, 0) << back.err;
    EXPECT_EQ(kifu({"convert", "--to", "pgn-xiangqi", game}).out, back.out);
    EXPECT_EQ(kifu({"convert", "--to", "xfen-xiangqi", "--ply", "1", game}).out,
              "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\n");
    EXPECT_EQ(kifu({"convert", "--to", "xfen-xiangqi", "--node", "5.v1.1", game}).out,
              "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKABR1 b - - 7 4\n");
    const Outcome tree = kifu({"tree", game});
    EXPECT_NE(tree.out.find("5.v1  馬２進３\n5.v1.1  兵七進一\n"), std::string::npos) << tree.out;
    const Outcome info = kifu({"info", game});
    EXPECT_NE(info.out.find("format: pgn-xiangqi (xiangqi record)"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("lines        2 (the main line and 1 other)"), std::string::npos) << info.out;
    // Move lists in each notation, and an option that does not apply.
    EXPECT_EQ(kifu({"convert", "--from", "iccs", "--to", "xiangqi-san", "--text", "h2e2 h9g7"}).out,
              "1. Che3 Hg8\n");
    EXPECT_EQ(kifu({"convert", "--from", "chinese", "--to", "wxf", "--text", "炮二平五 马8进7"}).out,
              "1. C2.5 H8+7\n");
    const Outcome usage = kifu({"convert", "--to", "fen", "--notation", "wxf", game});
    EXPECT_EQ(usage.exit_code, 2);
    const Outcome illegal = kifu({"validate", "--from", "wxf", "--text", "C2.5 C2.5 C2.5"});
    EXPECT_EQ(illegal.exit_code, 1);
    EXPECT_EQ(illegal.err, "<text>:1:11: error: no legal move fits 'C2.5'\n");
}

TEST_F(Cli, XiangqiRepetitionAndEndsInInfo) {
    const Outcome info = kifu({"info", "--from", "iccs", "--position", "4k4/9/9/9/9/9/9/9/9/3R1K3 w",
                               "--text", "d0d9 e9e8 d9d8 e8e9 d8d9 e9e8 d9d8 e8e9 d8d9"});
    EXPECT_EQ(info.exit_code, 0) << info.err;
    EXPECT_NE(
        info.out.find("judged       repetition after ply 9: the position stands for the third time (Red "
                      "gives perpetual check, which loses)"),
        std::string::npos)
        << info.out;
    const Outcome mate =
        kifu({"info", "--from", "iccs", "--position", "3k5/9/9/9/9/9/9/9/4R4/4KR3 w", "--text", "e1d1"});
    EXPECT_NE(mate.out.find("final        checkmate: Black loses"), std::string::npos) << mate.out;
}

// What validate says of a FEEN, convert does too (issue 15's review of feen.rb).
TEST_F(Cli, FeenValidateAndConvertAgree) {
    for (const std::string feen :
         {"9/9/9/9/9/9/9/9/9 / S/c", "8/8/8/8/8/8/8/8 / C/x", "8/8/8/8/8/8/8/8 K^k^/ C/c",
          "9/9/9/9/9/9/9/9/9 +P/ S/s", "9/9/9/9/9/9/9/9/9 Pp/ S/s", "9/9/9/9/9/9/9/9/9 -P+PP/ S/s",
          "9/9/9/9/9/9/9/9/9 aB/ S/s", "9//9 / G/g"}) {
        const Outcome validate = kifu({"validate", "--from", "feen", "--text", feen});
        const Outcome convert = kifu({"convert", "--from", "feen", "--to", "feen", "--text", feen});
        EXPECT_EQ(validate.exit_code, convert.exit_code) << feen << "\n" << validate.err << convert.err;
    }
    // Mixed styles and what a game cannot hold stay a generic FEEN, byte for byte.
    EXPECT_EQ(kifu({"convert", "--from", "feen", "--to", "feen", "--text", "9/9/9/9/9/9/9/9/9 / S/c"}).out,
              "9/9/9/9/9/9/9/9/9 / S/c\n");
    const Outcome hand =
        kifu({"convert", "--from", "feen", "--to", "feen", "--text", "8/8/8/8/8/8/8/8 K^k^/ C/c"});
    EXPECT_EQ(hand.out, "8/8/8/8/8/8/8/8 K^k^/ C/c\n");
    EXPECT_NE(hand.err.find("not as a chess position: chess has no pieces in hand"), std::string::npos)
        << hand.err;
    // What the game's position changes is said.
    const Outcome shogi =
        kifu({"convert", "--from", "feen", "--to", "feen", "--text", "9/9/9/9/9/9/9/9/9 Pp/ S/s"});
    EXPECT_EQ(shogi.out, "9/9/9/9/9/9/9/9/9 2P/ S/s\n");
    EXPECT_NE(shogi.err.find("which writes it back as FEEN '9/9/9/9/9/9/9/9/9 2P/ S/s'"), std::string::npos)
        << shogi.err;
    // feen.rb's README start position: its '-' rooks keep their castling rights.
    EXPECT_EQ(kifu({"convert", "--from", "feen", "--to", "fen", "--text",
                    "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c"})
                  .out,
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
}

}  // namespace
