#pragma once
// A forward-only cursor over text for hand-written, single-pass parsers.
// It never allocates; with whitespace skipping on, blanks (space, tab, CR, LF,
// VT, FF) are invisible to the parser, as notations such as HEN require.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace kifu {

// Space, tab, LF, VT, FF, CR.
constexpr bool is_blank(char c) noexcept {
    return c == ' ' || (c >= '\t' && c <= '\r');
}
// `text` without the blanks around it.
constexpr std::string_view trim_blanks(std::string_view text) noexcept {
    while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
    return text;
}
constexpr bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}
constexpr bool is_upper(char c) noexcept {
    return c >= 'A' && c <= 'Z';
}
constexpr bool is_lower(char c) noexcept {
    return c >= 'a' && c <= 'z';
}

class Scanner {
  public:
    enum class Blanks : std::uint8_t { significant, ignored };

    // With blanks ignored, the cursor always rests on a significant character (or the
    // end), so that peeking is a single load.
    explicit constexpr Scanner(std::string_view text, Blanks blanks = Blanks::significant) noexcept
        : text_(text), ignore_blanks_(blanks == Blanks::ignored) {
        skip_blanks();
    }

    constexpr std::string_view text() const noexcept { return text_; }

    // Offset of the next significant character (text().size() at the end).
    constexpr std::size_t offset() const noexcept { return pos_; }
    constexpr bool at_end() const noexcept { return pos_ >= text_.size(); }
    // The next significant character, or '\0' at the end.
    constexpr char peek() const noexcept { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    // The significant character after the next one, or '\0'.
    constexpr char peek_second() const noexcept {
        if (at_end()) return '\0';
        std::size_t p = pos_ + 1;
        if (ignore_blanks_)
            while (p < text_.size() && is_blank(text_[p])) ++p;
        return p < text_.size() ? text_[p] : '\0';
    }
    constexpr void advance() noexcept {
        if (at_end()) return;
        ++pos_;
        skip_blanks();
    }
    constexpr bool consume(char c) noexcept {
        if (at_end() || text_[pos_] != c) return false;
        advance();
        return true;
    }
    // Moves to byte offset `offset` (then past any blanks, when they are ignored).
    constexpr void seek(std::size_t offset) noexcept {
        pos_ = offset < text_.size() ? offset : text_.size();
        skip_blanks();
    }

    struct Number {
        std::uint32_t value = 0;
        std::size_t digits = 0;  // 0 when no digit was there
        bool overflow = false;   // more than `limit`; value is then the limit + 1
    };
    // Reads a run of decimal digits (leading zeros allowed). Values above `limit` set
    // `overflow`; every digit of the run is consumed either way.
    constexpr Number read_number(std::uint32_t limit = 999'999'999) noexcept {
        Number n;
        while (pos_ < text_.size() && is_digit(text_[pos_])) {
            if (!n.overflow) {
                const std::uint64_t next =
                    std::uint64_t{n.value} * 10 + static_cast<std::uint32_t>(text_[pos_] - '0');
                if (next > limit) {
                    n.overflow = true;
                    n.value = limit + 1;
                } else {
                    n.value = static_cast<std::uint32_t>(next);
                }
            }
            ++n.digits;
            advance();
        }
        return n;
    }

  private:
    constexpr void skip_blanks() noexcept {
        if (ignore_blanks_)
            while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    bool ignore_blanks_;
};

}  // namespace kifu
