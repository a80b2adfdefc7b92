#include "kifu/image/glyphs.hpp"

#include <array>
#include <cmath>
#include <memory>
#include <mutex>
#include <unordered_map>

#include <fmt/format.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include "kifu/core/utf8.hpp"

namespace kifu::image {
namespace {

constexpr int kFonts = 3;
// Glyphs kept at most: past that, a character not yet seen is drawn as the box, so that
// labels of every character there is cannot grow the cache without bound (a few MB).
constexpr std::size_t kMaxGlyphs = 16384;

// The fontconfig patterns of each font, best first.
constexpr std::array<std::array<const char*, 2>, kFonts> kPatterns{{
    {"DejaVu Sans:style=Book", nullptr},
    {"DejaVu Sans:style=Bold", nullptr},
    {"Noto Serif CJK JP:style=Bold", "Noto Sans CJK JP:style=Bold"},
}};

struct Face {
    FT_Face face = nullptr;
    float scale = 1;  // font units to 1000-unit em
    float cap = 700;
};

// Everything FreeType is touched under one lock; drawing reads finished glyphs only.
class Library {
  public:
    static Library& get() {
        static Library library;
        return library;
    }

    const Glyph& glyph(Font font, char32_t c) {
        const std::uint64_t key = (static_cast<std::uint64_t>(font) << 32) | c;
        std::lock_guard lock(mutex_);
        if (auto it = cache_.find(key); it != cache_.end()) return *it->second;
        if (cache_.size() >= kMaxGlyphs) {
            if (!box_) {
                box_ = std::make_unique<Glyph>();
                box_->id = next_id_++;
                missing_box(*box_);
                finish(*box_);
            }
            return *box_;
        }
        auto& slot = cache_[key];
        slot = load(static_cast<int>(font), c);
        return *slot;
    }
    float cap_height(Font font) {
        std::lock_guard lock(mutex_);
        const Face& f = faces_[static_cast<std::size_t>(font)];
        return f.face ? f.cap : 700.0f;
    }
    bool complete() {
        std::lock_guard lock(mutex_);
        for (const Face& f : faces_)
            if (!f.face) return false;
        return true;
    }

  private:
    Library() {
        if (FT_Init_FreeType(&ft_) != 0) return;
        FcConfig* config = FcInitLoadConfigAndFonts();
        for (int i = 0; i < kFonts; ++i)
            for (const char* pattern : kPatterns[static_cast<std::size_t>(i)])
                if (pattern && !faces_[static_cast<std::size_t>(i)].face)
                    faces_[static_cast<std::size_t>(i)] = open(config, pattern);
        if (config) FcConfigDestroy(config);
    }

    // The font file fontconfig gives for a pattern, if its family is the one asked for
    // (fontconfig always answers with something).
    Face open(FcConfig* config, const char* pattern_text) {
        Face out;
        if (!config) return out;
        FcPattern* pattern = FcNameParse(reinterpret_cast<const FcChar8*>(pattern_text));
        FcConfigSubstitute(config, pattern, FcMatchPattern);
        FcDefaultSubstitute(pattern);
        FcResult result = FcResultNoMatch;
        FcPattern* match = FcFontMatch(config, pattern, &result);
        FcChar8* file = nullptr;
        FcChar8* family = nullptr;
        FcChar8* wanted = nullptr;
        int index = 0;
        FcPatternGetString(pattern, FC_FAMILY, 0, &wanted);
        if (match && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch &&
            FcPatternGetString(match, FC_FAMILY, 0, &family) == FcResultMatch && wanted &&
            std::string_view(reinterpret_cast<const char*>(family)) ==
                std::string_view(reinterpret_cast<const char*>(wanted))) {
            FcPatternGetInteger(match, FC_INDEX, 0, &index);
            FT_Face face = nullptr;
            if (FT_New_Face(ft_, reinterpret_cast<const char*>(file), index, &face) == 0) {
                out.face = face;
                out.scale = 1000.0f / static_cast<float>(face->units_per_EM);
                // The cap height: the ink top of 'H'.
                if (FT_Load_Char(face, 'H', FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) == 0)
                    out.cap = static_cast<float>(face->glyph->metrics.horiBearingY) * out.scale;
            }
        }
        if (match) FcPatternDestroy(match);
        FcPatternDestroy(pattern);
        return out;
    }

    struct Decomposer {
        Glyph* glyph;
        float scale;
        float x(FT_Pos v) const { return static_cast<float>(v) * scale; }
        float y(FT_Pos v) const { return -static_cast<float>(v) * scale; }
        float last_x = 0, last_y = 0;
        bool open = false;
    };
    static void add(Decomposer& d, PathOp op) { d.glyph->outline.push_back(op); }
    static int move_to(const FT_Vector* to, void* user) {
        auto& d = *static_cast<Decomposer*>(user);
        if (d.open) add(d, {PathOp::close, {}, {}});
        add(d, {PathOp::move, {d.x(to->x)}, {d.y(to->y)}});
        d.last_x = d.x(to->x), d.last_y = d.y(to->y), d.open = true;
        return 0;
    }
    static int line_to(const FT_Vector* to, void* user) {
        auto& d = *static_cast<Decomposer*>(user);
        add(d, {PathOp::line, {d.x(to->x)}, {d.y(to->y)}});
        d.last_x = d.x(to->x), d.last_y = d.y(to->y);
        return 0;
    }
    // A quadratic curve as the cubic it equals (cairo draws cubics only).
    static int conic_to(const FT_Vector* c, const FT_Vector* to, void* user) {
        auto& d = *static_cast<Decomposer*>(user);
        const float cx = d.x(c->x), cy = d.y(c->y), ex = d.x(to->x), ey = d.y(to->y);
        add(d, {PathOp::cubic,
                {d.last_x + 2.0f / 3 * (cx - d.last_x), ex + 2.0f / 3 * (cx - ex), ex},
                {d.last_y + 2.0f / 3 * (cy - d.last_y), ey + 2.0f / 3 * (cy - ey), ey}});
        d.last_x = ex, d.last_y = ey;
        return 0;
    }
    static int cubic_to(const FT_Vector* c1, const FT_Vector* c2, const FT_Vector* to, void* user) {
        auto& d = *static_cast<Decomposer*>(user);
        add(d, {PathOp::cubic, {d.x(c1->x), d.x(c2->x), d.x(to->x)}, {d.y(c1->y), d.y(c2->y), d.y(to->y)}});
        d.last_x = d.x(to->x), d.last_y = d.y(to->y);
        return 0;
    }

    // A box of the em's proportions: what a character no font has looks like.
    static void missing_box(Glyph& g) {
        const float l = 100, r = 500, t = -700, b = 0, w = 60;
        g.advance = 600;
        g.outline = {{PathOp::move, {l}, {t}},         {PathOp::line, {r}, {t}},
                     {PathOp::line, {r}, {b}},         {PathOp::line, {l}, {b}},
                     {PathOp::close, {}, {}},          {PathOp::move, {l + w}, {t + w}},
                     {PathOp::line, {l + w}, {b - w}}, {PathOp::line, {r - w}, {b - w}},
                     {PathOp::line, {r - w}, {t + w}}, {PathOp::close, {}, {}}};
    }

    std::unique_ptr<Glyph> load(int font, char32_t c) {
        auto g = std::make_unique<Glyph>();
        g->id = next_id_++;
        // The font asked for, then the others in order.
        int order[kFonts] = {font, 0, 0};
        for (int i = 0, k = 1; i < kFonts; ++i)
            if (i != font) order[k++] = i;
        bool found = false;
        for (const int f : order) {
            const Face& face = faces_[static_cast<std::size_t>(f)];
            if (!face.face) continue;
            const FT_UInt index = FT_Get_Char_Index(face.face, c);
            if (index == 0 || FT_Load_Glyph(face.face, index, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) != 0)
                continue;
            const FT_GlyphSlot slot = face.face->glyph;
            g->advance = static_cast<float>(slot->advance.x) * face.scale;
            if (slot->format == FT_GLYPH_FORMAT_OUTLINE) {
                Decomposer d{g.get(), face.scale};
                FT_Outline_Funcs funcs{};
                funcs.move_to = move_to;
                funcs.line_to = line_to;
                funcs.conic_to = conic_to;
                funcs.cubic_to = cubic_to;
                FT_Outline_Decompose(&slot->outline, &funcs, &d);
                if (d.open) g->outline.push_back({PathOp::close, {}, {}});
            }
            found = true;
            break;
        }
        if (!found && c != U' ') missing_box(*g);
        finish(*g);
        return g;
    }

    // The ink box and the SVG path data.
    static void finish(Glyph& g) {
        bool first = true;
        std::string& d = g.svg_path;
        const auto widen = [&](float x, float y) {
            if (first) g.ink_left = g.ink_right = x, g.ink_top = g.ink_bottom = y, first = false;
            g.ink_left = std::min(g.ink_left, x), g.ink_right = std::max(g.ink_right, x);
            g.ink_top = std::min(g.ink_top, y), g.ink_bottom = std::max(g.ink_bottom, y);
        };
        const auto num = [](float v) { return static_cast<long>(std::lround(v)); };
        for (const PathOp& op : g.outline) {
            switch (op.kind) {
                case PathOp::move:
                    fmt::format_to(std::back_inserter(d), "M{} {}", num(op.x[0]), num(op.y[0]));
                    widen(op.x[0], op.y[0]);
                    break;
                case PathOp::line:
                    fmt::format_to(std::back_inserter(d), "L{} {}", num(op.x[0]), num(op.y[0]));
                    widen(op.x[0], op.y[0]);
                    break;
                case PathOp::cubic:
                    fmt::format_to(std::back_inserter(d), "C{} {} {} {} {} {}", num(op.x[0]), num(op.y[0]),
                                   num(op.x[1]), num(op.y[1]), num(op.x[2]), num(op.y[2]));
                    // Control points bound the curve: a box a little large at worst.
                    for (int i = 0; i < 3; ++i) widen(op.x[i], op.y[i]);
                    break;
                case PathOp::close:
                    d += 'Z';
                    break;
            }
        }
    }

    std::mutex mutex_;
    FT_Library ft_ = nullptr;
    std::array<Face, kFonts> faces_{};
    std::unordered_map<std::uint64_t, std::unique_ptr<Glyph>> cache_;
    std::unique_ptr<Glyph> box_;
    std::uint32_t next_id_ = 0;
};

}  // namespace

const Glyph& glyph(Font font, char32_t c) {
    // Each thread keeps the glyphs it has used: no lock on the hot path.
    thread_local std::unordered_map<std::uint64_t, const Glyph*> seen;
    const std::uint64_t key = (static_cast<std::uint64_t>(font) << 32) | c;
    if (auto it = seen.find(key); it != seen.end()) return *it->second;
    const Glyph& g = Library::get().glyph(font, c);
    if (seen.size() < kMaxGlyphs) seen.emplace(key, &g);
    return g;
}

std::vector<const Glyph*> glyphs(Font font, std::string_view text) {
    std::vector<const Glyph*> out;
    for (std::size_t i = 0; i < text.size();) {
        const utf8::Decoded d = utf8::decode(text, i);
        out.push_back(&glyph(font, d.length ? d.code_point : U'\uFFFD'));
        i += d.length ? d.length : 1;
    }
    return out;
}

float cap_height(Font font) {
    return Library::get().cap_height(font);
}

bool fonts_available() {
    return Library::get().complete();
}

}  // namespace kifu::image
