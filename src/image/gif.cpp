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

// GIF's LZW for 8-bit indices, the codes giflib's compressor gives: a clear code first, a
// code a longest string already in the table, the table full at 4,095 codes and cleared, the
// code width raised after the code that fills it. Its own table (open addressing on the
// prefix code and the next index, 32 KB, inline) instead of giflib's, which spends a
// function call and a division a pixel: giflib still writes every block around the data,
// and the tests read every image back with giflib's decoder.
class LzwCompressor {
  public:
    // The image's data as GIF sub-blocks: a length byte, then up to 255 bytes. (Not inlined
    // into the writer, whose state would leave its loop no registers.)
#if defined(__GNUC__)
    [[gnu::noinline]]
#endif
    void
    compress(const GifByteType* pixels, std::size_t row_length, std::size_t stride, std::size_t rows,
             std::string& blocks) {
        bytes_.clear();
        bits_ = 0, held_ = 0;
        reset();
        emit(kClear);
        // The first pixel is the first string. A string that is one index repeated (a run:
        // boards are flat colour) is followed through runs_ by its length, without hashing;
        // any other through the table. Both find the same strings, so the codes are the same.
        std::uint32_t current = pixels[0];
        int run_index = pixels[0];  // the index the string repeats, -1 if it is no run
        std::size_t run_length = 1;
        const std::uint16_t* run_codes = runs_[pixels[0]].data();  // runs_[run_index]
        std::size_t run_codes_size = runs_[pixels[0]].size();
        for (std::size_t y = 0; y < rows; ++y) {
            const GifByteType* row = pixels + y * stride;
            for (std::size_t x = y == 0 ? 1 : 0; x < row_length; ++x) {
                const GifByteType index = row[x];
                if (run_index == index) {
                    if (run_length + 1 < run_codes_size && run_codes[run_length + 1] != 0) {
                        current = run_codes[++run_length];
                        continue;
                    }
                    emit(current);
                    if (next_ >= kMaxCode)
                        restart();
                    else
                        add_run(index, run_length + 1, next_++);
                } else {
                    const std::uint32_t key = current << 8 | index;
                    std::uint32_t slot = hash(key), e;
                    // (An empty slot's key, 0xFFFFF, is no string's: codes end at 4,094.)
                    while ((e = table_[slot]) >> 12 != key && e != kEmpty) slot = (slot + 1) & (kSlots - 1);
                    if (e != kEmpty) {
                        current = e & 0xFFF;
                        run_index = -1;
                        continue;
                    }
                    emit(current);
                    if (next_ >= kMaxCode)
                        restart();
                    else
                        table_[slot] = key << 12 | next_++;
                }
                current = index, run_index = index, run_length = 1;
                run_codes = runs_[index].data(), run_codes_size = runs_[index].size();
            }
        }
        emit(current);
        emit(kEnd);
        if (bits_ > 0) bytes_.push_back(static_cast<char>(held_ & 0xFF));
        for (std::size_t i = 0; i < bytes_.size(); i += 255) {
            const std::size_t n = std::min<std::size_t>(255, bytes_.size() - i);
            blocks.push_back(static_cast<char>(n));
            blocks.append(bytes_, i, n);
        }
    }

  private:
    static constexpr std::uint32_t kClear = 256, kEnd = 257, kFirst = 258, kMaxCode = 4095;
    static constexpr std::uint32_t kSlots = 8192, kEmpty = 0xFFFFFFFF;
    static std::uint32_t hash(std::uint32_t key) {
        return (key * 0x9E3779B1u) >> (32 - 13);
    }
    void reset() {
        std::fill(table_.begin(), table_.end(), kEmpty);
        for (const GifByteType i : run_indices_) runs_[i].clear();
        run_indices_.clear();
        next_ = kFirst, width_ = 9, limit_ = 1u << 9;
    }
    // The table full: a clear code, and the table afresh.
    void restart() {
        emit(kClear);
        reset();
    }
    // The code of the run of `index` `length` long.
    void add_run(GifByteType index, std::size_t length, std::uint32_t code) {
        std::vector<std::uint16_t>& longer = runs_[index];
        if (longer.empty()) run_indices_.push_back(index);
        if (longer.size() <= length) longer.resize(length + 1, 0);
        longer[length] = static_cast<std::uint16_t>(code);
    }
    // A code out (once a string: not inlined, which keeps the loop over pixels in registers).
#if defined(__GNUC__)
    [[gnu::noinline]]
#endif
    void
    emit(std::uint32_t code) {
        held_ |= static_cast<std::uint64_t>(code) << bits_;
        bits_ += width_;
        while (bits_ >= 8) {
            bytes_.push_back(static_cast<char>(held_ & 0xFF));
            held_ >>= 8, bits_ -= 8;
        }
        if (next_ >= limit_ && width_ < 12) limit_ = 1u << ++width_;
    }
    std::array<std::uint32_t, kSlots> table_{};           // prefix << 20 | index << 12 | code
    std::array<std::vector<std::uint16_t>, 256> runs_{};  // by index, by length: the code (0: none)
    std::vector<GifByteType> run_indices_;                // those with runs since the last clear
    std::uint32_t next_ = kFirst, width_ = 9, limit_ = 1u << 9;
    std::uint64_t held_ = 0;
    unsigned bits_ = 0;
    std::string bytes_;
};

// Pixels [x0, x1) of a row as palette indices into `shown`, each run of one colour looked up
// once (`last`, `last_index` carry the run over); [first_x, last_x] where an index changed
// (every pixel of a first frame). Apart from the writer, whose state would not leave it
// room for registers.
#if defined(__GNUC__)
[[gnu::noinline]]
#endif
void index_row(Palette& palette, const std::uint32_t* px, GifByteType* shown, int x0, int x1, bool first,
               std::uint32_t& last, std::uint8_t& last_index, int& first_x, int& last_x) {
    std::uint32_t colour = last;
    std::uint8_t index = last_index;
    int lo = -1, hi = -1;
    for (int x = x0; x < x1; ++x) {
        if (px[x] != colour) colour = px[x], index = palette.index(colour);
        if (!first && shown[x] == index) continue;
        shown[x] = index;
        if (lo < 0) lo = x;
        hi = x;
    }
    last = colour, last_index = index, first_x = lo, last_x = hi;
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
    const PixelRect whole{0, 0, frame.width, frame.height};
    count(frame, {&whole, 1});
}

void GifPalette::count(const Pixels& frame, std::span<const PixelRect> regions) {
    Counts& c = *counts_;
    // A run of one colour is counted at once (boards are mostly flat colour), and asks the
    // set once.
    const auto count_run = [&](std::uint32_t px, std::uint64_t run) {
        Counts::Bin& b = c.bins[Palette::bin(px)];
        b.n += run, b.r += run * ((px >> 16) & 255), b.g += run * ((px >> 8) & 255), b.b += run * (px & 255);
        if (!c.few) return;
        c.colours.insert(px & 0xFFFFFF);
        if (c.colours.size() > 256) {
            c.few = false;
            c.colours = {};
        }
    };
    for (const PixelRect& region : regions)
        for (int y = region.y; y < region.y + region.h; ++y) {
            const std::uint32_t* row =
                frame.xrgb.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(frame.width);
            for (int x = region.x; x < region.x + region.w;) {
                const std::uint32_t px = row[x];
                int end = x + 1;
                while (end < region.x + region.w && row[end] == px) ++end;
                count_run(px, static_cast<std::uint64_t>(end - x));
                x = end;
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
    std::vector<GifByteType> shown;  // the indices of the frame as shown after the last add
    LzwCompressor lzw;
    std::string blocks;

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
    s.shown.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
}

GifWriter::~GifWriter() = default;

void GifWriter::add(const Pixels& frame) {
    const PixelRect whole{0, 0, state_->width, state_->height};
    add(frame, {&whole, 1});
}

void GifWriter::add(const Pixels& frame, std::span<const PixelRect> regions) {
    State& s = *state_;
    const int w = s.width, h = s.height;
    if (frame.width != w || frame.height != h) throw std::invalid_argument("GIF frames of two sizes");
    const bool first = s.added == 0;
    const PixelRect whole{0, 0, w, h};
    if (first) regions = {&whole, 1};
    // The regions' colours as palette indices, each run of one colour looked up once; the
    // frame shown keeps its indices outside them. The rectangle of pixels whose index
    // changed is what this frame stores (one pixel where none did).
    int left = w, top = h, right = -1, bottom = -1;
    std::uint32_t last = frame.xrgb.empty() ? 0 : frame.xrgb[0];
    std::uint8_t last_index = s.palette.index(last);
    for (PixelRect changed : regions) {
        changed.x = std::clamp(changed.x, 0, w), changed.y = std::clamp(changed.y, 0, h);
        changed.w = std::clamp(changed.w, 0, w - changed.x),
        changed.h = std::clamp(changed.h, 0, h - changed.y);
        for (int y = changed.y; y < changed.y + changed.h; ++y) {
            const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(w);
            const std::uint32_t* px = frame.xrgb.data() + row;
            GifByteType* shown = s.shown.data() + row;
            int first_x = -1, last_x = -1;
            index_row(s.palette, px, shown, changed.x, changed.x + changed.w, first, last, last_index,
                      first_x, last_x);
            if (first_x < 0) continue;
            left = std::min(left, first_x), right = std::max(right, last_x);
            top = std::min(top, y), bottom = std::max(bottom, y);
        }
    }
    if (right < 0) left = top = right = bottom = 0;
    ++s.added;
    if (s.animated) {
        GraphicsControlBlock gcb{};
        gcb.DisposalMode = DISPOSE_DO_NOT;
        const int ms = s.added == s.frames ? last_frame_ms(s.delay_ms) : s.delay_ms;
        gcb.DelayTime = std::clamp(ms / 10, 1, 65535);
        gcb.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType extension[4];
        const std::size_t n = EGifGCBToExtension(&gcb, extension);
        check(EGifPutExtension(s.gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(n), extension));
    }
    check(EGifPutImageDesc(s.gif, left, top, right - left + 1, bottom - top + 1, false, nullptr));
    // giflib has written the descriptor and the code size; the data goes in as code blocks.
    s.blocks.clear();
    s.lzw.compress(s.shown.data() + static_cast<std::size_t>(top) * static_cast<std::size_t>(w) +
                       static_cast<std::size_t>(left),
                   static_cast<std::size_t>(right - left + 1), static_cast<std::size_t>(w),
                   static_cast<std::size_t>(bottom - top + 1), s.blocks);
    const auto* block = reinterpret_cast<const GifByteType*>(s.blocks.data());
    for (std::size_t i = 0; i < s.blocks.size(); i += std::size_t{block[i]} + 1)
        check(EGifPutCodeNext(s.gif, block + i));
    check(EGifPutCodeNext(s.gif, nullptr));
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
