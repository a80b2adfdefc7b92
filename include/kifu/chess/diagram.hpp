#pragma once
// A text diagram of a chess position: ranks 8 to 1, files a-h, FEN letters for the
// pieces ('.' for an empty square), and the side to move, castling rights, en-passant
// square and clocks beside it.

#include <string>

#include "kifu/chess/position.hpp"

namespace kifu::chess {

std::string render_diagram(const Position& position);

}  // namespace kifu::chess
