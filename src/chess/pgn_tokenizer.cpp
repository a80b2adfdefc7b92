#include "pgn_tokenizer.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <array>
#include <bit>
#include <cctype>
#include <cstring>

namespace kifu::chess::pgn {

Token Tokenizer::next() noexcept {
    Token t;
    int newlines = 0;
    for (;;) {
        while (i_ < text_.size() && kClass[static_cast<unsigned char>(text_[i_])] == kBlank) ++i_;
        if (i_ >= text_.size()) {
            t.kind = TokenKind::end;
            t.begin = t.end = i_;
            return t;
        }
        if (text_[i_] != '\n') break;
        ++i_;
        ++newlines;
        line_start_ = true;
    }
    t.begin = i_;
    t.line_start = line_start_;
    t.blank_line = newlines >= 2;
    const std::size_t n = text_.size();
    const char c = text_[i_];
    const auto incomplete = [&]() noexcept {
        t.kind = TokenKind::incomplete;
        t.end = n;
        return t;
    };
    if (c == '%' && line_start_) {  // an escape line: skipped
        const void* nl = std::memchr(text_.data() + i_, '\n', n - i_);
        if (!nl && more_) return incomplete();
        t.kind = TokenKind::escape;
        return finish(t, nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text_.data()) : n);
    }
    switch (c) {
        case '[':
            return read_tag(t);
        case '{': {
            const void* close = std::memchr(text_.data() + i_ + 1, '}', n - i_ - 1);
            if (!close) {
                if (more_) return incomplete();
                t.kind = TokenKind::bad;
                t.problem = "a comment opened with '{' is not closed with '}'";
                return finish(t, n);
            }
            const std::size_t e = static_cast<std::size_t>(static_cast<const char*>(close) - text_.data());
            t.kind = TokenKind::comment;
            t.text = std::string_view(text_.data() + i_ + 1, e - i_ - 1);
            return finish(t, e + 1);
        }
        case ';': {
            const void* nl = std::memchr(text_.data() + i_, '\n', n - i_);
            if (!nl && more_) return incomplete();
            const std::size_t e =
                nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text_.data()) : n;
            t.kind = TokenKind::line_comment;
            t.text = std::string_view(text_.data() + i_ + 1, e - i_ - 1);
            if (!t.text.empty() && t.text.back() == '\r') t.text.remove_suffix(1);
            return finish(t, e);
        }
        case '(':
            t.kind = TokenKind::open_variation;
            return finish(t, i_ + 1);
        case ')':
            t.kind = TokenKind::close_variation;
            return finish(t, i_ + 1);
        case '$': {
            std::size_t e = i_ + 1;
            while (e < n && text_[e] >= '0' && text_[e] <= '9') ++e;
            if (e == n && more_) return incomplete();
            t.kind = e > i_ + 1 ? TokenKind::nag : TokenKind::bad;
            t.problem = "expected digits after '$'";
            t.text = std::string_view(text_.data() + i_ + 1, e - i_ - 1);
            return finish(t, e > i_ + 1 ? e : i_ + 1);
        }
        case '}':
        case ']':
        case '"':
            t.kind = TokenKind::bad;
            t.problem = "this character only closes or quotes something";
            return finish(t, i_ + 1);
        default:
            break;
    }
    // A move number, or a word up to a blank or a special character.
    std::size_t e = i_;
    if (c >= '0' && c <= '9') {
        while (e < n && text_[e] >= '0' && text_[e] <= '9') ++e;
        if (e < n && text_[e] == '.') {
            while (e < n && text_[e] == '.') ++e;
            if (e == n && more_) return incomplete();
            t.kind = TokenKind::move_number;
            t.text = std::string_view(text_.data() + i_, e - i_);
            return finish(t, e);
        }
    }
    while (e < n && kClass[static_cast<unsigned char>(text_[e])] == kOther) ++e;
    if (e == n && more_) return incomplete();
    t.kind = TokenKind::word;
    t.text = std::string_view(text_.data() + i_, e - i_);
    return finish(t, e);
}

namespace {
constexpr std::array<bool, 256> kNameChar = [] {
    std::array<bool, 256> c{};
    for (int x = 0; x < 256; ++x)
        c[static_cast<std::size_t>(x)] =
            (x >= 'a' && x <= 'z') || (x >= 'A' && x <= 'Z') || (x >= '0' && x <= '9') || x == '_';
    return c;
}();
// Where the usual reading of a tag's value stops: its closing quote, or what it leaves to the
// general reading (a backslash, the line's end).
constexpr std::array<bool, 256> kValueStop = [] {
    std::array<bool, 256> c{};
    c['"'] = c['\\'] = c['\n'] = true;
    return c;
}();
}  // namespace

// [Name "value"]: the value ends at a quote followed (after blanks) by ']', so that
// unescaped quotes and brackets inside real-world values still read.
Token Tokenizer::read_tag(Token t) noexcept {
    const std::size_t n = text_.size();
    std::size_t j = i_ + 1;
    const auto fail = [&](const char* problem, std::size_t at) noexcept {
        t.kind = TokenKind::bad;
        t.problem = problem;
        // Resynchronise at the end of the line.
        const void* nl = std::memchr(text_.data() + at, '\n', n - at);
        return finish(t, nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text_.data()) : n);
    };
    while (j < n && (text_[j] == ' ' || text_[j] == '\t')) ++j;
    const std::size_t name_begin = j;
    while (j < n && kNameChar[static_cast<unsigned char>(text_[j])]) ++j;
    if (j == n && more_) {
        t.kind = TokenKind::incomplete;
        return t;
    }
    if (j == name_begin) return fail("expected a tag name after '['", j);
    t.text = std::string_view(text_.data() + name_begin, j - name_begin);
    while (j < n && (text_[j] == ' ' || text_[j] == '\t')) ++j;
    if (j < n && text_[j] != '"') return fail("expected '\"' to open the tag's value", j);
    if (j == n) {
        if (more_) {
            t.kind = TokenKind::incomplete;
            return t;
        }
        return fail("expected '\"' to open the tag's value", j);
    }
    const std::size_t value_begin = ++j;
    {
        // The usual value, without a backslash and closed by '"' then ']' on its line, in one
        // pass: the two memchr calls of the general reading below cost more than the short
        // values they search. Anything else reads as below, from the value's start.
        std::size_t k = j;
        while (k < n && !kValueStop[static_cast<unsigned char>(text_[k])]) ++k;
        if (k < n && text_[k] == '"') {
            std::size_t e = k + 1;
            while (e < n && (text_[e] == ' ' || text_[e] == '\t')) ++e;
            if (e < n && text_[e] == ']') {
                t.kind = TokenKind::tag;
                t.value = std::string_view(text_.data() + value_begin, k - value_begin);
                return finish(t, e + 1);
            }
        }
    }
    const void* nl = std::memchr(text_.data() + j, '\n', n - j);
    const std::size_t line_end =
        nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text_.data()) : n;
    while (j < line_end) {
        const void* q = std::memchr(text_.data() + j, '"', line_end - j);
        if (!q) {
            j = line_end;
            break;
        }
        const std::size_t quote = static_cast<std::size_t>(static_cast<const char*>(q) - text_.data());
        std::size_t backslashes = 0;
        while (quote - backslashes > value_begin && text_[quote - backslashes - 1] == '\\') ++backslashes;
        j = quote + 1;
        if (backslashes % 2 == 1) continue;  // \" inside the value
        std::size_t k = j;
        while (k < line_end && (text_[k] == ' ' || text_[k] == '\t')) ++k;
        if (k < line_end && text_[k] == ']') {
            t.kind = TokenKind::tag;
            t.value = std::string_view(text_.data() + value_begin, quote - value_begin);
            return finish(t, k + 1);
        }
    }
    if (j == n && more_) {
        t.kind = TokenKind::incomplete;
        return t;
    }
    // No unescaped quote closes the value, but the line ends in '"]': a value that ends in a
    // backslash, written unescaped (`[Event "Club \"]`, common in real files). Read as
    // pgn-extract and python-chess do: the backslash is part of the value.
    std::size_t k = line_end;
    while (k > value_begin && kClass[static_cast<unsigned char>(text_[k - 1])] == kBlank) --k;
    if (k > value_begin && text_[k - 1] == ']') {
        --k;
        while (k > value_begin && (text_[k - 1] == ' ' || text_[k - 1] == '\t')) --k;
        if (k > value_begin && text_[k - 1] == '"' && text_[k - 2] == '\\') {
            t.kind = TokenKind::tag;
            t.value = std::string_view(text_.data() + value_begin, k - 1 - value_begin);
            t.problem = "the tag's value ends in a backslash before its closing quote: read as a backslash";
            std::size_t close = k;
            while (text_[close] != ']') ++close;
            return finish(t, close + 1);
        }
    }
    return fail("expected '\"]' to close the tag on its line", j);
}

bool Tokenizer::skip_variation() noexcept {
    int depth = 1;
    for (;;) {
        const Token t = next();
        switch (t.kind) {
            case TokenKind::end:
            case TokenKind::incomplete:
                return false;
            case TokenKind::open_variation:
                ++depth;
                break;
            case TokenKind::close_variation:
                if (--depth == 0) return true;
                break;
            default:
                break;
        }
    }
}

namespace {

// What scan_movetext must look at: everything else is part of a move or a blank.
enum MoveStop : std::uint8_t { kPass, kBrace, kSemicolon, kOpen, kClose, kLineEnd, kResultChar, kBlankChar };

constexpr std::array<std::uint8_t, 256> kMoveStop = [] {
    std::array<std::uint8_t, 256> c{};
    c['{'] = kBrace;
    c[';'] = kSemicolon;
    c['('] = kOpen;
    c[')'] = kClose;
    c['\n'] = kLineEnd;
    c['-'] = kResultChar;
    c['/'] = kResultChar;
    c['*'] = kResultChar;
    c[' '] = kBlankChar;
    c['\t'] = kBlankChar;
    c['\r'] = kBlankChar;
    return c;
}();

// The first byte at or after `i` that scan_movetext must look at (n if none): sixteen
// bytes at a time where SSE2 is there (every x86-64), through the table elsewhere.
std::size_t skip_to_stop(const char* p, std::size_t i, std::size_t n) noexcept {
#if defined(__SSE2__)
    const __m128i brace = _mm_set1_epi8('{'), semicolon = _mm_set1_epi8(';'), open = _mm_set1_epi8('('),
                  close = _mm_set1_epi8(')'), newline = _mm_set1_epi8('\n'), dash = _mm_set1_epi8('-'),
                  slash = _mm_set1_epi8('/'), star = _mm_set1_epi8('*');
    while (i + 16 <= n) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
        const __m128i hit =
            _mm_or_si128(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, brace), _mm_cmpeq_epi8(v, semicolon)),
                                      _mm_or_si128(_mm_cmpeq_epi8(v, open), _mm_cmpeq_epi8(v, close))),
                         _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, newline), _mm_cmpeq_epi8(v, dash)),
                                      _mm_or_si128(_mm_cmpeq_epi8(v, slash), _mm_cmpeq_epi8(v, star))));
        const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hit));
        if (mask != 0) return i + static_cast<std::size_t>(std::countr_zero(mask));
        i += 16;
    }
#endif
    while (i < n && (kMoveStop[static_cast<unsigned char>(p[i])] == kPass ||
                     kMoveStop[static_cast<unsigned char>(p[i])] == kBlankChar))
        ++i;
    return i;
}

bool word_boundary(char c) noexcept {
    return kClass[static_cast<unsigned char>(c)] != kOther;
}

}  // namespace

Tokenizer::MovetextStop Tokenizer::scan_movetext(int& depth) noexcept {
    MovetextStop stop;
    const std::size_t n = text_.size();
    const char* p = text_.data();
    std::size_t i = i_;
    const auto out = [&](MovetextStop::Kind kind, std::size_t at) noexcept {
        stop.kind = kind;
        if (kind != MovetextStop::result) stop.begin = at;
        i_ = at;
        line_start_ = at == 0 || p[at - 1] == '\n';
        return stop;
    };
    while (i < n) {
        i = skip_to_stop(p, i, n);
        if (i >= n) break;
        switch (kMoveStop[static_cast<unsigned char>(p[i])]) {
            case kBrace: {
                const void* close = std::memchr(p + i, '}', n - i);
                if (!close)
                    return out(more_ ? MovetextStop::incomplete : MovetextStop::text_end, more_ ? i : n);
                i = static_cast<std::size_t>(static_cast<const char*>(close) - p) + 1;
                break;
            }
            case kSemicolon: {
                const void* nl = std::memchr(p + i, '\n', n - i);
                if (!nl) return out(more_ ? MovetextStop::incomplete : MovetextStop::text_end, more_ ? i : n);
                i = static_cast<std::size_t>(static_cast<const char*>(nl) - p);
                break;
            }
            case kOpen:
                ++depth;
                ++i;
                break;
            case kClose:
                depth -= depth > 0;
                ++i;
                break;
            case kLineEnd: {
                ++i;
                std::size_t j = i;
                while (j < n && (p[j] == ' ' || p[j] == '\t' || p[j] == '\r')) ++j;
                if (j == n && more_) return out(MovetextStop::incomplete, i);
                if (j < n && p[j] == '[') return out(MovetextStop::tag_line, j);
                if (j < n && p[j] == '%' && j == i) {  // an escape line
                    const void* nl = std::memchr(p + j, '\n', n - j);
                    if (!nl)
                        return out(more_ ? MovetextStop::incomplete : MovetextStop::text_end, more_ ? i : n);
                    i = static_cast<std::size_t>(static_cast<const char*>(nl) - p);
                }
                break;
            }
            default: {  // '-', '/' or '*': is this word a result?
                std::size_t b = i, e = i + 1;
                while (b > i_ && !word_boundary(p[b - 1])) --b;
                while (e < n && !word_boundary(p[e])) ++e;
                if (e == n && more_) return out(MovetextStop::incomplete, i);
                if (depth == 0 && is_result(text_.substr(b, e - b))) {
                    stop.begin = b;
                    stop.end = e;
                    return out(MovetextStop::result, e);
                }
                i = e;
                break;
            }
        }
    }
    return out(more_ ? MovetextStop::incomplete : MovetextStop::text_end, n);
}

}  // namespace kifu::chess::pgn
