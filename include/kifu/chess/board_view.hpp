#pragma once
// Chess positions as the game-neutral board view (core/board_view.hpp): FEN letters
// (White upper case, side 0), a-h and 8-1, the king in check highlighted.

#include "kifu/chess/position.hpp"
#include "kifu/core/board_view.hpp"

namespace kifu::chess {

BoardView board_view(const Position& position);

// The last move as a view shows it: its two cells (a castling king's own destination, g
// or c, whatever square the move names) and its SAN.
BoardView::LastMove last_move_of(const Position& before, Move move);

// The squares and arrows of a comment's [%csl Gd4] and [%cal Ge2e4] commands, as marks
// (highlight and arrow, the colour letter as their text).
std::vector<NodeMark> comment_marks(std::string_view comment);

// A square's name ("d4") as a view's cell, or -1.
int cell_named(std::string_view name) noexcept;

}  // namespace kifu::chess
