// kifu solve as users run it: a tsume from text and from a KIF file, the solution written as
// KIF and read back, a chess mate in N, a collection's flaws, JSON, and the exit codes.

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

TEST_F(Solve, UsageAndGo) {
    EXPECT_EQ(kifu({"solve", "--mate", "2", "--plies", "3", "--text", "startpos"}).exit_code, 2);
    EXPECT_EQ(kifu({"solve", "--to", "nonsense", "--text", "startpos"}).exit_code, 2);
    const Outcome go = kifu({"solve", "--text", ".9x9"});
    EXPECT_EQ(go.exit_code, 1);
    EXPECT_NE(go.err.find("a game with checkmate"), std::string::npos) << go.err;
}

}  // namespace
}  // namespace kifu_test
