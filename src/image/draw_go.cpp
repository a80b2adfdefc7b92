// Go: wood, grid, star points, stones, and what HEN and SGF mark on them.

#include <algorithm>
#include <cmath>

#include "drawing.hpp"

namespace kifu::image {
namespace {

constexpr double kGoCell = 40;    // between two lines
constexpr double kStone = 19.2;   // a stone's radius
constexpr double kGoMargin = 24;  // wood beyond the edge lines
constexpr double kGoCoords = 36;  // the band coordinates stand in
constexpr double kOverhang = 20;  // grid drawn past a cut edge of a crop

struct StoneLook {
    Color fill, highlight;
    bool dark;
};
// Black, white, then HEN's red, green, blue (l), yellow and purple.
constexpr StoneLook kStones[] = {
    {rgb(0x141414), rgb(0x5A5A5A), true}, {rgb(0xE4E0D8), rgb(0xFFFFFF), false},
    {rgb(0xB3261E), rgb(0xE8776D), true}, {rgb(0x2E7D32), rgb(0x86C98A), true},
    {rgb(0x1F5FA8), rgb(0x7FB0E6), true}, {rgb(0xD9A91A), rgb(0xF8E38A), false},
    {rgb(0x6A3D9A), rgb(0xB592D8), true},
};

const StoneLook* look(const BoardView::Cell& cell) {
    if (cell.piece.empty() || cell.side >= std::size(kStones)) return nullptr;
    return &kStones[cell.side];
}

// Star points along one side of n lines: 3 in from the edge from 13 lines up, 2 in from 7
// (a 7x7 board's 3-3 points); the middle line too where n is odd.
std::vector<int> star_lines(int n) {
    if (n < 5) return {};
    const int d = n >= 13 ? 3 : 2;
    std::vector<int> out{d};
    if (n % 2 == 1 && n >= 5) out.push_back(n / 2);
    out.push_back(n - 1 - d);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool is_star(int x, int y, int w, int h, const std::vector<int>& xs, const std::vector<int>& ys) {
    const bool mx = w % 2 == 1 && x == w / 2, my = h % 2 == 1 && y == h / 2;
    if (std::find(xs.begin(), xs.end(), x) == xs.end() || std::find(ys.begin(), ys.end(), y) == ys.end())
        return false;
    // The sides' middle points only on boards of 13 lines and more; the centre on any.
    if ((mx != my) && std::min(w, h) < 13) return false;
    if (w < 7 || h < 7) return mx && my;  // 5x5, 6x6: the centre alone
    return true;
}

struct Region {
    int x0, x1, y0, y1;                             // the points shown, inclusive
    bool cut_left, cut_right, cut_top, cut_bottom;  // sides that are not the board's edge
};

// The crop: the points in use and 1.5 lines around them, each side taken to the board's
// edge when what is in use comes within 4 lines of it (a corner is then whole).
Region region(const BoardView& v, bool crop) {
    Region r{0, v.width - 1, 0, v.height - 1, false, false, false, false};
    if (!crop) return r;
    int x0 = v.width, x1 = -1, y0 = v.height, y1 = -1;
    const auto use = [&](int cell) {
        if (cell < 0 || cell >= v.width * v.height) return;
        x0 = std::min(x0, cell % v.width), x1 = std::max(x1, cell % v.width);
        y0 = std::min(y0, cell / v.width), y1 = std::max(y1, cell / v.width);
    };
    for (int i = 0; i < v.width * v.height; ++i)
        if (!v.cells[static_cast<std::size_t>(i)].piece.empty()) use(i);
    for (const NodeMark& m : v.marks) use(m.cell), use(m.to);
    if (v.last_move) use(v.last_move->to);
    if (x1 < 0) return r;  // an empty board is shown whole
    constexpr int kNear = 4, kAround = 2;
    if (x0 > kNear) r.x0 = x0 - kAround, r.cut_left = true;
    if (x1 < v.width - 1 - kNear) r.x1 = x1 + kAround, r.cut_right = true;
    if (y0 > kNear) r.y0 = y0 - kAround, r.cut_top = true;
    if (y1 < v.height - 1 - kNear) r.y1 = y1 + kAround, r.cut_bottom = true;
    return r;
}

std::string sgf_letter(int i) {
    return std::string(1, static_cast<char>(i < 26 ? 'a' + i : 'A' + (i - 26)));
}

}  // namespace

void draw_go(Scene& scene, const BoardView& v, const DrawOptions& options, const Theme& theme) {
    using Coordinates = DrawOptions::Coordinates;
    const Region r = region(v, options.crop);
    const bool coords = options.coordinates != Coordinates::none;
    const double band = coords ? kGoCoords : 0;
    const double left = band + (r.cut_left ? kOverhang : kGoMargin);
    const double top = band + (r.cut_top ? kOverhang : kGoMargin);
    const double right = band + (r.cut_right ? kOverhang : kGoMargin);
    const double bottom = band + (r.cut_bottom ? kOverhang : kGoMargin);
    const bool passed = v.last_move && v.last_move->to < 0;
    const double caption = passed && !options.pass_over_board ? 34 : 0;
    scene.width = left + (r.x1 - r.x0) * kGoCell + right;
    scene.height = top + (r.y1 - r.y0) * kGoCell + bottom + caption;
    scene.background = theme.board;
    const Grid grid{left - r.x0 * kGoCell, top - r.y0 * kGoCell, kGoCell, kGoCell, v.width};
    const auto X = [&](int x) { return grid.x0 + x * kGoCell; };
    const auto Y = [&](int y) { return grid.y0 + y * kGoCell; };

    // The grid: lines over the shown region, on past a cut side; the edges bolder.
    const double gx0 = X(r.x0) - (r.cut_left ? kOverhang : 0), gx1 = X(r.x1) + (r.cut_right ? kOverhang : 0);
    const double gy0 = Y(r.y0) - (r.cut_top ? kOverhang : 0), gy1 = Y(r.y1) + (r.cut_bottom ? kOverhang : 0);
    for (int x = r.x0; x <= r.x1; ++x) {
        const bool edge = x == 0 || x == v.width - 1;
        scene.shapes.push_back(Line{X(x), gy0, X(x), gy1, {theme.line, edge ? 2.2 : 1.1}});
    }
    for (int y = r.y0; y <= r.y1; ++y) {
        const bool edge = y == 0 || y == v.height - 1;
        scene.shapes.push_back(Line{gx0, Y(y), gx1, Y(y), {theme.line, edge ? 2.2 : 1.1}});
    }
    const std::vector<int> star_xs = star_lines(v.width), star_ys = star_lines(v.height);
    for (const int y : star_ys)
        for (const int x : star_xs)
            if (x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1 &&
                is_star(x, y, v.width, v.height, star_xs, star_ys))
                scene.shapes.push_back(Circle{X(x), Y(y), 3.6, theme.line, {}, std::nullopt});
    if (coords) {
        const bool sgf = options.coordinates == Coordinates::sgf;
        const double size = 17;
        for (int x = r.x0; x <= r.x1; ++x) {
            // The view is already turned when flipped; SGF's letters name the points it came from.
            const std::string name = sgf ? sgf_letter(options.flip ? v.width - 1 - x : x)
                                         : v.file_names[static_cast<std::size_t>(x)];
            scene.shapes.push_back(Text{X(x), band / 2, size, name, theme.line, Font::sans, false, false});
            scene.shapes.push_back(Text{X(x), scene.height - caption - band / 2, size, name, theme.line,
                                        Font::sans, false, false});
        }
        for (int y = r.y0; y <= r.y1; ++y) {
            const std::string name = sgf ? sgf_letter(options.flip ? v.height - 1 - y : y)
                                         : v.rank_names[static_cast<std::size_t>(y)];
            scene.shapes.push_back(Text{band / 2, Y(y), size, name, theme.line, Font::sans, false, false});
            scene.shapes.push_back(
                Text{scene.width - band / 2, Y(y), size, name, theme.line, Font::sans, false, false});
        }
    }
    scene.board_end = scene.shapes.size();

    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x) {
            const StoneLook* s = look(v.cells[static_cast<std::size_t>(y * v.width + x)]);
            if (!s) continue;
            // White and yellow stones need an edge on the light wood.
            const Stroke edge = s->dark ? Stroke{} : Stroke{rgb(0x5A5048), 0.9};
            scene.shapes.push_back(Circle{X(x), Y(y), kStone, s->fill, edge, s->highlight});
        }
    const auto dark_at = [&](int cell) {
        const StoneLook* s = look(v.cells[static_cast<std::size_t>(cell)]);
        return s && s->dark;
    };
    // The last move: a ring on its stone, unless a mark or label is already there.
    if (v.last_move && v.last_move->to >= 0 && v.last_move->to < v.width * v.height) {
        const int cell = v.last_move->to;
        const bool marked = std::any_of(v.marks.begin(), v.marks.end(), [&](const NodeMark& m) {
            return m.cell == cell && m.kind != NodeMark::Kind::highlight;
        });
        if (!marked) {
            const Point c = grid.centre(cell);
            scene.shapes.push_back(Circle{c.x,
                                          c.y,
                                          kStone * 0.55,
                                          kNone,
                                          {dark_at(cell) ? rgb(0xFFFFFF) : theme.mark, 2.6},
                                          std::nullopt});
        }
    }
    // Marks and labels outside the region are not drawn (the crop keeps them all in).
    BoardView shown = v;
    std::erase_if(shown.marks, [&](const NodeMark& m) {
        const int x = m.cell % v.width, y = m.cell / v.width;
        return m.cell < 0 || x < r.x0 || x > r.x1 || y < r.y0 || y > r.y1;
    });
    draw_marks(scene, shown, grid, kGoCell, theme, dark_at, true, theme.board);
    // A pass is said in words: under the board, or (an animation's frame) in a box over its
    // centre, so that the frame keeps the board's shape.
    const std::string words = !passed                     ? std::string{}
                              : v.last_move->text.empty() ? "pass"
                                                          : v.last_move->text + "es";
    if (passed && !options.pass_over_board)
        scene.shapes.push_back(Text{scene.width / 2, scene.height - caption / 2 - 4, 18, words, theme.line,
                                    Font::sans, false, false});
    if (passed && options.pass_over_board) {
        const double size = 0.5 * kGoCell,
                     box_w = 0.62 * size * static_cast<double>(words.size()) + size * 1.6, box_h = size * 2;
        const double cx = (X(r.x0) + X(r.x1)) / 2, cy = (Y(r.y0) + Y(r.y1)) / 2;
        scene.shapes.push_back(Rect{cx - box_w / 2, cy - box_h / 2, box_w, box_h,
                                    Color{(theme.board.rgba & 0xFFFFFF00u) | 0xC0u}, Stroke{theme.line, 1.5},
                                    box_h / 4});
        scene.shapes.push_back(Text{cx, cy, size, words, theme.line, Font::sans, false, true});
    }
}

}  // namespace kifu::image
