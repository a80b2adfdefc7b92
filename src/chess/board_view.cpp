#include "kifu/chess/board_view.hpp"

#include "kifu/chess/movegen.hpp"
#include "kifu/chess/status.hpp"

namespace kifu::chess {

BoardView board_view(const Position& position) {
    BoardView view;
    view.game = "chess";
    view.width = view.height = 8;
    view.cells.resize(64);
    view.side_names = {"white", "black"};
    for (int rank = 7; rank >= 0; --rank)
        for (int file = 0; file < 8; ++file) {
            const Piece p = position.piece_on(make_square(file, rank));
            if (p.empty()) continue;
            BoardView::Cell& c = view.cells[static_cast<std::size_t>((7 - rank) * 8 + file)];
            c.piece = std::string(1, piece_letter(p));
            c.side = static_cast<std::uint8_t>(index(p.color));
        }
    for (int i = 0; i < 8; ++i) {
        view.file_names.push_back(std::string(1, static_cast<char>('a' + i)));
        view.rank_names.push_back(std::string(1, static_cast<char>('8' - i)));
    }
    const Color us = position.side_to_move();
    view.side_to_move = static_cast<std::uint8_t>(index(us));
    const Square king = position.king(us);
    if (king != kNoSquare && in_check(position, us)) {
        view.marks.push_back(
            {NodeMark::Kind::highlight, (7 - rank_of(king)) * 8 + file_of(king), -1, "check"});
    }
    if (const std::string status = describe(game_status(position)); !status.empty())
        view.notes.push_back(status);
    return view;
}

}  // namespace kifu::chess
