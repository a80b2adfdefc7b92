// HEN writer: the canonical form, in one pass over the board.
//
//   size (only when not 19x19, unless asked), rows top to bottom, player order
//   (when not "bw"), ko, last move, turn, labels, marks.
//
// In a row, a column letter is written only where an item does not directly
// follow the previous one (never for column A at the start), and runs of two
// or more stones of one colour as {stone}{count}.

#include <algorithm>
#include <bitset>

#include <fmt/format.h>

#include "kifu/core/percent_encoding.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/hen.hpp"

namespace kifu::go {
namespace {

Error unsupported(std::string message) {
    return Error{ErrorCode::unsupported, std::move(message)};
}

void append_number(std::string& out, std::uint32_t n) {
    const fmt::format_int digits(n);
    out.append(digits.data(), digits.size());
}

void append_point(std::string& out, BoardSize size, Point p) {
    out.push_back(human_column_letter(p.col));
    append_number(out, static_cast<std::uint32_t>(size.height - p.row));
}

int decimal_digits(std::uint32_t n) {
    int digits = 1;
    while (n >= 10) n /= 10, ++digits;
    return digits;
}

Result<void> check_label(const Label& label) {
    const std::string_view text = label.text;
    if (text.empty()) return unsupported("HEN cannot write an empty label");
    if (mark_from_code(text))
        return unsupported(fmt::format("HEN cannot write the label '{}': it reads back as a mark", text));
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte == 0x7F || c == '.' || c == '_' || c == '-' || c == '~')
            return unsupported(
                fmt::format("HEN cannot write the label '{}': labels cannot hold whitespace, control "
                            "characters, '.', '_', '-' or '~'",
                            text));
    }
    if (!utf8::is_valid(text)) return unsupported("HEN cannot write a label that is not UTF-8");
    return {};
}

Result<void> check_writable(const Position& pos) {
    if (pos.size.width < 1 || pos.size.width > kHenMaxWidth || pos.size.height < 1 ||
        pos.size.height > kHenMaxHeight)
        return unsupported(fmt::format("HEN boards are 1-{} wide and 1-{} high; this one is {}x{}",
                                       kHenMaxWidth, kHenMaxHeight, pos.size.width, pos.size.height));
    for (const NumberedStone& n : pos.numbered) {
        if (!n.point.on(pos.size) || n.number == 0 || n.number > kHenMaxNumber)
            return unsupported(fmt::format("numbered stone {} at ({},{}) is not writable", n.number,
                                           n.point.col, n.point.row));
        const Stone expected = pos.order.colour_of_move(n.number);
        if (pos.at(n.point) != expected)
            return unsupported(fmt::format("the stone numbered {} must be {} by the player order, but is {}",
                                           n.number, stone_name(expected), stone_name(pos.at(n.point))));
    }
    const BoardSize size = pos.size;
    if (!std::is_sorted(pos.numbered.begin(), pos.numbered.end(), [size](const auto& a, const auto& b) {
            return a.point.index(size) < b.point.index(size);
        }))
        return unsupported("numbered stones must be sorted by point (top row first)");
    for (const Label& label : pos.labels)
        if (Result<void> ok = check_label(label); !ok) return ok;
    const auto off = [&](Point p) { return !p.on(pos.size); };
    for (const Label& label : pos.labels)
        if (off(label.point)) return unsupported("a label is off the board");
    for (const MarkedPoint& mark : pos.marks)
        if (off(mark.point)) return unsupported("a mark is off the board");
    if (pos.ko && off(*pos.ko)) return unsupported("the ko point is off the board");
    if (pos.last_move && !pos.last_move->move.is_pass && off(pos.last_move->move.point))
        return unsupported("the last move is off the board");
    // What HEN's reader checks, the writer must not produce.
    if (pos.ko && pos.at(*pos.ko) != Stone::none) return unsupported("the ko point holds a stone");
    if (pos.last_move && !pos.last_move->move.is_pass &&
        pos.at(pos.last_move->move.point) != pos.last_move->stone)
        return unsupported("the last move's point does not hold a stone of its colour");
    std::bitset<kMaxPoints> labelled, marked;
    for (const Label& label : pos.labels)
        if (labelled.test(static_cast<std::size_t>(label.point.index(pos.size))))
            return unsupported("HEN gives a point one label at most");
        else
            labelled.set(static_cast<std::size_t>(label.point.index(pos.size)));
    for (const MarkedPoint& mark : pos.marks)
        if (marked.test(static_cast<std::size_t>(mark.point.index(pos.size))))
            return unsupported("HEN gives a point one mark at most");
        else
            marked.set(static_cast<std::size_t>(mark.point.index(pos.size)));
    if (pos.numbered.size() > 1) {
        std::vector<std::uint32_t> numbers;
        numbers.reserve(pos.numbered.size());
        for (const NumberedStone& n : pos.numbered) numbers.push_back(n.number);
        std::sort(numbers.begin(), numbers.end());
        if (std::adjacent_find(numbers.begin(), numbers.end()) != numbers.end())
            return unsupported("a move number is given twice");
    }
    return {};
}

class HenWriter {
  public:
    HenWriter(const Position& pos, std::string& out, HenWriteOptions options)
        : pos_(pos), out_(out), options_(options) {}

    void write() {
        const std::size_t start = out_.size();
        const BoardSize size = pos_.size;
        if (options_.always_size || size != BoardSize{19, 19}) {
            out_.push_back('.');
            append_number(out_, size.width);
            out_.push_back('x');
            append_number(out_, size.height);
            end_part();
        }
        numbered_ = pos_.numbered.begin();
        for (int row = 0; row < size.height; ++row) write_row(row);
        if (!pos_.order.is_default()) {
            out_.push_back('~');
            for (int i = 0; i < pos_.order.size(); ++i) out_.push_back(stone_letter(pos_.order[i]));
            end_part();
        }
        if (pos_.ko) {
            out_.push_back('.');
            append_point(out_, size, *pos_.ko);
            end_part();
        }
        if (pos_.last_move) {
            out_.push_back('.');
            if (pos_.last_move->move.is_pass)
                out_.push_back('p');
            else
                append_point(out_, size, pos_.last_move->move.point);
            out_.push_back(stone_letter(pos_.last_move->stone));
            end_part();
        }
        if (pos_.turn) {
            out_.push_back('.');
            out_.push_back(stone_letter(*pos_.turn));
            end_part();
        }
        for (const Label& label : pos_.labels) write_text_part(label.point, label.text);
        for (const MarkedPoint& mark : pos_.marks) write_text_part(mark.point, mark_code(mark.mark));
        if (options_.pretty && out_.size() > start) out_.pop_back();  // no newline after the last part
    }

  private:
    void write_row(int row) {
        const BoardSize size = pos_.size;
        const Stone* cells = pos_.stones.data() + row * size.width;
        int col = 0;
        while (col < size.width && cells[col] == Stone::none) ++col;
        if (col == size.width) return;

        const auto number = static_cast<std::uint32_t>(size.height - row);
        out_.push_back('_');
        if (options_.pretty) {
            for (int pad = decimal_digits(size.height) - decimal_digits(number); pad > 0; --pad)
                out_.push_back('0');
            append_number(out_, number);
            out_.push_back(' ');
        } else {
            append_number(out_, number);
        }

        int next = 0;  // the column that needs no letter
        const int row_start = row * size.width;
        for (; col < size.width; ++col) {
            const Stone stone = cells[col];
            if (stone == Stone::none) continue;
            if (col != next) out_.push_back(human_column_letter(col));
            if (numbered_ != pos_.numbered.end() && numbered_->point.index(size) == row_start + col) {
                out_.push_back('~');
                append_number(out_, numbered_->number);
                ++numbered_;
                next = col + 1;
                continue;
            }
            int end = col + 1;
            while (end < size.width && cells[end] == stone && !numbered_at(row_start + end)) ++end;
            out_.push_back(stone_letter(stone));
            if (end - col >= 2) append_number(out_, static_cast<std::uint32_t>(end - col));
            next = end;
            col = end - 1;
        }
        end_part();
    }

    bool numbered_at(int index) const {
        return numbered_ != pos_.numbered.end() && numbered_->point.index(pos_.size) == index;
    }

    void write_text_part(Point p, std::string_view text) {
        out_.push_back('.');
        append_point(out_, pos_.size, p);
        out_.push_back('-');
        out_.append(text);
        end_part();
    }

    void end_part() {
        if (options_.pretty) out_.push_back('\n');
    }

    const Position& pos_;
    std::string& out_;
    HenWriteOptions options_;
    std::vector<NumberedStone>::const_iterator numbered_;
};

}  // namespace

Result<void> append_hen(const Position& position, std::string& out, HenWriteOptions options) {
    if (Result<void> ok = check_writable(position); !ok) return ok;
    HenWriter(position, out, options).write();
    return {};
}

Result<std::string> write_hen(const Position& position, HenWriteOptions options) {
    std::string out;
    if (Result<void> ok = append_hen(position, out, options); !ok) return ok.error();
    return out;
}

Result<std::string> write_hen_url(const Position& position, HenWriteOptions options) {
    Result<std::string> hen = write_hen(position, options);
    if (!hen) return hen;
    return percent_encode(*hen);
}

}  // namespace kifu::go
