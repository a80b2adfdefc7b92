#pragma once
// What the readers of the Go servers' records (GIB, NGF, UGF) share: the text decoded to
// UTF-8 as the collection they build, its lines with their offsets, and the raw SGF values
// they write into it.

#include <fmt/format.h>

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/charset.hpp"
#include "kifu/core/result.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/sgf.hpp"
#include "kifu/go/sgf_values.hpp"
#include "sgf_known_ids.hpp"

namespace kifu::go::server_record {

// The collection a reader builds into, over the record's bytes as UTF-8: `options.charset`
// decides when given; else text that is valid UTF-8 (a BOM dropped) is UTF-8, then the
// charset the record declares (`declared`, an iconv name or ""), then charset::guess over
// `sample` (the part of the bytes that holds the text, the header; all of them when empty).
// None of these formats has to declare one, so a guess is no warning; bytes the charset
// cannot read are (U+FFFD, invalid_text).
inline Result<SgfCollection> collection_over(std::string_view bytes, const SgfReadOptions& options,
                                             std::string_view declared, std::string_view sample = {}) {
    const auto [bom, bom_length] = charset::byte_order_mark(bytes);
    if (bom == "UTF-8") bytes.remove_prefix(bom_length);
    const bool valid = utf8::is_valid(bytes);
    std::string name = options.charset;
    if (name.empty())
        name = valid               ? "UTF-8"
               : !declared.empty() ? std::string(declared)
                                   : charset::guess(sample.empty() ? bytes : sample).charset;
    if (name == "UTF-8" && valid) return SgfCollection(std::string(bytes), name);
    Result<charset::Converted> converted = charset::to_utf8(bytes, name);
    if (!converted) return std::move(converted).error();
    SgfCollection sgf(std::move(converted->text), name);
    if (converted->replaced > 0)
        sgf.warn({SgfIssue::invalid_text,
                  Error{ErrorCode::invalid_encoding,
                        {converted->first_replaced, 0, 0},
                        fmt::format(
                            "{} byte sequence(s) not valid {} were replaced by U+FFFD (the first at byte {})",
                            converted->replaced, name, converted->first_replaced)}});
    return sgf;
}

struct Line {
    std::string_view text;  // without its line break (and a '\r' before it)
    std::size_t offset;     // of its first character in the decoded text
};

// The lines of `text` as a range, made as they are walked; a last line without a line
// break counts.
class Lines {
  public:
    explicit Lines(std::string_view text) noexcept : text_(text) {}
    class iterator {
      public:
        iterator(std::string_view text, std::size_t at) noexcept : text_(text), at_(at) { find_end(); }
        Line operator*() const noexcept {
            std::string_view line = text_.substr(at_, end_ - at_);
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            return {line, at_};
        }
        iterator& operator++() noexcept {
            at_ = end_ + 1;
            find_end();
            return *this;
        }
        bool operator==(const iterator& other) const noexcept { return at_ == other.at_; }

      private:
        void find_end() noexcept {
            if (at_ >= text_.size()) {
                at_ = text_.size();
                return;
            }
            end_ = text_.find('\n', at_);
            if (end_ == std::string_view::npos) end_ = text_.size();
        }
        std::string_view text_;
        std::size_t at_, end_ = 0;
    };
    iterator begin() const noexcept { return {text_, 0}; }
    iterator end() const noexcept { return {text_, text_.size()}; }

  private:
    std::string_view text_;
};

// The lines of `text` in a vector, for a reader that goes back to them.
inline std::vector<Line> lines_of(std::string_view text) {
    std::vector<Line> out;
    for (const Line line : Lines(text)) out.push_back(line);
    return out;
}

// Whether `s` starts with `prefix`, compared here: string_view's starts_with called memcmp for
// the two bytes of NGF's "PM" on every line.
inline bool begins_with(std::string_view s, std::string_view prefix) noexcept {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (s[i] != prefix[i]) return false;
    return true;
}

inline std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// A whole (optionally signed) decimal integer, or nothing. By hand: every move line of
// these formats has a few, and from_chars for a long showed in profiles.
inline std::optional<long> integer(std::string_view s) {
    const bool negative = !s.empty() && s[0] == '-';
    std::size_t i = negative ? 1 : 0;
    if (i == s.size() || s.size() - i > 18) return std::nullopt;  // 18 digits cannot overflow
    long value = 0;
    for (; i < s.size(); ++i) {
        const unsigned digit = static_cast<unsigned char>(s[i]) - unsigned{'0'};
        if (digit > 9) return std::nullopt;
        value = value * 10 + static_cast<long>(digit);
    }
    return negative ? -value : value;
}

// The integer `field` (at `offset` of `text`) when it is from `low` to `high`; else an
// error there: "expected WHAT" or "WHAT N is not from LOW to HIGH".
inline Result<long> number_in(std::string_view text, std::string_view field, std::size_t offset, long low,
                              long high, std::string_view what) {
    const std::optional<long> v = integer(field);
    if (!v) return expected_at(text, offset, what);
    if (*v < low || *v > high)
        return error_at(text, offset, ErrorCode::out_of_range,
                        fmt::format("{} {} is not from {} to {}", what, *v, low, high));
    return *v;
}

// A decimal number written as SGF's real ("6.50" -> "6.5", "-5.50" -> "-5.5", "7" -> "7").
inline std::optional<std::string> real(std::string_view s) {
    double value = 0;
    if (s.empty()) return std::nullopt;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return fmt::format("{:g}", value);
}

// Tenths as SGF's real: 65 -> "6.5", 110 -> "11".
inline std::string tenths(long value) {
    return fmt::format("{:g}", static_cast<double>(value) / 10.0);
}

// A date "YYYY-MM-DD" from the first three numbers of `text` ("2020- 6-14- 1-26-14",
// "C2016:03:26:17:29", "2019/03/08", "2012年11月22日"), or "" when they are no date.
inline std::string date_of(std::string_view text) {
    int parts[3] = {0, 0, 0};
    int found = 0;
    for (std::size_t i = 0; i < text.size() && found < 3;) {
        if (text[i] < '0' || text[i] > '9') {
            ++i;
            continue;
        }
        int value = 0;
        std::size_t digits = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 5) {
            value = value * 10 + (text[i] - '0');
            ++i;
            ++digits;
        }
        parts[found++] = value;
    }
    if (found < 3 || parts[0] < 1000 || parts[0] > 9999 || parts[1] < 1 || parts[1] > 12 || parts[2] < 1 ||
        parts[2] > 31)
        return {};
    return fmt::format("{:04}-{:02}-{:02}", parts[0], parts[1], parts[2]);
}

// Sets a text property (escaped as SGF requires) when the text is not empty.
inline void set_text(SgfCollection& sgf, std::uint32_t node, std::string_view id, std::string_view text) {
    text = trim(text);
    if (!text.empty()) sgf.set_property(node, id, sgf_escape(text));
}

}  // namespace kifu::go::server_record
