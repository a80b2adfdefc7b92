#include "kifu/go/sgf_values.hpp"

#include <fmt/format.h>

#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/go/coordinates.hpp"

namespace kifu::go {
namespace {

std::string decode_text(std::string_view raw, bool simple) {
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        char c = raw[i];
        if (c == '\\') {
            if (++i >= raw.size()) break;  // a lone trailing backslash means nothing
            c = raw[i];
            if (c == '\n' || c == '\r') {  // soft line break: the break and its pair vanish
                if (i + 1 < raw.size() && (raw[i + 1] == '\n' || raw[i + 1] == '\r') && raw[i + 1] != c) ++i;
                continue;
            }
            out.push_back(c);
            continue;
        }
        if (c == '\n' || c == '\r') {
            if (i + 1 < raw.size() && (raw[i + 1] == '\n' || raw[i + 1] == '\r') && raw[i + 1] != c) ++i;
            out.push_back(simple ? ' ' : '\n');
            continue;
        }
        if (c == '\t' || c == '\v' || c == '\f') c = ' ';
        out.push_back(c);
    }
    return out;
}

}  // namespace

std::string sgf_text(std::string_view raw) {
    return decode_text(raw, false);
}
std::string sgf_simple_text(std::string_view raw) {
    return decode_text(raw, true);
}

std::optional<std::pair<std::string_view, std::string_view>> sgf_split_compose(std::string_view raw) {
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\') {
            ++i;
            continue;
        }
        if (raw[i] == ':') return std::pair{raw.substr(0, i), raw.substr(i + 1)};
    }
    return std::nullopt;
}

std::string sgf_escape(std::string_view text, bool in_compose) {
    std::string out;
    out.reserve(text.size() + 4);
    for (const char c : text) {
        if (c == '\\' || c == ']' || (in_compose && c == ':')) out.push_back('\\');
        out.push_back(c);
    }
    return out;
}

Result<BoardSize> sgf_board_size(std::string_view raw) {
    Scanner in(raw, Scanner::Blanks::ignored);
    const Scanner::Number width = in.read_number(kMaxBoardSide);
    if (width.digits == 0) return expected_at(raw, in.offset(), "a board size such as 19 or 19:13");
    Scanner::Number height = width;
    if (in.consume(':')) {
        height = in.read_number(kMaxBoardSide);
        if (height.digits == 0) return expected_at(raw, in.offset(), "the number of rows after ':'");
    }
    if (!in.at_end()) return expected_at(raw, in.offset(), "the end of the board size");
    if (width.overflow || height.overflow || width.value == 0 || height.value == 0)
        return error_at(raw, 0, ErrorCode::out_of_range,
                        fmt::format("board size {} is outside 1-{}", raw, kMaxBoardSide));
    return BoardSize{static_cast<std::uint8_t>(width.value), static_cast<std::uint8_t>(height.value)};
}

Result<void> sgf_expand_points(BoardSize size, std::string_view raw, std::vector<Point>& out) {
    const auto compose = sgf_split_compose(raw);
    if (!compose) {
        Result<Point> p = from_sgf(size, raw);
        if (!p) return p.error();
        out.push_back(*p);
        return {};
    }
    Result<Point> a = from_sgf(size, compose->first);
    if (!a) return a.error();
    Result<Point> b = from_sgf(size, compose->second);
    if (!b) return b.error();
    const int c0 = std::min(a->col, b->col), c1 = std::max(a->col, b->col);
    const int r0 = std::min(a->row, b->row), r1 = std::max(a->row, b->row);
    for (int r = r0; r <= r1; ++r)
        for (int c = c0; c <= c1; ++c)
            out.push_back(Point{static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(r)});
    return {};
}

}  // namespace kifu::go
