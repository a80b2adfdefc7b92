#pragma once
// Zobrist keys as Polyglot opening books use them, so a position can be looked up in
// any .bin book (entries are sorted by this key, stored big-endian).

#include <cstdint>

#include "kifu/chess/position.hpp"

namespace kifu::chess {

// The Polyglot key of `position`. Castling rights count by side (king side, queen side),
// so a Chess960 position gets the key Polyglot-based programs give it.
std::uint64_t polyglot_key(const Position& position) noexcept;

}  // namespace kifu::chess
