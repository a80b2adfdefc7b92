#pragma once
// A text diagram of a position, as a terminal Go board draws it:
//
//      A B C D E F G H J
//    9 . . . . . . . . . 9     to move: black
//    3 . . . . X X O(O). 3     last move: white H3
//      A B C D E F G H J
//
// Black is X, white O, other colours their HEN letter in upper case; '+' marks
// the star points of 9x9, 13x13 and 19x19; the last move is in parentheses.
// Turn, ko, player order, numbered moves, marks and labels are listed beside.

#include <string>

#include "kifu/go/position.hpp"

namespace kifu::go {

// The character a stone is drawn with: X O R G L Y P, '.' for none.
char diagram_symbol(Stone s) noexcept;

// The diagram, lines ending in '\n'.
std::string render_diagram(const Position& position);

}  // namespace kifu::go
