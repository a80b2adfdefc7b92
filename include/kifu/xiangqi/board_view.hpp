#pragma once
// Xiangqi positions as the game-neutral board view: UCCI letters (Red upper case, side 0),
// files a-i and ranks 9-0 as ICCS names them.

#include "kifu/core/board_view.hpp"
#include "kifu/xiangqi/position.hpp"

namespace kifu::xiangqi {

BoardView board_view(const Position& position);

// The last move as a view shows it: its two cells and its ICCS.
BoardView::LastMove last_move_of(const Position& before, Move move);

}  // namespace kifu::xiangqi
