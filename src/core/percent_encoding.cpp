#include "kifu/core/percent_encoding.hpp"

#include <fmt/format.h>

#include "kifu/core/text_position.hpp"

namespace kifu {
namespace {

constexpr bool is_unreserved(unsigned char c) noexcept {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '.' || c == '_' || c == '~';
}

constexpr int hex_value(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool escape_at(std::string_view text, std::size_t i) noexcept {
    return i + 2 < text.size() && text[i] == '%' && hex_value(text[i + 1]) >= 0 &&
           hex_value(text[i + 2]) >= 0;
}

}  // namespace

std::string percent_encode(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size());
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (is_unreserved(c)) {
            out.push_back(ch);
        } else {
            out.push_back('%');
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 15]);
        }
    }
    return out;
}

Result<std::string> percent_decode(std::string_view text, PercentDecodeOptions options) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '+' && options.plus_is_space) {
            out.push_back(' ');
        } else if (c != '%') {
            out.push_back(c);
        } else if (escape_at(text, i)) {
            out.push_back(static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2])));
            i += 2;
        } else {
            const std::size_t bad = i + 1 < text.size() && hex_value(text[i + 1]) >= 0 ? i + 2 : i + 1;
            if (bad >= text.size()) return expected_at(text, bad, "two hex digits after '%'");
            return error_at(
                text, bad, ErrorCode::invalid_encoding,
                fmt::format("expected two hex digits after '%', found {}", describe_found(text, bad)));
        }
    }
    return out;
}

bool looks_percent_encoded(std::string_view text) noexcept {
    for (std::size_t i = text.find('%'); i != std::string_view::npos; i = text.find('%', i + 1))
        if (escape_at(text, i)) return true;
    return false;
}

}  // namespace kifu
