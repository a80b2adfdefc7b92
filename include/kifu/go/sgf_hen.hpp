#pragma once
// HEN <-> SGF. SGF -> HEN is position_at() (game.hpp) then write_hen(); this is
// the other way: a HEN position as a small SGF game that replays to it.

#include "kifu/core/result.hpp"
#include "kifu/go/position.hpp"
#include "kifu/go/sgf.hpp"

namespace kifu::go {

// A game of up to three nodes:
//   root   GM[1]FF[4]CA[UTF-8]SZ[...]
//   setup  AB/AW: the board without the last move's stone, plus, when there is a ko
//          point, the stone the last move captured on it (the opponent's colour)
//   move   the last move (B/W, [] for a pass), with the marks and labels; numbered
//          stones become LB number labels
// PL is written when a turn is given and no move follows it. Stones of other colours
// than black and white cannot be written in SGF: an `unsupported` error.
Result<SgfCollection> hen_to_sgf(const Position& position);

}  // namespace kifu::go
