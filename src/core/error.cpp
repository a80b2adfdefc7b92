#include "kifu/core/error.hpp"

#include <fmt/format.h>

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

namespace {

// Messages quote what was found, and input may hold any byte: control characters (tab aside) are
// shown as \xNN, so that a NUL or an escape sequence of the input can neither cut the
// line short where it is printed nor drive the terminal.
std::string visible(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if ((b < 0x20 && c != '\t') || b == 0x7F)
            out += fmt::format("\\x{:02x}", b);
        else
            out += c;
    }
    return out;
}

}  // namespace

std::string Error::format(std::string_view source_name, std::string_view severity) const {
    if (line == 0) return fmt::format("{}: {}: {}", source_name, severity, visible(message));
    return fmt::format("{}:{}:{}: {}: {}", source_name, line, column, severity, visible(message));
}

}  // namespace kifu
