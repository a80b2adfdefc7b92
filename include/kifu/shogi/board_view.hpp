#pragma once
// Shogi positions as the game-neutral board view: SFEN letters (Black upper case, side 0),
// promoted pieces flagged, files 9-1 and ranks a-i as USI names them, both hands.

#include "kifu/core/board_view.hpp"
#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

BoardView board_view(const Position& position);

}  // namespace kifu::shogi
