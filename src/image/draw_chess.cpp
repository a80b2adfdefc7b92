// Chess: squares, DejaVu Sans's chess glyphs, last move, check, [%csl] squares and
// [%cal] arrows, coordinates in a frame.

#include "drawing.hpp"

namespace kifu::image {
namespace {

constexpr double kSquare = 45;
constexpr double kFrame = 22;  // the band coordinates stand in

// The glyphs of a piece letter: the filled (black) form, and the outline (white) form.
struct PieceGlyphs {
    const char* filled;
    const char* outline;
};
PieceGlyphs piece_glyphs(char letter) {
    switch (letter | 0x20) {
        case 'k':
            return {"\u265A", "\u2654"};
        case 'q':
            return {"\u265B", "\u2655"};
        case 'r':
            return {"\u265C", "\u2656"};
        case 'b':
            return {"\u265D", "\u2657"};
        case 'n':
            return {"\u265E", "\u2658"};
        default:
            return {"\u265F", "\u2659"};
    }
}

}  // namespace

// Also the piece set of FEEN's chess-like boards through draw_grid.
void draw_chess(Scene& scene, const BoardView& v, const DrawOptions& options, const Theme& theme) {
    const bool coords = options.coordinates != DrawOptions::Coordinates::none;
    const double frame = coords ? kFrame : 0;
    scene.width = 2 * frame + v.width * kSquare;
    scene.height = 2 * frame + v.height * kSquare;
    scene.background = theme.board;
    const Grid grid{frame + kSquare / 2, frame + kSquare / 2, kSquare, kSquare, v.width};
    const int n = v.width * v.height;
    // a1 is dark: from the top left, a square is light where column + row is even (for
    // 8 ranks; a board seen from the other side keeps the colours, as a real one does).
    for (int cell = 0; cell < n; ++cell) {
        const int x = cell % v.width, y = cell / v.width;
        const bool light = (x + y + v.height) % 2 == 0;
        scene.shapes.push_back(Rect{frame + x * kSquare,
                                    frame + y * kSquare,
                                    kSquare,
                                    kSquare,
                                    light ? theme.light : theme.dark,
                                    {},
                                    0});
    }
    if (coords) {
        for (int x = 0; x < v.width; ++x)
            scene.shapes.push_back(Text{grid.x0 + x * kSquare, scene.height - frame / 2, 14,
                                        v.file_names[static_cast<std::size_t>(x)], theme.line, Font::sans,
                                        false, false});
        for (int y = 0; y < v.height; ++y)
            scene.shapes.push_back(Text{frame / 2, grid.y0 + y * kSquare, 14,
                                        v.rank_names[static_cast<std::size_t>(y)], theme.line, Font::sans,
                                        false, false});
    }
    scene.board_end = scene.shapes.size();

    for_each_shaded_cell(v, theme, [&](int cell, Color c, bool check) {
        const Point p = grid.centre(cell);
        if (check)
            scene.shapes.push_back(Circle{p.x, p.y, kSquare * 0.48, c, {}, std::nullopt});
        else
            scene.shapes.push_back(Rect{p.x - kSquare / 2, p.y - kSquare / 2, kSquare, kSquare, c, {}, 0});
    });
    for (int cell = 0; cell < n; ++cell) {
        const BoardView::Cell& c = v.cells[static_cast<std::size_t>(cell)];
        if (c.piece.empty()) continue;
        const Point p = grid.centre(cell);
        const PieceGlyphs g = piece_glyphs(c.piece[0]);
        const double size = kSquare * 0.98;  // the glyphs' ink is about 0.8 em tall
        // White: the filled shape in white under the outline in black.
        if (c.side == 0) {
            scene.shapes.push_back(Text{p.x, p.y, size, g.filled, rgb(0xFFFFFF), Font::sans, false, true});
            scene.shapes.push_back(Text{p.x, p.y, size, g.outline, rgb(0x000000), Font::sans, false, true});
        } else {
            scene.shapes.push_back(Text{p.x, p.y, size, g.filled, rgb(0x000000), Font::sans, false, true});
        }
    }
    draw_marks(
        scene, v, grid, kSquare, theme,
        [&](int cell) { return v.cells[static_cast<std::size_t>(cell)].side == 1; }, false, kNone);
}

}  // namespace kifu::image
