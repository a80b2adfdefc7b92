#pragma once
// Zobrist keys as Polyglot opening books use them, so a position can be looked up in
// any .bin book (entries are sorted by this key, stored big-endian).

#include <cstdint>

#include "kifu/chess/move.hpp"
#include "kifu/chess/position.hpp"

namespace kifu::chess {

// The Polyglot key of `position`. Castling rights count by side (king side, queen side),
// so a Chess960 position gets the key Polyglot-based programs give it.
std::uint64_t polyglot_key(const Position& position) noexcept;

// The key in two parts, for a game's keys kept up to date move by move (the index): the
// pieces' part, which a move changes by a few squares, and the state's (castling rights,
// en passant, the side to move). polyglot_key(p) == polyglot_pieces(p) ^ polyglot_state(p).
std::uint64_t polyglot_pieces(const Position& position) noexcept;
// The pieces' part after `m` (legal in `before`, whose pieces' part is `pieces`).
std::uint64_t polyglot_pieces_after(const Position& before, std::uint64_t pieces, Move m) noexcept;
std::uint64_t polyglot_state(const Position& position) noexcept;

}  // namespace kifu::chess
