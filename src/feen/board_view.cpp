#include "kifu/feen/board_view.hpp"

#include <algorithm>

namespace kifu::feen {

BoardView board_view(const Position& position) {
    BoardView view;
    view.game = "feen";
    // Layers of a 3D board stand one under another; a 1D board is one rank.
    const int files = position.shape.empty() ? 0 : position.shape.back();
    int ranks = 1;
    for (std::size_t d = 0; d + 1 < position.shape.size(); ++d) ranks *= position.shape[d];
    view.width = files;
    view.height = ranks;
    if (position.shape.size() >= 3)
        view.layers = ranks / std::max(1, position.shape[position.shape.size() - 2]);
    view.cells.resize(position.cells.size());
    view.side_names = {"first", "second"};
    for (std::size_t i = 0; i < position.cells.size(); ++i) {
        const Piece& p = position.cells[i];
        if (p.letter == 0) continue;
        view.cells[i].piece = piece_text(p);
        view.cells[i].side = p.first_player() ? 0 : 1;
    }
    for (int x = 0; x < files; ++x)
        view.file_names.push_back(x < 26 ? std::string(1, static_cast<char>('a' + x))
                                         : std::to_string(x + 1));
    const int per_layer = position.shape.size() >= 2 ? position.shape[position.shape.size() - 2] : 1;
    for (int y = 0; y < ranks; ++y) view.rank_names.push_back(std::to_string(per_layer - y % per_layer));
    for (int side = 0; side < 2; ++side) {
        BoardView::Hand hand{static_cast<std::uint8_t>(side), {}};
        for (const auto& [piece, count] : position.hands[side])
            hand.pieces.push_back({piece_text(piece), count});
        view.hands.push_back(std::move(hand));
    }
    view.side_to_move = position.first_to_move ? 0 : 1;
    view.notes.push_back(std::string("styles: ") + position.styles[0] + "/" + position.styles[1]);
    return view;
}

}  // namespace kifu::feen
