#pragma once
// Chess positions as the game-neutral board view (core/board_view.hpp): FEN letters
// (White upper case, side 0), a-h and 8-1, the king in check highlighted.

#include <optional>
#include <string_view>
#include <vector>

#include "kifu/chess/position.hpp"
#include "kifu/core/board_view.hpp"
#include "kifu/core/result.hpp"

namespace kifu::chess {

BoardView board_view(const Position& position);

// The last move as a view shows it: its two cells (a castling king's own destination, g
// or c, whatever square the move names) and its SAN.
BoardView::LastMove last_move_of(const Position& before, Move move);

// The squares and arrows of a comment's [%csl Gd4] and [%cal Ge2e4] commands, as marks
// (highlight and arrow, the colour letter as their text).
std::vector<NodeMark> comment_marks(std::string_view comment);

// A square's name ("d4") as a view's cell, or -1.
int cell_named(std::string_view name) noexcept;

// Marks asked for by text, as web-boardimage's URL and python-chess's chess.svg.board take
// them: the last move ("e2e4", UCI), the king in check ("e1"), arrows ("Ge6g8,Bh7": an
// arrow, or a circle where it starts and ends on one square; colour G B R Y, green when
// left out) and crossed squares ("a3,c3"). Empty texts ask for nothing.
struct MarkRequest {
    std::string_view last_move, check, arrows, squares;
};
struct RequestedMarks {
    std::optional<BoardView::LastMove> last_move;
    std::vector<NodeMark> marks;
};
// Errors: unexpected_character, the message naming the mark ("arrows: expected Ge6g8 (an
// arrow) or Bh7 (a circle), found 'x'").
Result<RequestedMarks> requested_marks(const MarkRequest& request);

}  // namespace kifu::chess
