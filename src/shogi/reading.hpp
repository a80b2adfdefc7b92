#pragma once
// What every shogi notation reader answers once it has matched its text against the legal
// moves: the move when exactly one fits, else illegal_move or ambiguous_move.

#include <string_view>

#include "kifu/core/result.hpp"
#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

std::string_view side_name(const Position& position) noexcept;  // "Black" / "White"
Result<Move> one_match(const Position& position, std::string_view text, int matches, Move found);

// The kind of piece a move moves (or drops).
PieceType moving_type(const Position& position, Move move) noexcept;

// Whether `move` may be what a text names that says `to`, `type` and (`drop`) that it is a
// drop or not: a text that does not say "drop" means a drop only when no piece on the board
// of that kind could go there (Japanese 打, Sassersson □).
bool drop_reading_fits(const Position& position, const MoveList& legal, Move move, Square to, PieceType type,
                       bool drop);

}  // namespace kifu::shogi
