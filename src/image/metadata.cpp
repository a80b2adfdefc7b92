// Reading back the notation an image carries. Bounded: every length is checked against
// what is left, and compressed text inflates to 1 MiB at most.

#include "kifu/image/metadata.hpp"

#include <zlib.h>

#include <fmt/format.h>

#include "kifu/core/charset.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"

namespace kifu::image {
namespace {

constexpr std::size_t kMaxText = 1 << 20;
// All the texts of one image together: a record of a long game is some kilobytes, and a
// small file of many compressed chunks must not inflate to gigabytes.
constexpr std::size_t kMaxTexts = 4 << 20;

std::uint32_t be32(std::string_view b, std::size_t at) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(b[at])) << 24 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 1])) << 16 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 2])) << 8 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 3]));
}

// UTF-8 as it is; anything else read as Latin-1 (through core's charset conversion).
std::string as_utf8(std::string_view text) {
    if (utf8::is_valid(text)) return std::string(text);
    Result<charset::Converted> latin1 = charset::to_utf8(text, "ISO-8859-1");
    return latin1 ? std::move(latin1->text) : std::string(text.size(), '?');
}

// zlib data inflated, at most `limit` bytes.
Result<std::string> inflate_text(std::string_view bytes, std::string_view all, std::size_t at,
                                 std::size_t limit) {
    z_stream z{};
    if (inflateInit(&z) != Z_OK) return error_at(all, at, ErrorCode::io_error, "zlib could not start");
    std::string out;
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    char buffer[16384];
    int status = Z_OK;
    while (status == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(buffer);
        z.avail_out = sizeof buffer;
        status = inflate(&z, Z_NO_FLUSH);
        out.append(buffer, sizeof buffer - z.avail_out);
        if (out.size() > limit) {
            inflateEnd(&z);
            return error_at(all, at, ErrorCode::out_of_range,
                            limit == kMaxText ? std::string("compressed text inflates to more than 1 MiB")
                                              : "the image's texts come to more than 4 MiB");
        }
        if (status == Z_BUF_ERROR && z.avail_in == 0) break;
    }
    inflateEnd(&z);
    if (status != Z_STREAM_END)
        return error_at(all, at, ErrorCode::invalid_encoding,
                        "compressed text that does not inflate (bad zlib data)");
    return out;
}

Result<std::vector<ImageText>> png_texts(std::string_view b) {
    std::vector<ImageText> out;
    std::size_t at = 8, total = 0;
    const auto room = [&] { return std::min(kMaxText, kMaxTexts - std::min(total, kMaxTexts)); };
    std::size_t counted = 0;  // texts of `out` in `total`
    while (true) {
        for (; counted < out.size(); ++counted) total += out[counted].key.size() + out[counted].text.size();
        if (total > kMaxTexts)
            return error_at(b, at, ErrorCode::out_of_range, "the image's texts come to more than 4 MiB");
        if (b.size() - at < 12)
            return error_at(b, at, ErrorCode::unexpected_end,
                            "expected a PNG chunk (12 bytes at least), found the end of the file");
        const std::uint32_t length = be32(b, at);
        const std::string_view type = b.substr(at + 4, 4);
        if (length > b.size() - at - 12)
            return error_at(b, at, ErrorCode::unexpected_end,
                            fmt::format("PNG chunk '{}' of {} bytes runs past the end of the file",
                                        utf8::snippet(as_utf8(type)), length));
        const std::string_view data = b.substr(at + 8, length);
        const std::uint32_t crc = be32(b, at + 8 + length);
        const auto computed = static_cast<std::uint32_t>(
            crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(b.data() + at + 4), length + 4));
        if (crc != computed)
            return error_at(b, at, ErrorCode::invalid_encoding,
                            fmt::format("PNG chunk '{}': expected CRC {:08x}, found {:08x}", as_utf8(type),
                                        computed, crc));
        const std::size_t nul = data.find('\0');
        if (type == "tEXt" && nul != std::string_view::npos) {
            out.push_back({as_utf8(data.substr(0, nul)), as_utf8(data.substr(nul + 1))});
        } else if (type == "zTXt" && nul != std::string_view::npos && nul + 2 <= data.size()) {
            Result<std::string> text = inflate_text(data.substr(nul + 2), b, at, room());
            if (!text) return text.error();
            out.push_back({as_utf8(data.substr(0, nul)), as_utf8(*text)});
        } else if (type == "iTXt" && nul != std::string_view::npos && nul + 3 <= data.size()) {
            // keyword \0 flag method language \0 translated keyword \0 text
            const bool compressed = data[nul + 1] != 0;
            const std::size_t language_end = data.find('\0', nul + 3);
            const std::size_t translated_end =
                language_end == std::string_view::npos ? language_end : data.find('\0', language_end + 1);
            if (translated_end == std::string_view::npos)
                return error_at(
                    b, at, ErrorCode::unexpected_end,
                    "PNG iTXt chunk: expected a language and a translated keyword, found the chunk's end");
            std::string text(data.substr(translated_end + 1));
            if (compressed) {
                Result<std::string> inflated = inflate_text(text, b, at, room());
                if (!inflated) return inflated.error();
                text = std::move(*inflated);
            }
            out.push_back({as_utf8(data.substr(0, nul)), as_utf8(text)});
        }
        at += 12 + length;
        if (type == "IEND") return out;
    }
}

// "KEY: text" (a key of 1-79 characters, no blanks); anything else is the key "Comment".
void add_keyed(std::vector<ImageText>& out, std::string_view text) {
    const std::size_t colon = text.find(": ");
    const bool keyed = colon != std::string_view::npos && colon > 0 && colon <= 79 &&
                       text.substr(0, colon).find_first_of(" \n\t") == std::string_view::npos;
    if (keyed)
        out.push_back({as_utf8(text.substr(0, colon)), as_utf8(text.substr(colon + 2))});
    else if (!text.empty())
        out.push_back({"Comment", as_utf8(text)});
}

Result<std::vector<ImageText>> gif_texts(std::string_view b) {
    std::vector<ImageText> out;
    const auto end_error = [&](std::size_t at, std::string_view what) {
        return error_at(b, std::min(at, b.size()), ErrorCode::unexpected_end,
                        fmt::format("expected {}, found the end of the GIF", what));
    };
    if (b.size() < 13) return end_error(b.size(), "a logical screen descriptor");
    const auto u8 = [&](std::size_t at) { return static_cast<unsigned char>(b[at]); };
    std::size_t at = 13;
    if (u8(10) & 0x80) at += 3u << ((u8(10) & 7) + 1);
    // Sub-blocks from `at`: their bytes appended to `data` (when given) up to the terminator.
    const auto sub_blocks = [&](std::size_t& p, std::string* data) -> bool {
        while (true) {
            if (p >= b.size()) return false;
            const std::size_t n = u8(p++);
            if (n == 0) return true;
            if (n > b.size() - p) return false;
            if (data && data->size() < kMaxText) data->append(b.substr(p, n));
            p += n;
        }
    };
    while (true) {
        if (at >= b.size()) return end_error(at, "a block or the trailer (';')");
        const unsigned char introducer = u8(at);
        if (introducer == 0x3B) return out;
        if (introducer == 0x21) {
            if (at + 1 >= b.size()) return end_error(at + 1, "an extension label");
            const bool comment = u8(at + 1) == 0xFE;
            std::string text;
            std::size_t p = at + 2;
            if (!sub_blocks(p, comment ? &text : nullptr)) return end_error(p, "the extension's sub-blocks");
            if (comment) add_keyed(out, text);
            at = p;
        } else if (introducer == 0x2C) {
            if (b.size() - at < 11) return end_error(at, "an image descriptor");
            const unsigned char packed = u8(at + 9);
            std::size_t p = at + 10;
            if (packed & 0x80) p += 3u << ((packed & 7) + 1);
            ++p;  // the LZW code size
            if (p > b.size() || !sub_blocks(p, nullptr)) return end_error(p, "the image's data sub-blocks");
            at = p;
        } else {
            return error_at(
                b, at, ErrorCode::unexpected_character,
                fmt::format("expected a GIF block ('!', ',' or ';'), found byte 0x{:02x}", introducer));
        }
    }
}

std::string xml_unescape(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '&') {
            out += s[i];
            continue;
        }
        const std::size_t semi = s.find(';', i);
        if (semi == std::string_view::npos || semi - i > 10) {
            out += s[i];
            continue;
        }
        const std::string_view name = s.substr(i + 1, semi - i - 1);
        char32_t c = 0;
        if (name == "amp")
            c = '&';
        else if (name == "lt")
            c = '<';
        else if (name == "gt")
            c = '>';
        else if (name == "quot")
            c = '"';
        else if (name == "apos")
            c = '\'';
        else if (name.size() > 1 && name[0] == '#') {
            const bool hex = name[1] == 'x';
            for (std::size_t k = hex ? 2 : 1; k < name.size() && c <= 0x10FFFF; ++k) {
                const char d = name[k];
                const int v = d >= '0' && d <= '9'                            ? d - '0'
                              : hex && (d | 0x20) >= 'a' && (d | 0x20) <= 'f' ? (d | 0x20) - 'a' + 10
                                                                              : -1;
                if (v < 0) {
                    c = 0;
                    break;
                }
                c = c * (hex ? 16 : 10) + static_cast<char32_t>(v);
            }
        }
        if (c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
            out += s[i];
            continue;
        }
        if (c < 0x80)
            out += static_cast<char>(c);
        else if (c < 0x800)
            out += static_cast<char>(0xC0 | (c >> 6)), out += static_cast<char>(0x80 | (c & 0x3F));
        else if (c < 0x10000)
            out += static_cast<char>(0xE0 | (c >> 12)), out += static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
                out += static_cast<char>(0x80 | (c & 0x3F));
        else
            out += static_cast<char>(0xF0 | (c >> 18)), out += static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
                out += static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
                out += static_cast<char>(0x80 | (c & 0x3F));
        i = semi;
    }
    return out;
}

Result<std::vector<ImageText>> svg_texts(std::string_view b) {
    std::vector<ImageText> out;
    std::size_t at = 0;
    while ((at = b.find("<metadata", at)) != std::string_view::npos) {
        const std::size_t open_end = b.find('>', at);
        if (open_end == std::string_view::npos)
            return error_at(b, at, ErrorCode::unexpected_end,
                            "expected '>' to close <metadata, found the end");
        if (b[open_end - 1] == '/') {
            at = open_end;
            continue;
        }
        const std::size_t close = b.find("</metadata>", open_end);
        if (close == std::string_view::npos)
            return error_at(b, at, ErrorCode::unexpected_end,
                            "expected </metadata>, found the end of the SVG");
        std::string_view body = b.substr(open_end + 1, close - open_end - 1);
        // Elements inside (RDF and the like) are not kifu's: only plain text lines count,
        // one text a line (its own newlines written as &#10;).
        if (body.find('<') == std::string_view::npos)
            while (!body.empty()) {
                const std::size_t end = body.find('\n');
                const std::string_view line = body.substr(0, end);
                body = end == std::string_view::npos ? std::string_view{} : body.substr(end + 1);
                add_keyed(out, xml_unescape(line));
            }
        at = close;
    }
    return out;
}

}  // namespace

ImageKind image_kind(std::string_view b) noexcept {
    if (b.starts_with("\x89PNG\r\n\x1A\n")) return ImageKind::png;
    if (b.starts_with("GIF87a") || b.starts_with("GIF89a")) return ImageKind::gif;
    std::size_t i = b.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    while (i < b.size() && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t')) ++i;
    const std::string_view rest = b.substr(i);
    if (rest.starts_with("<svg")) return ImageKind::svg;
    if (rest.starts_with("<?xml") || rest.starts_with("<!DOCTYPE svg") || rest.starts_with("<!--")) {
        const std::size_t svg = rest.substr(0, 4096).find("<svg");
        if (svg != std::string_view::npos) return ImageKind::svg;
    }
    return ImageKind::none;
}

Result<std::vector<ImageText>> read_image_texts(std::string_view bytes) {
    switch (image_kind(bytes)) {
        case ImageKind::png:
            return png_texts(bytes);
        case ImageKind::gif:
            return gif_texts(bytes);
        case ImageKind::svg:
            return svg_texts(bytes);
        case ImageKind::none:
            break;
    }
    return error_at(bytes, 0, ErrorCode::unexpected_character,
                    "expected an image (PNG, GIF or SVG), found none of them");
}

}  // namespace kifu::image
