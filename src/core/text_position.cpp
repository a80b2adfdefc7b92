#include "kifu/core/text_position.hpp"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

namespace kifu {

std::size_t count_line_ends(std::string_view text) noexcept {
    const char* p = text.data();
    std::size_t n = text.size(), count = 0;
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi8('\n');
    while (n >= 16) {
        // Each byte lane counts its matches (a match is -1, subtracted) for up to 255 blocks,
        // then the lanes are summed.
        const std::size_t blocks = std::min<std::size_t>(n / 16, 255);
        __m128i lanes = _mm_setzero_si128();
        for (std::size_t b = 0; b < blocks; ++b, p += 16)
            lanes =
                _mm_sub_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), lf));
        const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
        count += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
                 static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
        n -= blocks * 16;
    }
#endif
    for (; n > 0; --n, ++p) count += *p == '\n';
    return count;
}

LineColumn locate(std::string_view text, std::size_t offset) noexcept {
    if (offset > text.size()) offset = text.size();
    LineColumn at;
    std::size_t i = 0;
    while (i < offset) {
        const char c = text[i];
        if (c == '\n') {
            ++at.line;
            at.column = 1;
            ++i;
            continue;
        }
        if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            ++i;  // the LF that follows ends the line
            continue;
        }
        const utf8::Decoded d = utf8::decode(text, i);
        i += d.length == 0 ? 1 : d.length;  // a stray byte counts as one column
        ++at.column;
    }
    return at;
}

LineIndex::LineIndex(std::string_view text) : text_(text) {
    starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') starts_.push_back(i + 1);
}

LineColumn LineIndex::locate(std::size_t offset) const noexcept {
    if (offset > text_.size()) offset = text_.size();
    const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset) - 1;
    const std::size_t start = *it;
    const auto line = static_cast<std::uint32_t>(it - starts_.begin()) + 1;
    LineColumn at;
    const bool at_character =
        last_offset_ >= text_.size() || (static_cast<unsigned char>(text_[last_offset_]) & 0xC0) != 0x80;
    if (last_.line == line && last_offset_ >= start && last_offset_ <= offset && at_character) {
        // Further along the line of the last lookup, from the start of a character: count on
        // from there.
        at = kifu::locate(text_.substr(last_offset_), offset - last_offset_);
        at.column += last_.column - 1;
    } else {
        at = kifu::locate(text_.substr(start), offset - start);
    }
    at.line = line;
    last_offset_ = offset;
    last_ = at;
    return at;
}

std::string line_column_text(std::string_view text, std::size_t offset) {
    const LineColumn at = locate(text, offset);
    return fmt::format("{}:{}", at.line, at.column);
}

std::string describe_found(std::string_view text, std::size_t offset) {
    if (offset >= text.size()) return "end of input";
    const unsigned char c = static_cast<unsigned char>(text[offset]);
    switch (c) {
        case ' ':
            return "a space";
        case '\t':
            return "a tab";
        case '\n':
        case '\r':
            return "a line break";
        case '\'':
            return "\"'\"";
        default:
            break;
    }
    if (c < 0x20 || c == 0x7F) return fmt::format("control character 0x{:02X}", c);
    if (c < 0x80) return fmt::format("'{}'", static_cast<char>(c));
    const utf8::Decoded d = utf8::decode(text, offset);
    if (d.length == 0) return fmt::format("byte 0x{:02X} (not UTF-8)", c);
    return fmt::format("'{}' (U+{:04X})", text.substr(offset, d.length),
                       static_cast<std::uint32_t>(d.code_point));
}

}  // namespace kifu

namespace kifu {

Error error_at(std::string_view text, std::size_t offset, ErrorCode code, std::string message) {
    const LineColumn at = locate(text, offset);
    return Error{code, {offset, at.line, at.column}, std::move(message)};
}

Error expected_at(std::string_view text, std::size_t offset, std::string_view what_was_expected) {
    const ErrorCode code =
        offset >= text.size() ? ErrorCode::unexpected_end : ErrorCode::unexpected_character;
    return error_at(text, offset, code,
                    fmt::format("expected {}, found {}", what_was_expected, describe_found(text, offset)));
}

}  // namespace kifu
