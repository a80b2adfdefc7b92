#pragma once
// Attack tables: leapers by lookup, sliders by magic bitboards. The tables are built
// once, before main(), from magic numbers kifu's own seeded search found (see
// bitboard.cpp); lookups are inline so the hot loops pay for no call and no guard.

#include <array>
#include <cstddef>

#include "kifu/chess/types.hpp"

namespace kifu::chess {

namespace detail {

struct Magic {
    Bitboard mask = 0;
    Bitboard magic = 0;
    unsigned shift = 0;
    std::size_t offset = 0;  // into the table of its piece
    std::size_t index(Bitboard occupied) const noexcept {
        return offset + static_cast<std::size_t>(((occupied & mask) * magic) >> shift);
    }
};

struct AttackTables {
    AttackTables();
    std::array<Bitboard, 64> knight{}, king{};
    std::array<Bitboard, 64> rook_rays{}, bishop_rays{};  // on an empty board
    std::array<std::array<Bitboard, 64>, 2> pawn{};
    std::array<Magic, 64> rook_magics{}, bishop_magics{};
    // 2^(mask bits) entries a square, every one written by the constructor: not cleared
    // first (860 KB a command's start would write twice).
    std::array<Bitboard, 102400> rook;
    std::array<Bitboard, 5248> bishop;
    std::array<std::array<Bitboard, 64>, 64> lines{}, betweens{};
};

extern const AttackTables attack_tables;

}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) noexcept {
    return detail::attack_tables.pawn[static_cast<std::size_t>(index(c))][s];
}
inline Bitboard knight_attacks(Square s) noexcept {
    return detail::attack_tables.knight[s];
}
inline Bitboard king_attacks(Square s) noexcept {
    return detail::attack_tables.king[s];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) noexcept {
    return detail::attack_tables.bishop[detail::attack_tables.bishop_magics[s].index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) noexcept {
    return detail::attack_tables.rook[detail::attack_tables.rook_magics[s].index(occupied)];
}
// What a rook or bishop on `s` would attack on an empty board.
inline Bitboard rook_rays(Square s) noexcept {
    return detail::attack_tables.rook_rays[s];
}
inline Bitboard bishop_rays(Square s) noexcept {
    return detail::attack_tables.bishop_rays[s];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) noexcept {
    return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}

// The squares strictly between a and b when they share a line (else empty).
inline Bitboard between(Square a, Square b) noexcept {
    return detail::attack_tables.betweens[a][b];
}
// The whole line through a and b, edge to edge, when they share one (else empty).
inline Bitboard line(Square a, Square b) noexcept {
    return detail::attack_tables.lines[a][b];
}

// Slider attacks the slow way, ray by ray (for building and checking the tables).
Bitboard slow_rook_attacks(Square s, Bitboard occupied) noexcept;
Bitboard slow_bishop_attacks(Square s, Bitboard occupied) noexcept;

// A seeded search for magic numbers, as run once to find the ones built in; the
// tests run it again to show it gives them.
std::array<Bitboard, 64> find_magics(bool rook);
const std::array<Bitboard, 64>& builtin_magics(bool rook) noexcept;

}  // namespace kifu::chess
