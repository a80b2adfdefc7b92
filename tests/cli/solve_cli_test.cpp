// kifu solve as users run it: a tsume from text and from a KIF file, the solution written as
// KIF and read back, a chess mate in N, a collection's flaws, JSON, and the exit codes.

#include <filesystem>

#include "cli_fixture.hpp"

namespace kifu_test {
namespace {

using Solve = Cli;

TEST_F(Solve, ATsumeFromTextIsSolvedAndWrittenAsKifThatReadsBack) {
    const std::string tsume = "9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1";
    const Outcome run = kifu({"solve", "--text", tsume});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find("<text>: mate in 3 plies: "), std::string::npos) << run.out;
    const Outcome kif = kifu({"solve", "--to", "kif", "-o", (dir_ / "answer.kif").string(), "--text", tsume});
    ASSERT_EQ(kif.exit_code, 0) << kif.err;
    // The record holds the problem and its three moves: solved again, it gives its own answer.
    const Outcome again = kifu({"solve", (dir_ / "answer.kif").string()});
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_NE(again.out.find("mate in 3 plies"), std::string::npos) << again.out;
    EXPECT_EQ(again.err, "");  // the record's length is the shortest mate's
    const Outcome none = kifu({"solve", "--text", "9/4k4/9/4P4/9/9/9/9/9 b G2r2b4s4n4l17p 1"});
    EXPECT_EQ(none.exit_code, 1);
    EXPECT_NE(none.err.find("<text>:1:1: error: no mate"), std::string::npos) << none.err;
}

TEST_F(Solve, AChessMateInNItsCooksAndJson) {
    const Outcome bk1 = kifu(
        {"solve", "--mate", "3", "--json", "--text", "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1"});
    ASSERT_EQ(bk1.exit_code, 0) << bk1.err;
    EXPECT_NE(bk1.out.find(R"("verdict":"mate","plies":5,"line":["Qd1+","Kxd1")"), std::string::npos)
        << bk1.out;
    EXPECT_NE(bk1.out.find(R"("keys":["Qd1+"])"), std::string::npos) << bk1.out;
    const Outcome shorter =
        kifu({"solve", "--mate", "2", "--text", "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1"});
    EXPECT_EQ(shorter.exit_code, 1);
    EXPECT_NE(shorter.err.find("no mate within 3 plies"), std::string::npos) << shorter.err;
    const Outcome cooked = kifu({"solve", "--mate", "2", "--text", "k7/8/2K5/8/8/8/8/7R w - - 0 1"});
    ASSERT_EQ(cooked.exit_code, 0) << cooked.err;
    EXPECT_NE(cooked.err.find("note: cooked: "), std::string::npos) << cooked.err;
}

TEST_F(Solve, LichessMatePuzzlesChosenByTheirThemesAreCheckedAgainstTheirAnswers) {
    const std::string csv =
        (std::filesystem::path(KIFU_SOURCE_DIR) / "tests/data/problems/lichess-puzzles.csv").string();
    const Outcome run = kifu({"solve", "--where", "Themes=mateIn", "--nodes", "2000000", csv});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.err.find("lichess-puzzles.csv: note: 74 of 120 pass the filters"), std::string::npos)
        << run.err;
    std::size_t lines = 0;
    for (const char c : run.out) lines += c == '\n';
    EXPECT_EQ(lines, 74u);
    EXPECT_NE(run.out.find("lichess-puzzles.csv game 1: mate in 1 plies: Qxh2#"), std::string::npos)
        << run.out;
    EXPECT_EQ(run.err.find("does not end in mate"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("is no key"), std::string::npos) << run.err;
    // A puzzle whose answer is not the mate: its first move is no key, and it does not mate.
    const Outcome wrong =
        kifu({"solve", "--text",
              "PuzzleId,FEN,Moves\nx,2kr1b1r/p1p2pp1/2pqb3/7p/3N2n1/2NPB3/PPP2PPP/R2Q1RK1 w - - 2 "
              "13,d4e6 d6d7\n"});
    EXPECT_EQ(wrong.exit_code, 0) << wrong.err;
    EXPECT_NE(wrong.err.find("note: the record's solution does not end in mate"), std::string::npos)
        << wrong.err;
    EXPECT_NE(wrong.err.find("note: the record's first move Qd7 is no key: Qxh2#"), std::string::npos)
        << wrong.err;
    EXPECT_EQ(kifu({"solve", "--where", "Themes=mate", "--text", "startpos"}).exit_code, 2);
}

TEST_F(Solve, UsageAndGo) {
    EXPECT_EQ(kifu({"solve", "--mate", "2", "--plies", "3", "--text", "startpos"}).exit_code, 2);
    EXPECT_EQ(kifu({"solve", "--to", "nonsense", "--text", "startpos"}).exit_code, 2);
    const Outcome go = kifu({"solve", "--text", ".9x9"});
    EXPECT_EQ(go.exit_code, 1);
    EXPECT_NE(go.err.find("a game with checkmate"), std::string::npos) << go.err;
}

}  // namespace
}  // namespace kifu_test
