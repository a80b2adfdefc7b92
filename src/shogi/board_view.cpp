#include "kifu/shogi/board_view.hpp"

#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {

BoardView board_view(const Position& position) {
    BoardView view;
    view.game = "shogi";
    view.width = view.height = 9;
    view.cells.resize(kSquares);
    view.side_names = {"black", "white"};
    // Square numbers are already the view's cells: rank a first, file 9 on the left.
    for (Square s = 0; s < kSquares; ++s) {
        const Piece p = position.piece_on(s);
        if (p.empty()) continue;
        BoardView::Cell& c = view.cells[s];
        const char letter = usi_letter(unpromoted(p.type));
        c.piece = std::string(1, p.color == Color::black ? letter : static_cast<char>(letter | 0x20));
        c.side = static_cast<std::uint8_t>(index(p.color));
        c.promoted = is_promoted(p.type);
    }
    for (int i = 0; i < 9; ++i) {
        view.file_names.push_back(std::string(1, static_cast<char>('9' - i)));
        view.rank_names.push_back(std::string(1, static_cast<char>('a' + i)));
    }
    for (const Color side : {Color::black, Color::white}) {
        BoardView::Hand hand{static_cast<std::uint8_t>(index(side)), {}};
        // Rook first, as hands are written (R B G S N L P).
        for (int t = kHandTypes - 1; t >= 0; --t)
            if (const int n = position.hand(side, static_cast<PieceType>(t)); n > 0) {
                const char letter = usi_letter(static_cast<PieceType>(t));
                hand.pieces.push_back(
                    {std::string(1, side == Color::black ? letter : static_cast<char>(letter | 0x20)), n});
            }
        view.hands.push_back(std::move(hand));
    }
    const Color us = position.side_to_move();
    view.side_to_move = static_cast<std::uint8_t>(index(us));
    const Square king = position.king(us);
    if (king != kNoSquare && in_check(position, us)) {
        view.marks.push_back({NodeMark::Kind::highlight, king, -1, "check"});
        view.notes.push_back("in check");
    }
    view.notes.push_back("move " + std::to_string(position.move_number()));
    return view;
}

BoardView::LastMove last_move_of(const Position&, Move move) {
    return {move.is_drop() ? -1 : static_cast<int>(move.from()), static_cast<int>(move.to()),
            write_usi(move)};
}

}  // namespace kifu::shogi
