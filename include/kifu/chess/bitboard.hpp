#pragma once
// Attack tables: leapers by lookup, sliders by magic bitboards (the magics are
// found once, at first use, by a deterministic search).

#include "kifu/chess/types.hpp"

namespace kifu::chess {

Bitboard pawn_attacks(Color c, Square s) noexcept;
Bitboard knight_attacks(Square s) noexcept;
Bitboard king_attacks(Square s) noexcept;
Bitboard bishop_attacks(Square s, Bitboard occupied) noexcept;
Bitboard rook_attacks(Square s, Bitboard occupied) noexcept;
inline Bitboard queen_attacks(Square s, Bitboard occupied) noexcept {
    return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}

// The squares strictly between a and b when they share a line (else empty).
Bitboard between(Square a, Square b) noexcept;
// The whole line through a and b, edge to edge, when they share one (else empty).
Bitboard line(Square a, Square b) noexcept;

}  // namespace kifu::chess
