// HEN reader: two passes over the text. The first finds the board size, which
// may come after the rows (parts are in any order); the second reads every
// part with the size known. Blanks are ignored everywhere, even inside a part.
// Nothing is allocated for a position without numbered stones, labels or marks.

#include <algorithm>
#include <bitset>
#include <cstring>

#include <fmt/format.h>

#include "kifu/core/percent_encoding.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/hen.hpp"

namespace kifu::go {
namespace {

constexpr std::size_t kNotSeen = static_cast<std::size_t>(-1);
constexpr std::string_view kStoneLetters = "a stone letter (b w r g l y p)";

std::string point_name(BoardSize size, Point p) {
    Result<std::string> human = to_human(size, p);
    return human ? std::move(*human) : to_index(p);
}

class HenReader {
  public:
    HenReader(std::string_view text, Diagnostics& diagnostics, Position& position)
        : in_(text, Scanner::Blanks::ignored), text_(text), diag_(diagnostics), pos_(position) {}

    void read() {
        pos_.size = BoardSize{19, 19};
        pos_.clear();
        read_size_parts();
        while (!in_.at_end() && !diag_.full()) {
            switch (in_.peek()) {
                case '_':
                    read_row();
                    break;
                case '.':
                    read_dot_part();
                    break;
                case '~':
                    read_player_order();
                    break;
                default:
                    diag_.expected(in_.offset(),
                                   "a part: '.' (size, ko, move, turn, label), '_' (row) or '~' (order)");
                    skip_to_next_part();
            }
        }
        if (!diag_.full()) finish();
    }

  private:
    // ---- pass 1: the board size --------------------------------------------------------

    void read_size_parts() {
        // Every '.' starts a part (labels cannot hold '.'), and only the size part has a
        // digit after its '.'.
        for (const char* p = text_.data();
             (p = static_cast<const char*>(std::memchr(p, '.', text_.size() - (p - text_.data())))) !=
             nullptr;
             ++p) {
            in_.seek(static_cast<std::size_t>(p - text_.data()) + 1);
            if (is_digit(in_.peek())) read_size_part(true);
            if (diag_.full()) break;
        }
        in_.seek(0);
        if (!size_valid_)
            pos_.size = BoardSize{kHenMaxWidth, kHenMaxHeight};  // keep reading, to find other errors
    }

    // Reads "{width}x{height}" after the '.'. With report off it only moves past the part
    // (pass 2), taking exactly the same path as pass 1.
    void read_size_part(bool report) {
        const std::size_t part_at = in_.offset() - 1;
        const std::size_t width_at = in_.offset();
        const Scanner::Number width = in_.read_number(kHenMaxNumber);
        if (!in_.consume('x')) {
            if (report) diag_.expected(in_.offset(), "'x' between the board width and height");
            return skip_to_next_part();
        }
        const std::size_t height_at = in_.offset();
        const Scanner::Number height = in_.read_number(kHenMaxNumber);
        if (height.digits == 0) {
            if (report) diag_.expected(height_at, "the board height after 'x'");
            return skip_to_next_part();
        }
        if (!at_part_end()) {
            if (report) diag_.expected(in_.offset(), "the end of the size part");
            return skip_to_next_part();
        }
        if (!report) return;
        if (width.value == 0 || width.value > kHenMaxWidth) {
            diag_.add(ErrorCode::out_of_range, width_at,
                      fmt::format("board width {} is outside 1-{} (HEN columns are A-Z without I)",
                                  number_text(width), kHenMaxWidth));
            size_valid_ = false;
            return;
        }
        if (height.value == 0 || height.value > kHenMaxHeight) {
            diag_.add(ErrorCode::out_of_range, height_at,
                      fmt::format("board height {} is outside 1-{}", number_text(height), kHenMaxHeight));
            size_valid_ = false;
            return;
        }
        const BoardSize size{static_cast<std::uint8_t>(width.value), static_cast<std::uint8_t>(height.value)};
        if (accept_part(size_at_, size == pos_.size, part_at, [&] {
                return fmt::format("the board size is given twice: {}x{} at {}, then {}x{}", pos_.size.width,
                                   pos_.size.height, where(size_at_), size.width, size.height);
            }))
            pos_.size = size;
    }

    // ---- pass 2: the other parts -------------------------------------------------------

    void read_row() {
        const std::size_t part_at = in_.offset();
        in_.advance();  // '_'
        const std::size_t number_at = in_.offset();
        const Scanner::Number n = in_.read_number(kHenMaxNumber);
        if (n.digits == 0) {
            diag_.expected(number_at, "a row number after '_'");
            return skip_to_next_part();
        }
        if (!check_row_number(n, number_at)) return skip_to_next_part();
        const auto row = static_cast<std::uint8_t>(pos_.size.height - n.value);
        if (row_at_[row] != kNotSeen) {
            diag_.add(ErrorCode::duplicate, part_at,
                      fmt::format("row {} is given twice (first at {})", n.value, where(row_at_[row])));
            return skip_to_next_part();
        }
        row_at_[row] = part_at;

        int next_col = 0;  // where an item without a column letter goes
        for (;;) {
            const char c = in_.peek();
            if (in_.at_end() || c == '.' || c == '_' || (c == '~' && !is_digit(in_.peek_second()))) return;
            const std::size_t item_at = in_.offset();
            int col = next_col;
            if (is_upper(c)) {
                if (!read_column_letter(col)) return skip_to_next_part();
                const char after = in_.peek();
                if (!stone_from_letter(after) && !(after == '~' && is_digit(in_.peek_second()))) {
                    diag_.expected(
                        in_.offset(),
                        fmt::format("{} or '~' and a move number after the column letter", kStoneLetters));
                    return skip_to_next_part();
                }
            }
            if (!read_row_item(row, col, item_at, next_col)) return skip_to_next_part();
        }
    }

    // One stone, a run "{stone}{count}", or a numbered stone "~N", starting at column `col`.
    bool read_row_item(std::uint8_t row, int col, std::size_t item_at, int& next_col) {
        const char c = in_.peek();
        const bool numbered = c == '~';
        const std::optional<Stone> stone = stone_from_letter(c);
        if (!numbered && !stone) {
            diag_.expected(
                item_at,
                fmt::format("a column letter, {}, '~' and a move number, or the next part", kStoneLetters));
            return false;
        }
        if (col >= pos_.size.width) {
            diag_.add(ErrorCode::out_of_range, item_at,
                      fmt::format("a stone past the right edge of a board {} wide", pos_.size.width));
            return false;
        }
        in_.advance();
        if (numbered) {
            const std::size_t number_at = in_.offset();
            const Scanner::Number n = in_.read_number(kHenMaxNumber);
            if (n.value == 0 || n.overflow) {
                diag_.add(ErrorCode::out_of_range, number_at,
                          fmt::format("move number {} is outside 1-{}", number_text(n), kHenMaxNumber));
                return false;
            }
            if (!place(row, col, Stone::black, item_at)) return false;  // coloured in finish()
            numbered_.push_back({{Point{static_cast<std::uint8_t>(col), row}, n.value}, item_at});
            next_col = col + 1;
            return true;
        }
        std::uint32_t count = 1;
        if (is_digit(in_.peek())) {
            const std::size_t count_at = in_.offset();
            const Scanner::Number n = in_.read_number(kHenMaxNumber);
            if (n.value == 0) {
                diag_.add(ErrorCode::out_of_range, count_at, "a run of 0 stones: a count must be at least 1");
                return false;
            }
            count = n.value;
        }
        if (col + std::uint64_t{count} > pos_.size.width) {
            diag_.add(
                ErrorCode::out_of_range, item_at,
                fmt::format("a run of {} stones from column {} goes past the right edge of a board {} wide",
                            count, column_name(col), pos_.size.width));
            return false;
        }
        for (std::uint32_t k = 0; k < count; ++k)
            if (!place(row, col + static_cast<int>(k), *stone, item_at)) return false;
        next_col = col + static_cast<int>(count);
        return true;
    }

    bool place(std::uint8_t row, int col, Stone stone, std::size_t at) {
        const Point p{static_cast<std::uint8_t>(col), row};
        if (pos_.at(p) != Stone::none) {
            diag_.add(ErrorCode::duplicate, at,
                      fmt::format("point {} is given twice", point_name(pos_.size, p)));
            return false;
        }
        pos_.set(p, stone);
        return true;
    }

    void read_dot_part() {
        const std::size_t part_at = in_.offset();
        in_.advance();  // '.'
        const char c = in_.peek();
        if (is_digit(c)) return read_size_part(false);  // read in pass 1
        if (is_upper(c)) return read_point_part(part_at);
        if (c == 'p') {
            in_.advance();
            if (const std::optional<Stone> passer = stone_from_letter(in_.peek())) {
                in_.advance();
                if (!expect_part_end("the pass")) return;
                return set_last_move({*passer, Move::pass()}, part_at);
            }
            if (!expect_part_end("the turn")) return;
            return set_turn(Stone::purple, part_at);
        }
        if (const std::optional<Stone> stone = stone_from_letter(c)) {
            in_.advance();
            if (!expect_part_end("the turn")) return;
            return set_turn(*stone, part_at);
        }
        diag_.expected(in_.offset(),
                       fmt::format("a board size, a point, {} or 'p' after '.'", kStoneLetters));
        skip_to_next_part();
    }

    // ".K7" (ko), ".K7w" (last move), ".K7-a" (label), ".K7-SQ" (mark).
    void read_point_part(std::size_t part_at) {
        const std::optional<Point> p = read_point();
        if (!p) return skip_to_next_part();
        const char c = in_.peek();
        if (const std::optional<Stone> stone = stone_from_letter(c)) {
            in_.advance();
            if (!expect_part_end("the last move")) return;
            return set_last_move({*stone, Move::at(*p)}, part_at);
        }
        if (c == '-') {
            in_.advance();
            return read_label_or_mark(*p, part_at);
        }
        if (!at_part_end()) {
            diag_.expected(in_.offset(), fmt::format("{}, '-' and a label or mark, or the end of the ko part",
                                                     kStoneLetters));
            return skip_to_next_part();
        }
        if (accept_part(ko_at_, pos_.ko == p, part_at, [&] {
                return fmt::format("the ko point is given twice: {} at {}, then {}",
                                   point_name(pos_.size, *pos_.ko), where(ko_at_), point_name(pos_.size, *p));
            }))
            pos_.ko = *p;
    }

    void read_label_or_mark(Point p, std::size_t part_at) {
        std::string text;
        const std::size_t text_at = in_.offset();
        for (;;) {
            const char c = in_.peek();
            if (in_.at_end() || c == '.' || c == '_' || c == '~') break;
            const std::size_t at = in_.offset();
            const auto byte = static_cast<unsigned char>(c);
            if (c == '-' || byte < 0x20 || byte == 0x7F) {
                diag_.add(ErrorCode::unexpected_character, at,
                          fmt::format("a label cannot hold {} (labels are text without whitespace, '.', '_', "
                                      "'-' or '~')",
                                      describe_found(text_, at)));
                return skip_to_next_part();
            }
            const utf8::Decoded d = utf8::decode(text_, at);
            if (d.length == 0) {
                diag_.add(ErrorCode::invalid_encoding, at,
                          fmt::format("a label must be UTF-8, found {}", describe_found(text_, at)));
                return skip_to_next_part();
            }
            text.append(text_.substr(at, d.length));
            in_.seek(at + d.length);
        }
        if (text.empty()) {
            diag_.expected(text_at, "a label or a mark (CR, SQ, TR, MA) after '-'");
            return;
        }
        if (const std::optional<Mark> mark = mark_from_code(text)) {
            if (marked_.test(static_cast<std::size_t>(p.index(pos_.size)))) {
                diag_.add(ErrorCode::duplicate, part_at,
                          fmt::format("point {} is given two marks", point_name(pos_.size, p)));
                return;
            }
            marked_.set(static_cast<std::size_t>(p.index(pos_.size)));
            pos_.marks.push_back({p, *mark});
            return;
        }
        if (labelled_.test(static_cast<std::size_t>(p.index(pos_.size)))) {
            diag_.add(ErrorCode::duplicate, part_at,
                      fmt::format("point {} is given two labels", point_name(pos_.size, p)));
            return;
        }
        labelled_.set(static_cast<std::size_t>(p.index(pos_.size)));
        pos_.labels.push_back({p, std::move(text)});
    }

    void read_player_order() {
        const std::size_t part_at = in_.offset();
        in_.advance();  // '~'
        std::array<Stone, kStoneColours> stones{};
        int count = 0;
        std::array<bool, kStoneColours + 1> seen{};
        for (;;) {
            const char c = in_.peek();
            if (in_.at_end() || c == '.' || c == '_' || c == '~') break;
            const std::optional<Stone> stone = stone_from_letter(c);
            if (!stone) {
                diag_.expected(in_.offset(),
                               is_digit(c)
                                   ? std::string("a stone letter of the player order (a numbered stone "
                                                 "'~N' belongs in a row)")
                                   : fmt::format("{} for the player order", kStoneLetters));
                return skip_to_next_part();
            }
            if (seen[static_cast<std::size_t>(*stone)]) {
                diag_.add(ErrorCode::duplicate, in_.offset(),
                          fmt::format("the player order names {} twice", stone_name(*stone)));
                return skip_to_next_part();
            }
            seen[static_cast<std::size_t>(*stone)] = true;
            stones[static_cast<std::size_t>(count++)] = *stone;
            in_.advance();
        }
        if (count < 2) {
            diag_.expected(in_.offset(),
                           fmt::format("{} (a player order has at least two colours)", kStoneLetters));
            return;
        }
        const PlayerOrder order{std::span<const Stone>(stones.data(), static_cast<std::size_t>(count))};
        if (accept_part(order_at_, order == pos_.order, part_at, [&] {
                return fmt::format("the player order is given twice, differently (first at {})",
                                   where(order_at_));
            }))
            pos_.order = order;
    }

    void set_last_move(LastMove move, std::size_t part_at) {
        if (accept_part(last_at_, pos_.last_move == move, part_at, [&] {
                return fmt::format("the last move is given twice, differently (first at {})",
                                   where(last_at_));
            }))
            pos_.last_move = move;
    }

    void set_turn(Stone stone, std::size_t part_at) {
        if (accept_part(turn_at_, pos_.turn == stone, part_at, [&] {
                return fmt::format("the turn is given twice: {} at {}, then {}", stone_name(*pos_.turn),
                                   where(turn_at_), stone_name(stone));
            }))
            pos_.turn = stone;
    }

    // ---- after both passes: what needs every part ----------------------------------------

    void finish() {
        if (!numbered_.empty()) colour_numbered_stones();
        if (ko_at_ != kNotSeen && pos_.at(*pos_.ko) != Stone::none)
            diag_.add(ErrorCode::conflict, ko_at_,
                      fmt::format("the ko point {} holds a {} stone; a ko point must be empty",
                                  point_name(pos_.size, *pos_.ko), stone_name(pos_.at(*pos_.ko))));
        if (last_at_ != kNotSeen && !pos_.last_move->move.is_pass) {
            const LastMove& last = *pos_.last_move;
            const Stone there = pos_.at(last.move.point);
            if (there != last.stone)
                diag_.add(
                    ErrorCode::conflict, last_at_,
                    fmt::format("the last move {} {} needs a {} stone there, but the point {}",
                                stone_name(last.stone), point_name(pos_.size, last.move.point),
                                stone_name(last.stone),
                                there == Stone::none ? std::string("is empty")
                                                     : fmt::format("holds a {} stone", stone_name(there))));
        }
    }

    void colour_numbered_stones() {
        std::sort(numbered_.begin(), numbered_.end(), [](const Pending& a, const Pending& b) {
            return a.stone.number != b.stone.number ? a.stone.number < b.stone.number : a.at < b.at;
        });
        for (std::size_t i = 1; i < numbered_.size(); ++i)
            if (numbered_[i].stone.number == numbered_[i - 1].stone.number &&
                !diag_.add(ErrorCode::duplicate, numbered_[i].at,
                           fmt::format("move number {} is given twice (first at {})",
                                       numbered_[i].stone.number, where(numbered_[i - 1].at))))
                return;
        pos_.numbered.reserve(numbered_.size());
        for (const Pending& n : numbered_) {
            pos_.set(n.stone.point, pos_.order.colour_of_move(n.stone.number));
            pos_.numbered.push_back(n.stone);
        }
        const BoardSize size = pos_.size;
        std::sort(pos_.numbered.begin(), pos_.numbered.end(),
                  [size](const NumberedStone& a, const NumberedStone& b) {
                      return a.point.index(size) < b.point.index(size);
                  });
    }

    // ---- small pieces ----------------------------------------------------------------------

    // Parts A, C, D, E and H may be repeated only with the same value. Returns whether the
    // part is to be taken; records where it first stood.
    template <class Describe>
    bool accept_part(std::size_t& first_at, bool same_value, std::size_t part_at,
                     Describe describe_conflict) {
        if (first_at == kNotSeen) {
            first_at = part_at;
            return true;
        }
        if (!same_value) diag_.add(ErrorCode::conflict, part_at, describe_conflict());
        return false;
    }

    // A column letter and a row number: "K10".
    std::optional<Point> read_point() {
        int col = 0;
        if (!read_column_letter(col)) return std::nullopt;
        const std::size_t number_at = in_.offset();
        const Scanner::Number n = in_.read_number(kHenMaxNumber);
        if (n.digits == 0) {
            diag_.expected(number_at, "a row number after the column letter");
            return std::nullopt;
        }
        if (!check_row_number(n, number_at)) return std::nullopt;
        return Point{static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(pos_.size.height - n.value)};
    }

    bool read_column_letter(int& col) {
        const std::size_t at = in_.offset();
        const char c = in_.peek();
        if (c == 'I') {
            diag_.add(ErrorCode::unexpected_character, at,
                      "'I' is not a column letter: HEN columns skip I (H is followed by J)");
            return false;
        }
        const int index = human_column_of(c);
        if (index < 0) {
            diag_.expected(at, "a column letter A-Z without I");
            return false;
        }
        if (index >= pos_.size.width) {
            diag_.add(ErrorCode::out_of_range, at,
                      fmt::format("column {} is off a board {} wide (columns A-{})", c, pos_.size.width,
                                  column_name(pos_.size.width - 1)));
            return false;
        }
        in_.advance();
        col = index;
        return true;
    }

    bool check_row_number(const Scanner::Number& n, std::size_t at) {
        if (n.value == 0) {
            diag_.add(ErrorCode::out_of_range, at,
                      "row 0 does not exist: rows are numbered from 1 at the bottom");
            return false;
        }
        if (n.overflow || n.value > pos_.size.height) {
            diag_.add(ErrorCode::out_of_range, at,
                      fmt::format("row {} is off a board {} high (rows 1-{})", number_text(n),
                                  pos_.size.height, pos_.size.height));
            return false;
        }
        return true;
    }

    bool at_part_end() {
        const char c = in_.peek();
        return in_.at_end() || c == '.' || c == '_' || c == '~';
    }

    bool expect_part_end(std::string_view part) {
        if (at_part_end()) return true;
        diag_.expected(in_.offset(), fmt::format("the end of {} part", part));
        skip_to_next_part();
        return false;
    }

    // After an error: on to the next '.' or '_', where a part surely starts.
    void skip_to_next_part() {
        while (!in_.at_end() && in_.peek() != '.' && in_.peek() != '_') in_.advance();
    }

    static std::string column_name(int col) {
        const Result<char> letter = column_letter(col);
        return letter ? std::string(1, *letter) : std::to_string(col);
    }

    static std::string number_text(const Scanner::Number& n) {
        return n.overflow ? fmt::format("over {}", n.value - 1) : std::to_string(n.value);
    }

    std::string where(std::size_t offset) const { return line_column_text(text_, offset); }

    struct Pending {
        NumberedStone stone;
        std::size_t at;
    };

    Scanner in_;
    std::string_view text_;
    Diagnostics& diag_;
    Position& pos_;
    bool size_valid_ = true;
    std::size_t size_at_ = kNotSeen;
    std::size_t ko_at_ = kNotSeen;
    std::size_t last_at_ = kNotSeen;
    std::size_t turn_at_ = kNotSeen;
    std::size_t order_at_ = kNotSeen;
    std::array<std::size_t, kHenMaxHeight> row_at_ = make_unseen_rows();
    std::bitset<kMaxPoints> marked_;
    std::bitset<kMaxPoints> labelled_;
    std::vector<Pending> numbered_;

    static constexpr std::array<std::size_t, kHenMaxHeight> make_unseen_rows() {
        std::array<std::size_t, kHenMaxHeight> rows{};
        rows.fill(kNotSeen);
        return rows;
    }
};

}  // namespace

Result<void> parse_hen(std::string_view text, Position& out) {
    Diagnostics diagnostics(text, 1);
    HenReader(text, diagnostics, out).read();
    if (!diagnostics.empty()) return diagnostics.take().front();
    return {};
}

Result<Position> parse_hen(std::string_view text) {
    Position position;
    if (Result<void> ok = parse_hen(text, position); !ok) return ok.error();
    return position;
}

std::vector<Error> validate_hen(std::string_view text, std::size_t max_errors) {
    Diagnostics diagnostics(text, max_errors);
    Position position;
    HenReader(text, diagnostics, position).read();
    std::vector<Error> errors = diagnostics.take();
    std::stable_sort(errors.begin(), errors.end(),
                     [](const Error& a, const Error& b) { return a.offset < b.offset; });
    return errors;
}

Result<Position> parse_hen_url(std::string_view text) {
    Result<std::string> decoded = percent_decode(text);
    if (!decoded) return std::move(decoded).error();
    return parse_hen(*decoded);
}

}  // namespace kifu::go
