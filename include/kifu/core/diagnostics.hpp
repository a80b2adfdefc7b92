#pragma once
// Collects a parser's errors. Parsing for a value stops at the first error
// (limit 1); validating gathers every error up to a limit, so that a user sees
// all that is wrong at once without a hostile input growing the list unbounded.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/error.hpp"

namespace kifu {

class Diagnostics {
  public:
    static constexpr std::size_t kDefaultLimit = 100;

    explicit Diagnostics(std::string_view text, std::size_t limit = kDefaultLimit) noexcept
        : text_(text), limit_(limit == 0 ? 1 : limit) {}

    // Records an error at byte `offset` of the text (line and column are worked out here,
    // off the hot path). Returns false once the limit is reached: the caller should stop.
    bool add(ErrorCode code, std::size_t offset, std::string message);

    // "expected EXPECTED, found <what is at offset>" as an unexpected_character or
    // unexpected_end error.
    bool expected(std::size_t offset, std::string_view what_was_expected);

    // The same for readers that return std::optional: `return d.fail(...);` records the
    // error and returns nothing.
    std::nullopt_t fail(ErrorCode code, std::size_t offset, std::string message) {
        add(code, offset, std::move(message));
        return std::nullopt;
    }
    std::nullopt_t fail_expected(std::size_t offset, std::string_view what_was_expected) {
        expected(offset, what_was_expected);
        return std::nullopt;
    }

    bool empty() const noexcept { return errors_.empty(); }
    bool full() const noexcept { return errors_.size() >= limit_; }
    const std::vector<Error>& errors() const noexcept { return errors_; }
    std::vector<Error> take() noexcept { return std::move(errors_); }
    std::string_view text() const noexcept { return text_; }

  private:
    std::string_view text_;
    std::size_t limit_;
    std::vector<Error> errors_;
};

}  // namespace kifu
