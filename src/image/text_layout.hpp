#pragma once
// Where each glyph of a Text shape goes: shared by the SVG writer and the cairo painter so
// that both place text the same way.

#include <vector>

#include "kifu/image/glyphs.hpp"
#include "kifu/image/scene.hpp"

namespace kifu::image {

struct PlacedGlyph {
    const Glyph* glyph;
    // The glyph's em units (y down) to the scene: (x, y) -> (a*x + e, a*y + f); a < 0 turns
    // it 180 degrees.
    double a, e, f;
};

inline std::vector<PlacedGlyph> lay_out(const Text& t) {
    std::vector<PlacedGlyph> out;
    const std::vector<const Glyph*> gs = glyphs(t.font, t.text);
    if (gs.empty()) return out;
    const double s = t.size / 1000.0;
    double advance = 0, top = 0, bottom = 0;
    bool inked = false;
    for (const Glyph* g : gs) {
        advance += g->advance;
        if (g->outline.empty()) continue;
        top = inked ? std::min<double>(top, g->ink_top) : g->ink_top;
        bottom = inked ? std::max<double>(bottom, g->ink_bottom) : g->ink_bottom;
        inked = true;
    }
    // A single glyph is centred on its ink across too: a kanji's advance has side bearings.
    double start = t.x - advance * s / 2;
    if (gs.size() == 1 && inked) start = t.x - (gs[0]->ink_left + gs[0]->ink_right) * s / 2;
    const double baseline = t.centre_on_ink ? t.y - (top + bottom) * s / 2 : t.y + cap_height(t.font) * s / 2;
    double pen = start;
    for (const Glyph* g : gs) {
        if (!g->outline.empty()) {
            if (t.upside_down)
                out.push_back({g, -s, 2 * t.x - pen, 2 * t.y - baseline});
            else
                out.push_back({g, s, pen, baseline});
        }
        pen += g->advance * s;
    }
    return out;
}

}  // namespace kifu::image
