#pragma once
// Scenes (image/scene.hpp) written as SVG text, painted into pixels with cairo, and those
// pixels written as PNG or GIF. Every image carries the notation of what it shows as
// text (`ImageText`): PNG tEXt chunks (iTXt for text beyond Latin-1), a GIF comment
// extension, an SVG <metadata> element; image/metadata.hpp reads them back.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/image/scene.hpp"

namespace kifu::image {

// One piece of text an image carries: "HEN" and ".9x9_5Gb.b", "FEEN" and ...
struct ImageText {
    std::string key;
    std::string text;  // UTF-8
    bool operator==(const ImageText&) const = default;
};

// An SVG document of `width` x `height` pixels showing the scene; `title` is its <title>.
// Deterministic: the same scene gives the same bytes. No external references.
std::string write_svg(const Scene& scene, int width, int height, std::string_view title,
                      std::span<const ImageText> texts);

// How long an animation's last frame stays before it loops: the end of the game is looked
// at, not flashed (three delays, two seconds at least).
constexpr int last_frame_ms(int delay_ms) noexcept {
    return delay_ms * 3 > 2000 ? delay_ms * 3 : 2000;
}

// An animated SVG: frame after frame, `delay_ms` each (the last last_frame_ms), looping (SMIL, which browsers
// play; a viewer that does not, such as librsvg, shows the first frame). The frames share one board (the
// first scene's shapes before board_end).
std::string write_svg_animation(std::span<const Scene> frames, int width, int height, int delay_ms,
                                std::string_view title, std::span<const ImageText> texts);

// Pixels as cairo paints them: 0x00RRGGBB, row after row.
struct Pixels {
    int width = 0;
    int height = 0;
    std::vector<std::uint32_t> xrgb;
    std::uint32_t at(int x, int y) const {
        return xrgb[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                    static_cast<std::size_t>(x)];
    }
};

// The scene painted at `width` x `height` pixels (antialiased, opaque).
Pixels paint(const Scene& scene, int width, int height);
// The same into `into`, reusing its storage (a loop drawing image after image).
void paint(const Scene& scene, int width, int height, Pixels& into);

// A rectangle of pixels, (x, y) its top left.
struct PixelRect {
    int x = 0, y = 0, w = 0, h = 0;
    bool empty() const noexcept { return w <= 0 || h <= 0; }
    bool operator==(const PixelRect&) const = default;
};

// The scenes of an animation painted one after another into one frame of pixels, each only
// where it differs from the scene before: where the shapes one has and the other has not
// stand (shapes both have, in the same order, draw the same pixels and are left alone),
// widened for antialiasing, and the whole frame where the board, the size or the background
// differ. Inside those regions only the shapes that reach them are drawn; the pixels come out
// the same as paint() of the scene gives. A move repaints its squares and its marks, not the
// board between.
class FramePainter {
  public:
    FramePainter(int width, int height);
    // The next scene, which outlives the painter's next paint(); the regions of the frame it
    // changed, none overlapping another (the whole frame for the first scene).
    std::span<const PixelRect> paint(const Scene& scene);
    const Pixels& pixels() const noexcept { return pixels_; }

  private:
    Pixels pixels_;
    const Scene* previous_ = nullptr;
    std::vector<PixelRect> previous_bounds_, bounds_, regions_;  // bounds: a shape's pixels
};

// A PNG of the pixels with the texts as tEXt/iTXt chunks. `level`: libdeflate's, 1-12.
std::string write_png(const Pixels& pixels, std::span<const ImageText> texts, int level = 1);

// A GIF of one frame or an animation (frames of one size, `delay_ms` each, the last
// last_frame_ms, looping), with
// one palette of at most 256 colours for all frames and the texts as a comment extension
// ("KEY: text" a line). Later frames store only the rectangle that changed.
std::string write_gif(std::span<const Pixels> frames, int delay_ms, std::span<const ImageText> texts);

// The same frame by frame, for animations too long to hold: a GifPalette sees every frame
// first (count), then a GifWriter takes them again one at a time (add). What either keeps
// is a frame's size, whatever the number of frames: render_animation paints each frame
// twice rather than hold them all (500 frames of 1024 x 1024 pixels are 2 GB).
class GifPalette {
  public:
    GifPalette();
    void count(const Pixels& frame);
    // Only `regions` of the frame (not overlapping): the rest is as in a frame counted before.
    void count(const Pixels& frame, std::span<const PixelRect> regions);

  private:
    friend class GifWriter;
    struct Counts;
    std::shared_ptr<Counts> counts_;
};

class GifWriter {
  public:
    // `frames`: how many add() will give (more than one: an animation, looping).
    GifWriter(const GifPalette& palette, int width, int height, std::size_t frames, int delay_ms,
              std::span<const ImageText> texts);
    ~GifWriter();
    GifWriter(const GifWriter&) = delete;
    GifWriter& operator=(const GifWriter&) = delete;

    void add(const Pixels& frame);  // of the writer's width and height
    // A frame that differs from the one added before only within `changed` (the first
    // frame is taken whole).
    void add(const Pixels& frame, std::span<const PixelRect> changed);
    std::string finish();  // the GIF; the writer is spent

  private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace kifu::image
