#include "kifu/go/diagram.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "kifu/go/coordinates.hpp"

namespace kifu::go {
namespace {

// Column header and point names: human letters where they reach, SGF letters beyond.
bool human_columns(BoardSize size) {
    return size.width <= kMaxHumanWidth;
}

std::string name_of(BoardSize size, Point p) {
    Result<std::string> name = human_columns(size) ? to_human(size, p) : to_sgf(size, p);
    return name ? std::move(*name) : to_index(p);
}

char column_header(BoardSize size, int col) {
    if (human_columns(size)) return *column_letter(col);
    return sgf_letter(col);
}

bool is_star_point(BoardSize size, Point p) {
    if (!size.is_square() || (size.width != 9 && size.width != 13 && size.width != 19)) return false;
    const int n = size.width;
    const int edge = n >= 13 ? 3 : 2;
    const auto line = [&](int v) { return v == edge || v == n - 1 - edge ? 1 : v == n / 2 ? 2 : 0; };
    const int c = line(p.col);
    const int r = line(p.row);
    if (c == 0 || r == 0) return false;
    return n >= 13 || (c == r);  // 9x9: four corners and the centre
}

std::vector<std::string> notes(const Position& pos) {
    std::vector<std::string> lines;
    const BoardSize size = pos.size;
    if (pos.turn) lines.push_back(fmt::format("to move: {}", stone_name(*pos.turn)));
    if (pos.last_move) {
        const LastMove& last = *pos.last_move;
        lines.push_back(last.move.is_pass ? fmt::format("last move: {} passed", stone_name(last.stone))
                                          : fmt::format("last move: {} {}{}", stone_name(last.stone),
                                                        name_of(size, last.move.point),
                                                        pos.last_move_gone() ? " (suicide)" : ""));
    }
    if (pos.ko) lines.push_back(fmt::format("ko: {}", name_of(size, *pos.ko)));
    if (!pos.order.is_default()) {
        std::string order;
        for (int i = 0; i < pos.order.size(); ++i)
            order += fmt::format("{}{}", i ? ", " : "", stone_name(pos.order[i]));
        lines.push_back("player order: " + order);
    }
    if (!pos.numbered.empty()) {
        std::vector<NumberedStone> by_number = pos.numbered;
        std::sort(by_number.begin(), by_number.end(), [](auto& a, auto& b) { return a.number < b.number; });
        std::string moves;
        for (const NumberedStone& n : by_number)
            moves += fmt::format("{}{} {}", moves.empty() ? "" : ", ", n.number, name_of(size, n.point));
        lines.push_back("moves: " + moves);
    }
    if (!pos.marks.empty()) {
        std::string marks;
        for (const MarkedPoint& m : pos.marks)
            marks +=
                fmt::format("{}{} {}", marks.empty() ? "" : ", ", name_of(size, m.point), mark_code(m.mark));
        lines.push_back("marks: " + marks);
    }
    if (!pos.labels.empty()) {
        std::string labels;
        for (const Label& l : pos.labels)
            labels += fmt::format("{}{} {}", labels.empty() ? "" : ", ", name_of(size, l.point), l.text);
        lines.push_back("labels: " + labels);
    }
    return lines;
}

}  // namespace

char diagram_symbol(Stone s) noexcept {
    switch (s) {
        case Stone::none:
            return '.';
        case Stone::black:
            return 'X';
        case Stone::white:
            return 'O';
        default:
            return static_cast<char>(stone_letter(s) - 'a' + 'A');
    }
}

std::string render_diagram(const Position& pos) {
    const BoardSize size = pos.size;
    const int label_width = static_cast<int>(fmt::formatted_size("{}", size.height));
    std::optional<Point> last;
    if (pos.last_move && !pos.last_move->move.is_pass && !pos.last_move_gone())
        last = pos.last_move->move.point;

    std::string header(static_cast<std::size_t>(label_width + 1), ' ');
    for (int col = 0; col < size.width; ++col) {
        header.push_back(' ');
        header.push_back(column_header(size, col));
    }

    const std::vector<std::string> side = notes(pos);
    std::size_t next_note = 0;
    const std::size_t board_width = header.size() + 1 + static_cast<std::size_t>(label_width);
    const auto add_note = [&](std::string& line) {
        if (next_note >= side.size()) return;
        line.resize(board_width, ' ');
        fmt::format_to(std::back_inserter(line), "     {}", side[next_note++]);
    };

    std::string out = header + '\n';
    for (int row = 0; row < size.height; ++row) {
        std::string line = fmt::format("{:>{}}", size.height - row, label_width + 1);
        for (int col = 0; col < size.width; ++col) {
            const Point p{static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(row)};
            const bool is_last = last && *last == p;
            const bool after_last = last && last->row == row && last->col + 1 == col;
            line.push_back(is_last ? '(' : after_last ? ')' : ' ');
            const Stone s = pos.at(p);
            line.push_back(s == Stone::none && is_star_point(size, p) ? '+' : diagram_symbol(s));
        }
        const bool last_at_edge = last && last->row == row && last->col + 1 == size.width;
        line.push_back(last_at_edge ? ')' : ' ');
        line += fmt::format("{}", size.height - row);
        add_note(line);
        out += line;
        out.push_back('\n');
    }
    out += header;
    out.push_back('\n');
    while (next_note < side.size()) {
        std::string line;
        add_note(line);
        out += line;
        out.push_back('\n');
    }
    return out;
}

}  // namespace kifu::go
