// Mate problems solved (formats/solve.hpp): published tsume and chess mates at their
// published lengths, every solution replayed as a line of legal moves ending in mate.
#include "kifu/formats/solve.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../support/documents.hpp"
#include "kifu/formats/play.hpp"

namespace kifu::formats {
namespace {

namespace fs = std::filesystem;

std::string file_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The solution replayed from the problem: every move legal, the attacker's all checks when
// `checks`, and the defender mated at the end: checkmate, or (tsume) nothing left to it but
// drops between the checker and its king.
void expect_mates(const Document& problem, const Solution& s, bool checks) {
    ASSERT_EQ(s.line.size(), static_cast<std::size_t>(s.plies));
    Document at;
    const Document* now = &problem;
    for (std::size_t i = 0; i < s.line.size(); ++i) {
        Result<Document> next = play(*now, s.line[i]);
        ASSERT_TRUE(next) << "ply " << i + 1 << " " << s.line[i] << ": " << next.error().message;
        at = std::move(*next);
        now = &at;
        if (checks && i % 2 == 0) {
            EXPECT_TRUE(status(at)->check) << "ply " << i + 1 << " " << s.line[i];
        }
    }
    if (status(at)->outcome == "checkmate") return;
    const std::vector<std::string> defences = *legal_moves(at);
    EXPECT_TRUE(checks && status(at)->check &&
                std::all_of(defences.begin(), defences.end(),
                            [](const std::string& m) { return m.find('*') != std::string::npos; }))
        << "no mate after " << s.line.size() << " plies";
}

TEST(Solve, ATsumeInOneAndInThreeAndNoMate) {
    // A gold dropped on the king's head, with the pawn below guarding it: 頭金.
    const Document one = test::read_as("sfen", "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    Result<Solution> s = solve(one);
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->verdict, "mate");
    EXPECT_EQ(s->plies, 1);
    EXPECT_EQ(s->keys, std::vector<std::string>{"G*5b"});
    expect_mates(one, *s, true);

    // With two golds the king that runs is caught in three; with one it runs away.
    const Document three = test::read_as("sfen", "9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1");
    s = solve(three);
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->verdict, "mate");
    EXPECT_EQ(s->plies, 3);
    expect_mates(three, *s, true);

    const Document none = test::read_as("sfen", "9/4k4/9/4P4/9/9/9/9/9 b G2r2b4s4n4l17p 1");
    s = solve(none);
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->verdict, "no_mate");
    EXPECT_TRUE(s->line.empty());
}

TEST(Solve, AUselessInterpositionIsNoDefence) {
    // The king's only flight, 5b, is the knight's; a rook dropped anywhere on the file
    // mates: a drop between that nothing of the defender's guards (5b: the knight takes
    // back what the king would) would only be taken, and tsume does not count it.
    const Document problem = test::read_as("sfen", "3lkl3/3p1p3/9/5N3/9/9/9/9/9 b Rr2b4g4s3n2l16p 1");
    Result<Solution> s = solve(problem);
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->verdict, "mate");
    EXPECT_EQ(s->plies, 1);
    for (const char* key : {"R*5b", "R*5c", "R*5i"})
        EXPECT_NE(std::find(s->keys.begin(), s->keys.end(), key), s->keys.end()) << key;
    expect_mates(problem, *s, true);
}

TEST(Solve, PublishedTsumeAtTheirPublishedLengths) {
    const fs::path dir = fs::path(KIFU_TESTDATA_DIR) / "shogi" / "records" / "kifu-for-js";
    if (!fs::exists(dir))
        GTEST_SKIP() << "test data not found: " << dir.string() << " (set KIFU_TESTDATA_DIR)";
    // 橋本孝治「ＳＯＳ」 (7) and a seven-move tsume of Kifu for JS's examples. (Their 「九歩」,
    // 61 plies, is beyond the solver yet: docs/problems.md.)
    const std::vector<std::pair<std::string, int>> problems = {{"examples-hashimoto-sos.kif", 7},
                                                               {"kif/taichitsume.kif", 7}};
    for (const auto& [name, plies] : problems) {
        const std::string format = name.ends_with(".ki2") ? "ki2" : "kif";
        const Document record = test::read_as(format, file_text(dir / name));
        Result<Solution> s = solve(record);
        ASSERT_TRUE(s) << name << ": " << s.error().message;
        EXPECT_EQ(s->verdict, "mate") << name << " after " << s->nodes << " nodes";
        EXPECT_EQ(s->plies, plies) << name;
        EXPECT_EQ(s->record_plies, plies) << name;
        EXPECT_TRUE(s->alternatives.empty() || s->alternatives.back().ply == plies) << name;
        NodeChoice at_start;
        at_start.ply = 0;
        Result<Document> start = position_in(record, at_start);
        ASSERT_TRUE(start) << start.error().message;
        expect_mates(*start, *s, true);
    }
}

TEST(Solve, TsumeOfNineToThirteenPliesAtTheirPublishedLengths) {
    // The problems mogproject/mog-core-scala tries its mate solver on (shared/src/debug/
    // debug.sc at 55f2616), with the lengths its comments give: "mate in 9", "mate in 7",
    // "Karolina, mate in 13".
    const std::vector<std::pair<std::string, int>> problems = {
        {"4k4/9/9/9/3+PP4/9/9/9/9 b 4G2r2b4s4n4l16p 1", 9},
        {"8k/7p1/1r7/5bS2/7N1/9/9/9/9 b RSNLb4g2s2n3l17p 1", 7},
        {"4RB1k1/5s3/7n1/5s1LP/9/7r1/9/9/6K2 b b4g2s3n3l17p 1", 13}};
    for (const auto& [sfen, plies] : problems) {
        const Document problem = test::read_as("sfen", sfen);
        Result<Solution> s = solve(problem);
        ASSERT_TRUE(s) << sfen << ": " << s.error().message;
        EXPECT_EQ(s->verdict, "mate") << sfen;
        EXPECT_EQ(s->plies, plies) << sfen;
        expect_mates(problem, *s, true);
    }
}

// tsshogi (sunfish-shogi's TypeScript rules, tests/shogi/reference) replays each solution:
// every move legal, every attacking move a check, the defender mated at the end.
TEST(Solve, TsshogiAgreesThatEverySolutionMates) {
    const fs::path script = fs::path(KIFU_SOURCE_DIR) / "tests/shogi/reference/check_tsume.mjs";
    const fs::path modules = script.parent_path() / "node_modules/tsshogi";
    if (std::system("node --version > /dev/null 2>&1") != 0 || !fs::exists(modules))
        GTEST_SKIP() << "tsshogi not installed: scripts/install-deps test puts it in " << modules.string();
    std::vector<Document> problems;
    for (const char* sfen :
         {"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1",
          "3lkl3/3p1p3/9/5N3/9/9/9/9/9 b Rr2b4g4s3n2l16p 1", "4k4/9/9/9/3+PP4/9/9/9/9 b 4G2r2b4s4n4l16p 1",
          "8k/7p1/1r7/5bS2/7N1/9/9/9/9 b RSNLb4g2s2n3l17p 1",
          "4RB1k1/5s3/7n1/5s1LP/9/7r1/9/9/6K2 b b4g2s3n3l17p 1"})
        problems.push_back(test::read_as("sfen", sfen));
    const fs::path data = fs::path(KIFU_TESTDATA_DIR) / "shogi" / "records" / "kifu-for-js";
    for (const char* name : {"examples-hashimoto-sos.kif", "kif/taichitsume.kif"})
        if (fs::exists(data / name)) {
            NodeChoice at_start;
            at_start.ply = 0;
            Result<Document> start = position_in(test::read_as("kif", file_text(data / name)), at_start);
            ASSERT_TRUE(start) << name;
            problems.push_back(std::move(*start));
        }
    const fs::path dir = fs::temp_directory_path() / ("kifu-tsshogi-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    {
        std::ofstream lines(dir / "solutions");
        for (const Document& problem : problems) {
            Result<Solution> s = solve(problem);
            ASSERT_TRUE(s && s->verdict == "mate");
            std::vector<std::string> notes;
            Result<std::string> sfen = find_format("sfen")->write(problem, {}, notes);
            ASSERT_TRUE(sfen);
            std::string text = *sfen;
            while (!text.empty() && text.back() == '\n') text.pop_back();
            text += '\t';
            for (std::size_t i = 0; i < s->line.size(); ++i) text += (i ? " " : "") + s->line[i];
            lines << text << '\n';
        }
    }
    const std::string command = "node " + script.string() + " < " + (dir / "solutions").string() + " > " +
                                (dir / "verdicts").string();
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(dir / "verdicts");
    std::size_t checked = 0;
    for (std::string line; std::getline(in, line); ++checked)
        EXPECT_EQ(line, "ok") << "problem " << checked + 1;
    EXPECT_EQ(checked, problems.size());
    fs::remove_all(dir);
}

TEST(Solve, ChessMatesInOneTwoAndThreeAtTheirLengths) {
    const fs::path file = fs::path(KIFU_SOURCE_DIR) / "tests" / "data" / "problems" / "matetrack-short.epd";
    std::ifstream in(file);
    ASSERT_TRUE(in) << file;
    std::string line;
    int solved = 0;
    while (std::getline(in, line)) {
        const std::size_t bm = line.find(" bm #");
        ASSERT_NE(bm, std::string::npos) << line;
        const int moves = line[bm + 5] - '0';
        const Document problem = test::read_as("fen", line.substr(0, bm) + " 0 1");
        Result<Solution> s = solve(problem, 0, {.max_plies = 2 * moves - 1});
        ASSERT_TRUE(s) << line << ": " << s.error().message;
        EXPECT_EQ(s->verdict, "mate") << line;
        EXPECT_EQ(s->plies, 2 * moves - 1) << line;
        expect_mates(problem, *s, false);
        ++solved;
    }
    EXPECT_EQ(solved, 44);
}

TEST(Solve, ChessKeysAndCooks) {
    // Bratko-Kopec 1: 1...Qd1+ 2.Kxd1 Bg4+ 3.Kc1 (or Ke1) Rd1#, a mate in three.
    const Document bk1 = test::read_as("fen", "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1");
    Result<Solution> s = solve(bk1, 0, {.max_plies = 5});
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->verdict, "mate");
    EXPECT_EQ(s->plies, 5);
    EXPECT_EQ(s->keys, std::vector<std::string>{"Qd1+"});
    expect_mates(bk1, *s, false);
    // Rook and king against king: 1.Kb6 Kb8 2.Rh8# and 1.Kc7 Ka7 2.Ra1# both mate in two,
    // a cooked problem.
    const Document cooked = test::read_as("fen", "k7/8/2K5/8/8/8/8/7R w - - 0 1");
    s = solve(cooked, 0, {.max_plies = 3});
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->plies, 3);
    EXPECT_NE(std::find(s->keys.begin(), s->keys.end(), "Kb6"), s->keys.end());
    EXPECT_NE(std::find(s->keys.begin(), s->keys.end(), "Kc7"), s->keys.end());
    // A stalemate is no mate.
    s = solve(test::read_as("fen", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->verdict, "no_mate");
}

TEST(Solve, GoHasNoMate) {
    Result<Solution> s = solve(test::read_as("hen", ".9x9"));
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().code, ErrorCode::unsupported);
}

}  // namespace
}  // namespace kifu::formats
