// PNG out: the chunks written here (signature, IHDR, the texts, one IDAT, IEND), the
// image data compressed by libdeflate, which is about twice as fast as zlib at the same
// size on board images (docs/benchmarks.md); libpng reads them back in the tests.

#include <libdeflate.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "kifu/image/encode.hpp"

namespace kifu::image {
namespace {

void be32(std::string& out, std::uint32_t v) {
    out += static_cast<char>(v >> 24);
    out += static_cast<char>((v >> 16) & 255);
    out += static_cast<char>((v >> 8) & 255);
    out += static_cast<char>(v & 255);
}

// length, type, data, CRC of type and data.
void chunk(std::string& out, std::string_view type, std::string_view data) {
    be32(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t start = out.size();
    out += type;
    out += data;
    be32(out, libdeflate_crc32(0, out.data() + start, out.size() - start));
}

bool is_ascii(std::string_view text) {
    for (const char c : text)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

struct CompressorDeleter {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

}  // namespace

std::string write_png(const Pixels& pixels, std::span<const ImageText> texts, int level) {
    const auto w = static_cast<std::size_t>(pixels.width), h = static_cast<std::size_t>(pixels.height);
    // The rows as PNG wants them: a filter byte (0, none: flat colour compresses as well
    // without one, and choosing costs time), then RGB.
    thread_local std::vector<unsigned char> raw;
    raw.resize(h * (1 + 3 * w));
    unsigned char* p = raw.data();
    for (std::size_t y = 0; y < h; ++y) {
        *p++ = 0;
        const std::uint32_t* row = pixels.xrgb.data() + y * w;
        for (std::size_t x = 0; x < w; ++x) {
            const std::uint32_t c = row[x];
            *p++ = static_cast<unsigned char>(c >> 16);
            *p++ = static_cast<unsigned char>(c >> 8);
            *p++ = static_cast<unsigned char>(c);
        }
    }
    level = std::clamp(level, 1, 12);
    thread_local std::unique_ptr<libdeflate_compressor, CompressorDeleter> compressors[13];
    auto& compressor = compressors[level];
    if (!compressor) compressor.reset(libdeflate_alloc_compressor(level));
    if (!compressor) throw std::bad_alloc();

    // Compressed into a buffer kept a thread (sized once, never cleared: no page faults
    // and no zero-filling per image), then copied out at its real size.
    thread_local std::vector<char> compressed;
    const std::size_t bound = libdeflate_zlib_compress_bound(compressor.get(), raw.size());
    if (compressed.size() < bound) compressed.resize(bound);
    const std::size_t n =
        libdeflate_zlib_compress(compressor.get(), raw.data(), raw.size(), compressed.data(), bound);
    if (n == 0) throw std::runtime_error("PNG: the image data did not compress into its bound");

    std::string out;
    std::size_t text_bytes = 0;
    for (const ImageText& t : texts) text_bytes += t.key.size() + t.text.size() + 20;
    out.reserve(8 + 25 + text_bytes + 12 + n + 12);
    out += "\x89PNG\r\n\x1A\n";
    std::string header;
    be32(header, static_cast<std::uint32_t>(w));
    be32(header, static_cast<std::uint32_t>(h));
    header +=
        std::string_view("\x08\x02\x00\x00\x00", 5);  // 8 bits, RGB, deflate, no filter set, not interlaced
    chunk(out, "IHDR", header);
    for (const ImageText& t : texts) {
        // tEXt is Latin-1: anything beyond ASCII goes in an iTXt chunk, which is UTF-8
        // (keyword, no compression, no language, no translated keyword, the text).
        std::string data = t.key.substr(0, 79);
        data += '\0';
        if (is_ascii(t.text)) {
            data += t.text;
            chunk(out, "tEXt", data);
        } else {
            data += std::string_view("\0\0\0\0", 4);
            data += t.text;
            chunk(out, "iTXt", data);
        }
    }
    chunk(out, "IDAT", std::string_view(compressed.data(), n));
    chunk(out, "IEND", {});
    return out;
}

}  // namespace kifu::image
