#include "kifu/core/diagnostics.hpp"

#include "kifu/core/text_position.hpp"

namespace kifu {

bool Diagnostics::add(ErrorCode code, std::size_t offset, std::string message) {
    if (full()) return false;
    errors_.push_back(error_at(text_, offset, code, std::move(message)));
    return !full();
}

bool Diagnostics::expected(std::size_t offset, std::string_view what_was_expected) {
    if (full()) return false;
    errors_.push_back(expected_at(text_, offset, what_was_expected));
    return !full();
}

}  // namespace kifu
