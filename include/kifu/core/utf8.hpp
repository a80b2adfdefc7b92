#pragma once
// Minimal UTF-8 helpers: validation and decoding one code point at a time.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace kifu::utf8 {

struct Decoded {
    char32_t code_point = 0;
    std::size_t length = 0;  // bytes consumed; 0 when the bytes at the place are not valid UTF-8
};

// Decodes the code point starting at `offset` (rejects overlong forms, surrogates and
// values past U+10FFFF).
Decoded decode(std::string_view text, std::size_t offset) noexcept;

// The byte offset of the first invalid sequence, or text.size() when all is valid.
std::size_t find_invalid(std::string_view text) noexcept;

inline bool is_valid(std::string_view text) noexcept {
    return find_invalid(text) == text.size();
}

// The first at most `max_bytes` bytes of `text`, shortened so as not to end inside a
// character: for quoting a bounded snippet in a message.
inline std::string_view prefix(std::string_view text, std::size_t max_bytes) noexcept {
    if (text.size() <= max_bytes) return text;
    std::size_t n = max_bytes;
    // Back off over continuation bytes (at most three), then over the lead byte they follow.
    std::size_t back = 0;
    while (n > 0 && back < 3 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n, ++back;
    return text.substr(0, n);
}

// `text` as a message quotes it: its first 40 bytes at most, and "..." when it is longer.
inline std::string snippet(std::string_view text) {
    constexpr std::size_t kMaxBytes = 40;
    std::string out(prefix(text, kMaxBytes));
    if (out.size() < text.size()) out += "...";
    return out;
}

}  // namespace kifu::utf8
