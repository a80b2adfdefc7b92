#include "kifu/image/render.hpp"

#include <cmath>

#include <fmt/format.h>

#include "kifu/core/problem.hpp"

namespace kifu::image {
namespace {

// Pixels for a scene: the longer side `size`, the other in proportion.
std::pair<int, int> pixel_size(const Scene& scene, int size) {
    if (scene.width <= 0 || scene.height <= 0) return {size, size};
    const double scale = size / std::max(scene.width, scene.height);
    return {std::max(1, static_cast<int>(std::lround(scene.width * scale))),
            std::max(1, static_cast<int>(std::lround(scene.height * scale)))};
}

Result<void> check_size(const RenderOptions& o) {
    if (o.size < RenderOptions::kMinSize || o.size > RenderOptions::kMaxSize)
        return unplaced_error(ErrorCode::out_of_range,
                              fmt::format("an image size of {} pixels is out of range ({}-{})", o.size,
                                          RenderOptions::kMinSize, RenderOptions::kMaxSize));
    return {};
}

std::string title(const BoardView& view, std::span<const ImageText> texts) {
    std::string t = view.game + " position";
    if (!texts.empty()) t += ": " + texts.front().text;
    return t;
}

}  // namespace

std::string_view to_string(ImageFormat format) noexcept {
    switch (format) {
        case ImageFormat::svg:
            return "svg";
        case ImageFormat::png:
            return "png";
        case ImageFormat::gif:
            return "gif";
    }
    return "svg";
}

std::string_view media_type(ImageFormat format) noexcept {
    switch (format) {
        case ImageFormat::svg:
            return "image/svg+xml";
        case ImageFormat::png:
            return "image/png";
        case ImageFormat::gif:
            return "image/gif";
    }
    return "image/svg+xml";
}

Result<std::string> render(const BoardView& view, const RenderOptions& options,
                           std::span<const ImageText> texts) {
    if (Result<void> ok = check_size(options); !ok) return ok.error();
    Result<Scene> scene = draw(view, options);
    if (!scene) return scene.error();
    const auto [w, h] = pixel_size(*scene, options.size);
    switch (options.format) {
        case ImageFormat::svg:
            return write_svg(*scene, w, h, title(view, texts), texts);
        case ImageFormat::png: {
            // The pixels kept a thread: a server or a loop paints into the same memory.
            thread_local Pixels pixels;
            paint(*scene, w, h, pixels);
            return write_png(pixels, texts);
        }
        case ImageFormat::gif: {
            const Pixels frame = paint(*scene, w, h);
            return write_gif({&frame, 1}, 0, texts);
        }
    }
    return std::string{};
}

Result<std::string> render_animation(std::span<const BoardView> views, const RenderOptions& options,
                                     std::span<const ImageText> texts) {
    if (Result<void> ok = check_size(options); !ok) return ok.error();
    if (options.format == ImageFormat::png)
        return unplaced_error(ErrorCode::unsupported, "an animation is a GIF or an SVG, not a PNG");
    if (views.empty())
        return unplaced_error(ErrorCode::unsupported, "an animation needs at least one position");
    std::vector<Scene> scenes;
    scenes.reserve(views.size());
    DrawOptions draw_options = options;
    draw_options.pass_over_board = true;  // every frame the board's shape, pass or not
    for (const BoardView& v : views) {
        Result<Scene> scene = draw(v, draw_options);
        if (!scene) return scene.error();
        scenes.push_back(std::move(*scene));
    }
    const auto [w, h] = pixel_size(scenes.front(), options.size);
    if (options.format == ImageFormat::svg)
        return write_svg_animation(scenes, w, h, options.delay_ms, title(views.back(), texts), texts);
    // One frame's pixels held, not the animation's: each frame painted only where it differs
    // from the one before (the squares of a move and of the last move's marks), twice: the
    // palette sees every frame first, then the writer stores each frame's change.
    GifPalette palette;
    FramePainter counting(w, h);
    for (const Scene& s : scenes) {
        const std::span<const PixelRect> changed = counting.paint(s);
        palette.count(counting.pixels(), changed);
    }
    GifWriter writer(palette, w, h, scenes.size(), options.delay_ms, texts);
    FramePainter writing(w, h);
    for (const Scene& s : scenes) {
        const std::span<const PixelRect> changed = writing.paint(s);
        writer.add(writing.pixels(), changed);
    }
    return writer.finish();
}

}  // namespace kifu::image
