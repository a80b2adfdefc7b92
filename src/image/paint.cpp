// The cairo painter: a scene into pixels, shape by shape as the SVG writer writes them.

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "kifu/image/encode.hpp"
#include "text_layout.hpp"

namespace kifu::image {
namespace {

void source(cairo_t* cr, Color c) {
    cairo_set_source_rgba(cr, c.r() / 255.0, c.g() / 255.0, c.b() / 255.0, c.a() / 255.0);
}

// Fills the current path, then strokes it, as SVG paints fill before stroke.
void fill_and_stroke(cairo_t* cr, Color fill, const Stroke& stroke) {
    if (fill.visible()) {
        source(cr, fill);
        if (stroke.color.visible() && stroke.width > 0)
            cairo_fill_preserve(cr);
        else
            cairo_fill(cr);
    }
    if (stroke.color.visible() && stroke.width > 0) {
        source(cr, stroke.color);
        cairo_set_line_width(cr, stroke.width);
        cairo_stroke(cr);
    }
    cairo_new_path(cr);
}

void draw(cairo_t* cr, const Rect& r) {
    if (r.radius > 0) {
        const double k = std::min({r.radius, r.w / 2, r.h / 2});
        const double pi = std::numbers::pi;
        cairo_new_sub_path(cr);
        cairo_arc(cr, r.x + r.w - k, r.y + k, k, -pi / 2, 0);
        cairo_arc(cr, r.x + r.w - k, r.y + r.h - k, k, 0, pi / 2);
        cairo_arc(cr, r.x + k, r.y + r.h - k, k, pi / 2, pi);
        cairo_arc(cr, r.x + k, r.y + k, k, pi, 3 * pi / 2);
        cairo_close_path(cr);
    } else {
        cairo_rectangle(cr, r.x, r.y, r.w, r.h);
    }
    fill_and_stroke(cr, r.fill, r.stroke);
}

// A shaded disc (a stone, a xiangqi piece) drawn with its gradient: slow in cairo (a
// radial gradient is computed pixel by pixel over a mask), so each look is drawn once into
// a sprite and the sprite copied wherever that look stands (Sprites below).
void draw_shaded(cairo_t* cr, const Circle& c) {
    cairo_arc(cr, c.cx, c.cy, c.r, 0, 2 * std::numbers::pi);
    // The SVG's radialGradient: focal point at 35% of the box, the circle's edge at 100%.
    cairo_pattern_t* p = cairo_pattern_create_radial(c.cx - 0.3 * c.r, c.cy - 0.3 * c.r, 0, c.cx, c.cy, c.r);
    const Color h = *c.highlight, f = c.fill;
    cairo_pattern_add_color_stop_rgb(p, 0, h.r() / 255.0, h.g() / 255.0, h.b() / 255.0);
    cairo_pattern_add_color_stop_rgb(p, 1, f.r() / 255.0, f.g() / 255.0, f.b() / 255.0);
    cairo_set_source(cr, p);
    if (c.stroke.color.visible() && c.stroke.width > 0)
        cairo_fill_preserve(cr);
    else
        cairo_fill(cr);
    cairo_pattern_destroy(p);
    fill_and_stroke(cr, kNone, c.stroke);
}

// Sprites of shaded discs at one scale, by look and by where the centre falls within a
// pixel (in quarters), so that a copied sprite lands where the disc itself would be drawn.
// Kept a thread: a server drawing board after board draws each look once.
class Sprites {
  public:
    ~Sprites() { clear(); }
    cairo_surface_t* get(const Circle& c, double scale, int phase_x, int phase_y, int& offset) {
        const Key key{c.r,     c.fill.rgba, c.highlight->rgba, c.stroke.color.rgba, c.stroke.width, scale,
                      phase_x, phase_y};
        const double reach = (c.r + c.stroke.width) * scale;
        offset = static_cast<int>(std::ceil(reach)) + 1;
        for (const auto& [k, s] : sprites_)
            if (k == key) return s;
        if (sprites_.size() >= 256) clear();
        const int side = 2 * offset + 1;
        cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side);
        cairo_t* cr = cairo_create(s);
        cairo_translate(cr, offset + phase_x / 4.0, offset + phase_y / 4.0);
        cairo_scale(cr, scale, scale);
        Circle at_origin = c;
        at_origin.cx = at_origin.cy = 0;
        draw_shaded(cr, at_origin);
        cairo_destroy(cr);
        sprites_.push_back({key, s});
        return s;
    }

  private:
    struct Key {
        double r;
        std::uint32_t fill, highlight, stroke;
        double stroke_width, scale;
        int phase_x, phase_y;
        bool operator==(const Key&) const = default;
    };
    void clear() {
        for (auto& [k, s] : sprites_) cairo_surface_destroy(s);
        sprites_.clear();
    }
    std::vector<std::pair<Key, cairo_surface_t*>> sprites_;
};

void draw(cairo_t* cr, const Circle& c) {
    if (c.highlight) {
        thread_local Sprites sprites;
        // Where the centre falls in device pixels (the context only scales).
        double x = c.cx, y = c.cy;
        cairo_user_to_device(cr, &x, &y);
        double scale = 1, unused = 0;
        cairo_user_to_device_distance(cr, &scale, &unused);
        const double fx = std::floor(x), fy = std::floor(y);
        const int px = static_cast<int>(std::lround((x - fx) * 4)),
                  py = static_cast<int>(std::lround((y - fy) * 4));
        int offset = 0;
        cairo_surface_t* sprite = sprites.get(c, scale, px, py, offset);
        cairo_save(cr);
        cairo_identity_matrix(cr);
        cairo_set_source_surface(cr, sprite, fx - offset, fy - offset);
        cairo_paint(cr);
        cairo_restore(cr);
        return;
    }
    cairo_arc(cr, c.cx, c.cy, c.r, 0, 2 * std::numbers::pi);
    fill_and_stroke(cr, c.fill, c.stroke);
}

void draw(cairo_t* cr, const Line& l) {
    cairo_move_to(cr, l.x1, l.y1);
    cairo_line_to(cr, l.x2, l.y2);
    fill_and_stroke(cr, kNone, l.stroke);
}

void draw(cairo_t* cr, const Polygon& p) {
    for (std::size_t i = 0; i < p.points.size(); ++i)
        (i ? cairo_line_to : cairo_move_to)(cr, p.points[i].x, p.points[i].y);
    cairo_close_path(cr);
    fill_and_stroke(cr, p.fill, p.stroke);
}

void draw(cairo_t* cr, const Text& t) {
    for (const PlacedGlyph& p : lay_out(t)) {
        const auto X = [&](float x) { return p.a * x + p.e; };
        const auto Y = [&](float y) { return p.a * y + p.f; };
        for (const PathOp& op : p.glyph->outline) {
            switch (op.kind) {
                case PathOp::move:
                    cairo_move_to(cr, X(op.x[0]), Y(op.y[0]));
                    break;
                case PathOp::line:
                    cairo_line_to(cr, X(op.x[0]), Y(op.y[0]));
                    break;
                case PathOp::cubic:
                    cairo_curve_to(cr, X(op.x[0]), Y(op.y[0]), X(op.x[1]), Y(op.y[1]), X(op.x[2]),
                                   Y(op.y[2]));
                    break;
                case PathOp::close:
                    cairo_close_path(cr);
                    break;
            }
        }
    }
    fill_and_stroke(cr, t.fill, {});
}

}  // namespace

Pixels paint(const Scene& scene, int width, int height) {
    Pixels out;
    paint(scene, width, height, out);
    return out;
}

void paint(const Scene& scene, int width, int height, Pixels& out) {
    out.width = std::max(width, 1);
    out.height = std::max(height, 1);
    // Not cleared: the background is painted over every pixel first.
    out.xrgb.resize(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height));
    const int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, out.width);
    // Cairo's RGB24 rows are 4 bytes a pixel with no padding at these widths, so it paints
    // straight into the vector.
    cairo_surface_t* surface = cairo_image_surface_create_for_data(
        reinterpret_cast<unsigned char*>(out.xrgb.data()), CAIRO_FORMAT_RGB24, out.width, out.height, stride);
    cairo_t* cr = cairo_create(surface);
    if (scene.width > 0 && scene.height > 0)
        cairo_scale(cr, out.width / scene.width, out.height / scene.height);
    source(cr, scene.background);
    cairo_paint(cr);
    for (const Shape& s : scene.shapes) std::visit([&](const auto& shape) { draw(cr, shape); }, s);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
}

}  // namespace kifu::image
