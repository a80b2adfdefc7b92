#pragma once
// FEEN positions as the game-neutral board view: each piece as FEEN writes it, files a-z
// and ranks counted from the bottom; a 3D board shows its layers one under another.

#include "kifu/core/board_view.hpp"
#include "kifu/feen/feen.hpp"

namespace kifu::feen {

BoardView board_view(const Position& position);

}  // namespace kifu::feen
