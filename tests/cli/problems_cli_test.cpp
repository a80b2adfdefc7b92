// kifu problems as users run it: a real collection in an archive (its duplicates and its
// problem without an answer), goproblems' files in a directory, the normalised SGF read
// back, JSON Lines, HEN, and the usage errors.

#include <filesystem>

#include "cli_fixture.hpp"

namespace kifu_test {
namespace {

using Problems = Cli;
namespace fs = std::filesystem;

std::size_t count_of(const std::string& text, std::string_view what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

const fs::path kGoData = fs::path(KIFU_SOURCE_DIR) / "tests" / "data" / "problems" / "go";

TEST_F(Problems, AnArchiveOfACollectionItsDuplicatesAndAProblemWithoutAnAnswer) {
    const std::string archive = (kGoData / "sanderland-hashimoto.tar.gz").string();
    const Outcome run = kifu({"problems", "--max-messages", "1000", archive});
    EXPECT_EQ(run.exit_code, 1) << run.err;  // the problem without an answer is an error
    EXPECT_EQ(count_of(run.out, "(main-line, detected)"), 637u) << run.out.substr(0, 500);
    EXPECT_EQ(count_of(run.err, "[duplicate]"), 82u) << run.err.substr(0, 2000);
    EXPECT_NE(
        run.err.find("Suteishi02_17-18.sgf:1:279: error: the problem has no answer: no move follows its "
                     "position [no-right-answer] (node 1)"),
        std::string::npos)
        << run.err.substr(0, 2000);
    EXPECT_NE(run.err.find("kifu problems: note: 637 problems, 83 with findings"), std::string::npos);
}

TEST_F(Problems, GoproblemsFilesNormalisedReadBackWithTheSameAnswers) {
    const std::string gp = (kGoData / "goproblems").string();
    const Outcome run = kifu({"problems", gp});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(count_of(run.out, "(goproblems, detected)"), 20u) << run.out;
    EXPECT_NE(run.out.find("gp-5973.sgf: black to play (goproblems, detected): right C2 D2; wrong A2 A3 C1"),
              std::string::npos)
        << run.out;
    const fs::path normalised = dir_ / "normalised.sgf";
    ASSERT_EQ(kifu({"problems", "--to", "sgf", "-o", normalised.string(), gp}).exit_code, 0);
    const Outcome back = kifu({"problems", normalised.string()});
    ASSERT_EQ(back.exit_code, 0) << back.err;
    // The same answers, problem by problem, in the order the directory was read.
    std::vector<std::string> before, after;
    for (std::size_t at = 0; (at = run.out.find(": ", at)) != std::string::npos; at = run.out.find('\n', at))
        before.push_back(run.out.substr(at, run.out.find('\n', at) - at));
    for (std::size_t at = 0; (at = back.out.find(": ", at)) != std::string::npos;
         at = back.out.find('\n', at))
        after.push_back(back.out.substr(at, back.out.find('\n', at) - at));
    EXPECT_EQ(before, after);
    EXPECT_EQ(count_of(back.out, "(goproblems, detected)"), 20u);
}

TEST_F(Problems, JsonLinesHenAndUsage) {
    const std::string sgf =
        "(;SZ[9]AB[aa][ba]AW[ab][bb](;B[ca]C[RIGHT])(;B[da];W[ca]))(;SZ[9]AW[ii][hi]AB[ih][hh];W[gi]C[RIGHT]"
        ")";
    const Outcome json = kifu({"problems", "--json", "--text", sgf});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    EXPECT_EQ(count_of(json.out, "\n"), 2u);
    EXPECT_NE(json.out.find(
                  R"({"source":"<text>","game":1,"convention":"goproblems","detected":true,"player":"B")"),
              std::string::npos)
        << json.out;
    EXPECT_NE(json.out.find(R"("right":["C9"],"wrong":["D9"])"), std::string::npos) << json.out;
    EXPECT_NE(json.out.find(R"("issue":"duplicate","path":"0")"), std::string::npos) << json.out;
    EXPECT_NE(json.err.find("warning: the same problem as <text> problem 1"), std::string::npos) << json.err;
    const Outcome hen = kifu({"problems", "--hen", "--text", sgf});
    ASSERT_EQ(hen.exit_code, 0) << hen.err;
    EXPECT_EQ(count_of(hen.out, "\n"), 2u);
    // Each line is a position kifu reads: black to play in the first, white in the second.
    const std::string first = hen.out.substr(0, hen.out.find('\n'));
    const Outcome info = kifu({"convert", "--to", "hen", "--text", first});
    ASSERT_EQ(info.exit_code, 0) << info.err;
    EXPECT_EQ(info.out, first + "\n");
    EXPECT_EQ(kifu({"problems", "--convention", "nonsense", "--text", sgf}).exit_code, 2);
    EXPECT_EQ(kifu({"problems", "--to", "pgn", "--text", sgf}).exit_code, 2);
    EXPECT_EQ(kifu({"problems", "--json", "--hen", "--text", sgf}).exit_code, 2);
    const Outcome chess = kifu({"problems", "--text", "startpos"});
    EXPECT_EQ(chess.exit_code, 1);
    EXPECT_NE(chess.err.find("kifu solve"), std::string::npos) << chess.err;
}

}  // namespace
}  // namespace kifu_test
