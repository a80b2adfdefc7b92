#pragma once
// Xiangqi positions as the game-neutral board view: UCCI letters (Red upper case, side 0),
// files a-i and ranks 9-0 as ICCS names them.

#include "kifu/core/board_view.hpp"
#include "kifu/xiangqi/position.hpp"

namespace kifu::xiangqi {

BoardView board_view(const Position& position);

}  // namespace kifu::xiangqi
