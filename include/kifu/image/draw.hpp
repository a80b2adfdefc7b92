#pragma once
// Board images: any game's BoardView drawn as a Scene (image/scene.hpp), which
// image/encode.hpp writes as SVG, PNG or GIF. One drawer a kind of board:
//   go       the wood board, grid, star points, stones of the seven HEN colours, the last
//            move (a pass said under the board), the ko point, marks, labels, numbers on
//            stones, coordinates (human letters without I, or SGF letters), a crop
//   chess    squares, pieces (DejaVu Sans's chess glyphs), last move, check, coloured
//            squares and arrows ([%csl]/[%cal]), coordinates
//   shogi    the 9x9 board, pieces as wedges with their kanji (promoted in red, the
//            second player's upside down), both hands with counts, Japanese coordinates
//   xiangqi  the board with river and palaces, round pieces with their characters
//   grid     FEEN of any other board: letters in a grid, 3D boards as layers side by side
// Marks, labels, arrows and the last move are drawn the same way on every board.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/board_view.hpp"
#include "kifu/core/image_options.hpp"
#include "kifu/core/result.hpp"
#include "kifu/image/scene.hpp"

namespace kifu::image {

struct Theme {
    std::string_view name;
    Color board;      // Go's and shogi's wood, xiangqi's paper, chess's frame
    Color light;      // chess's light squares (the grid's cells)
    Color dark;       // chess's dark squares
    Color line;       // grid lines, coordinates
    Color last_move;  // the last move's squares (translucent)
    Color check;      // a king in check
    Color mark;       // marks on empty points
};

// The built-in themes: "wood" (the default for Go, shogi and xiangqi), "brown" (the default
// for chess), "blue", "green", "paper" (black on white, for print).
std::span<const Theme> themes() noexcept;
const Theme* find_theme(std::string_view name) noexcept;

struct DrawOptions {
    using Coordinates = BoardCoordinates;  // sgf: Go's SGF letters (aa = top left)
    Coordinates coordinates = Coordinates::none;
    bool crop = false;  // Go: only the region in use
    bool flip = false;  // seen from the second player's side (chess: black at the bottom)
    std::string theme;  // "" = the game's default
    // Go: a pass said in a box over the board's centre rather than in a band under it, so
    // that every frame of an animation has the board's shape (the frame before shows the
    // same stones: a pass changes none).
    bool pass_over_board = false;
};

// The scene of a view. Errors: unsupported for a theme no one knows.
Result<Scene> draw(const BoardView& view, const DrawOptions& options);

// The view turned 180 degrees: cells, names, marks and the last move (the hands stay).
BoardView flipped(const BoardView& view);

}  // namespace kifu::image
