// kifu analyse and kifu bestmove as users run them: real engines where Debian's are installed
// (skipped, saying so, where not), the fake engine of tests/engine for the faults. No engine
// process outlives a run: each fake is started with a marker file in its arguments, and no
// process naming it is left afterwards.

#include <chrono>
#include <regex>
#include <thread>

#include "cli_fixture.hpp"

namespace kifu_test {
namespace {

const std::string kFake = std::string(KIFU_SOURCE_DIR) + "/tests/engine/fake_engine.py";
bool installed(const std::string& program) {
    for (const char* dir : {"/usr/games/", "/usr/bin/", "/usr/local/bin/"})
        if (std::filesystem::exists(std::string(dir) + program)) return true;
    return false;
}

// Processes whose command line holds `marker`.
int processes_naming(const std::string& marker) {
    int n = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string name = entry.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string cmdline = slurp(entry.path() / "cmdline");
        for (char& c : cmdline)
            if (c == '\0') c = ' ';
        if (cmdline.find(marker) != std::string::npos && cmdline.find("fake_engine") != std::string::npos)
            ++n;
    }
    return n;
}

// `kifu tree`'s lines with the [%eval] commands and the comments left empty taken out.
std::string without_evals(const std::string& tree) {
    std::string out = std::regex_replace(tree, std::regex(R"(\[%eval [^\]]*\] ?)"), "");
    return std::regex_replace(out, std::regex(R"(  \{\s*\})"), "");
}

using Analyse = Cli;

TEST_F(Analyse, Chess960CastlingIsReadByTheEngineInItsChess960Mode) {
    if (!installed("stockfish")) GTEST_SKIP() << "stockfish is not installed (scripts/install-deps test)";
    // UCI writes a Chess960 castling as the king taking its rook (b1a1), which Stockfish reads
    // only with UCI_Chess960 set; the standard game after it is analysed with it unset again.
    const std::string games =
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 "
        "1\"]\n\n"
        "1. O-O-O O-O-O 2. a3 a6 *\n\n[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    std::ofstream(dir_ / "two.pgn") << games;
    const Outcome run = kifu({"analyse", "--engine", "stockfish", "--depth", "6", (dir_ / "two.pgn").string(),
                              "-o", (dir_ / "out.pgn").string()});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.err.find("illegal"), std::string::npos) << run.err;
    EXPECT_EQ(occurrences(slurp(dir_ / "out.pgn"), "[%eval "), 8u) << slurp(dir_ / "out.pgn");
}

TEST_F(Analyse, StockfishWritesAnEvalIntoEveryMoveAndChangesNothingElse) {
    if (!installed("stockfish")) GTEST_SKIP() << "stockfish is not installed (scripts/install-deps test)";
    const std::string game = kExamples + "/opera-game.pgn";
    const Outcome run =
        kifu({"analyse", "--engine", "stockfish", "--depth", "6", game, "-o", (dir_ / "out.pgn").string()});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const std::string out = slurp(dir_ / "out.pgn");
    const Outcome moves = kifu({"tree", game});
    const Outcome analysed = kifu({"tree", (dir_ / "out.pgn").string()});
    ASSERT_EQ(analysed.exit_code, 0) << analysed.err;
    // Every move of the main line (33 plies, its variation left alone) but the last (mate:
    // the game is over there) has its eval.
    const std::size_t plies = 33;
    EXPECT_EQ(occurrences(out, "[%eval "), plies - 1) << out;
    EXPECT_EQ(without_evals(analysed.out), without_evals(moves.out));
    // Analysed again, the evals are replaced, not added.
    const Outcome again =
        kifu({"analyse", "--engine", "stockfish", "--depth", "6", (dir_ / "out.pgn").string()});
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(occurrences(again.out, "[%eval "), plies - 1);
}

TEST_F(Analyse, AnnotateMarksLostMovesWithTheBestLineAsAVariation) {
    if (!installed("stockfish")) GTEST_SKIP() << "stockfish is not installed";
    // 2... Qh4?? hangs the queen to 3. Nxh4: a blunder by any engine's count.
    std::ofstream(dir_ / "blunder.pgn") << "1. e4 e5 2. Nf3 Qh4 3. Nxh4 *\n";
    const Outcome run = kifu(
        {"analyse", "--engine", "stockfish", "--depth", "10", "--annotate", (dir_ / "blunder.pgn").string()});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find("2... Qh4 $4 {[%eval "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("Blunder. "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(" was best.} (2... "), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("3. Nxh4 $"), std::string::npos) << run.out;  // the engine's own move: no mark
    EXPECT_EQ(kifu({"analyse", "--engine", "stockfish", "--depth", "3", "--annotate", "--json",
                    (dir_ / "blunder.pgn").string()})
                  .exit_code,
              2);
}

TEST_F(Analyse, TwoEnginesWriteWhatOneWrites) {
    if (!installed("stockfish")) GTEST_SKIP() << "stockfish is not installed";
    std::ofstream(dir_ / "three.pgn")
        << "1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 d5 2. c4 e6 *\n\n1. c4 e5 2. g3 Nf6 *\n";
    const std::string in = (dir_ / "three.pgn").string();
    const Outcome one =
        kifu({"analyse", "--engine", "stockfish", "--option", "Threads=1", "--depth", "7", in});
    const Outcome two = kifu(
        {"analyse", "--engine", "stockfish", "--option", "Threads=1", "--depth", "7", "--engines", "2", in});
    ASSERT_EQ(one.exit_code, 0) << one.err;
    ASSERT_EQ(two.exit_code, 0) << two.err;
    EXPECT_EQ(occurrences(one.out, "[%eval "), 12u);
    EXPECT_EQ(one.out, two.out);
}

TEST_F(Analyse, JsonLinesForShogiXiangqiAndGo) {
    if (installed("fairy-stockfish")) {
        const Outcome shogi = kifu({"analyse", "--engine", "fairy-stockfish", "--depth", "4", "--json",
                                    kExamples + "/short-game.kifu"});
        ASSERT_EQ(shogi.exit_code, 0) << shogi.err;
        EXPECT_EQ(occurrences(shogi.out, "\n"), 1u);
        EXPECT_NE(shogi.out.find("\"cp\":"), std::string::npos) << shogi.out;
        EXPECT_EQ(shogi.out.find("\"error\""), std::string::npos) << shogi.out;
        const Outcome xiangqi =
            kifu({"analyse", "--engine", "fairy-stockfish", "--depth", "4", kExamples + "/xiangqi-game.pgn"});
        ASSERT_EQ(xiangqi.exit_code, 0) << xiangqi.err;
        EXPECT_GE(occurrences(xiangqi.out, "[%eval "), 10u) << xiangqi.out;
    }
    if (installed("gnugo")) {
        const Outcome go = kifu({"analyse", "--engine", "gnugo --mode gtp --level 1", "--depth", "1",
                                 "--json", kExamples + "/ko.sgf"});
        ASSERT_EQ(go.exit_code, 0) << go.err;
        EXPECT_NE(go.out.find("\"points\":"), std::string::npos) << go.out;
        EXPECT_NE(go.out.find("\"best\":"), std::string::npos) << go.out;
    }
    if (!installed("fairy-stockfish") && !installed("gnugo"))
        GTEST_SKIP() << "fairy-stockfish and gnugo are not installed";
}

// `kifu tree`'s lines with the comments taken out.
std::string without_comments(const std::string& tree) {
    return std::regex_replace(tree, std::regex(R"(  \{[^\n]*\})"), "");
}

TEST_F(Analyse, ShogiRecordsGetShogiGuisAndFloodgatesComments) {
    if (!installed("fairy-stockfish")) GTEST_SKIP() << "fairy-stockfish is not installed";
    const std::string game = kExamples + "/short-game.kifu";
    const std::string kif = (dir_ / "out.kifu").string();
    const Outcome run = kifu({"analyse", "--engine", "fairy-stockfish", "--depth", "5", game, "-o", kif});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const Outcome moves = kifu({"tree", game});
    const Outcome analysed = kifu({"tree", kif});
    ASSERT_EQ(analysed.exit_code, 0) << analysed.err;
    EXPECT_EQ(without_comments(analysed.out), without_comments(moves.out));
    const std::string out = slurp(kif);
    // Every move but a mating one (the game is over there) has its line, after the move.
    const std::size_t plies = static_cast<std::size_t>(occurrences(moves.out, "\n")) - 1;
    const std::size_t noted = occurrences(out, "**解析 0 ");
    EXPECT_GE(noted + 1, plies) << out;
    EXPECT_LE(noted, plies) << out;
    EXPECT_TRUE(std::regex_search(
        out, std::regex(R"(\n   1 [^\n]*\n\*\*解析 0 [^\n]* 深さ 5[/ ][^\n]* 評価値 -?[0-9]+ 読み筋 △)")))
        << out;
    // Analysed again, the lines are replaced, not added; CSA gets Floodgate's form.
    const Outcome again = kifu({"analyse", "--engine", "fairy-stockfish", "--depth", "5", kif});
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(occurrences(again.out, "**解析 0 "), noted);
    const std::string csa = (dir_ / "out.csa").string();
    ASSERT_EQ(kifu({"convert", "--to", "csa", game, "-o", csa}).exit_code, 0);
    const Outcome floodgate = kifu({"analyse", "--engine", "fairy-stockfish", "--depth", "5", csa});
    ASSERT_EQ(floodgate.exit_code, 0) << floodgate.err;
    EXPECT_TRUE(std::regex_search(floodgate.out,
                                  std::regex(R"(\n\+7776FU\n(T[0-9]+\n)?'\*\* -?[0-9]+ -[0-9]{4}[A-Z]{2})")))
        << floodgate.out;
    EXPECT_EQ(kifu({"analyse", "--engine", "fairy-stockfish", "--depth", "3", "--annotate", game}).exit_code,
              2);
}

TEST_F(Analyse, SgfGetsSabakisValuesInItsRawLayer) {
    if (!installed("gnugo")) GTEST_SKIP() << "gnugo is not installed";
    const std::string sgf = (dir_ / "game.sgf").string();
    std::ofstream(sgf) << "(;GM[1]FF[4]SZ[9]KM[6.5]C[a game]PL[B];B[ee]LB[ee:A];W[gc]C[hm](;B[cg])(;B[gg]))";
    const Outcome run = kifu({"analyse", "--engine", "gnugo --mode gtp --level 1", "--depth", "1", sgf});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    // The main line's three positions after a move get black's lead; the raw properties the
    // tree does not hold (PL, LB) and the variation stay.
    EXPECT_EQ(occurrences(run.out, "SBKS["), 3u) << run.out;
    EXPECT_TRUE(std::regex_search(run.out, std::regex(R"(;B\[ee\][^;]*SBKS\[-?[0-9]+\.[0-9]{2}\])")))
        << run.out;
    EXPECT_NE(run.out.find("PL[B]"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("LB[ee:A]"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("(;B[gg])"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("SBKV["), std::string::npos) << run.out;  // GNU Go gives no win rate
    // An earlier analysis's values are replaced, a win rate GNU Go does not give too.
    std::ofstream(sgf) << "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee]SBKV[51.00]SBKS[0.50];W[gc])";
    const Outcome again = kifu({"analyse", "--engine", "gnugo --mode gtp --level 1", "--depth", "1", sgf});
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(occurrences(again.out, "SBKS["), 2u) << again.out;
    EXPECT_EQ(again.out.find("SBKV["), std::string::npos) << again.out;
}

TEST_F(Analyse, KataGosAnalysisEngineGivesSabakisWinRateAndLead) {
    const std::string katago = "python3 " + std::string(KIFU_SOURCE_DIR) + "/tests/engine/fake_katago.py";
    const std::string sgf = (dir_ / "game.sgf").string();
    std::ofstream(sgf) << "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[gc];B[cg])";
    const Outcome run = kifu({"analyse", "--engine", katago, "--protocol", "katago", "--nodes", "20", sgf});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    // The fake gives the side to move 62% and 3.5 points: black's 38% and -3.5 after black's
    // moves, 62% and 3.5 after white's.
    EXPECT_NE(run.out.find(";B[ee]SBKV[38.00]SBKS[-3.50]"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(";W[gc]SBKV[62.00]SBKS[3.50]"), std::string::npos) << run.out;
    EXPECT_EQ(occurrences(run.out, "SBKV["), 3u) << run.out;
    const Outcome json =
        kifu({"analyse", "--engine", katago, "--protocol", "katago", "--movetime", "100", "--json", sgf});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    // JSON keeps the engine's view, the side to move's.
    EXPECT_NE(json.out.find(R"("points":3.5,"winrate":0.62,"nodes":)"), std::string::npos) << json.out;
    // KataGo has no depth; it analyses Go only.
    EXPECT_EQ(kifu({"analyse", "--engine", katago, "--protocol", "katago", "--depth", "5", sgf}).exit_code,
              2);
    EXPECT_EQ(kifu({"analyse", "--engine", katago, "--protocol", "katago", "--nodes", "5",
                    kExamples + "/opera-game.pgn"})
                  .exit_code,
              2);
}

TEST_F(Analyse, BestMoveOfOnePositionInEachGame) {
    if (!installed("stockfish") || !installed("fairy-stockfish"))
        GTEST_SKIP() << "stockfish or fairy-stockfish missing";
    const Outcome chess = kifu({"bestmove", "--engine", "stockfish", "--depth", "10", "--text",
                                "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3"});
    ASSERT_EQ(chess.exit_code, 0) << chess.err;
    EXPECT_EQ(chess.out.substr(0, 12), "Qxf7# h5f7\n1");
    EXPECT_NE(chess.out.find("mate 1"), std::string::npos);
    const Outcome shogi = kifu({"bestmove", "--engine", "fairy-stockfish", "--depth", "5", "--text",
                                "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "--game", "shogi"});
    ASSERT_EQ(shogi.exit_code, 0) << shogi.err;
    EXPECT_EQ(shogi.out.substr(0, 10), "G*5b G*5b\n");
    const Outcome node = kifu(
        {"bestmove", "--engine", "stockfish", "--depth", "5", "--ply", "2", kExamples + "/opera-game.pgn"});
    ASSERT_EQ(node.exit_code, 0) << node.err;
}

TEST_F(Analyse, ACrashingEngineIsReportedRestartedAndTheGamesAreAllWritten) {
    const std::string marker = (dir_ / "crash-marker").string();
    std::ofstream(dir_ / "two.pgn") << "1. e4 e5 2. Nf3 Nc6 *\n\n1. e4 c5 *\n";
    const Outcome run = kifu({"analyse", "--engine", "python3 " + kFake + " crash-every=3 record=" + marker,
                              "--depth", "3", (dir_ / "two.pgn").string()});
    EXPECT_EQ(run.exit_code, 3) << run.err;
    EXPECT_NE(run.err.find("engine 'Fake Engine 1.0'"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("exit code 7"), std::string::npos) << run.err;
    EXPECT_EQ(occurrences(run.out, "[Result "), 2u) << run.out;
    EXPECT_NE(run.out.find("c5"), std::string::npos);
    EXPECT_EQ(processes_naming(marker), 0);
}

TEST_F(Analyse, UsageErrorsAreExitTwoAndAMissingEngineExitThree) {
    const std::string game = kExamples + "/opera-game.pgn";
    EXPECT_EQ(kifu({"analyse", "--engine", "python3 " + kFake, game}).exit_code, 2);  // no limit
    const Outcome option =
        kifu({"analyse", "--engine", "python3 " + kFake, "--option", "Threads=2", "--depth", "3", game});
    EXPECT_EQ(option.exit_code, 2);
    EXPECT_NE(option.err.find("no option 'Threads'"), std::string::npos) << option.err;
    // A record format kifu writes no evaluations into (DhtmlXQ) is analysed with --json.
    const std::string dhtmlxq = (dir_ / "game.dhtmlxq").string();
    ASSERT_EQ(kifu({"convert", "--to", "dhtmlxq", kExamples + "/xiangqi-game.pgn", "-o", dhtmlxq}).exit_code,
              0);
    const Outcome web = kifu({"analyse", "--engine", "python3 " + kFake, "--depth", "3", dhtmlxq});
    EXPECT_EQ(web.exit_code, 2);
    EXPECT_NE(web.err.find("--json"), std::string::npos) << web.err;
    const Outcome position =
        kifu({"analyse", "--engine", "python3 " + kFake, "--depth", "3", "--text", "startpos"});
    EXPECT_EQ(position.exit_code, 2);
    const Outcome missing = kifu({"analyse", "--engine", "kifu-no-such-engine", "--depth", "3", game});
    EXPECT_EQ(missing.exit_code, 3);
    EXPECT_NE(missing.err.find("cannot start 'kifu-no-such-engine'"), std::string::npos) << missing.err;
}

TEST_F(Analyse, AStoppedRunGoesOnWithResume) {
    std::ofstream(dir_ / "three.pgn") << "1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 e5 *\n";
    const std::string in = quote((dir_ / "three.pgn").string());
    // The first run hangs in the second game and is stopped: the first game is whole in out.pgn.
    const Outcome stopped = shell(
        "\"$KIFU\" analyse --engine 'python3 " + kFake + " hang-from=3' --depth 3 " + in +
        " -o out.pgn & pid=$!; for i in $(seq 300); do grep -q '^1 ' out.pgn.kifu-resume 2>/dev/null && "
        "break; sleep 0.1; done; kill -TERM $pid; wait $pid; echo status=$?");
    EXPECT_NE(stopped.out.find("status=143"), std::string::npos) << stopped.out << stopped.err;
    const std::string first = slurp(dir_ / "out.pgn");
    EXPECT_EQ(occurrences(first, "[Result "), 1u) << first;
    EXPECT_EQ(slurp(dir_ / "out.pgn.kifu-resume"), "1 " + std::to_string(first.size()) + "\n");
    // Resumed: the first game kept as it was, the other two analysed after it.
    const Outcome resumed =
        shell("\"$KIFU\" analyse --engine 'python3 " + kFake + "' --depth 3 " + in + " -o out.pgn --resume");
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    const std::string all = slurp(dir_ / "out.pgn");
    EXPECT_EQ(all.substr(0, first.size()), first);
    EXPECT_EQ(occurrences(all, "[Result "), 3u) << all;
    EXPECT_EQ(occurrences(all, "[%eval "), 6u) << all;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "out.pgn.kifu-resume"));
    // Nothing to go on with: a usage error, the file left alone.
    const Outcome again =
        shell("\"$KIFU\" analyse --engine 'python3 " + kFake + "' --depth 3 " + in + " -o out.pgn --resume");
    EXPECT_EQ(again.exit_code, 2) << again.err;
    EXPECT_EQ(slurp(dir_ / "out.pgn"), all);
    EXPECT_EQ(kifu({"analyse", "--engine", "python3 " + kFake, "--depth", "3", "--resume",
                    (dir_ / "three.pgn").string()})
                  .exit_code,
              2);  // no -o
}

TEST_F(Analyse, AnInterruptedRunLeavesNoEngineBehind) {
    const std::string marker = (dir_ / "hang-marker").string();
    const Outcome run = shell("\"$KIFU\" analyse --engine 'python3 " + kFake + " hang record=" + marker +
                              "' --depth 3 --engines 2 " + quote(kExamples + "/opera-game.pgn") +
                              " & pid=$!; sleep 1.5; kill -TERM $pid; wait $pid; echo status=$?");
    EXPECT_NE(run.out.find("status=143"), std::string::npos) << run.out << run.err;  // died of SIGTERM
    // A killed engine may take a moment to leave /proc on a loaded machine; one left behind
    // stays there for good.
    for (int waited = 0; processes_naming(marker) > 0 && waited < 50; ++waited)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(processes_naming(marker), 0);
}

}  // namespace
}  // namespace kifu_test
