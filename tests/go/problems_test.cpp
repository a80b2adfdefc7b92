// Go problems: the conventions that mark answers, the checks, the one marking written back
// (go/problems.hpp), on goproblems.com's own files and on small files in each convention.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>

#include "kifu/go/hen.hpp"
#include "kifu/go/problems.hpp"

#include "../support/go.hpp"

namespace kifu::go {
namespace {

namespace fs = std::filesystem;

using test::must_read;

Problem must_problem(const Record& r, std::size_t game = 0, ProblemOptions options = {}) {
    Result<Problem> p = read_problem(r, game, options);
    EXPECT_TRUE(p) << (p ? "" : p.error().message);
    if (!p) throw std::runtime_error(p.error().message);
    return std::move(*p);
}

std::vector<std::string> moves(const Record& r, const Problem& p, const std::vector<NodeId>& ids) {
    std::vector<std::string> out;
    for (const NodeId id : ids) out.push_back(answer_move(r.game(p.game), id));
    return out;
}

std::vector<ProblemIssue> issues(const Problem& p) {
    std::vector<ProblemIssue> out;
    for (const ProblemFinding& f : p.findings) out.push_back(f.issue);
    return out;
}

using Moves = std::vector<std::string>;

// goproblems.com's second example: one right line, three wrong first moves, and a wrong
// second move; the stones are set up in the node after the root.
constexpr std::string_view kGoproblems =
    "(;;AW[hh][lh][hi][ji][li][lj]AB[kg][lg][mg][mh][mi][mj][kk][lk][mk]C[Black to play and catch the three "
    "stones.](;B[ki];W[kh](;B[jh];W[kj];B[jj];W[ki];B[ii]C[RIGHT])(;B[kj];W[jh]))(;B[jh];W[jj])(;B[jj];W[jh])"
    "(;B[ii];W[jj]))";

TEST(GoProblems, GoproblemsMarksTheRightLineWithRightInItsLastComment) {
    const Record r = must_read(kGoproblems);
    const Problem p = must_problem(r);
    EXPECT_EQ(p.convention, ProblemConvention::goproblems);
    EXPECT_TRUE(p.detected);
    EXPECT_EQ(p.start, 1u);  // the setup node after the root
    EXPECT_EQ(p.player, Stone::black);
    EXPECT_EQ(p.statement, "Black to play and catch the three stones.");
    EXPECT_EQ(moves(r, p, p.right_first), (Moves{"L11"}));
    EXPECT_EQ(moves(r, p, p.wrong_first), (Moves{"K12", "K10", "J11"}));
    EXPECT_TRUE(p.findings.empty()) << p.findings.front().error.message;
    // The wrong second move (L10 after L11 L12) is wrong, its line's first move right.
    const Game& tree = r.game(0);
    const NodeId first = p.right_first[0];
    const NodeId reply = tree.nodes[first].children[0];
    ASSERT_EQ(tree.nodes[reply].children.size(), 2u);
    EXPECT_EQ(p.marks[tree.nodes[reply].children[0]], AnswerMark::right);
    EXPECT_EQ(p.marks[tree.nodes[reply].children[1]], AnswerMark::wrong);
}

TEST(GoProblems, EachConventionIsDetectedAndReadItsOwnWay) {
    struct Case {
        std::string_view sgf;
        ProblemConvention convention;
        Moves right, wrong;
    };
    const Case cases[] = {
        // Many Faces: TE on the right line, BM on a wrong one, an unmarked line wrong.
        {"(;SZ[9]AB[aa]AW[bb](;B[cc]TE[2];W[dd])(;B[ee]BM[1];W[cc])(;B[ff];W[cc]))",
         ProblemConvention::many_faces,
         {"C7"},
         {"E5", "F4"}},
        // uliGo: WV on a wrong line (TR on another), every other line right.
        {"(;SZ[9]AB[aa]AW[bb](;B[cc];W[dd])(;B[ee]WV[];W[cc])(;B[ff];W[cc]TR[cc])(;B[gg];W[hh]))",
         ProblemConvention::uligo,
         {"C7", "G3"},
         {"E5", "F4"}},
        // EasyGo: the main line right, and a variation whose last comment says so.
        {"(;SZ[9]AB[aa]AW[bb](;B[cc];W[dd])(;B[ee];W[cc]C[Correct! This works too.])(;B[ff];W[cc]))",
         ProblemConvention::easygo,
         {"C7", "E5"},
         {"F4"}},
        // The main line alone.
        {"(;SZ[9]AB[aa]AW[bb](;B[cc];W[dd])(;B[ee];W[cc]))", ProblemConvention::main_line, {"C7"}, {"E5"}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.sgf);
        const Record r = must_read(c.sgf);
        const Problem p = must_problem(r);
        EXPECT_EQ(p.convention, c.convention);
        EXPECT_EQ(moves(r, p, p.right_first), c.right);
        EXPECT_EQ(moves(r, p, p.wrong_first), c.wrong);
    }
}

TEST(GoProblems, AConventionGivenOverridesDetectionAndTheOtherMarksAreAFinding) {
    // RIGHT on a variation of a file read as main-line: an answer that convention cannot say.
    const Record r = must_read("(;SZ[9]AB[aa]AW[bb](;B[cc];W[dd];B[ee])(;B[ff];W[gg]C[RIGHT]))");
    ProblemOptions options;
    options.convention = ProblemConvention::main_line;
    const Problem p = must_problem(r, 0, options);
    EXPECT_FALSE(p.detected);
    EXPECT_EQ(moves(r, p, p.right_first), (Moves{"C7"}));
    EXPECT_EQ(issues(p), (std::vector<ProblemIssue>{ProblemIssue::other_marks}));
    EXPECT_EQ(p.findings[0].path, "v1.1");
    EXPECT_EQ(p.findings[0].error.line, 1u);
    EXPECT_EQ(must_problem(r).convention, ProblemConvention::goproblems);
}

TEST(GoProblems, TheChecksFindWhatAnEditorWouldFix) {
    struct Case {
        std::string_view sgf;
        std::vector<ProblemIssue> issues;
        std::string path;  // of the first finding
    };
    const Case cases[] = {
        {"(;SZ[9]AB[aa]AW[bb];B[cc];W[dd]C[RIGHT])", {ProblemIssue::right_ends_with_reply}, "2"},
        {"(;SZ[9]AB[aa]AW[bb](;B[cc]C[RIGHT];W[dd];B[ee])(;B[ff];W[gg]))",
         {ProblemIssue::mark_before_end},
         "1"},
        {"(;SZ[9]AB[aa]AW[bb](;B[cc]C[RIGHT])(;B[ff]))", {ProblemIssue::wrong_unrefuted}, "v1"},
        {"(;SZ[9]AB[aa]AW[bb](;B[cc]C[RIGHT])(;B[bb];W[cc]))", {ProblemIssue::illegal_move}, "v1"},
        {"(;SZ[9]PL[B]AB[aa]AW[bb](;W[cc];B[dd]C[RIGHT]))", {ProblemIssue::out_of_turn}, "1"},
        {"(;SZ[9]AB[aa]AW[bb](;B[cc];AW[ee];W[dd];B[ff]C[RIGHT]))", {ProblemIssue::setup_in_answer}, "2"},
        {"(;SZ[9]AB[aa]AW[bb](;B[cc];W[dd])(;B[ee];W[ff]))", {ProblemIssue::no_right_answer}, "0"},
        {"(;SZ[9]AB[aa]AW[bb]C[no answer])", {ProblemIssue::no_right_answer}, "0"},
        {"(;SZ[9]AB[aa]AW[bb](;B[cc]TE[1]C[RIGHT]))", {ProblemIssue::other_marks}, "1"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.sgf);
        ProblemOptions options;
        if (c.issues.front() == ProblemIssue::no_right_answer)
            options.convention = ProblemConvention::goproblems;
        const Record r = must_read(c.sgf);
        const Problem p = must_problem(r, 0, options);
        EXPECT_EQ(issues(p), c.issues);
        if (!p.findings.empty()) {
            EXPECT_EQ(p.findings.front().path, c.path);
        }
    }
}

TEST(GoProblems, DuplicatesAreFoundUpToTheSymmetriesAndAColourSwap) {
    // The second is the first turned a half turn with the colours swapped: white to play.
    // The third has the same stones as the first with the other side to play: no copy.
    const Record r = must_read(
        "(;SZ[9]AB[aa][ba]AW[ab][bb];B[ca]C[RIGHT])"
        "(;SZ[9]AW[ii][hi]AB[ih][hh];W[gi]C[RIGHT])"
        "(;SZ[9]PL[W]AB[aa][ba]AW[ab][bb];W[ca]C[RIGHT])");
    const Result<std::vector<Problem>> all = read_problems(r);
    ASSERT_TRUE(all);
    ASSERT_EQ(all->size(), 3u);
    EXPECT_TRUE((*all)[0].findings.empty());
    EXPECT_EQ(issues((*all)[1]), (std::vector<ProblemIssue>{ProblemIssue::duplicate}));
    EXPECT_NE((*all)[1].findings[0].error.message.find("problem 1"), std::string::npos);
    EXPECT_TRUE((*all)[2].findings.empty());
}

// Reading the normalised collection back gives the same problems: the same convention
// (goproblems), the same player, the same right and wrong nodes.
void expect_normalised_reads_the_same(const Record& r, const std::vector<Problem>& problems) {
    const std::string written = write_sgf(normalised_problems(r, problems).sgf);
    const Record back = must_read(written);
    ASSERT_EQ(back.size(), problems.size());
    for (std::size_t g = 0; g < problems.size(); ++g) {
        SCOPED_TRACE(g);
        const Problem q = must_problem(back, g);
        const Problem& p = problems[g];
        EXPECT_EQ(q.convention, ProblemConvention::goproblems);
        EXPECT_EQ(q.player, p.player);
        EXPECT_EQ(moves(back, q, q.right_first), moves(r, p, p.right_first));
        EXPECT_EQ(moves(back, q, q.wrong_first), moves(r, p, p.wrong_first));
        EXPECT_EQ(q.marks, p.marks);
        EXPECT_EQ(q.canonical_key, p.canonical_key);
    }
}

TEST(GoProblems, EveryConventionNormalisesToOneMarkingThatReadsBackTheSame) {
    for (const std::string_view sgf : {
             kGoproblems,
             std::string_view("(;SZ[9]AB[aa]AW[bb](;B[cc]TE[2];W[dd])(;B[ee]BM[1];W[cc])(;B[ff];W[cc]))"),
             std::string_view("(;SZ[9]AB[aa]AW[bb](;B[cc];W[dd])(;B[ee]WV[];W[cc])(;B[ff];W[cc]TR[cc]))"),
             std::string_view(
                 "(;SZ[9]AB[aa]AW[bb](;B[cc];W[dd])(;B[ee];W[cc]C[Correct!])(;B[ff];W[gg]C[Wrong]))"),
             std::string_view("(;SZ[9]AB[aa]AW[bb](;B[cc]C[Good: RIGHT];W[dd];B[ee])(;B[ff];W[gg]))"),
         }) {
        SCOPED_TRACE(sgf);
        const Record r = must_read(sgf);
        const Result<std::vector<Problem>> all = read_problems(r);
        ASSERT_TRUE(all);
        expect_normalised_reads_the_same(r, *all);
    }
}

TEST(GoProblems, TheJsonProblemModeHoldsTheStartAsHenAndTheTree) {
    const Record r = must_read(kGoproblems);
    const Problem p = must_problem(r);
    const std::string json = problem_json(r, p);
    EXPECT_NE(json.find("\"convention\":\"goproblems\""), std::string::npos);
    EXPECT_NE(json.find("\"right\":[\"L11\"]"), std::string::npos);
    EXPECT_NE(json.find("\"wrong\":[\"K12\",\"K10\",\"J11\"]"), std::string::npos);
    EXPECT_NE(
        json.find("{\"move\":\"J11\",\"colour\":\"B\",\"sgf\":\"ii\",\"comment\":\"RIGHT\",\"right\":true,"
                  "\"children\":[]}"),
        std::string::npos);
    // Brackets balance: the nested tree is closed as it was opened.
    EXPECT_EQ(std::count(json.begin(), json.end(), '['), std::count(json.begin(), json.end(), ']'));
    EXPECT_EQ(std::count(json.begin(), json.end(), '{'), std::count(json.begin(), json.end(), '}'));
    // The start reads back as the position of the problem, the player to move.
    const std::size_t at = json.find("\"start\":\"") + 9;
    const Result<Position> start = parse_hen(json.substr(at, json.find('"', at) - at));
    ASSERT_TRUE(start) << start.error().message;
    EXPECT_EQ(start->stone_count(), 15);
    EXPECT_EQ(start->turn, Stone::black);
    EXPECT_EQ(start->at(Point{10, 6}), Stone::black);  // kg
}

// goproblems.com's own files (tests/data/problems/PROVENANCE.md): every one read as
// goproblems marks it, with a right first move of the player's colour, and normalised
// without a change of meaning.
TEST(GoProblems, GoproblemsFilesAreReadAsTheSiteReadsThem) {
    const fs::path dir = fs::path(KIFU_SOURCE_DIR) / "tests" / "data" / "problems" / "go" / "goproblems";
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        SCOPED_TRACE(entry.path().string());
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        const Record r = must_read(text.str());
        const Result<std::vector<Problem>> all = read_problems(r);
        ASSERT_TRUE(all);
        ASSERT_EQ(all->size(), 1u);
        const Problem& p = all->front();
        EXPECT_EQ(p.convention, ProblemConvention::goproblems);
        ASSERT_FALSE(p.right_first.empty());
        for (const NodeId id : p.right_first) EXPECT_EQ(r.game(0).nodes[id].move.moves[0].stone, p.player);
        for (const ProblemFinding& f : p.findings) {
            EXPECT_NE(f.issue, ProblemIssue::illegal_move) << f.error.message;
            EXPECT_NE(f.issue, ProblemIssue::out_of_turn) << f.error.message;
        }
        expect_normalised_reads_the_same(r, *all);
        ++files;
    }
    EXPECT_EQ(files, 20u);
}

}  // namespace
}  // namespace kifu::go
