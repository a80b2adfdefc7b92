#pragma once
// Where handicap stones stand when a record gives only their number (GIB's INI line,
// NGF's handicap line): the star points, in the order that servers place them.
//
// The order is the Japanese one (GNU Go's, SGF editors'): the lower left and upper right
// corners, then lower right, upper left, the centre for an odd count, the left and right
// sides, the top and bottom. Tygem (and WBaduk, whose NGF records agree with it) puts the
// third stone in the upper left corner, not the lower right: a 3-stone game from Tygem has
// White's first move on the lower right star point. docs/gib.md.

#include <vector>

#include "kifu/go/point.hpp"

namespace kifu::go {

enum class HandicapLayout : unsigned char { japanese, tygem };

// The first `stones` handicap points of a square board (2-9 stones; boards of 7x7 and up,
// with the centre and side points only on odd sizes other than 7, as the convention has).
// Empty when the board or the count has no placement.
std::vector<Point> handicap_points(BoardSize size, int stones,
                                   HandicapLayout layout = HandicapLayout::japanese);

}  // namespace kifu::go
