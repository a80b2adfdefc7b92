#pragma once
// A drawing as a list of shapes: what every board image is made of before it becomes SVG
// text or PNG/GIF pixels. The board drawers (image/draw.hpp) build one from a BoardView;
// the SVG writer and the cairo painter (image/encode.hpp) each read it the same way, so an
// SVG and a PNG of one position are the same picture.
//
// Units are the drawing's own (the SVG's viewBox); an image of N pixels scales them.
// Text is drawn from the outlines of a font's glyphs (image/glyphs.hpp), never as <text>,
// so an SVG looks the same on every machine and needs no font where it is shown.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace kifu::image {

// 0xRRGGBBAA.
struct Color {
    std::uint32_t rgba = 0;
    constexpr std::uint8_t r() const noexcept { return static_cast<std::uint8_t>(rgba >> 24); }
    constexpr std::uint8_t g() const noexcept { return static_cast<std::uint8_t>(rgba >> 16); }
    constexpr std::uint8_t b() const noexcept { return static_cast<std::uint8_t>(rgba >> 8); }
    constexpr std::uint8_t a() const noexcept { return static_cast<std::uint8_t>(rgba); }
    constexpr bool visible() const noexcept { return a() != 0; }
    bool operator==(const Color&) const = default;
};
constexpr Color rgb(std::uint32_t rrggbb, std::uint8_t alpha = 255) noexcept {
    return Color{(rrggbb << 8) | alpha};
}
inline constexpr Color kNone{0};

struct Stroke {
    Color color = kNone;
    double width = 0;
    bool operator==(const Stroke&) const = default;
};

struct Rect {
    double x = 0, y = 0, w = 0, h = 0;
    Color fill = kNone;
    Stroke stroke{};
    double radius = 0;  // rounded corners
    bool operator==(const Rect&) const = default;
};

// A disc; with `highlight`, shaded from that colour at its upper left to `fill` (a stone).
struct Circle {
    double cx = 0, cy = 0, r = 0;
    Color fill = kNone;
    Stroke stroke{};
    std::optional<Color> highlight{};
    bool operator==(const Circle&) const = default;
};

struct Line {
    double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
    Stroke stroke{};
    bool operator==(const Line&) const = default;
};

struct Point {
    double x = 0, y = 0;
    bool operator==(const Point&) const = default;
};
struct Polygon {
    std::vector<Point> points;
    Color fill = kNone;
    Stroke stroke{};
    bool operator==(const Polygon&) const = default;
};

// The fonts text is drawn with; image/glyphs.hpp says which files they are.
enum class Font : std::uint8_t {
    sans,       // DejaVu Sans: coordinates, labels, notes; the chess pieces' glyphs
    sans_bold,  // DejaVu Sans Bold: numbers on stones, FEEN letters
    cjk,        // Noto Serif CJK Bold: shogi and xiangqi pieces, Japanese coordinates
};

// A line of text centred on (x, y): across by the glyphs' advances, up and down by their
// ink (so a kanji or a digit sits in the middle of its cell). `size` is the em size.
struct Text {
    double x = 0, y = 0, size = 0;
    std::string text;  // UTF-8
    Color fill = kNone;
    Font font = Font::sans;
    bool upside_down = false;   // turned 180 degrees about (x, y): the second shogi player's pieces
    bool centre_on_ink = true;  // false: on the cap height, so a row of letters shares one baseline
    bool operator==(const Text&) const = default;
};

using Shape = std::variant<Rect, Circle, Line, Polygon, Text>;

struct Scene {
    double width = 0;
    double height = 0;
    Color background = rgb(0xFFFFFF);
    std::vector<Shape> shapes;
    // shapes[0, board_end) are the board (wood, grid, coordinates); the rest what stands on
    // it. An animation draws the board once and the rest once a frame.
    std::size_t board_end = 0;
};

}  // namespace kifu::image
