#pragma once
// The one tokenizer under PGN reading: the splitter uses it to find where games end,
// the reader to walk a game. It never allocates and never looks back.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace kifu::chess::pgn {

enum class TokenKind : std::uint8_t {
    end,              // no more text
    incomplete,       // the text stops inside a token and more may come (splitter only)
    tag,              // [Name "value"]: name and the value with its escapes still in
    comment,          // {...}: the text between the braces
    line_comment,     // ;...: the text to the end of the line
    escape,           // a line starting with %
    nag,              // $12: the digits
    open_variation,   // (
    close_variation,  // )
    move_number,      // 12. or 12...
    word,             // a move, a result, a suffix such as !?
    bad,              // a character no token starts with, or a broken tag or comment
};

struct Token {
    TokenKind kind = TokenKind::end;
    std::size_t begin = 0;  // the token's bytes: [begin, end)
    std::size_t end = 0;
    std::string_view text;          // tag: name; comment, nag, word: the content
    std::string_view value;         // tag: the raw value
    bool line_start = false;        // nothing but blanks before it on its line
    bool blank_line = false;        // an empty line lies between it and the previous token
    const char* problem = nullptr;  // bad: what is wrong; tag: what was read leniently
};

class Tokenizer {
  public:
    Tokenizer(std::string_view text, std::size_t position, bool more_may_come) noexcept
        : text_(text),
          i_(position),
          more_(more_may_come),
          line_start_(position == 0 || text[position - 1] == '\n') {}

    Token next() noexcept;
    std::size_t position() const noexcept { return i_; }
    void seek(std::size_t i) noexcept {
        i_ = i;
        line_start_ = i == 0 || text_[i - 1] == '\n';
    }
    // Skips to just after the ')' that closes the variation now open (comments heeded);
    // false when the text ends first.
    bool skip_variation() noexcept;

    // The splitter's fast walk over movetext, a byte at a time through a table, stopping
    // only at comments, parentheses, line ends and the characters of results; `depth`
    // is the variation depth, kept across calls.
    struct MovetextStop {
        enum Kind : std::uint8_t { result, tag_line, text_end, incomplete } kind = text_end;
        std::size_t begin = 0;  // result: its first byte; tag_line: the '['
        std::size_t end = 0;    // result: after its last byte
    };
    MovetextStop scan_movetext(int& depth) noexcept;

  private:
    Token finish(Token t, std::size_t end) noexcept {
        t.end = end;
        i_ = end;
        line_start_ = false;
        return t;
    }
    Token read_tag(Token t) noexcept;
    std::string_view text_;
    std::size_t i_;
    bool more_;
    bool line_start_;
};

enum CharClass : std::uint8_t { kOther, kBlank, kNewline, kSpecial };

inline constexpr std::array<std::uint8_t, 256> kClass = [] {
    std::array<std::uint8_t, 256> c{};
    for (const unsigned char b : std::string_view(" \t\r\v\f")) c[b] = kBlank;
    c['\n'] = kNewline;
    for (const unsigned char b : std::string_view("{}()[];$\"")) c[b] = kSpecial;
    return c;
}();

// The termination markers, and "1/2", which real files use for a draw.
inline bool is_result(std::string_view w) noexcept {
    if (w.empty() || (w[0] != '1' && w[0] != '0' && w[0] != '*')) return false;  // most words: a move
    return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*" || w == "1/2";
}

}  // namespace kifu::chess::pgn
