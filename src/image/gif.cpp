// GIF out through giflib: one palette for every frame, each later frame only the rectangle
// that changed, the notation as a comment extension.

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "kifu/image/encode.hpp"

namespace kifu::image {
namespace {

struct Palette {
    std::vector<std::uint32_t> colours;  // 0xRRGGBB
    std::unordered_map<std::uint32_t, std::uint8_t> exact;
    std::vector<std::int16_t> nearest;  // by 15-bit colour; -1: not yet found

    static std::uint32_t bin(std::uint32_t c) {
        return ((c >> 9) & 0x7C00) | ((c >> 6) & 0x03E0) | ((c >> 3) & 0x001F);
    }

    std::uint8_t index(std::uint32_t c) {
        c &= 0xFFFFFF;
        if (auto it = exact.find(c); it != exact.end()) return it->second;
        const std::uint32_t b = bin(c);
        if (nearest[b] < 0) {
            const int r = static_cast<int>(((b >> 10) & 31) << 3 | 4),
                      g = static_cast<int>(((b >> 5) & 31) << 3 | 4),
                      bl = static_cast<int>((b & 31) << 3 | 4);
            int best = 0, best_d = 1 << 30;
            for (std::size_t i = 0; i < colours.size(); ++i) {
                const int dr = static_cast<int>(colours[i] >> 16) - r,
                          dg = static_cast<int>((colours[i] >> 8) & 255) - g,
                          db = static_cast<int>(colours[i] & 255) - bl;
                const int d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
                if (d < best_d) best_d = d, best = static_cast<int>(i);
            }
            nearest[b] = static_cast<std::int16_t>(best);
        }
        return static_cast<std::uint8_t>(nearest[b]);
    }
};

int append(GifFileType* gif, const GifByteType* data, int length) {
    static_cast<std::string*>(gif->UserData)
        ->append(reinterpret_cast<const char*>(data), static_cast<std::size_t>(length));
    return length;
}

void check(int status) {
    if (status != GIF_OK) throw std::runtime_error("GIF encoder failed");
}

}  // namespace

// The colours of every frame seen: each distinct colour while there are at most 256 of
// them, and always a count a 15-bit bin with its colour sums.
struct GifPalette::Counts {
    struct Bin {
        std::uint64_t n = 0, r = 0, g = 0, b = 0;
    };
    std::unordered_set<std::uint32_t> colours;
    bool few = true;
    std::vector<Bin> bins = std::vector<Bin>(1 << 15);

    // Exact colours when there are at most 256; else the 256 most common bins (their mean
    // colour), every other colour taking the nearest. Boards are a few flat colours and
    // their antialiased edges, so the common bins are the colours that matter.
    Palette palette() const {
        Palette p;
        p.nearest.assign(1 << 15, -1);
        if (few) {
            p.colours.assign(colours.begin(), colours.end());
            std::sort(p.colours.begin(), p.colours.end());
            for (std::size_t i = 0; i < p.colours.size(); ++i)
                p.exact.emplace(p.colours[i], static_cast<std::uint8_t>(i));
            return p;
        }
        std::vector<std::uint32_t> order;
        for (std::uint32_t i = 0; i < bins.size(); ++i)
            if (bins[i].n) order.push_back(i);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return bins[a].n != bins[b].n ? bins[a].n > bins[b].n : a < b;
        });
        order.resize(std::min<std::size_t>(order.size(), 256));
        for (const std::uint32_t i : order) {
            const Bin& b = bins[i];
            const auto mean = [&](std::uint64_t sum) { return static_cast<std::uint32_t>(sum / b.n); };
            p.colours.push_back(mean(b.r) << 16 | mean(b.g) << 8 | mean(b.b));
        }
        for (std::size_t i = 0; i < order.size(); ++i) p.nearest[order[i]] = static_cast<std::int16_t>(i);
        return p;
    }
};

GifPalette::GifPalette() : counts_(std::make_shared<Counts>()) {}

void GifPalette::count(const Pixels& frame) {
    Counts& c = *counts_;
    std::uint32_t last = ~0u;  // a flat run of one colour asks the set once
    for (const std::uint32_t px : frame.xrgb) {
        Counts::Bin& b = c.bins[Palette::bin(px)];
        ++b.n, b.r += (px >> 16) & 255, b.g += (px >> 8) & 255, b.b += px & 255;
        if (c.few && (px & 0xFFFFFF) != last) {
            last = px & 0xFFFFFF;
            c.colours.insert(last);
            if (c.colours.size() > 256) {
                c.few = false;
                c.colours = {};
            }
        }
    }
}

struct GifWriter::State {
    Palette palette;
    std::string out;
    GifFileType* gif = nullptr;
    ColorMapObject* map = nullptr;
    int width = 0, height = 0, delay_ms = 0;
    std::size_t frames = 0, added = 0;
    bool animated = false;
    std::vector<GifByteType> previous, current;

    ~State() {
        int e = 0;
        if (gif) EGifCloseFile(gif, &e);
        if (map) GifFreeMapObject(map);
    }
};

GifWriter::GifWriter(const GifPalette& palette, int width, int height, std::size_t frames, int delay_ms,
                     std::span<const ImageText> texts)
    : state_(std::make_unique<State>()) {
    State& s = *state_;
    s.palette = palette.counts_->palette();
    s.width = width, s.height = height, s.delay_ms = delay_ms, s.frames = frames, s.animated = frames > 1;
    std::array<GifColorType, 256> colours{};
    for (std::size_t i = 0; i < s.palette.colours.size(); ++i)
        colours[i] = {static_cast<GifByteType>(s.palette.colours[i] >> 16),
                      static_cast<GifByteType>((s.palette.colours[i] >> 8) & 255),
                      static_cast<GifByteType>(s.palette.colours[i] & 255)};
    s.map = GifMakeMapObject(256, colours.data());
    int error = 0;
    s.gif = EGifOpen(&s.out, append, &error);
    if (!s.gif || !s.map) throw std::bad_alloc();
    EGifSetGifVersion(s.gif, true);
    check(EGifPutScreenDesc(s.gif, width, height, 8, 0, s.map));
    // A comment extension a text, "KEY: text" (newlines and all), as hen-worker writes HEN.
    for (const ImageText& t : texts) {
        std::string comment = t.key + ": " + t.text;
        std::replace(comment.begin(), comment.end(), '\0', ' ');
        check(EGifPutComment(s.gif, comment.c_str()));
    }
    if (s.animated) {
        // NETSCAPE2.0: loop for ever.
        static const GifByteType kApp[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
        static const GifByteType kLoop[] = {1, 0, 0};
        check(EGifPutExtensionLeader(s.gif, APPLICATION_EXT_FUNC_CODE));
        check(EGifPutExtensionBlock(s.gif, sizeof kApp, kApp));
        check(EGifPutExtensionBlock(s.gif, sizeof kLoop, kLoop));
        check(EGifPutExtensionTrailer(s.gif));
    }
    s.current.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
}

GifWriter::~GifWriter() = default;

void GifWriter::add(const Pixels& frame) {
    State& s = *state_;
    const int w = s.width, h = s.height;
    if (frame.width != w || frame.height != h) throw std::invalid_argument("GIF frames of two sizes");
    for (std::size_t i = 0; i < s.current.size(); ++i) s.current[i] = s.palette.index(frame.xrgb[i]);
    int left = 0, top = 0, right = w - 1, bottom = h - 1;
    if (!s.previous.empty()) {
        // The rectangle of what changed (one pixel where nothing did).
        left = w, top = h, right = -1, bottom = -1;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const std::size_t i = static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x);
                if (s.current[i] == s.previous[i]) continue;
                left = std::min(left, x), right = std::max(right, x);
                top = std::min(top, y), bottom = std::max(bottom, y);
            }
        if (right < 0) left = top = right = bottom = 0;
    }
    if (s.animated) {
        GraphicsControlBlock gcb{};
        gcb.DisposalMode = DISPOSE_DO_NOT;
        const int ms = ++s.added == s.frames ? last_frame_ms(s.delay_ms) : s.delay_ms;
        gcb.DelayTime = std::clamp(ms / 10, 1, 65535);
        gcb.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType extension[4];
        const std::size_t n = EGifGCBToExtension(&gcb, extension);
        check(EGifPutExtension(s.gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(n), extension));
    }
    check(EGifPutImageDesc(s.gif, left, top, right - left + 1, bottom - top + 1, false, nullptr));
    for (int y = top; y <= bottom; ++y)
        check(EGifPutLine(s.gif,
                          s.current.data() + static_cast<std::size_t>(y) * w + static_cast<std::size_t>(left),
                          right - left + 1));
    s.previous.swap(s.current);
    s.current.resize(s.previous.size());
}

std::string GifWriter::finish() {
    State& s = *state_;
    int e = 0;
    const int closed = EGifCloseFile(s.gif, &e);
    s.gif = nullptr;
    if (closed != GIF_OK) throw std::runtime_error("GIF encoder failed");
    return std::move(s.out);
}

std::string write_gif(std::span<const Pixels> frames, int delay_ms, std::span<const ImageText> texts) {
    if (frames.empty()) return {};
    GifPalette palette;
    for (const Pixels& f : frames) palette.count(f);
    GifWriter writer(palette, frames[0].width, frames[0].height, frames.size(), delay_ms, texts);
    for (const Pixels& f : frames) writer.add(f);
    return writer.finish();
}

}  // namespace kifu::image
