#include "kifu/go/coordinates.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu::go {
namespace {

Error no_place(ErrorCode code, std::string message) {
    return Error{code, std::move(message)};
}

constexpr char to_upper(char c) noexcept {
    return is_lower(c) ? static_cast<char>(c - 'a' + 'A') : c;
}

Result<void> check_size(BoardSize size) {
    if (size.width < 1 || size.height < 1 || size.width > kMaxBoardSide || size.height > kMaxBoardSide)
        return no_place(ErrorCode::out_of_range,
                        fmt::format("a board of {}x{} is not supported (each side 1-{})", size.width,
                                    size.height, kMaxBoardSide));
    return {};
}

Result<void> check_human_width(BoardSize size) {
    if (size.width > kMaxHumanWidth)
        return no_place(
            ErrorCode::unsupported,
            fmt::format("human coordinates have 25 columns (A-Z without I); this board has {}", size.width));
    return {};
}

std::string column_range(BoardSize size) {
    const int last = std::min<int>(size.width, kMaxHumanWidth) - 1;
    return last == 0 ? "A" : fmt::format("A-{}", human_column_letter(last));
}

bool is_pass_word(std::string_view text) {
    return text.size() == 4 && to_upper(text[0]) == 'P' && to_upper(text[1]) == 'A' &&
           to_upper(text[2]) == 'S' && to_upper(text[3]) == 'S';
}

}  // namespace

Result<char> column_letter(int col) {
    if (col < 0 || col >= kMaxHumanWidth)
        return no_place(ErrorCode::out_of_range,
                        fmt::format("column index {} has no human letter (0-{})", col, kMaxHumanWidth - 1));
    return human_column_letter(col);
}

Result<int> letter_column(char letter) {
    const char c = to_upper(letter);
    if (c == 'I')
        return error_at(std::string_view(&letter, 1), 0, ErrorCode::unexpected_character,
                        "'I' is not a column letter: human columns skip I (H is followed by J)");
    const int col = human_column_of(c);
    if (col < 0) return expected_at(std::string_view(&letter, 1), 0, "a column letter A-Z without I");
    return col;
}

Result<std::string> to_human(BoardSize size, Point p) {
    if (auto ok = check_size(size); !ok) return ok.error();
    if (auto ok = check_human_width(size); !ok) return ok.error();
    if (!p.on(size))
        return no_place(ErrorCode::out_of_range, fmt::format("point ({},{}) is off a {}x{} board", p.col,
                                                             p.row, size.width, size.height));
    return fmt::format("{}{}", human_column_letter(p.col), size.height - p.row);
}

Result<Point> from_human(BoardSize size, std::string_view text) {
    if (auto ok = check_size(size); !ok) return ok.error();
    if (text.empty() || !(is_upper(text[0]) || is_lower(text[0])))
        return expected_at(text, 0, "a column letter A-Z without I");
    const Result<int> col = letter_column(text[0]);
    if (!col) return error_at(text, 0, col.error().code, col.error().message);
    if (auto ok = check_human_width(size); !ok) return error_at(text, 0, ok.error().code, ok.error().message);
    if (*col >= size.width)
        return error_at(text, 0, ErrorCode::out_of_range,
                        fmt::format("column {} is off a board {} wide (columns {})", to_upper(text[0]),
                                    size.width, column_range(size)));

    Scanner in(text);
    in.seek(1);
    if (!is_digit(in.peek())) return expected_at(text, 1, "a row number after the column letter");
    if (in.peek() == '0') {
        if (text.size() == 2)
            return error_at(text, 1, ErrorCode::out_of_range, "row 0 does not exist: rows start at 1");
        return error_at(text, 1, ErrorCode::unexpected_character, "a row number has no leading zero");
    }
    const Scanner::Number row = in.read_number(kMaxBoardSide);
    if (!in.at_end()) return expected_at(text, in.offset(), "the end of the point");
    if (row.overflow || row.value > size.height)
        return error_at(text, 1, ErrorCode::out_of_range,
                        fmt::format("row {} is off a board {} high (rows 1-{})", text.substr(1), size.height,
                                    size.height));
    return Point{static_cast<std::uint8_t>(*col), static_cast<std::uint8_t>(size.height - row.value)};
}

Result<std::string> to_sgf(BoardSize size, Point p) {
    if (auto ok = check_size(size); !ok) return ok.error();
    if (!p.on(size))
        return no_place(ErrorCode::out_of_range, fmt::format("point ({},{}) is off a {}x{} board", p.col,
                                                             p.row, size.width, size.height));
    return std::string{sgf_letter(p.col), sgf_letter(p.row)};
}

Result<Point> from_sgf(BoardSize size, std::string_view text) {
    if (auto ok = check_size(size); !ok) return ok.error();
    if (text.empty()) return expected_at(text, 0, "two SGF letters (an empty value is a pass, not a point)");
    if (text == "tt" && size.width <= 19 && size.height <= 19)
        return error_at(text, 0, ErrorCode::unsupported, "'tt' is a pass on boards up to 19x19, not a point");
    for (std::size_t i = 0; i < 2; ++i)
        if (i >= text.size() || sgf_letter_value(text[i]) < 0)
            return expected_at(text, i,
                               i == 0 ? "an SGF column letter a-z or A-Z" : "an SGF row letter a-z or A-Z");
    if (text.size() > 2) return expected_at(text, 2, "the end of the point");
    const int col = sgf_letter_value(text[0]);
    const int row = sgf_letter_value(text[1]);
    if (col >= size.width)
        return error_at(text, 0, ErrorCode::out_of_range,
                        fmt::format("SGF column '{}' is off a board {} wide (a-{})", text[0], size.width,
                                    sgf_letter(size.width - 1)));
    if (row >= size.height)
        return error_at(text, 1, ErrorCode::out_of_range,
                        fmt::format("SGF row '{}' is off a board {} high (a-{})", text[1], size.height,
                                    sgf_letter(size.height - 1)));
    return Point{static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(row)};
}

Result<Move> sgf_move(BoardSize size, std::string_view text) {
    if (text.empty() || (text == "tt" && size.width <= 19 && size.height <= 19)) {
        if (auto ok = check_size(size); !ok) return ok.error();
        return Move::pass();
    }
    Result<Point> p = from_sgf(size, text);
    if (!p) return std::move(p).error();
    return Move::at(*p);
}

Result<std::string> to_sgf_move(BoardSize size, Move move) {
    if (move.is_pass) return std::string{};
    return to_sgf(size, move.point);
}

std::string to_index(Point p) {
    return fmt::format("{},{}", p.col, p.row);
}

Result<Point> from_index(BoardSize size, std::string_view text) {
    if (auto ok = check_size(size); !ok) return ok.error();
    Scanner in(text, Scanner::Blanks::ignored);
    const bool parenthesised = in.consume('(');
    const std::size_t col_at = in.offset();
    const Scanner::Number col = in.read_number(kMaxBoardSide);
    if (col.digits == 0) return expected_at(text, col_at, "a column index");
    if (!in.consume(',')) return expected_at(text, in.offset(), "',' between column and row");
    const std::size_t row_at = in.offset();
    const Scanner::Number row = in.read_number(kMaxBoardSide);
    if (row.digits == 0) return expected_at(text, row_at, "a row index");
    if (parenthesised && !in.consume(')')) return expected_at(text, in.offset(), "')'");
    if (!in.at_end()) return expected_at(text, in.offset(), "the end of the index pair");
    if (col.overflow || col.value >= size.width)
        return error_at(text, col_at, ErrorCode::out_of_range,
                        fmt::format("column index {} is off a board {} wide (0-{})",
                                    text.substr(col_at, col.digits), size.width, size.width - 1));
    if (row.overflow || row.value >= size.height)
        return error_at(text, row_at, ErrorCode::out_of_range,
                        fmt::format("row index {} is off a board {} high (0-{})",
                                    text.substr(row_at, row.digits), size.height, size.height - 1));
    return Point{static_cast<std::uint8_t>(col.value), static_cast<std::uint8_t>(row.value)};
}

Result<Move> human_move(BoardSize size, std::string_view text) {
    if (is_pass_word(text)) return Move::pass();
    Result<Point> p = from_human(size, text);
    if (!p) return std::move(p).error();
    return Move::at(*p);
}

Result<std::vector<std::string>> transcript(BoardSize size, std::span<const Move> moves) {
    std::vector<std::string> out;
    out.reserve(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (moves[i].is_pass) {
            out.emplace_back("pass");
            continue;
        }
        Result<std::string> human = to_human(size, moves[i].point);
        if (!human) {
            Error e = std::move(human).error();
            e.message = fmt::format("move {}: {}", i + 1, e.message);
            return e;
        }
        out.push_back(std::move(*human));
    }
    return out;
}

Result<BoardSize> parse_board_size(std::string_view text) {
    Scanner in(text);
    const Scanner::Number width = in.read_number(kMaxBoardSide);
    if (width.digits == 0) return expected_at(text, 0, "a board size such as 19 or 13x9");
    Scanner::Number height = width;
    std::size_t height_at = 0;
    if (in.consume('x') || in.consume('X')) {
        height_at = in.offset();
        height = in.read_number(kMaxBoardSide);
        if (height.digits == 0) return expected_at(text, height_at, "the board height after 'x'");
    }
    if (!in.at_end()) return expected_at(text, in.offset(), "the end of the board size (WIDTHxHEIGHT)");
    if (width.overflow || width.value == 0)
        return error_at(
            text, 0, ErrorCode::out_of_range,
            fmt::format("board width {} is outside 1-{}", text.substr(0, width.digits), kMaxBoardSide));
    if (height.overflow || height.value == 0)
        return error_at(text, height_at, ErrorCode::out_of_range,
                        fmt::format("board height {} is outside 1-{}", text.substr(height_at, height.digits),
                                    kMaxBoardSide));
    return BoardSize{static_cast<std::uint8_t>(width.value), static_cast<std::uint8_t>(height.value)};
}

}  // namespace kifu::go
