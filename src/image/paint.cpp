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

// Sprites: a shape's look (the shape drawn at the origin, the scale, and where its anchor
// falls within a device pixel, in quarters) drawn once into an ARGB surface, then copied
// wherever that look stands, so that each copy lands where the shape itself would be
// drawn. Kept a thread: a server drawing board after board, and an animation frame after
// frame, draw each look once; cleared past `limit` looks (a server drawing many sizes).
struct Sprite {
    cairo_surface_t* surface = nullptr;
    int corner_x = 0, corner_y = 0;  // the top left, relative to the anchor's device pixel
};

template <class Look>
class SpriteCache {
  public:
    explicit SpriteCache(std::size_t limit) : limit_(limit) {}
    ~SpriteCache() { clear(); }
    SpriteCache(const SpriteCache&) = delete;
    SpriteCache& operator=(const SpriteCache&) = delete;

    // The sprite of `look`, made by `make(look)` the first time it is asked for.
    template <class Make>
    Sprite get(const Look& look, Make make) {
        for (const auto& [k, sprite] : sprites_)
            if (k == look) return sprite;
        if (sprites_.size() >= limit_) clear();
        sprites_.emplace_back(look, make(look));
        return sprites_.back().second;
    }

  private:
    void clear() {
        for (auto& [k, sprite] : sprites_) cairo_surface_destroy(sprite.surface);
        sprites_.clear();
    }
    std::size_t limit_;
    std::vector<std::pair<Look, Sprite>> sprites_;
};

// Where a scene point falls on the device: the pixel, and the quarter within it.
struct DevicePlace {
    double pixel_x, pixel_y;
    int phase_x, phase_y;
};
DevicePlace device_place(cairo_t* cr, double x, double y) {
    cairo_user_to_device(cr, &x, &y);
    const double fx = std::floor(x), fy = std::floor(y);
    return {fx, fy, static_cast<int>(std::lround((x - fx) * 4)), static_cast<int>(std::lround((y - fy) * 4))};
}

void paint_sprite(cairo_t* cr, const Sprite& sprite, const DevicePlace& at) {
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_set_source_surface(cr, sprite.surface, at.pixel_x + sprite.corner_x, at.pixel_y + sprite.corner_y);
    cairo_paint(cr);
    cairo_restore(cr);
}

struct DiscLook {
    Circle disc;  // centred on the origin
    double scale;
    int phase_x, phase_y;
    bool operator==(const DiscLook&) const = default;
};

Sprite make_disc_sprite(const DiscLook& look) {
    const Circle& c = look.disc;
    const int offset = static_cast<int>(std::ceil((c.r + c.stroke.width) * look.scale)) + 1;
    const int side = 2 * offset + 1;
    cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side);
    cairo_t* cr = cairo_create(s);
    cairo_translate(cr, offset + look.phase_x / 4.0, offset + look.phase_y / 4.0);
    cairo_scale(cr, look.scale, look.scale);
    draw_shaded(cr, c);
    cairo_destroy(cr);
    return {s, -offset, -offset};
}

void draw(cairo_t* cr, const Circle& c) {
    if (c.highlight) {
        thread_local SpriteCache<DiscLook> sprites(256);
        const DevicePlace at = device_place(cr, c.cx, c.cy);
        double scale = 1, unused = 0;  // the context only scales
        cairo_user_to_device_distance(cr, &scale, &unused);
        Circle disc = c;
        disc.cx = disc.cy = 0;
        paint_sprite(cr, sprites.get({disc, scale, at.phase_x, at.phase_y}, make_disc_sprite), at);
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

// Text filled from its glyphs' outlines where the context puts it.
void fill_text(cairo_t* cr, const Text& t) {
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

// A shape's bounds in the scene's units, strokes included (text by its glyphs' ink).
struct Bounds {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty = true;
    void add(double x, double y) {
        if (empty) {
            x0 = x1 = x, y0 = y1 = y, empty = false;
            return;
        }
        x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
    void widen(double d) { x0 -= d, y0 -= d, x1 += d, y1 += d; }
};

double reach(const Stroke& s) {
    return s.color.visible() && s.width > 0 ? s.width / 2 : 0;
}

Bounds bounds(const Rect& r) {
    Bounds b;
    b.add(r.x, r.y), b.add(r.x + r.w, r.y + r.h), b.widen(reach(r.stroke));
    return b;
}
Bounds bounds(const Circle& c) {
    Bounds b;
    b.add(c.cx - c.r, c.cy - c.r), b.add(c.cx + c.r, c.cy + c.r), b.widen(reach(c.stroke));
    return b;
}
Bounds bounds(const Line& l) {
    Bounds b;
    b.add(l.x1, l.y1), b.add(l.x2, l.y2), b.widen(reach(l.stroke));
    return b;
}
Bounds bounds(const Polygon& p) {
    Bounds b;
    for (const Point& q : p.points) b.add(q.x, q.y);
    b.widen(reach(p.stroke));  // a miter may reach further: widened again in pixels below
    return b;
}
Bounds bounds(const Text& t) {
    Bounds b;
    for (const PlacedGlyph& p : lay_out(t)) {
        b.add(p.a * p.glyph->ink_left + p.e, p.a * p.glyph->ink_top + p.f);
        b.add(p.a * p.glyph->ink_right + p.e, p.a * p.glyph->ink_bottom + p.f);
    }
    return b;
}

// Text as sprites, as the shaded discs are: a glyph's outline is hundreds of curves that
// cairo flattens and rasterises at every fill (a chess piece at 720 pixels costs 0.5 M
// instructions), so a whole board's pieces, and an animation's frames, paint from copies.
// (The text lands within an eighth of a pixel of where a fill would put it.)
struct TextLook {
    Text text;  // at the origin
    double sx, sy;
    int phase_x, phase_y;
    bool operator==(const TextLook&) const = default;
};

Sprite make_text_sprite(const TextLook& look) {
    const Bounds b = bounds(look.text);
    if (b.empty) return {cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1), 0, 0};
    Sprite sprite;
    sprite.corner_x = static_cast<int>(std::floor(b.x0 * look.sx)) - 2;
    sprite.corner_y = static_cast<int>(std::floor(b.y0 * look.sy)) - 2;
    const int w = static_cast<int>(std::ceil(b.x1 * look.sx)) + 3 - sprite.corner_x;
    const int h = static_cast<int>(std::ceil(b.y1 * look.sy)) + 3 - sprite.corner_y;
    sprite.surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* cr = cairo_create(sprite.surface);
    cairo_translate(cr, look.phase_x / 4.0 - sprite.corner_x, look.phase_y / 4.0 - sprite.corner_y);
    cairo_scale(cr, look.sx, look.sy);
    fill_text(cr, look.text);
    cairo_destroy(cr);
    return sprite;
}

void draw(cairo_t* cr, const Text& t) {
    thread_local SpriteCache<TextLook> sprites(512);
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    if (m.xy != 0 || m.yx != 0) {  // turned or sheared (never by kifu's painter): filled as it is
        fill_text(cr, t);
        return;
    }
    const DevicePlace at = device_place(cr, t.x, t.y);
    Text text = t;
    text.x = text.y = 0;
    paint_sprite(cr, sprites.get({std::move(text), m.xx, m.yy, at.phase_x, at.phase_y}, make_text_sprite),
                 at);
}

// The pixels a shape may touch at scale (sx, sy), clipped to the image: two pixels wider
// on each side for antialiasing and stroke joins.
PixelRect pixel_bounds(const Shape& shape, double sx, double sy, int width, int height) {
    const Bounds b = std::visit([](const auto& x) { return bounds(x); }, shape);
    if (b.empty) return {};
    const double pad = 2 + (std::holds_alternative<Polygon>(shape)
                                ? std::get<Polygon>(shape).stroke.width * std::max(sx, sy) * 2
                                : 0);
    const int x0 = std::max(0, static_cast<int>(std::floor(b.x0 * sx - pad)));
    const int y0 = std::max(0, static_cast<int>(std::floor(b.y0 * sy - pad)));
    const int x1 = std::min(width, static_cast<int>(std::ceil(b.x1 * sx + pad)));
    const int y1 = std::min(height, static_cast<int>(std::ceil(b.y1 * sy + pad)));
    if (x1 <= x0 || y1 <= y0) return {};
    return {x0, y0, x1 - x0, y1 - y0};
}

PixelRect unite(PixelRect a, PixelRect b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    const int x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
    const int x1 = std::max(a.x + a.w, b.x + b.w), y1 = std::max(a.y + a.h, b.y + b.h);
    return {x0, y0, x1 - x0, y1 - y0};
}

bool meet(PixelRect a, PixelRect b) {
    return !a.empty() && !b.empty() && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h &&
           b.y < a.y + a.h;
}

std::pair<double, double> scale_of(const Scene& scene, int width, int height) {
    if (scene.width <= 0 || scene.height <= 0) return {1, 1};
    return {width / scene.width, height / scene.height};
}

// The scene painted on a cairo surface over `data` (rows of `stride` bytes) whose top left
// is the image's pixel (x, y): the shapes for which `keep` holds.
template <class Keep>
void paint_at(const Scene& scene, double sx, double sy, unsigned char* data, int x, int y, int w, int h,
              int stride, Keep keep) {
    cairo_surface_t* surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_RGB24, w, h, stride);
    cairo_t* cr = cairo_create(surface);
    cairo_translate(cr, -x, -y);
    if (scene.width > 0 && scene.height > 0) cairo_scale(cr, sx, sy);
    source(cr, scene.background);
    cairo_paint(cr);
    for (std::size_t i = 0; i < scene.shapes.size(); ++i)
        if (keep(i)) std::visit([&](const auto& shape) { draw(cr, shape); }, scene.shapes[i]);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
}

// The scene into `out` (of its size), all of it, or only `clips` (then `bounds` are its
// shapes' pixels). A clip is painted on a surface of its own a few pixels larger, then
// copied in: cairo rasterises an antialiased edge under cairo_clip, or at a surface's edge,
// a level or a few of colour off the edge it draws inside a surface. Only the shapes that
// reach the clip are drawn (the margin, not copied, may lack the others).
void paint_into(const Scene& scene, Pixels& out, std::span<const PixelRect> clips,
                std::span<const PixelRect> bounds) {
    // Cairo's RGB24 rows are 4 bytes a pixel with no padding at these widths, so it paints
    // straight into the vector.
    const int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, out.width);
    const auto [sx, sy] = scale_of(scene, out.width, out.height);
    if (clips.empty()) {
        paint_at(scene, sx, sy, reinterpret_cast<unsigned char*>(out.xrgb.data()), 0, 0, out.width,
                 out.height, stride, [](std::size_t) { return true; });
        return;
    }
    thread_local std::vector<std::uint32_t> room;
    constexpr int kMargin = 4;
    for (const PixelRect& c : clips) {
        const int x0 = std::max(0, c.x - kMargin), y0 = std::max(0, c.y - kMargin);
        const int x1 = std::min(out.width, c.x + c.w + kMargin),
                  y1 = std::min(out.height, c.y + c.h + kMargin);
        const PixelRect around{x0, y0, x1 - x0, y1 - y0};
        room.resize(static_cast<std::size_t>(around.w) * static_cast<std::size_t>(around.h));
        paint_at(scene, sx, sy, reinterpret_cast<unsigned char*>(room.data()), around.x, around.y, around.w,
                 around.h, around.w * 4, [&](std::size_t i) { return meet(c, bounds[i]); });
        for (int y = c.y; y < c.y + c.h; ++y)
            std::copy_n(
                room.data() + static_cast<std::size_t>(y - around.y) * static_cast<std::size_t>(around.w) +
                    static_cast<std::size_t>(c.x - around.x),
                c.w,
                out.xrgb.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(out.width) + c.x);
    }
}

// Adds `r` to rectangles that do not overlap: any it meets are merged into it first.
void add_disjoint(std::vector<PixelRect>& rects, PixelRect r) {
    if (r.empty()) return;
    for (bool merged = true; merged;) {
        merged = false;
        for (std::size_t i = 0; i < rects.size(); ++i)
            if (meet(rects[i], r)) {
                r = unite(r, rects[i]);
                rects.erase(rects.begin() + static_cast<std::ptrdiff_t>(i));
                merged = true;
                break;
            }
    }
    rects.push_back(r);
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
    paint_into(scene, out, {}, {});
}

FramePainter::FramePainter(int width, int height) {
    pixels_.width = std::max(width, 1);
    pixels_.height = std::max(height, 1);
}

std::span<const PixelRect> FramePainter::paint(const Scene& scene) {
    const int w = pixels_.width, h = pixels_.height;
    const auto [sx, sy] = scale_of(scene, w, h);
    bounds_.clear();
    for (const Shape& shape : scene.shapes) bounds_.push_back(pixel_bounds(shape, sx, sy, w, h));
    regions_.clear();
    const Scene* before = previous_;
    if (!before || before->width != scene.width || before->height != scene.height ||
        before->background != scene.background || before->board_end != scene.board_end ||
        before->shapes.size() < before->board_end || scene.shapes.size() < scene.board_end ||
        !std::equal(before->shapes.begin(),
                    before->shapes.begin() + static_cast<std::ptrdiff_t>(before->board_end),
                    scene.shapes.begin())) {
        image::paint(scene, w, h, pixels_);
        regions_.push_back({0, 0, w, h});
    } else {
        // The shapes on the board matched in order, each of this scene with the next equal
        // one of the scene before (those passed over are gone); what matches draws the same
        // pixels in the same order, so only what is unmatched on either side changes a pixel.
        std::size_t i = before->board_end;
        for (std::size_t j = scene.board_end; j < scene.shapes.size(); ++j) {
            std::size_t k = i;
            while (k < before->shapes.size() && !(before->shapes[k] == scene.shapes[j])) ++k;
            if (k == before->shapes.size()) {
                add_disjoint(regions_, bounds_[j]);
                continue;
            }
            for (; i < k; ++i) add_disjoint(regions_, previous_bounds_[i]);
            i = k + 1;
        }
        for (; i < before->shapes.size(); ++i) add_disjoint(regions_, previous_bounds_[i]);
        if (!regions_.empty()) paint_into(scene, pixels_, regions_, bounds_);
    }
    previous_ = &scene;
    previous_bounds_.swap(bounds_);
    return regions_;
}

}  // namespace kifu::image
