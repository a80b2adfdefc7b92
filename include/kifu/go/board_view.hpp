#pragma once
// Go positions as the game-neutral board view: stones as HEN letters (b black, side 0; w
// white, side 1; the other colours 2-6), human coordinates, the last move, ko, marks, labels.

#include "kifu/core/board_view.hpp"
#include "kifu/go/position.hpp"

namespace kifu::go {

BoardView board_view(const Position& position);

}  // namespace kifu::go
