#include "kifu/chess/board_view.hpp"

#include "kifu/chess/comment_commands.hpp"
#include "kifu/chess/movegen.hpp"
#include "kifu/chess/san.hpp"
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

namespace {

int cell_of(Square s) {
    return (7 - rank_of(s)) * 8 + file_of(s);
}

}  // namespace

int cell_named(std::string_view name) noexcept {
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8') return -1;
    return ('8' - name[1]) * 8 + (name[0] - 'a');
}

BoardView::LastMove last_move_of(const Position& before, Move move) {
    Square to = move.to();
    if (move.kind() == Move::Kind::castling)
        to = make_square(move.to() > move.from() ? 6 : 2, rank_of(move.from()));
    return {cell_of(move.from()), cell_of(to), write_san(before, move)};
}

std::vector<NodeMark> comment_marks(std::string_view comment) {
    std::vector<NodeMark> out;
    const CommentCommands commands = parse_comment_commands(comment);
    for (const std::string& s : commands.squares)
        if (s.size() == 3)
            if (const int cell = cell_named(std::string_view(s).substr(1)); cell >= 0)
                out.push_back({NodeMark::Kind::highlight, cell, -1, s.substr(0, 1)});
    for (const std::string& a : commands.arrows)
        if (a.size() == 5) {
            const int from = cell_named(std::string_view(a).substr(1, 2)),
                      to = cell_named(std::string_view(a).substr(3, 2));
            if (from >= 0 && to >= 0) out.push_back({NodeMark::Kind::arrow, from, to, a.substr(0, 1)});
        }
    return out;
}

}  // namespace kifu::chess
