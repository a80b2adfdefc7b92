// PNG out through libpng: cairo's pixels as they are (BGRX rows, libpng drops the filler and
// swaps the order), the notation as text chunks.

#include <png.h>

#include <bit>

#include "kifu/image/encode.hpp"

namespace kifu::image {
namespace {

void append(png_structp png, png_bytep data, png_size_t length) {
    auto* out = static_cast<std::string*>(png_get_io_ptr(png));
    out->append(reinterpret_cast<const char*>(data), length);
}
void flush(png_structp) {}

bool is_ascii(std::string_view text) {
    for (const char c : text)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

}  // namespace

std::string write_png(const Pixels& pixels, std::span<const ImageText> texts, int level) {
    static_assert(std::endian::native == std::endian::little, "BGRX rows: a little-endian machine");
    std::string out;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        return out;
    }
    // libpng reports errors by longjmp; with our own buffer as the sink the only one left
    // is running out of memory.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        throw std::bad_alloc();
    }
    out.reserve(static_cast<std::size_t>(pixels.width) * static_cast<std::size_t>(pixels.height) / 4 + 1024);
    png_set_write_fn(png, &out, append, flush);
    png_set_compression_level(png, level);
    // One filter for every row: paeth-free images of flat colour compress well with 'sub',
    // and not trying the five filters a row saves most of the encoder's time.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_IHDR(png, info, static_cast<png_uint_32>(pixels.width), static_cast<png_uint_32>(pixels.height),
                 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    std::vector<png_text> chunks(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) {
        png_text& c = chunks[i];
        c.key = const_cast<char*>(texts[i].key.c_str());
        c.text = const_cast<char*>(texts[i].text.c_str());
        // tEXt is Latin-1; anything beyond ASCII goes in an iTXt chunk, which is UTF-8.
        if (is_ascii(texts[i].text)) {
            c.compression = PNG_TEXT_COMPRESSION_NONE;
            c.text_length = texts[i].text.size();
        } else {
            c.compression = PNG_ITXT_COMPRESSION_NONE;
            c.itxt_length = texts[i].text.size();
            c.lang = nullptr;
            c.lang_key = nullptr;
        }
    }
    if (!chunks.empty()) png_set_text(png, info, chunks.data(), static_cast<int>(chunks.size()));
    png_write_info(png, info);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    png_set_bgr(png);
    for (int y = 0; y < pixels.height; ++y) {
        auto* row =
            const_cast<std::uint32_t*>(pixels.xrgb.data() + static_cast<std::size_t>(y) * pixels.width);
        png_write_row(png, reinterpret_cast<png_bytep>(row));
    }
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    return out;
}

}  // namespace kifu::image
