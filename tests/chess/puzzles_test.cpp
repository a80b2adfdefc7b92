// lichess's puzzle database read as games (chess/puzzles.hpp), and each mate puzzle's answer
// checked by the solver (formats/solve.hpp) on the first 120 puzzles of the real file.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/puzzles.hpp"
#include "kifu/formats/solve.hpp"

namespace kifu::chess {
namespace {

constexpr std::string_view kHeader =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n";

TEST(LichessPuzzles, APuzzleStartsAfterTheOpponentsMoveWithItsSolutionAsTheMainLine) {
    const std::string text =
        std::string(kHeader) +
        "002X3,6k1/2q2p1p/4pPp1/4P3/p1pP1P2/RrP5/6QP/4B1K1 b - - 0 33,b3a3 g2a8 c7b8 a8b8,970,"
        "168,100,10,endgame mate mateIn2 short,https://lichess.org/yshS3bLB/black#66,\n";
    const GameFile file = read_lichess_puzzles(text);
    ASSERT_TRUE(file.errors.empty()) << file.errors.front().message;
    ASSERT_EQ(file.games.size(), 1u);
    const Game& g = file.games.front();
    EXPECT_EQ(write_fen(g.start), "6k1/2q2p1p/4pPp1/4P3/p1pP1P2/r1P5/6QP/4B1K1 w - - 0 34");
    EXPECT_EQ(g.main_line().size(), 3u);
    EXPECT_EQ(g.tag("PuzzleId"), "002X3");
    EXPECT_EQ(g.tag("PuzzleLastMove"), "b3a3");
    EXPECT_EQ(g.tag("Site"), "https://lichess.org/yshS3bLB/black#66");
    EXPECT_EQ(g.tag("Themes"), "endgame mate mateIn2 short");
    EXPECT_FALSE(g.tag("OpeningTags"));  // empty: left out
    EXPECT_EQ(g.line, 2u);
}

TEST(LichessPuzzles, QuotedFieldsAndColumnsInAnyOrder) {
    const GameFile file = read_lichess_puzzles(
        "Moves,FEN,PuzzleId,Themes\r\n\"d4e6 d6h2\",2kr1b1r/p1p2pp1/2pqb3/7p/3N2n1/2NPB3/PPP2PPP/R2Q1RK1 w - "
        "- 2 "
        "13,\"a \"\"quoted\"\" id, with a comma\",mate\r\n");
    ASSERT_TRUE(file.errors.empty()) << file.errors.front().message;
    ASSERT_EQ(file.games.size(), 1u);
    EXPECT_EQ(file.games[0].tag("PuzzleId"), "a \"quoted\" id, with a comma");
    EXPECT_EQ(file.games[0].main_line().size(), 1u);
}

TEST(LichessPuzzles, ErrorsArePlacedAtTheirLineAndColumn) {
    struct Case {
        std::string text;
        std::uint32_t line, column;
        std::string_view message;
    };
    const std::string fen = "2kr1b1r/p1p2pp1/2pqb3/7p/3N2n1/2NPB3/PPP2PPP/R2Q1RK1 w - - 2 13";
    const Case cases[] = {
        {"Id,FEN,Moves\nx," + fen + ",d4e6\n", 1, 1, "it has no 'PuzzleId'"},
        {"PuzzleId,FEN,Moves\nx," + fen + ",d4e6 h2h1\n", 2, 72, "'h2h1' is no legal move here"},
        {"PuzzleId,FEN,Moves\nx,8/8/8/8 w - - 0 1,d4e6\n", 2, 3, ""},
        // A null move as the opponent's move while in check (found by lichess_puzzles_fuzz): the
        // start would have the side not to move in check, which no PGN of it could read.
        {"PuzzleId,FEN,Moves\nx,6Qk/p1p3pp/4N3/1p6/2q1r1n1/2B5/PP4PP/3R1R1K b - - 0 28,0000 f1f8\n", 2, 58,
         "a null move leaves the king in check"},
        {"PuzzleId,FEN,Moves\nx," + fen + "\n", 2, 66, "expected at least 3 comma-separated fields, found 2"},
        {"PuzzleId,FEN,Moves\nx," + fen + ",\n", 2, 67, "expected the puzzle's moves (UCI), found none"},
        {"PuzzleId,FEN,Moves\n\"x," + fen + ",d4e6\n", 2, 1, "expected the '\"' that closes this field"},
        {"", 1, 1, "expected a header line"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        const GameFile file = read_lichess_puzzles(c.text);
        ASSERT_FALSE(file.errors.empty());
        const Error& e = file.errors.front();
        EXPECT_EQ(e.line, c.line);
        if (c.line == 2 && c.column == 3) {
            EXPECT_GE(e.column, 3u);  // somewhere in the FEN, where its reader stopped
        } else {
            EXPECT_EQ(e.column, c.column);
        }
        EXPECT_NE(e.message.find(c.message), std::string::npos) << e.message;
    }
}

// The first 120 puzzles of lichess's database (tests/data/problems/PROVENANCE.md): each mate
// puzzle's solution is the shortest mate, as long as its theme says (mateInN: 2N-1 plies),
// ends in mate, and begins with a key.
TEST(LichessPuzzles, EveryMatePuzzlesAnswerIsTheShortestMate) {
    const std::filesystem::path path =
        std::filesystem::path(KIFU_SOURCE_DIR) / "tests" / "data" / "problems" / "lichess-puzzles.csv";
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    GameFile file = read_lichess_puzzles(text.str());
    ASSERT_TRUE(file.errors.empty()) << file.errors.front().message;
    ASSERT_EQ(file.games.size(), 120u);
    const formats::Document doc{formats::Value{std::move(file.games)}, {}};
    const auto& games = std::get<std::vector<Game>>(doc.value);
    std::size_t mates = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::string themes(games[i].tag("Themes").value_or(""));
        const std::size_t at = themes.find("mateIn");
        if (at == std::string::npos) continue;
        SCOPED_TRACE(std::string(games[i].tag("PuzzleId").value_or("")));
        const int n = themes[at + 6] - '0';
        const Result<formats::Solution> s =
            formats::solve(doc, i, {.max_plies = 2 * n - 1, .max_nodes = 2'000'000});
        ASSERT_TRUE(s) << s.error().message;
        EXPECT_EQ(s->verdict, "mate");
        EXPECT_EQ(s->plies, 2 * n - 1);
        EXPECT_EQ(s->record_plies, 2 * n - 1);
        EXPECT_TRUE(s->record_mates);
        EXPECT_NE(std::find(s->keys.begin(), s->keys.end(), s->record_key), s->keys.end()) << s->record_key;
        ++mates;
    }
    EXPECT_EQ(mates, 74u);
}

}  // namespace
}  // namespace kifu::chess
