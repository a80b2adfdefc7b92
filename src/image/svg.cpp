// The SVG writer: one element a shape; stones and glyphs defined once in <defs> and placed
// with <use>, so a full 19x19 board stays small.

#include <charconv>
#include <cmath>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "kifu/image/encode.hpp"
#include "text_layout.hpp"

namespace kifu::image {
namespace {

using Out = std::back_insert_iterator<std::string>;

// Integers as integers, anything else with at most two decimals (a hundredth of a unit
// is far below a pixel). The hot path of the writer: to_chars, no allocation.
void number(std::string& out, double v) {
    const long hundredths = std::lround(v * 100);
    char buffer[32];
    char* end = std::to_chars(buffer, buffer + sizeof buffer, hundredths / 100).ptr;
    if (hundredths < 0 && hundredths > -100) {  // -0.xx
        buffer[0] = '-';
        end = buffer + 1;
        *end++ = '0';
    }
    if (const long fraction = std::labs(hundredths % 100); fraction != 0) {
        *end++ = '.';
        *end++ = static_cast<char>('0' + fraction / 10);
        if (fraction % 10 != 0) *end++ = static_cast<char>('0' + fraction % 10);
    }
    out.append(buffer, end);
}

// A scale factor: six significant digits (a glyph's em is 1000 units, so its scale is
// small and two decimals would be far off).
void factor(std::string& out, double v) {
    char buffer[32];
    out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::general, 6).ptr);
}

// ` name="value"`.
void attribute(std::string& out, std::string_view name, double value) {
    out += ' ';
    out += name;
    out += "=\"";
    number(out, value);
    out += '"';
}

void colour(std::string& out, Color c) {
    static constexpr char kHex[] = "0123456789abcdef";
    const char text[7] = {'#',
                          kHex[c.r() >> 4],
                          kHex[c.r() & 15],
                          kHex[c.g() >> 4],
                          kHex[c.g() & 15],
                          kHex[c.b() >> 4],
                          kHex[c.b() & 15]};
    out.append(text, 7);
}

void paint_attribute(std::string& out, std::string_view name, Color c) {
    out += ' ';
    out += name;
    out += "=\"";
    if (c.visible())
        colour(out, c);
    else
        out += "none";
    out += '"';
    if (c.visible() && c.a() != 255) fmt::format_to(Out(out), " {}-opacity=\"{:.3g}\"", name, c.a() / 255.0);
}

void stroke_attributes(std::string& out, const Stroke& s) {
    if (!s.color.visible() || s.width <= 0) return;
    paint_attribute(out, "stroke", s.color);
    attribute(out, "stroke-width", s.width);
}

// `lines`: newlines as character references, so that one text stays on one line.
void escape_xml(std::string& out, std::string_view text, bool lines = false) {
    for (const char c : text) {
        if (lines && (c == '\n' || c == '\r')) {
            out += c == '\n' ? "&#10;" : "&#13;";
            continue;
        }
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                // Control characters other than tab and newline are not XML.
                if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t')
                    out += "\xEF\xBF\xBD";
                else
                    out += c;
        }
    }
}

struct Writer {
    std::string defs;
    // Stones: one <circle> a look, placed with <use>.
    std::map<std::tuple<double, std::uint32_t, std::uint32_t, double, std::uint32_t, bool>, int> discs;
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> gradients;
    // Each glyph's id in this document, in the order of first use: the font cache's own ids
    // depend on what the process drew before, and the same picture is to be the same bytes.
    std::map<std::uint32_t, std::uint32_t> glyph_ids;

    int gradient(Color highlight, Color fill) {
        auto [it, added] =
            gradients.try_emplace({highlight.rgba, fill.rgba}, static_cast<int>(gradients.size()));
        if (added) {
            fmt::format_to(Out(defs),
                           "<radialGradient id=\"r{}\" cx=\".5\" cy=\".5\" r=\".5\" fx=\".35\" fy=\".35\">",
                           it->second);
            defs += "<stop offset=\"0\" stop-color=\"";
            colour(defs, highlight);
            defs += "\"/><stop offset=\"1\" stop-color=\"";
            colour(defs, fill);
            defs += "\"/></radialGradient>";
        }
        return it->second;
    }

    void shape(std::string& out, const Rect& r) {
        out += "<rect";
        attribute(out, "x", r.x);
        attribute(out, "y", r.y);
        attribute(out, "width", r.w);
        attribute(out, "height", r.h);
        if (r.radius > 0) attribute(out, "rx", r.radius);
        paint_attribute(out, "fill", r.fill);
        stroke_attributes(out, r.stroke);
        out += "/>";
    }

    void shape(std::string& out, const Circle& c) {
        const auto key = std::make_tuple(c.r, c.fill.rgba, c.stroke.color.rgba, c.stroke.width,
                                         c.highlight ? c.highlight->rgba : 0u, c.highlight.has_value());
        auto [it, added] = discs.try_emplace(key, static_cast<int>(discs.size()));
        if (added) {
            // The gradient first: it adds its own definition.
            const int shading = c.highlight ? gradient(*c.highlight, c.fill) : -1;
            fmt::format_to(Out(defs), "<circle id=\"d{}\" r=\"", it->second);
            number(defs, c.r);
            defs += '"';
            if (c.highlight)
                fmt::format_to(Out(defs), " fill=\"url(#r{})\"", shading);
            else
                paint_attribute(defs, "fill", c.fill);
            stroke_attributes(defs, c.stroke);
            defs += "/>";
        }
        out += "<use href=\"#d";
        number(out, it->second);
        out += '"';
        attribute(out, "x", c.cx);
        attribute(out, "y", c.cy);
        out += "/>";
    }

    void shape(std::string& out, const Line& l) {
        out += "<line";
        attribute(out, "x1", l.x1);
        attribute(out, "y1", l.y1);
        attribute(out, "x2", l.x2);
        attribute(out, "y2", l.y2);
        stroke_attributes(out, l.stroke);
        out += "/>";
    }

    void shape(std::string& out, const Polygon& p) {
        out += "<polygon points=\"";
        for (std::size_t i = 0; i < p.points.size(); ++i) {
            if (i) out += ' ';
            number(out, p.points[i].x);
            out += ',';
            number(out, p.points[i].y);
        }
        out += '"';
        paint_attribute(out, "fill", p.fill);
        stroke_attributes(out, p.stroke);
        out += "/>";
    }

    void shape(std::string& out, const Text& t) {
        const std::vector<PlacedGlyph> placed = lay_out(t);
        if (placed.empty()) return;
        out += "<g";
        paint_attribute(out, "fill", t.fill);
        out += '>';
        for (const PlacedGlyph& p : placed) {
            const auto [at, first_use] =
                glyph_ids.try_emplace(p.glyph->id, static_cast<std::uint32_t>(glyph_ids.size()));
            if (first_use)
                fmt::format_to(Out(defs), "<path id=\"g{}\" d=\"{}\"/>", at->second, p.glyph->svg_path);
            out += "<use href=\"#g";
            number(out, at->second);
            out += "\" transform=\"matrix(";
            factor(out, p.a);
            out += " 0 0 ";
            factor(out, p.a);
            out += ' ';
            number(out, p.e);
            out += ' ';
            number(out, p.f);
            out += ")\"/>";
        }
        out += "</g>";
    }

    void shapes(std::string& out, const Scene& scene, std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i)
            std::visit([&](const auto& s) { shape(out, s); }, scene.shapes[i]);
    }
};

void open_svg(std::string& out, const Scene& scene, int width, int height, std::string_view title,
              std::span<const ImageText> texts) {
    fmt::format_to(Out(out),
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 ",
                   width, height);
    number(out, scene.width);
    out += ' ';
    number(out, scene.height);
    out += "\">";
    if (!title.empty()) {
        out += "<title>";
        escape_xml(out, title);
        out += "</title>";
    }
    if (!texts.empty()) {
        // "KEY: text" a line (a text's own newlines as &#10;), as a GIF comment has it.
        out += "<metadata>";
        for (const ImageText& t : texts) {
            escape_xml(out, t.key, true);
            out += ": ";
            escape_xml(out, t.text, true);
            out += '\n';
        }
        out += "</metadata>";
    }
}

}  // namespace

namespace {

// The document: its head and metadata, the definitions the body used, the background,
// then the body.
std::string assemble(Writer& w, const Scene& scene, int width, int height, std::string_view title,
                     std::span<const ImageText> texts, const std::string& body) {
    std::string out;
    out.reserve(body.size() + w.defs.size() + 512);
    open_svg(out, scene, width, height, title, texts);
    if (!w.defs.empty()) out += "<defs>" + w.defs + "</defs>";
    Rect background{0, 0, scene.width, scene.height, scene.background, {}, 0};
    w.shape(out, background);
    out += body;
    out += "</svg>\n";
    return out;
}

}  // namespace

std::string write_svg(const Scene& scene, int width, int height, std::string_view title,
                      std::span<const ImageText> texts) {
    Writer w;
    std::string body;
    body.reserve(scene.shapes.size() * 48);
    w.shapes(body, scene, 0, scene.shapes.size());
    return assemble(w, scene, width, height, title, texts, body);
}

std::string write_svg_animation(std::span<const Scene> frames, int width, int height, int delay_ms,
                                std::string_view title, std::span<const ImageText> texts) {
    if (frames.empty()) return write_svg(Scene{}, width, height, title, texts);
    Writer w;
    const Scene& first = frames.front();
    std::string body;
    w.shapes(body, first, 0, first.board_end);
    // Frame i is visible in its slot of the loop, a delay from i delays on (the last frame
    // last_frame_ms): one discrete animation of its visibility. The first frame is visible
    // without animation, so a viewer that plays no SMIL shows the start of the game.
    const std::size_t n = frames.size();
    const double loop_ms = static_cast<double>(n - 1) * delay_ms + last_frame_ms(delay_ms);
    for (std::size_t i = 0; i < n; ++i) {
        const double from = static_cast<double>(i) * delay_ms / loop_ms;
        const double to = i + 1 == n ? 1.0 : static_cast<double>(i + 1) * delay_ms / loop_ms;
        body += i == 0 ? "<g>" : "<g visibility=\"hidden\">";
        if (n > 1) {
            body += "<animate attributeName=\"visibility\" calcMode=\"discrete\" repeatCount=\"indefinite\"";
            if (i == 0)
                fmt::format_to(Out(body), " values=\"visible;hidden\" keyTimes=\"0;{:.6g}\"", to);
            else if (i + 1 == n)
                fmt::format_to(Out(body), " values=\"hidden;visible\" keyTimes=\"0;{:.6g}\"", from);
            else
                fmt::format_to(Out(body), " values=\"hidden;visible;hidden\" keyTimes=\"0;{:.6g};{:.6g}\"",
                               from, to);
            fmt::format_to(Out(body), " dur=\"{}ms\"/>", static_cast<long>(loop_ms));
        }
        w.shapes(body, frames[i], frames[i].board_end, frames[i].shapes.size());
        body += "</g>";
    }
    return assemble(w, first, width, height, title, texts, body);
}

}  // namespace kifu::image
