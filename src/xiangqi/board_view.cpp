#include "kifu/xiangqi/board_view.hpp"

#include "kifu/xiangqi/notation.hpp"

namespace kifu::xiangqi {

BoardView board_view(const Position& position) {
    BoardView view;
    view.game = "xiangqi";
    view.width = kFiles;
    view.height = kRanks;
    view.cells.resize(kSquares);
    view.side_names = {"red", "black"};
    constexpr std::string_view kLetters = "KABNRCP";
    // Square numbers are already the view's cells: rank 10 first, file a on the left.
    for (int s = 0; s < kSquares; ++s) {
        const Piece p = position.board[static_cast<std::size_t>(s)];
        if (p.empty()) continue;
        BoardView::Cell& c = view.cells[static_cast<std::size_t>(s)];
        const char letter = kLetters[static_cast<std::size_t>(p.type)];
        c.piece = std::string(1, p.color == Color::red ? letter : static_cast<char>(letter | 0x20));
        c.side = p.color == Color::red ? 0 : 1;
    }
    for (int i = 0; i < kFiles; ++i) view.file_names.push_back(std::string(1, static_cast<char>('a' + i)));
    for (int i = 0; i < kRanks; ++i) view.rank_names.push_back(std::string(1, static_cast<char>('9' - i)));
    view.side_to_move = position.side_to_move == Color::red ? 0 : 1;
    return view;
}

BoardView::LastMove last_move_of(const Position& before, Move move) {
    return {static_cast<int>(move.from()), static_cast<int>(move.to()),
            write_move(before, move, Notation::iccs)};
}

}  // namespace kifu::xiangqi
