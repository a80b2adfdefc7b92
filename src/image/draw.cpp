// The drawing's entry point, the themes, and the marks every board shares.

#include "kifu/image/draw.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "drawing.hpp"
#include "kifu/core/problem.hpp"
#include "kifu/image/glyphs.hpp"

namespace kifu::image {
namespace {

constexpr std::array<Theme, 5> kThemes{{
    {"wood", rgb(0xDCB35C), rgb(0xF0D9B5), rgb(0xB58863), rgb(0x3D2B14), rgb(0xF6F669, 150),
     rgb(0xE8302C, 190), rgb(0x2B1D0E)},
    {"brown", rgb(0xDCB35C), rgb(0xF0D9B5), rgb(0xB58863), rgb(0x3D2B14), rgb(0xCDD26A, 200),
     rgb(0xE8302C, 190), rgb(0x2B1D0E)},
    {"blue", rgb(0xC9D6DF), rgb(0xDEE3E6), rgb(0x8CA2AD), rgb(0x23323C), rgb(0x9BC7E8, 200),
     rgb(0xE8302C, 190), rgb(0x101820)},
    {"green", rgb(0xCFD8A9), rgb(0xFFFFDD), rgb(0x86A666), rgb(0x2A3A1C), rgb(0xF6F669, 170),
     rgb(0xE8302C, 190), rgb(0x18200E)},
    {"paper", rgb(0xFFFFFF), rgb(0xFFFFFF), rgb(0xC8C8C8), rgb(0x000000), rgb(0x000000, 50),
     rgb(0x000000, 90), rgb(0x000000)},
}};

std::string_view default_theme(std::string_view game) {
    return game == "chess" ? "brown" : "wood";
}

}  // namespace

std::span<const Theme> themes() noexcept {
    return kThemes;
}

const Theme* find_theme(std::string_view name) noexcept {
    for (const Theme& t : kThemes)
        if (t.name == name) return &t;
    return nullptr;
}

BoardView flipped(const BoardView& view) {
    BoardView out = view;
    const int n = view.width * view.height;
    const auto turn = [&](int cell) { return cell < 0 || cell >= n ? cell : n - 1 - cell; };
    std::reverse(out.cells.begin(), out.cells.end());
    std::reverse(out.file_names.begin(), out.file_names.end());
    std::reverse(out.rank_names.begin(), out.rank_names.end());
    for (NodeMark& m : out.marks) m.cell = turn(m.cell), m.to = turn(m.to);
    if (out.last_move)
        out.last_move->from = turn(out.last_move->from), out.last_move->to = turn(out.last_move->to);
    return out;
}

Result<Scene> draw(const BoardView& view, const DrawOptions& options) {
    const std::string_view theme_name = options.theme.empty() ? default_theme(view.game) : options.theme;
    const Theme* theme = find_theme(theme_name);
    if (!theme) {
        std::string names;
        for (const Theme& t : kThemes) names += (names.empty() ? "" : ", ") + std::string(t.name);
        return unplaced_error(ErrorCode::unsupported,
                              fmt::format("no theme is called '{}' (themes: {})", theme_name, names));
    }
    Scene scene;
    const BoardView& v = options.flip ? flipped(view) : view;
    if (v.width <= 0 || v.height <= 0 || v.cells.size() != static_cast<std::size_t>(v.width) * v.height)
        return unplaced_error(ErrorCode::unsupported, "the position has no board to draw");
    if (view.game == "go")
        draw_go(scene, v, options, *theme);
    else if (view.game == "chess")
        draw_chess(scene, v, options, *theme);
    else if (view.game == "shogi")
        draw_shogi(scene, v, options, *theme);
    else if (view.game == "xiangqi")
        draw_xiangqi(scene, v, options, *theme);
    else
        draw_grid(scene, v, options, *theme);
    return scene;
}

void for_each_shaded_cell(const BoardView& view, const Theme& theme,
                          const std::function<void(int cell, Color colour, bool check)>& shade) {
    const int n = view.width * view.height;
    const auto on_board = [&](int cell) { return cell >= 0 && cell < n; };
    if (view.last_move)
        for (const int cell : {view.last_move->from, view.last_move->to})
            if (on_board(cell)) shade(cell, theme.last_move, false);
    for (const NodeMark& m : view.marks)
        if (m.kind == NodeMark::Kind::highlight && on_board(m.cell) && m.text != "ko") {
            const bool check = m.text == "check";
            shade(m.cell, check ? theme.check : highlight_colour(m.text, theme.last_move), check);
        }
}

Color highlight_colour(std::string_view text, Color fallback) {
    // [%csl]'s letters, then a few names; translucent, as they lie over the board.
    struct Named {
        std::string_view name;
        std::uint32_t rgb;
    };
    static constexpr Named kNames[] = {{"G", 0x15781B},      {"R", 0x882020},     {"Y", 0xE68F00},
                                       {"B", 0x003088},      {"green", 0x15781B}, {"red", 0x882020},
                                       {"yellow", 0xE68F00}, {"blue", 0x003088}};
    for (const Named& n : kNames)
        if (n.name == text) return rgb(n.rgb, 160);
    return fallback;
}

double fitting_size(std::string_view text, Font font, double size, double width) {
    double advance = 0;
    for (const Glyph* g : glyphs(font, text)) advance += g->advance;
    const double natural = advance * size / 1000.0;
    return natural > width && natural > 0 ? size * width / natural : size;
}

void draw_marks(Scene& scene, const BoardView& view, const Grid& grid, double unit, const Theme& theme,
                const DarkAt& dark_at, bool mask_labels, Color mask) {
    const int cells = view.width * view.height;
    const auto on_board = [&](int cell) { return cell >= 0 && cell < cells; };
    for (const NodeMark& m : view.marks) {
        if (!on_board(m.cell)) continue;
        const Point c = grid.centre(m.cell);
        const bool dark = dark_at(m.cell);
        const Color ink = dark ? rgb(0xFFFFFF) : theme.mark;
        const Stroke stroke{ink, unit * 0.07};
        switch (m.kind) {
            case NodeMark::Kind::circle: {
                // A circle with a colour letter (web-boardimage's arrows=Bh7) in that colour.
                const Stroke ring{m.text.empty() ? ink : highlight_colour(m.text, ink), unit * 0.09};
                if (m.text.empty())
                    scene.shapes.push_back(Circle{c.x, c.y, unit * 0.27, kNone, stroke, std::nullopt});
                else
                    scene.shapes.push_back(Circle{c.x, c.y, unit * 0.42, kNone, ring, std::nullopt});
                break;
            }
            case NodeMark::Kind::square: {
                const double h = unit * 0.22;
                scene.shapes.push_back(Rect{c.x - h, c.y - h, 2 * h, 2 * h, kNone, stroke, 0});
                break;
            }
            case NodeMark::Kind::triangle: {
                const double r = unit * 0.3;
                scene.shapes.push_back(Polygon{
                    {{c.x, c.y - r}, {c.x + r * 0.866, c.y + r * 0.5}, {c.x - r * 0.866, c.y + r * 0.5}},
                    kNone,
                    stroke});
                break;
            }
            case NodeMark::Kind::cross: {
                const double h = unit * 0.2;
                scene.shapes.push_back(Line{c.x - h, c.y - h, c.x + h, c.y + h, stroke});
                scene.shapes.push_back(Line{c.x + h, c.y - h, c.x - h, c.y + h, stroke});
                break;
            }
            case NodeMark::Kind::label: {
                // One text a cell: the first label there (HEN's labels come before its
                // numbered stones, so a labelled numbered stone shows its label).
                const bool first = std::find_if(view.marks.data(), &m, [&](const NodeMark& o) {
                                       return o.kind == NodeMark::Kind::label && o.cell == m.cell;
                                   }) == &m;
                if (m.text.empty() || !first) break;
                const std::size_t chars = std::max<std::size_t>(1, glyphs(Font::sans_bold, m.text).size());
                const double base = unit * (chars == 1 ? 0.62 : chars == 2 ? 0.54 : 0.44);
                const double size = fitting_size(m.text, Font::sans_bold, base, unit * 0.92);
                if (mask_labels && view.cells[static_cast<std::size_t>(m.cell)].piece.empty()) {
                    // The grid hidden under a label on an empty point, so the label reads.
                    const double h = unit * 0.36;
                    scene.shapes.push_back(Rect{c.x - h, c.y - h, 2 * h, 2 * h, mask, {}, 0});
                }
                scene.shapes.push_back(Text{c.x, c.y, size, m.text, ink, Font::sans_bold, false, true});
                break;
            }
            case NodeMark::Kind::highlight: {
                if (m.text == "ko") {
                    const double h = unit * 0.25;
                    scene.shapes.push_back(
                        Rect{c.x - h, c.y - h, 2 * h, 2 * h, kNone, {theme.mark, unit * 0.09}, 0});
                }
                break;  // coloured squares are drawn under the pieces (draw_under)
            }
            case NodeMark::Kind::arrow: {
                if (!on_board(m.to) || m.to == m.cell) break;
                const Point to = grid.centre(m.to);
                const double dx = to.x - c.x, dy = to.y - c.y, len = std::hypot(dx, dy);
                const double ux = dx / len, uy = dy / len, px = -uy, py = ux;
                const double shaft = unit * 0.1, head = unit * 0.3, head_len = unit * 0.45;
                const double bx = to.x - ux * head_len, by = to.y - uy * head_len;
                const Color colour = highlight_colour(m.text, rgb(0x15781B, 160));
                scene.shapes.push_back(Polygon{{{c.x + px * shaft, c.y + py * shaft},
                                                {bx + px * shaft, by + py * shaft},
                                                {bx + px * head, by + py * head},
                                                {to.x, to.y},
                                                {bx - px * head, by - py * head},
                                                {bx - px * shaft, by - py * shaft},
                                                {c.x - px * shaft, c.y - py * shaft}},
                                               colour,
                                               {}});
                break;
            }
        }
    }
}

}  // namespace kifu::image
