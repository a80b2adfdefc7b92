// Any other board (FEEN's): letters in a grid, 3D layers side by side, hands underneath.

#include <algorithm>

#include "drawing.hpp"

namespace kifu::image {
namespace {

constexpr double kGridCell = 40;
constexpr double kGridMargin = 12;
constexpr double kGridCoords = 20;
constexpr double kGap = 24;  // between the layers of a 3D board
constexpr double kHandLine = 26;

}  // namespace

void draw_grid(Scene& scene, const BoardView& v, const DrawOptions& options, const Theme& theme) {
    const bool coords = options.coordinates != DrawOptions::Coordinates::none;
    const int layers = std::max(1, v.layers);
    const int rows = v.height / layers;  // rows a layer
    const double band = coords ? kGridCoords : 0;
    const double layer_width = v.width * kGridCell;
    std::size_t hand_lines = 0;
    for (const BoardView::Hand& h : v.hands) hand_lines += h.pieces.empty() ? 0 : 1;
    scene.width = band + kGridMargin * 2 + layers * layer_width + (layers - 1) * kGap;
    scene.height = kGridMargin * 2 + rows * kGridCell + band + static_cast<double>(hand_lines) * kHandLine;
    scene.background = theme.board;
    const double left = band + kGridMargin, top = kGridMargin;
    // A cell's place: layer L of a 3D board is its rows [L*rows, (L+1)*rows), drawn to the
    // right of layer L-1.
    const auto corner = [&](int cell) {
        const int x = cell % v.width, y = cell / v.width, layer = y / rows;
        return Point{left + layer * (layer_width + kGap) + x * kGridCell, top + (y % rows) * kGridCell};
    };
    const int n = v.width * v.height;
    for (int cell = 0; cell < n; ++cell) {
        const Point p = corner(cell);
        const bool light = (cell % v.width + cell / v.width) % 2 == 0;
        scene.shapes.push_back(
            Rect{p.x, p.y, kGridCell, kGridCell, light ? theme.light : theme.dark, {theme.line, 0.6}, 0});
    }
    if (coords) {
        for (int x = 0; x < v.width; ++x)
            for (int layer = 0; layer < layers; ++layer)
                scene.shapes.push_back(Text{left + layer * (layer_width + kGap) + (x + 0.5) * kGridCell,
                                            top + rows * kGridCell + band / 2 + 2, 13,
                                            v.file_names[static_cast<std::size_t>(x)], theme.line, Font::sans,
                                            false, false});
        for (int y = 0; y < rows; ++y)
            scene.shapes.push_back(Text{band / 2 + 4, top + (y + 0.5) * kGridCell, 13,
                                        v.rank_names[static_cast<std::size_t>(y)], theme.line, Font::sans,
                                        false, false});
    }
    scene.board_end = scene.shapes.size();

    // Marks lie on cell centres; Grid cannot place layers, so they are drawn on layer 0's
    // geometry only for 2D boards.
    const Grid grid{left + kGridCell / 2, top + kGridCell / 2, kGridCell, kGridCell, v.width};
    if (layers == 1)
        for_each_shaded_cell(v, theme, [&](int cell, Color c, bool) {
            const Point p = corner(cell);
            scene.shapes.push_back(Rect{p.x, p.y, kGridCell, kGridCell, c, {}, 0});
        });
    for (int cell = 0; cell < n; ++cell) {
        const BoardView::Cell& c = v.cells[static_cast<std::size_t>(cell)];
        if (c.piece.empty()) continue;
        const Point p = corner(cell);
        const double cx = p.x + kGridCell / 2, cy = p.y + kGridCell / 2;
        const bool first = c.side == 0;
        scene.shapes.push_back(Circle{cx,
                                      cy,
                                      kGridCell * 0.42,
                                      first ? rgb(0xFFFFFF) : rgb(0x202020),
                                      {rgb(0x202020), 1.2},
                                      std::nullopt});
        const double size = fitting_size(c.piece, Font::sans_bold, kGridCell * 0.5, kGridCell * 0.7);
        scene.shapes.push_back(
            Text{cx, cy, size, c.piece, first ? rgb(0x000000) : rgb(0xFFFFFF), Font::sans_bold, false, true});
    }
    double y = top + rows * kGridCell + band + kHandLine / 2 + 2;
    for (const BoardView::Hand& h : v.hands) {
        if (h.pieces.empty()) continue;
        std::string line = (h.side < v.side_names.size() ? v.side_names[h.side] : "hand") + " in hand:";
        for (const BoardView::HandPiece& p : h.pieces)
            line += " " + p.piece + (p.count > 1 ? "\u00D7" + std::to_string(p.count) : "");
        const double size = fitting_size(line, Font::sans, 15, scene.width - 2 * kGridMargin);
        scene.shapes.push_back(Text{scene.width / 2, y, size, line, theme.line, Font::sans, false, false});
        y += kHandLine;
    }
    if (layers == 1)
        draw_marks(
            scene, v, grid, kGridCell, theme,
            [&](int cell) { return v.cells[static_cast<std::size_t>(cell)].side == 1; }, false, kNone);
}

}  // namespace kifu::image
