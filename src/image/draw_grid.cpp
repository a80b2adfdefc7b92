// Any other board (FEEN's): letters in a grid, 3D layers side by side, hands underneath.

#include <algorithm>

#include "drawing.hpp"

namespace kifu::image {
namespace {

constexpr double kCell = 40;
constexpr double kMargin = 12;
constexpr double kCoords = 20;
constexpr double kGap = 24;  // between the layers of a 3D board
constexpr double kHandLine = 26;

}  // namespace

void draw_grid(Scene& scene, const BoardView& v, const DrawOptions& options, const Theme& theme) {
    const bool coords = options.coordinates != DrawOptions::Coordinates::none;
    const int layers = std::max(1, v.layers);
    const int rows = v.height / layers;  // rows a layer
    const double band = coords ? kCoords : 0;
    const double layer_width = v.width * kCell;
    std::size_t hand_lines = 0;
    for (const BoardView::Hand& h : v.hands) hand_lines += h.pieces.empty() ? 0 : 1;
    scene.width = band + kMargin * 2 + layers * layer_width + (layers - 1) * kGap;
    scene.height = kMargin * 2 + rows * kCell + band + static_cast<double>(hand_lines) * kHandLine;
    scene.background = theme.board;
    const double left = band + kMargin, top = kMargin;
    // A cell's place: layer L of a 3D board is its rows [L*rows, (L+1)*rows), drawn to the
    // right of layer L-1.
    const auto corner = [&](int cell) {
        const int x = cell % v.width, y = cell / v.width, layer = y / rows;
        return Point{left + layer * (layer_width + kGap) + x * kCell, top + (y % rows) * kCell};
    };
    const int n = v.width * v.height;
    for (int cell = 0; cell < n; ++cell) {
        const Point p = corner(cell);
        const bool light = (cell % v.width + cell / v.width) % 2 == 0;
        scene.shapes.push_back(
            Rect{p.x, p.y, kCell, kCell, light ? theme.light : theme.dark, {theme.line, 0.6}, 0});
    }
    if (coords) {
        for (int x = 0; x < v.width; ++x)
            for (int layer = 0; layer < layers; ++layer)
                scene.shapes.push_back(Text{left + layer * (layer_width + kGap) + (x + 0.5) * kCell,
                                            top + rows * kCell + band / 2 + 2, 13,
                                            v.file_names[static_cast<std::size_t>(x)], theme.line, Font::sans,
                                            false, false});
        for (int y = 0; y < rows; ++y)
            scene.shapes.push_back(Text{band / 2 + 4, top + (y + 0.5) * kCell, 13,
                                        v.rank_names[static_cast<std::size_t>(y)], theme.line, Font::sans,
                                        false, false});
    }
    scene.board_end = scene.shapes.size();

    // Marks lie on cell centres; Grid cannot place layers, so they are drawn on layer 0's
    // geometry only for 2D boards.
    const Grid grid{left + kCell / 2, top + kCell / 2, kCell, kCell, v.width};
    if (layers == 1)
        for_each_shaded_cell(v, theme, [&](int cell, Color c, bool) {
            const Point p = corner(cell);
            scene.shapes.push_back(Rect{p.x, p.y, kCell, kCell, c, {}, 0});
        });
    for (int cell = 0; cell < n; ++cell) {
        const BoardView::Cell& c = v.cells[static_cast<std::size_t>(cell)];
        if (c.piece.empty()) continue;
        const Point p = corner(cell);
        const double cx = p.x + kCell / 2, cy = p.y + kCell / 2;
        const bool first = c.side == 0;
        scene.shapes.push_back(Circle{
            cx, cy, kCell * 0.42, first ? rgb(0xFFFFFF) : rgb(0x202020), {rgb(0x202020), 1.2}, std::nullopt});
        const double size = fitting_size(c.piece, Font::sans_bold, kCell * 0.5, kCell * 0.7);
        scene.shapes.push_back(
            Text{cx, cy, size, c.piece, first ? rgb(0x000000) : rgb(0xFFFFFF), Font::sans_bold, false, true});
    }
    double y = top + rows * kCell + band + kHandLine / 2 + 2;
    for (const BoardView::Hand& h : v.hands) {
        if (h.pieces.empty()) continue;
        std::string line = (h.side < v.side_names.size() ? v.side_names[h.side] : "hand") + " in hand:";
        for (const BoardView::HandPiece& p : h.pieces)
            line += " " + p.piece + (p.count > 1 ? "\u00D7" + std::to_string(p.count) : "");
        const double size = fitting_size(line, Font::sans, 15, scene.width - 2 * kMargin);
        scene.shapes.push_back(Text{scene.width / 2, y, size, line, theme.line, Font::sans, false, false});
        y += kHandLine;
    }
    if (layers == 1)
        draw_marks(
            scene, v, grid, kCell, theme,
            [&](int cell) { return v.cells[static_cast<std::size_t>(cell)].side == 1; }, false, kNone);
}

}  // namespace kifu::image
