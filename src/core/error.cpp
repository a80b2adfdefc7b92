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

std::string Error::format(std::string_view source_name, std::string_view severity) const {
    if (line == 0) return fmt::format("{}: {}: {}", source_name, severity, message);
    return fmt::format("{}:{}:{}: {}: {}", source_name, line, column, severity, message);
}

}  // namespace kifu
