// Shogi move generation against the perft tables of ../shared/testdata/shogi/perft
// (KIFU_TESTDATA_DIR): every row within the node budget in make test (the start position
// to depth 5 included), every row up to 2e10 nodes in make test-long.

#include <gtest/gtest.h>

#include "../support/perft_table.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {
namespace {

namespace fs = std::filesystem;
const fs::path kPerft = fs::path(KIFU_TESTDATA_DIR) / "shogi" / "perft" / "perft.tsv";

// 20 million nodes: the start position at depth 5 (19,861,490) is the largest row in it.
constexpr std::uint64_t kNodeBudget = 20'000'000;

void run(std::uint64_t budget) {
    if (!fs::exists(kPerft))
        GTEST_SKIP() << "test data not found: " << kPerft.string() << " (set KIFU_TESTDATA_DIR)";
    const std::vector<test::PerftRow> rows = test::read_perft_table(kPerft);
    ASSERT_GE(rows.size(), 35u);
    std::uint64_t nodes = 0;
    int checked = 0;
    for (const test::PerftRow& r : rows) {
        if (r.nodes > budget) continue;
        const Result<Position> pos = parse_sfen(r.position);
        ASSERT_TRUE(pos) << r.position << ": " << pos.error().message;
        EXPECT_EQ(perft(*pos, r.depth), r.nodes) << r.name << " depth " << r.depth;
        nodes += r.nodes;
        ++checked;
    }
    fmt::print("perft.tsv: {} of {} rows, {} nodes checked\n", checked, rows.size(), nodes);
}

TEST(ShogiPerft, TableWithinBudget) {
    run(kNodeBudget);
}

TEST(ShogiPerftLong, TableToTwoTimesTenToTheTen) {
    if (!std::getenv("KIFU_LONG_TESTS")) GTEST_SKIP() << "a long run: set KIFU_LONG_TESTS=1 (make test-long)";
    run(20'000'000'000ull);
}

TEST(ShogiPerft, DropRules) {
    // A pawn drop that would mate is not a move; the same drop that only checks is.
    // White's king on 9a: P*9b checks it, the gold on 8c guards 9b and 8b, the silver on
    // 7b guards 8a, so the drop would mate.
    const Position mate = *parse_sfen("k8/2S6/1G7/9/9/9/9/9/4K4 b P 1");
    const MoveList moves = legal_moves(mate);
    EXPECT_FALSE(moves.contains(Move::drop(PieceType::pawn, make_square(9, 1))));
    EXPECT_TRUE(moves.contains(Move::drop(PieceType::pawn, make_square(9, 2))));
    // Without the silver the king escapes to 8a: the same drop is a move.
    EXPECT_TRUE(legal_moves(*parse_sfen("k8/9/1G7/9/9/9/9/9/4K4 b P 1"))
                    .contains(Move::drop(PieceType::pawn, make_square(9, 1))));
    // No second unpromoted pawn on a file; a promoted one does not count.
    const Position nifu = *parse_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    for (const Move m : legal_moves(nifu))
        if (m.is_drop()) {
            EXPECT_NE(file_of(m.to()), 5) << write_usi(m);
        }
    const Position tokin = *parse_sfen("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1");
    EXPECT_TRUE(legal_moves(tokin).contains(Move::drop(PieceType::pawn, make_square(5, 4))));
    // Knights not on the last two ranks, lances and pawns not on the last.
    const Position hand = *parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b NLP 1");
    for (const Move m : legal_moves(hand)) {
        if (!m.is_drop()) continue;
        EXPECT_FALSE(dead_end(m.dropped(), Color::black, m.to())) << write_usi(m);
    }
    // 5 king steps; 79 empty squares: knights on 62 (not ranks a, b), lances and pawns on 71.
    EXPECT_EQ(count_legal_moves(hand), 5u + 62 + 71 + 71);
}

TEST(ShogiPerft, ForcedAndOptionalPromotion) {
    // A pawn to the last rank must promote; to the other zone ranks it may.
    const Position pawn = *parse_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    const MoveList moves = legal_moves(pawn);
    EXPECT_TRUE(moves.contains(Move::make(make_square(9, 1), make_square(9, 0), true)));
    EXPECT_FALSE(moves.contains(Move::make(make_square(9, 1), make_square(9, 0), false)));
    const Position silver = *parse_sfen("4k4/9/9/S8/9/9/9/9/4K4 b - 1");
    EXPECT_TRUE(legal_moves(silver).contains(Move::make(make_square(9, 3), make_square(9, 2), true)));
    EXPECT_TRUE(legal_moves(silver).contains(Move::make(make_square(9, 3), make_square(9, 2), false)));
}

}  // namespace
}  // namespace kifu::shogi
