#include "kifu/go/board_view.hpp"

#include <fmt/format.h>

#include "kifu/go/coordinates.hpp"

namespace kifu::go {
namespace {

std::string human(BoardSize size, Point p) {
    Result<std::string> h = to_human(size, p);
    return h ? *h : to_index(p);
}

}  // namespace

BoardView board_view(const Position& position) {
    BoardView view;
    view.game = "go";
    const BoardSize size = position.size;
    view.width = size.width;
    view.height = size.height;
    view.cells.resize(static_cast<std::size_t>(size.points()));
    view.side_names = {"black", "white", "red", "green", "blue", "yellow", "purple"};
    for (int i = 0; i < size.points(); ++i) {
        const Stone s = position.stones[static_cast<std::size_t>(i)];
        if (s == Stone::none) continue;
        view.cells[static_cast<std::size_t>(i)].piece = std::string(1, stone_letter(s));
        view.cells[static_cast<std::size_t>(i)].side = static_cast<std::uint8_t>(static_cast<int>(s) - 1);
    }
    for (int x = 0; x < size.width; ++x) {
        Result<char> letter = column_letter(x);
        view.file_names.push_back(letter ? std::string(1, *letter) : std::to_string(x + 1));
    }
    for (int y = 0; y < size.height; ++y) view.rank_names.push_back(std::to_string(size.height - y));
    if (position.turn) view.side_to_move = static_cast<std::uint8_t>(static_cast<int>(*position.turn) - 1);
    if (position.last_move) {
        const LastMove& m = *position.last_move;
        BoardView::LastMove last;
        // A suicide's point is empty: nothing there to mark.
        last.to = m.move.is_pass || position.last_move_gone() ? -1 : m.move.point.index(size);
        last.text =
            fmt::format("{} {}{}", stone_name(m.stone), m.move.is_pass ? "pass" : human(size, m.move.point),
                        position.last_move_gone() ? " (suicide)" : "");
        view.last_move = std::move(last);
    }
    if (position.ko) {
        view.marks.push_back({NodeMark::Kind::highlight, position.ko->index(size), -1, "ko"});
        view.notes.push_back("ko at " + human(size, *position.ko));
    }
    for (const MarkedPoint& m : position.marks)
        view.marks.push_back({static_cast<NodeMark::Kind>(m.mark), m.point.index(size), -1, {}});
    for (const Label& l : position.labels)
        view.marks.push_back({NodeMark::Kind::label, l.point.index(size), -1, l.text});
    for (const NumberedStone& n : position.numbered)
        view.marks.push_back({NodeMark::Kind::label, n.point.index(size), -1, std::to_string(n.number)});
    return view;
}

}  // namespace kifu::go
