#include "kifu/chess/board_view.hpp"

#include <fmt/format.h>

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
    // A diagram (FenReadOptions::any_placement) is drawn as it stands: no check, no status.
    const Bitboard back_ranks = rank_bb(0) | rank_bb(7);
    bool diagram = false;
    for (const Color c : {Color::white, Color::black}) {
        if (const int kings = popcount(position.pieces(c, PieceType::king)); kings != 1) {
            view.notes.push_back(
                fmt::format("a diagram: {} has {} kings", c == Color::white ? "white" : "black", kings));
            diagram = true;
        }
    }
    if (position.pieces(PieceType::pawn) & back_ranks) {
        view.notes.push_back("a diagram: a pawn on the first or last rank");
        diagram = true;
    }
    if (diagram) return view;
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

Result<RequestedMarks> requested_marks(const MarkRequest& request) {
    RequestedMarks out;
    const auto bad = [](std::string message) {
        return Error{ErrorCode::unexpected_character, std::move(message)};
    };
    if (const std::string_view v = request.last_move; !v.empty()) {
        const int from = v.size() >= 4 ? cell_named(v.substr(0, 2)) : -1,
                  to = v.size() >= 4 ? cell_named(v.substr(2, 2)) : -1;
        if (from < 0 || to < 0 || v.size() > 5)
            return bad(fmt::format("lastMove: expected a move as e2e4, found '{}'", v));
        out.last_move = BoardView::LastMove{from, to, {}};
    }
    if (!request.check.empty()) {
        const int cell = cell_named(request.check);
        if (cell < 0) return bad(fmt::format("check: expected a square as e1, found '{}'", request.check));
        out.marks.push_back({NodeMark::Kind::highlight, cell, -1, "check"});
    }
    // Each comma-separated item of a list.
    const auto items = [](std::string_view list) {
        std::vector<std::string_view> out_items;
        while (!list.empty()) {
            const std::size_t comma = list.find(',');
            out_items.push_back(list.substr(0, comma));
            if (comma == std::string_view::npos) break;
            list.remove_prefix(comma + 1);
        }
        return out_items;
    };
    for (std::string_view item : items(request.arrows)) {
        std::string colour = "G";  // web-boardimage's default: green
        if (!item.empty() && std::string_view("GBRY").find(item.front()) != std::string_view::npos) {
            colour = std::string(1, item.front());
            item.remove_prefix(1);
        }
        const int from = item.size() >= 2 ? cell_named(item.substr(0, 2)) : -1;
        const int to = item.size() == 4 ? cell_named(item.substr(2, 2)) : item.size() == 2 ? from : -1;
        if (from < 0 || to < 0)
            return bad(fmt::format("arrows: expected Ge6g8 (an arrow) or Bh7 (a circle), found '{}'", item));
        out.marks.push_back(from == to ? NodeMark{NodeMark::Kind::circle, from, -1, colour}
                                       : NodeMark{NodeMark::Kind::arrow, from, to, colour});
    }
    for (const std::string_view item : items(request.squares)) {
        const int cell = cell_named(item);
        if (cell < 0) return bad(fmt::format("squares: expected squares as a3,c3, found '{}'", item));
        out.marks.push_back({NodeMark::Kind::cross, cell, -1, {}});
    }
    return out;
}

}  // namespace kifu::chess
