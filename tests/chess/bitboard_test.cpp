#include "kifu/chess/bitboard.hpp"

#include <gtest/gtest.h>

#include "kifu/core/hash.hpp"

namespace kifu::chess {
namespace {

// The built-in magics are what the seeded search finds, so anyone can regenerate them.
TEST(Bitboard, BuiltInMagicsAreWhatTheSearchFinds) {
    EXPECT_EQ(find_magics(true), builtin_magics(true));
    EXPECT_EQ(find_magics(false), builtin_magics(false));
}

TEST(Bitboard, SliderLookupsEqualRayWalks) {
    std::uint64_t seed = 1;
    for (int i = 0; i < 20000; ++i) {
        seed = splitmix64(seed);
        const Bitboard occupied = seed & splitmix64(seed ^ 0x55);  // about a quarter of the squares
        const Square s = static_cast<Square>(seed % 64);
        ASSERT_EQ(rook_attacks(s, occupied), slow_rook_attacks(s, occupied)) << int(s) << ' ' << occupied;
        ASSERT_EQ(bishop_attacks(s, occupied), slow_bishop_attacks(s, occupied)) << int(s) << ' ' << occupied;
    }
    EXPECT_EQ(rook_rays(0), slow_rook_attacks(0, 0));
    EXPECT_EQ(bishop_rays(27), slow_bishop_attacks(27, 0));
}

TEST(Bitboard, LinesAndBetweens) {
    EXPECT_EQ(between(0, 63), slow_bishop_attacks(0, bit(63)) & ~bit(63));
    EXPECT_EQ(between(0, 10), Bitboard{0});  // a1 and c2 share no line
    EXPECT_EQ(line(0, 9), slow_bishop_attacks(0, 0) | bit(0));
}

}  // namespace
}  // namespace kifu::chess
