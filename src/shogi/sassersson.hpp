#pragma once
// Sassersson notation: the writer and reader behind Notation::sassersson.

#include <string>
#include <string_view>

#include "kifu/core/result.hpp"
#include "kifu/shogi/movegen.hpp"

namespace kifu::shogi::sassersson {

// Whether the piece on `from` could move to `to` by its movement alone (pins and checks
// not considered; sliders blocked by pieces between).
bool could_move(const Position& position, Square from, Square to);
std::string write(const Position& position, Move move, Square previous);
Result<Move> read(const Position& position, std::string_view text, Square previous);

}  // namespace kifu::shogi::sassersson
