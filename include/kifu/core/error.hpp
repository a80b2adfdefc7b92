#pragma once
// The error model shared by every kifu parser: what went wrong, where, and a
// message that names what was expected and what was found.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace kifu {

enum class ErrorCode : std::uint8_t {
    unexpected_character = 1,  // a character that the grammar does not allow here
    unexpected_end,            // the text ended where more was required
    out_of_range,              // a number that is zero, too large, or off the board
    duplicate,                 // something given twice (a point, a row, a part, a move number)
    conflict,                  // parts that contradict each other (a ko point holding a stone, ...)
    invalid_encoding,          // bad UTF-8 or a malformed percent escape
    unsupported,               // well-formed, but beyond what the target format can express
    io_error,                  // a file could not be read or written
    illegal_move,              // a well-formed move that the position does not allow
    ambiguous_move,            // a move that more than one legal move fits
};

// A stable lower_snake_case name for the code, e.g. "unexpected_character".
std::string_view to_string(ErrorCode code) noexcept;

// Where an error stands in its text; error_at (core/text_position.hpp) finds the place of
// a byte offset.
struct TextPlace {
    std::size_t offset = 0;    // byte offset into the source text
    std::uint32_t line = 0;    // 1-based; 0 when the error has no place in a text
    std::uint32_t column = 0;  // 1-based, counted in Unicode code points
};

// An error is made through its constructors (the compiler refuses a five-field literal):
// with no place in a text, or at a place.
struct Error {
    ErrorCode code = ErrorCode::unexpected_character;
    std::size_t offset = 0;    // byte offset into the source text
    std::uint32_t line = 0;    // 1-based; 0 when the error has no place in a text
    std::uint32_t column = 0;  // 1-based, counted in Unicode code points
    std::string message;       // "expected ..., found ..."

    Error() = default;
    // No place in a text: a file that cannot be opened, a game past the end of a collection.
    Error(ErrorCode code_, std::string message_) : code(code_), message(std::move(message_)) {}
    Error(ErrorCode code_, TextPlace at, std::string message_)
        : code(code_), offset(at.offset), line(at.line), column(at.column), message(std::move(message_)) {}

    // "SOURCE:LINE:COL: error: MESSAGE" (without the line and column when line is 0);
    // `severity` replaces "error", e.g. with "warning".
    std::string format(std::string_view source_name, std::string_view severity = "error") const;

    bool operator==(const Error&) const = default;
};

// Whether visible_text keeps line breaks: a message is one line; a command's output to a
// terminal has many.
enum class LineBreaks { escape, keep };

// `text` safe to print and valid UTF-8, the one path every message takes (Error::format,
// JSON errors, Python's KifuError.message) and what a command writes to a terminal: control
// characters (C0 but tab, DEL, and C1 such as U+009B, the one-character CSI), and each byte
// of an invalid UTF-8 sequence, shown as \xNN; valid text unchanged. A message quotes its
// input, which may hold any byte: an escape sequence of a hostile file must not drive a
// terminal, nor a stray byte break a JSON answer or a Python str.
std::string visible_text(std::string_view text, LineBreaks line_breaks = LineBreaks::escape);

// Of the errors of reading one text in several notations, whether `a` says more than `b`:
// a move that reads but is ambiguous or illegal says more than "not this notation".
inline bool says_more(const Error& a, const Error& b) noexcept {
    auto rank = [](ErrorCode c) {
        return c == ErrorCode::ambiguous_move ? 2 : c == ErrorCode::illegal_move ? 1 : 0;
    };
    return rank(a.code) > rank(b.code);
}

}  // namespace kifu
