#pragma once
// Chess positions as the game-neutral board view (core/board_view.hpp): FEN letters
// (White upper case, side 0), a-h and 8-1, the king in check highlighted.

#include "kifu/chess/position.hpp"
#include "kifu/core/board_view.hpp"

namespace kifu::chess {

BoardView board_view(const Position& position);

}  // namespace kifu::chess
