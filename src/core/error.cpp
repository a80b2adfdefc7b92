#include "kifu/core/error.hpp"

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

namespace kifu {

std::string_view to_string(ErrorCode code) noexcept {
    switch (code) {
        case ErrorCode::unexpected_character:
            return "unexpected_character";
        case ErrorCode::unexpected_end:
            return "unexpected_end";
        case ErrorCode::out_of_range:
            return "out_of_range";
        case ErrorCode::duplicate:
            return "duplicate";
        case ErrorCode::conflict:
            return "conflict";
        case ErrorCode::invalid_encoding:
            return "invalid_encoding";
        case ErrorCode::unsupported:
            return "unsupported";
        case ErrorCode::io_error:
            return "io_error";
        case ErrorCode::illegal_move:
            return "illegal_move";
        case ErrorCode::ambiguous_move:
            return "ambiguous_move";
    }
    return "unknown";
}

std::string visible_text(std::string_view text, LineBreaks line_breaks) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b >= 0x80) {
            const utf8::Decoded d = utf8::decode(text, i);
            const bool c1_control = d.length > 0 && d.code_point >= 0x80 && d.code_point <= 0x9F;
            if (d.length > 0 && !c1_control) {
                out.append(text.substr(i, d.length));
                i += d.length;
                continue;
            }
            if (c1_control) {  // two bytes, both shown
                out += fmt::format("\\x{:02x}\\x{:02x}", b, static_cast<unsigned char>(text[i + 1]));
                i += 2;
                continue;
            }
        }
        const bool kept = b == '\t' || (b == '\n' && line_breaks == LineBreaks::keep);
        if ((b < 0x20 && !kept) || b == 0x7F || b >= 0x80)
            out += fmt::format("\\x{:02x}", b);
        else
            out += static_cast<char>(b);
        ++i;
    }
    return out;
}

std::string Error::format(std::string_view source_name, std::string_view severity) const {
    // The source too: an archive's member names are the archive's text.
    if (line == 0) return visible_text(fmt::format("{}: {}: {}", source_name, severity, message));
    return visible_text(fmt::format("{}:{}:{}: {}: {}", source_name, line, column, severity, message));
}

}  // namespace kifu
