#pragma once
// DhtmlXQ: the xiangqi records that Chinese web viewers (dpxq.com's DhtmlXQ, vschess,
// ccbridge) embed in pages, read into game trees and written back.
//
//   [DhtmlXQ]                       (or [DhtmlXQiFrame]; text around the block is ignored)
//   [DhtmlXQ_title]...[/DhtmlXQ_title]   and event, date, place, round, red, black, ...
//   [DhtmlXQ_result]红胜[/DhtmlXQ_result]  红胜 1-0, 黑胜 0-1, 和棋 1/2-1/2, 未知 *
//   [DhtmlXQ_binit]8979...[/DhtmlXQ_binit]  the start: 32 two-digit squares (file 0-8 from
//                                   Red's left, row 0-9 from Black's back rank; 99 absent)
//                                   for R N B A K A B N R C C P P P P P, then Black's same
//   [DhtmlXQ_movelist]77477062...[/DhtmlXQ_movelist]  the main line, four digits a move:
//                                   from file, from row, to file, to row
//   [DhtmlXQ_move_B_S_N]...[/...]   variation N: its first move is the alternative to move
//                                   S (counted from 1 over the whole game) of variation B
//                                   (0 the main line)
//   [DhtmlXQ_commentS]...           the comment after move S of the main line (0: before
//   [DhtmlXQ_commentN_S]...         the first move); after move S of variation N; "||" a
//                                   line break
//   [/DhtmlXQ]
//
// Decisions (docs/dhtmlxq.md): a tag ends at the next closing tag whatever its name (some
// writers close [DhtmlXQ_blacktime] with [/DhtmlXQ_time]); the side to move at the start
// is the colour of the piece the first move moves (binit cannot say it; Red when there is
// no move, or when that move is no move of that side); every move is checked against the
// position, and a line (the main line or a variation) is read up to an illegal move, with
// a warning at its digits (real annotation files have them: vschess's sample, a 2,000-game
// opening survey, has one); a variation no line reaches, and a comment on no move, are
// left out.

#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/xiangqi/game.hpp"

namespace kifu::xiangqi {

// Whether the text holds a DhtmlXQ record (what the registry's detector asks).
bool looks_like_dhtmlxq(std::string_view text) noexcept;

// Every [DhtmlXQ] block of a UTF-8 text, a game each; the lines cut at an illegal move are
// said in `warnings`.
Result<std::vector<Game>> read_dhtmlxq(std::string_view text, std::vector<Error>* warnings = nullptr);

// One [DhtmlXQ] block a game. `notes` gets what it cannot hold (NAGs, the side to move of
// a start without moves when it is Black's). Errors: a start with more pieces of a kind
// than the set has (binit has 32 places).
Result<std::string> write_dhtmlxq(const Game& game, std::vector<std::string>* notes = nullptr);

}  // namespace kifu::xiangqi
