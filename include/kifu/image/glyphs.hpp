#pragma once
// Glyph outlines from the fonts Debian installs, for drawing text as shapes.
//
// The fonts (found through fontconfig, read with FreeType; named in docs/images.md with
// their licences):
//   Font::sans       DejaVu Sans              fonts-dejavu-core
//   Font::sans_bold  DejaVu Sans Bold         fonts-dejavu-core
//   Font::cjk        Noto Serif CJK JP Bold   fonts-noto-cjk (then Noto Sans CJK JP)
// A character the chosen font lacks is taken from the others in that order; one no font
// has is drawn as an empty box, so text never silently disappears.
//
// Outlines are in a 1000-unit em with y growing downwards (as SVG and cairo draw),
// the origin on the baseline at the start of the glyph. Glyphs are loaded once per
// process and kept: a Glyph pointer stays valid until exit. Safe from any thread.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/image/scene.hpp"

namespace kifu::image {

struct PathOp {
    enum Kind : std::uint8_t { move, line, cubic, close };
    Kind kind = move;
    float x[3] = {0, 0, 0};  // cubic: two control points, then the end; move, line: x[0], y[0]
    float y[3] = {0, 0, 0};
};

struct Glyph {
    std::uint32_t id = 0;  // unique in the process: names its <path> in an SVG
    float advance = 0;     // in em units (1000 = 1 em)
    float ink_top = 0, ink_bottom = 0, ink_left = 0, ink_right = 0;  // the outline's box
    std::vector<PathOp> outline;
    std::string svg_path;  // the outline as SVG path data, integers in em units
};

// The glyph of one character in one font (or its fallbacks).
const Glyph& glyph(Font font, char32_t c);

// The glyphs of a UTF-8 string, in order (an invalid byte counts as U+FFFD).
std::vector<const Glyph*> glyphs(Font font, std::string_view utf8);

// The cap height of a font, in em units (for centring a line of letters on it).
float cap_height(Font font);

// Whether every font was found; false means some text will be drawn as boxes.
bool fonts_available();

}  // namespace kifu::image
