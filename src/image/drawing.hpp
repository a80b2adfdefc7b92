#pragma once
// What the board drawers share (src/image/draw_*.cpp): where a cell's centre is, and the
// marks, labels, arrows and last-move squares that every board draws alike.

#include <functional>

#include "kifu/core/board_view.hpp"
#include "kifu/image/draw.hpp"
#include "kifu/image/scene.hpp"

namespace kifu::image {

// Cell centres on a regular grid: column c, row r at (x0 + c*dx, y0 + r*dy).
struct Grid {
    double x0 = 0, y0 = 0, dx = 0, dy = 0;
    int width = 0;
    Point centre(int cell) const { return {x0 + (cell % width) * dx, y0 + (cell / width) * dy}; }
};

// What stands on a cell decides a mark's colour: light on a dark stone or piece.
using DarkAt = std::function<bool(int cell)>;

// Marks (circle, square, triangle, cross), labels and arrows of the view, and the
// coloured squares of highlights that name a colour. `unit` is the cell's size.
void draw_marks(Scene& scene, const BoardView& view, const Grid& grid, double unit, const Theme& theme,
                const DarkAt& dark_at, bool mask_labels, Color mask);

// The cells shaded under the pieces: the last move's (theme.last_move) and the highlights
// (a king in check: theme.check, `check` true; a named colour). Each board shades in its
// own way (a square tinted, a ring round a point).
void for_each_shaded_cell(const BoardView& view, const Theme& theme,
                          const std::function<void(int cell, Color colour, bool check)>& shade);

// A highlight's colour from its text: [%csl]'s G R Y B or a name; the fallback otherwise.
Color highlight_colour(std::string_view text, Color fallback);

// The font size at which `text` fits `width` (one line), at most `size`.
double fitting_size(std::string_view text, Font font, double size, double width);

void draw_go(Scene& scene, const BoardView& view, const DrawOptions& options, const Theme& theme);
void draw_chess(Scene& scene, const BoardView& view, const DrawOptions& options, const Theme& theme);
void draw_shogi(Scene& scene, const BoardView& view, const DrawOptions& options, const Theme& theme);
void draw_xiangqi(Scene& scene, const BoardView& view, const DrawOptions& options, const Theme& theme);
void draw_grid(Scene& scene, const BoardView& view, const DrawOptions& options, const Theme& theme);

}  // namespace kifu::image
