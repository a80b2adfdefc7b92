#pragma once
// Board images in one call: a BoardView drawn (image/draw.hpp) and written as SVG, PNG or
// GIF (image/encode.hpp), carrying the notation it shows (image/metadata.hpp reads it
// back). formats::write_image and the `kifu render` command are built on these.
//
//   kifu::image::RenderOptions o;
//   o.format = kifu::image::ImageFormat::png;
//   kifu::Result<std::string> png = kifu::image::render(view, o, {{"HEN", ".9x9_5Gb.b"}});

#include <span>
#include <string>
#include <string_view>

#include "kifu/core/board_view.hpp"
#include "kifu/core/image_options.hpp"
#include "kifu/core/result.hpp"
#include "kifu/image/draw.hpp"
#include "kifu/image/encode.hpp"

namespace kifu::image {

enum class ImageFormat : std::uint8_t { svg, png, gif };
std::string_view to_string(ImageFormat format) noexcept;   // "svg", "png", "gif"
std::string_view media_type(ImageFormat format) noexcept;  // "image/svg+xml", ...

struct RenderOptions : DrawOptions {
    ImageFormat format = ImageFormat::svg;
    int size = kDefaultSize;  // pixels of the longer side (the other follows the board's shape)
    int delay_ms = 800;       // an animation's time a frame
    static constexpr int kDefaultSize = ImageOptions::kDefaultSize;
    static constexpr int kMinSize = ImageOptions::kMinSize;
    static constexpr int kMaxSize = ImageOptions::kMaxSize;

    RenderOptions() = default;
    // The image formats' write options (formats::WriteOptions::image) as a drawing's.
    explicit RenderOptions(const ImageOptions& o, ImageFormat format_ = ImageFormat::svg)
        : DrawOptions{o.coordinates, o.crop, o.flip, o.theme}, format(format_), size(o.size) {}
};

// The image of one position. Errors: a theme no one knows, a size out of range, a view
// with no board.
Result<std::string> render(const BoardView& view, const RenderOptions& options,
                           std::span<const ImageText> texts = {});

// An animation, a frame a view (the positions of a game's main line): an animated GIF or
// SVG. A PNG is refused (unsupported): PNG has no animation that every viewer plays.
Result<std::string> render_animation(std::span<const BoardView> views, const RenderOptions& options,
                                     std::span<const ImageText> texts = {});

}  // namespace kifu::image
