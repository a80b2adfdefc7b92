// Duplicate games by key (formats/duplicates.hpp): the rules, the streamed PGN key against
// the tree's, Go up to symmetry and colour swap (the shared Go corpus rotated, mirrored and
// colour-swapped), and the table.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "kifu/formats/duplicates.hpp"

#include "../support/documents.hpp"

namespace kifu::formats {
namespace {

namespace fs = std::filesystem;
using Kind = DuplicateRule::Kind;

using test::read_as;

std::vector<std::uint64_t> keys_of(std::string_view format, std::string_view text, DuplicateRule rule) {
    return duplicate_keys(read_as(format, text), rule);
}

// The key each game of a PGN text gets streamed, without a tree (nullopt: an error).
std::vector<std::optional<std::uint64_t>> streamed_keys(const std::string& pgn, DuplicateRule rule) {
    std::vector<std::optional<std::uint64_t>> keys;
    chess::PgnSplitter splitter(memory_byte_source(pgn));
    PgnDuplicateKeyer keyer(rule);
    while (const std::optional<chess::PgnGameText> g = splitter.next()) {
        chess::read_pgn_game(*g, keyer, {});
        keys.push_back(keyer.key());
    }
    return keys;
}

TEST(Duplicates, RulesAreReadAndWritten) {
    for (const std::string_view text : {"moves", "position", "depth:0", "depth:40", "depth:100000"}) {
        const Result<DuplicateRule> rule = parse_duplicate_rule(text);
        ASSERT_TRUE(rule) << text;
        EXPECT_EQ(to_string(*rule), text);
    }
    EXPECT_EQ(parse_duplicate_rule("depth:12")->depth, 12u);
    const Result<DuplicateRule> letters = parse_duplicate_rule("depth:1x");
    ASSERT_FALSE(letters);
    EXPECT_EQ(letters.error().column, 7u);
    EXPECT_EQ(parse_duplicate_rule("depth:100001").error().code, ErrorCode::out_of_range);
    EXPECT_EQ(parse_duplicate_rule("depth:").error().code, ErrorCode::unexpected_character);
    const Result<DuplicateRule> other = parse_duplicate_rule("final");
    ASSERT_FALSE(other);
    EXPECT_NE(other.error().message.find("moves, position or depth:N"), std::string::npos);
}

constexpr std::string_view kChess =
    // 0: a game; 1: the same moves under other tags, with a comment, a NAG and a variation
    "[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"
    "[White \"B\"]\n[Event \"Other\"]\n\n1. e4 {best} e5 $1 2. Ngf3 (2. Bc4) Nc6 3. Bb5 a6 0-1\n\n"
    // 2: the same final position in another order; 3: one ply less
    "[White \"C\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 *\n\n"
    "[White \"D\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n"
    // 4: the same board as 0 with the other side to move (a knight's tour back and forth)
    "[White \"E\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Nc3 Nf6 5. Nb1 Ng8 *\n\n"
    // 5: from a FEN: the same moves from another start are another game
    "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
    "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1\"]\n[SetUp \"1\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";

TEST(Duplicates, ChessGamesByMovesPositionAndDepth) {
    const std::vector<std::uint64_t> moves = keys_of("pgn", kChess, {});
    ASSERT_EQ(moves.size(), 7u);
    EXPECT_EQ(moves[0], moves[1]) << "tags, comments, NAGs, variations and SAN's spelling do not count";
    EXPECT_NE(moves[0], moves[2]) << "another order is other moves";
    EXPECT_NE(moves[0], moves[3]);
    EXPECT_EQ(moves[0], moves[5]) << "a FEN of the start is the start";
    EXPECT_NE(moves[0], moves[6]) << "another start (castling rights)";

    const std::vector<std::uint64_t> final = keys_of("pgn", kChess, {Kind::position, 0});
    EXPECT_EQ(final[0], final[1]);
    EXPECT_EQ(final[0], final[2]) << "a transposition ends in the same position";
    EXPECT_NE(final[0], final[3]);
    EXPECT_NE(final[0], final[6]) << "castling rights are part of the position";

    const std::vector<std::uint64_t> at4 = keys_of("pgn", kChess, {Kind::depth, 4});
    EXPECT_EQ(at4[0], at4[3]) << "the same first four plies";
    EXPECT_EQ(at4[0], at4[4]);
    EXPECT_EQ(at4[0], at4[2]) << "1. Nf3 Nc6 2. e4 e5 is the position of 1. e4 e5 2. Nf3 Nc6";
    EXPECT_NE(at4[0], keys_of("pgn", kChess, {Kind::depth, 3})[0]);
    const std::vector<std::uint64_t> at6 = keys_of("pgn", kChess, {Kind::depth, 6});
    EXPECT_EQ(at6[0], at6[2]);
    EXPECT_NE(at6[3], at6[0]) << "a game shorter than the depth is keyed by its moves";
    const std::vector<std::uint64_t> at10 = keys_of("pgn", kChess, {Kind::depth, 10});
    EXPECT_EQ(at10[0], moves[0]) << "shorter than the depth: its moves' key";
    EXPECT_NE(at10[4], at10[0]);
}

TEST(Duplicates, TheSideToMoveCountsInAPosition) {
    const std::vector<std::uint64_t> final = keys_of("pgn", kChess, {Kind::position, 0});
    EXPECT_EQ(final[0], final[4]) << "the knights gone and back: the same position";
    const std::vector<std::uint64_t> kings =
        keys_of("pgn",
                "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n*\n\n"
                "[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 1\"]\n[SetUp \"1\"]\n\n*\n\n"
                "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd1 Kd8 2. Ke1 Ke8 *\n\n",
                {Kind::position, 0});
    EXPECT_NE(kings[0], kings[1]);
    EXPECT_EQ(kings[0], kings[2]);
}

TEST(Duplicates, AStreamedGameGetsTheKeyOfItsTree) {
    std::string pgn(kChess);
    // Games with long variations, a game without moves, a game ending in its tags.
    pgn += "[White \"F\"]\n\n1. d4 (1. e4 e5 (1... c5 2. Nf3) 2. Nf3) 1... d5 2. c4 e6 *\n\n";
    pgn += "[White \"G\"]\n\n*\n\n";
    for (const DuplicateRule rule :
         {DuplicateRule{}, DuplicateRule{Kind::position, 0}, DuplicateRule{Kind::depth, 0},
          DuplicateRule{Kind::depth, 1}, DuplicateRule{Kind::depth, 3}, DuplicateRule{Kind::depth, 6},
          DuplicateRule{Kind::depth, 50}}) {
        const std::vector<std::uint64_t> trees = keys_of("pgn", pgn, rule);
        const std::vector<std::optional<std::uint64_t>> streamed = streamed_keys(pgn, rule);
        ASSERT_EQ(trees.size(), streamed.size());
        for (std::size_t i = 0; i < trees.size(); ++i) {
            ASSERT_TRUE(streamed[i]) << to_string(rule) << " game " << i;
            EXPECT_EQ(*streamed[i], trees[i]) << to_string(rule) << " game " << i;
        }
    }
    // A game with an illegal move has no key.
    EXPECT_FALSE(streamed_keys("1. e4 e5 2. Ke3 *\n", {}).front());
}

TEST(Duplicates, ShogiAndXiangqiGamesToo) {
    const std::vector<std::uint64_t> shogi = keys_of("usi", "7g7f 3c3d 2g2f", {});  // a move list: one game
    ASSERT_EQ(shogi.size(), 1u);
    EXPECT_EQ(shogi, keys_of("usi", "7g7f 3c3d 2g2f", {}));
    EXPECT_NE(shogi, keys_of("usi", "2g2f 3c3d 7g7f", {}));
    EXPECT_EQ(keys_of("usi", "7g7f 3c3d 2g2f", {Kind::position, 0}),
              keys_of("usi", "2g2f 3c3d 7g7f", {Kind::position, 0}));
    EXPECT_EQ(keys_of("iccs", "h2e2 h9g7 b0c2", {Kind::position, 0}),
              keys_of("iccs", "b0c2 h9g7 h2e2", {Kind::position, 0}));
    EXPECT_NE(keys_of("iccs", "h2e2 h9g7 b0c2", {}), keys_of("iccs", "b0c2 h9g7 h2e2", {}));
}

// A Go game's main line as SGF, every point under symmetry s (go/symmetry.hpp: bit 3 swaps
// the colours): the root's stones as setup, then each node's setup and moves.
std::string transformed_sgf(const go::Game& game, go::Symmetry s) {
    const go::BoardSize size = game.start.board.size();
    const go::BoardSize image = (s & 1) ? go::BoardSize{size.height, size.width} : size;
    const auto point = [&](go::Point p) {
        const go::Point q = go::apply(s, p, size);
        return fmt::format("[{}{}]", char('a' + q.col), char('a' + q.row));
    };
    const auto colour = [&](go::Stone stone) { return go::apply(s, stone) == go::Stone::black ? "B" : "W"; };
    std::string out = image.is_square() ? fmt::format("(;GM[1]FF[4]SZ[{}]", image.width)
                                        : fmt::format("(;GM[1]FF[4]SZ[{}:{}]", image.width, image.height);
    for (int i = 0; i < size.points(); ++i) {
        const go::Point p = go::Point::from_index(size, i);
        if (const go::Stone stone = game.start.board.at(p); stone != go::Stone::none)
            out += fmt::format("A{}{}", colour(stone), point(p));
    }
    if (game.start.last_move && !game.start.last_move->move.is_pass)  // a move in the root
        out += fmt::format(";{}{}", colour(game.start.last_move->stone),
                           point(game.start.last_move->move.point));
    for (NodeId id = go::Game::kRoot; !game.nodes[id].children.empty();) {
        id = game.nodes[id].children.front();
        const go::NodeAction& action = game.nodes[id].move;
        out += ';';
        for (const auto& [p, stone] : action.setup)
            out += stone == go::Stone::none ? fmt::format("AE{}", point(p))
                                            : fmt::format("A{}{}", colour(stone), point(p));
        for (const go::LastMove& m : action.moves)
            out += m.move.is_pass ? fmt::format("{}[]", colour(m.stone))
                                  : fmt::format("{}{}", colour(m.stone), point(m.move.point));
    }
    return out + ")\n";
}

const go::Game& only_game(const Document& d) {
    return std::get<go::Record>(d.value).game(0);
}

constexpr std::string_view kGo =
    "(;GM[1]FF[4]SZ[19];B[pd];W[dp];B[pq];W[dd];B[fq];W[cn];B[jp];W[qo];B[qp];W[po];B[nq];W[pj]"
    ";B[cf];W[fc];B[ci];W[];B[cc])";

TEST(Duplicates, GoGamesAreAlikeUpToSymmetryAndColours) {
    const Document d = read_as("sgf", kGo);
    const go::Game& game = only_game(d);
    for (const DuplicateRule rule :
         {DuplicateRule{}, DuplicateRule{Kind::position, 0}, DuplicateRule{Kind::depth, 6}}) {
        const std::uint64_t key = duplicate_key(game, rule);
        EXPECT_EQ(keys_of("sgf", transformed_sgf(game, 0), rule).front(), key) << "the SGF written back";
        for (go::Symmetry s = 1; s < go::kSymmetries; ++s)
            EXPECT_EQ(keys_of("sgf", transformed_sgf(game, s), rule).front(), key)
                << to_string(rule) << " symmetry " << int(s);
    }
    // Not every move order: the moves rule tells a game from its transposition.
    EXPECT_NE(keys_of("sgf", "(;SZ[19];B[pd];W[dp];B[qf];W[dd])", {}),
              keys_of("sgf", "(;SZ[19];B[qf];W[dd];B[pd];W[dp])", {}));
    EXPECT_EQ(keys_of("sgf", "(;SZ[19];B[pd];W[dp];B[qf];W[dd])", {Kind::position, 0}),
              keys_of("sgf", "(;SZ[19];B[qf];W[dd];B[pd];W[dp])", {Kind::position, 0}));
    // A pass is a move.
    EXPECT_NE(keys_of("sgf", "(;SZ[19];B[pd];W[dp])", {}), keys_of("sgf", "(;SZ[19];B[pd];W[];B[dp])", {}));
    // An oblong board has 4 symmetries and the colour swap.
    const Document oblong = read_as("sgf", "(;SZ[13:9];B[cc];W[jg];B[kc])");
    for (go::Symmetry s = 0; s < go::kSymmetries; ++s) {
        if (s & 1) continue;  // no transpose
        EXPECT_EQ(keys_of("sgf", transformed_sgf(only_game(oblong), s), {}), duplicate_keys(oblong, {}))
            << int(s);
    }
}

TEST(Duplicates, TheGoCorpusRotatedMirroredAndColourSwappedIsFoundAgain) {
    const fs::path dir = fs::path(KIFU_TESTDATA_DIR) / "go" / "games" / "kombilo-pro";
    if (!fs::is_directory(dir))
        GTEST_SKIP() << "test data not found: " << dir.string() << " (set KIFU_TESTDATA_DIR)";
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".sgf") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    ASSERT_GE(files.size(), 10u);
    std::mt19937 random(20261206);
    for (const DuplicateRule rule :
         {DuplicateRule{}, DuplicateRule{Kind::position, 0}, DuplicateRule{Kind::depth, 30}}) {
        DuplicateTable table;
        std::uint32_t number = 0;
        for (const fs::path& file : files) {
            std::ifstream in(file, std::ios::binary);
            std::stringstream text;
            text << in.rdbuf();
            const Document d = read_as("sgf", text.str());
            const std::uint32_t first = number;
            ASSERT_FALSE(table.see(duplicate_keys(d, rule).front(), number++))
                << file << ": a game of its own";
            // Two copies of each game under random symmetries, one with the colours swapped.
            const go::Symmetry s = static_cast<go::Symmetry>(random() % 8);
            const go::Symmetry t = static_cast<go::Symmetry>(8 | (random() % 8));
            for (const go::Symmetry u : {s, t}) {
                const std::optional<std::uint32_t> found =
                    table.see(keys_of("sgf", transformed_sgf(only_game(d), u), rule).front(), number++);
                ASSERT_TRUE(found) << file << " under symmetry " << int(u) << " by " << to_string(rule);
                EXPECT_EQ(*found, first);
            }
        }
        EXPECT_EQ(table.size(), files.size()) << to_string(rule);
    }
}

TEST(Duplicates, TheTableKeepsTheFirstOfEachKeyInLittleMemory) {
    DuplicateTable table;
    EXPECT_FALSE(table.see(42, 0));
    EXPECT_EQ(table.see(42, 1), 0u);
    EXPECT_FALSE(table.see(0, 2)) << "a key of 0 is a key";
    EXPECT_EQ(table.see(0, 3), 2u);
    constexpr std::uint32_t kGames = 200000;
    std::mt19937_64 random(7);
    std::vector<std::uint64_t> keys(kGames);
    for (std::uint32_t i = 4; i < kGames; ++i) {
        keys[i] = random();
        ASSERT_FALSE(table.see(keys[i], i));
    }
    for (std::uint32_t i = 4; i < kGames; i += 997) EXPECT_EQ(table.see(keys[i], kGames + i), i);
    EXPECT_EQ(table.size(), kGames - 2);
    EXPECT_LE(table.bytes(), std::size_t{32} * kGames) << "at most 32 bytes a distinct game";
}

}  // namespace
}  // namespace kifu::formats
