#pragma once
// Shogi positions as the game-neutral board view: SFEN letters (Black upper case, side 0),
// promoted pieces flagged, files 9-1 and ranks a-i as USI names them, both hands.

#include "kifu/core/board_view.hpp"
#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

BoardView board_view(const Position& position);

// The last move as a view shows it: its cells (none for the origin of a drop) and its USI.
BoardView::LastMove last_move_of(const Position& before, Move move);

}  // namespace kifu::shogi
