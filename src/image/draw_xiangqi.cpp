// Xiangqi: the lines with river and palaces, round pieces with their characters.

#include <string_view>

#include "drawing.hpp"

namespace kifu::image {
namespace {

constexpr double kXiangqiCell = 40;
constexpr double kXiangqiMargin = 28;
constexpr double kXiangqiCoords = 22;
constexpr double kPiece = 18;

// Red's characters, then Black's, by letter (K A B N R C P).
std::string_view character(char letter, int side) {
    switch (letter & ~0x20) {
        case 'K':
            return side == 0 ? "帥" : "將";
        case 'A':
            return side == 0 ? "仕" : "士";
        case 'B':
            return side == 0 ? "相" : "象";
        case 'N':
            return side == 0 ? "傌" : "馬";
        case 'R':
            return side == 0 ? "俥" : "車";
        case 'C':
            return side == 0 ? "炮" : "砲";
        case 'P':
            return side == 0 ? "兵" : "卒";
        default:
            return "?";
    }
}

}  // namespace

void draw_xiangqi(Scene& scene, const BoardView& v, const DrawOptions& options, const Theme& theme) {
    const bool coords = options.coordinates != DrawOptions::Coordinates::none;
    const double band = coords ? kXiangqiCoords : 0;
    const double left = band + kXiangqiMargin, top = kXiangqiMargin;
    scene.width = left + (v.width - 1) * kXiangqiCell + kXiangqiMargin;
    scene.height = top + (v.height - 1) * kXiangqiCell + kXiangqiMargin + band;
    scene.background = theme.board;
    const Grid grid{left, top, kXiangqiCell, kXiangqiCell, v.width};
    const auto X = [&](double x) { return left + x * kXiangqiCell; };
    const auto Y = [&](double y) { return top + y * kXiangqiCell; };
    const Stroke thin{theme.line, 1.2}, bold{theme.line, 2.4};
    const int river = v.height / 2;  // the river runs between rows river-1 and river
    for (int y = 0; y < v.height; ++y)
        scene.shapes.push_back(
            Line{X(0), Y(y), X(v.width - 1), Y(y), y == 0 || y == v.height - 1 ? bold : thin});
    for (int x = 0; x < v.width; ++x) {
        const bool edge = x == 0 || x == v.width - 1;
        if (edge || v.height != 10) {
            scene.shapes.push_back(Line{X(x), Y(0), X(x), Y(v.height - 1), edge ? bold : thin});
        } else {
            scene.shapes.push_back(Line{X(x), Y(0), X(x), Y(river - 1), thin});
            scene.shapes.push_back(Line{X(x), Y(river), X(x), Y(v.height - 1), thin});
        }
    }
    if (v.width == 9 && v.height == 10) {
        for (const int y0 : {0, 7}) {
            scene.shapes.push_back(Line{X(3), Y(y0), X(5), Y(y0 + 2), thin});
            scene.shapes.push_back(Line{X(5), Y(y0), X(3), Y(y0 + 2), thin});
        }
        const double ry = (Y(river - 1) + Y(river)) / 2;
        scene.shapes.push_back(Text{X(2), ry, 24, "楚 河", theme.line, Font::cjk, false, true});
        scene.shapes.push_back(Text{X(6), ry, 24, "漢 界", theme.line, Font::cjk, false, true});
    }
    if (coords) {
        for (int x = 0; x < v.width; ++x)
            scene.shapes.push_back(Text{X(x), scene.height - band / 2 - 2, 14,
                                        v.file_names[static_cast<std::size_t>(x)], theme.line, Font::sans,
                                        false, false});
        for (int y = 0; y < v.height; ++y)
            scene.shapes.push_back(Text{band / 2 + 2, Y(y), 14, v.rank_names[static_cast<std::size_t>(y)],
                                        theme.line, Font::sans, false, false});
    }
    scene.board_end = scene.shapes.size();

    const int n = v.width * v.height;
    for_each_shaded_cell(v, theme, [&](int cell, Color c, bool) {
        const Point p = grid.centre(cell);
        scene.shapes.push_back(Circle{p.x, p.y, kPiece + 2.5, c, {}, std::nullopt});
    });
    for (int cell = 0; cell < n; ++cell) {
        const BoardView::Cell& c = v.cells[static_cast<std::size_t>(cell)];
        if (c.piece.empty()) continue;
        const Point p = grid.centre(cell);
        const Color ink = c.side == 0 ? rgb(0xB8141B) : rgb(0x161616);
        scene.shapes.push_back(Circle{p.x, p.y, kPiece, rgb(0xF6E3BE), {rgb(0x5C4426), 1.2}, rgb(0xFFF6E2)});
        scene.shapes.push_back(Circle{p.x, p.y, kPiece - 3.2, kNone, {ink, 1.1}, std::nullopt});
        scene.shapes.push_back(
            Text{p.x, p.y, 21, std::string(character(c.piece[0], c.side)), ink, Font::cjk, false, true});
    }
    draw_marks(
        scene, v, grid, kXiangqiCell, theme, [](int) { return false; }, false, kNone);
}

}  // namespace kifu::image
