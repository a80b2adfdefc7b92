// Shogi: the board, pieces as wedges with their kanji, both hands, Japanese coordinates.

#include <string_view>

#include "drawing.hpp"

namespace kifu::image {
namespace {

constexpr double kW = 40, kH = 44;  // a square: taller than wide, as on a real board
constexpr double kShogiMargin = 10;
constexpr double kShogiCoords = 22;
constexpr double kHand = 44;  // a hand's column

// The kanji of a piece letter (upper or lower case), unpromoted and promoted. The king is
// 玉 for the first player and 王 for the second, as diagrams print them.
std::string_view kanji(char letter, bool promoted, int side) {
    switch (letter & ~0x20) {
        case 'K':
            return side == 0 ? "玉" : "王";
        case 'R':
            return promoted ? "龍" : "飛";
        case 'B':
            return promoted ? "馬" : "角";
        case 'G':
            return "金";
        case 'S':
            return promoted ? "全" : "銀";
        case 'N':
            return promoted ? "圭" : "桂";
        case 'L':
            return promoted ? "杏" : "香";
        case 'P':
            return promoted ? "と" : "歩";
        default:
            return "?";
    }
}

std::string full_width_digit(std::string_view name) {
    static constexpr std::string_view kDigits[] = {"０", "１", "２", "３", "４",
                                                   "５", "６", "７", "８", "９"};
    return name.size() == 1 && name[0] >= '0' && name[0] <= '9' ? std::string(kDigits[name[0] - '0'])
                                                                : std::string(name);
}

std::string kanji_rank(std::string_view name) {
    static constexpr std::string_view kRanks[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
    return name.size() == 1 && name[0] >= 'a' && name[0] <= 'i' ? std::string(kRanks[name[0] - 'a'])
                                                                : std::string(name);
}

void piece(Scene& scene, Point c, std::string_view text, bool promoted, bool upside_down, double scale) {
    const double w = kW * 0.84 * scale, h = kH * 0.86 * scale, s = upside_down ? -1 : 1;
    scene.shapes.push_back(Polygon{{{c.x, c.y - s * h * 0.5},
                                    {c.x + w * 0.4, c.y - s * h * 0.32},
                                    {c.x + w * 0.5, c.y + s * h * 0.5},
                                    {c.x - w * 0.5, c.y + s * h * 0.5},
                                    {c.x - w * 0.4, c.y - s * h * 0.32}},
                                   rgb(0xF7E4B5),
                                   {rgb(0x6B5331), 0.9}});
    scene.shapes.push_back(Text{c.x, c.y + s * h * 0.06, kW * 0.62 * scale, std::string(text),
                                promoted ? rgb(0xC0001A) : rgb(0x101010), Font::cjk, upside_down, true});
}

}  // namespace

void draw_shogi(Scene& scene, const BoardView& v, const DrawOptions& options, const Theme& theme) {
    const bool coords = options.coordinates != DrawOptions::Coordinates::none;
    const int bottom_side = options.flip ? 1 : 0;
    const double top = kShogiMargin + (coords ? kShogiCoords : 0);
    const double left = kHand + kShogiMargin;
    scene.width = left + v.width * kW + kShogiMargin + (coords ? kShogiCoords : 0) + kHand;
    scene.height = top + v.height * kH + kShogiMargin;
    scene.background = theme.board;
    const Grid grid{left + kW / 2, top + kH / 2, kW, kH, v.width};
    const double right = left + v.width * kW, bottom = top + v.height * kH;
    for (int x = 0; x <= v.width; ++x)
        scene.shapes.push_back(Line{
            left + x * kW, top, left + x * kW, bottom, {theme.line, x == 0 || x == v.width ? 2.0 : 1.0}});
    for (int y = 0; y <= v.height; ++y)
        scene.shapes.push_back(
            Line{left, top + y * kH, right, top + y * kH, {theme.line, y == 0 || y == v.height ? 2.0 : 1.0}});
    // The four dots that mark off the camps.
    if (v.width == 9 && v.height == 9)
        for (const int x : {3, 6})
            for (const int y : {3, 6})
                scene.shapes.push_back(Circle{left + x * kW, top + y * kH, 3, theme.line, {}, std::nullopt});
    if (coords) {
        for (int x = 0; x < v.width; ++x)
            scene.shapes.push_back(Text{grid.x0 + x * kW, top - kShogiCoords / 2 - 2, 15,
                                        full_width_digit(v.file_names[static_cast<std::size_t>(x)]),
                                        theme.line, Font::cjk, false, true});
        for (int y = 0; y < v.height; ++y)
            scene.shapes.push_back(Text{right + kShogiMargin / 2 + kShogiCoords / 2, grid.y0 + y * kH, 15,
                                        kanji_rank(v.rank_names[static_cast<std::size_t>(y)]), theme.line,
                                        Font::cjk, false, true});
    }
    scene.board_end = scene.shapes.size();

    const int n = v.width * v.height;
    for_each_shaded_cell(v, theme, [&](int cell, Color c, bool) {
        const Point p = grid.centre(cell);
        scene.shapes.push_back(Rect{p.x - kW / 2 + 1, p.y - kH / 2 + 1, kW - 2, kH - 2, c, {}, 0});
    });
    for (int cell = 0; cell < n; ++cell) {
        const BoardView::Cell& c = v.cells[static_cast<std::size_t>(cell)];
        if (c.piece.empty()) continue;
        piece(scene, grid.centre(cell), kanji(c.piece[0], c.promoted, c.side), c.promoted,
              c.side != bottom_side, 1.0);
    }
    // Hands: the bottom player's in the right column from the bottom up, the other's in the
    // left column from the top down, each under its ☗/☖.
    for (const BoardView::Hand& hand : v.hands) {
        const bool at_bottom = hand.side == bottom_side;
        const double x = at_bottom ? scene.width - kHand / 2 : kHand / 2;
        const double step = kH * 0.82;
        double y = at_bottom ? bottom - kH * 0.4 : top + kH * 0.4;
        const double dir = at_bottom ? -1 : 1;
        scene.shapes.push_back(
            Text{x, y, 22, hand.side == 0 ? "\u2617" : "\u2616", rgb(0x101010), Font::sans, false, true});
        y += dir * step;
        for (const BoardView::HandPiece& p : hand.pieces) {
            if (p.piece.empty()) continue;
            piece(scene, {x - 3, y}, kanji(p.piece[0], false, hand.side), false, false, 0.78);
            if (p.count > 1)
                scene.shapes.push_back(Text{x + 14, y + 12, 13, std::to_string(p.count), rgb(0x101010),
                                            Font::sans_bold, false, true});
            y += dir * step;
        }
    }
    draw_marks(
        scene, v, grid, kW, theme, [](int) { return false; }, false, kNone);
}

}  // namespace kifu::image
