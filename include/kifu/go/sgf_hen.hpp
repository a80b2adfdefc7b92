#pragma once
// HEN <-> SGF. SGF -> HEN is position_at() (game.hpp) then write_hen(); this is
// the other way: a HEN position as a small SGF game that replays to it.

#include <string>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/go/position.hpp"
#include "kifu/go/sgf.hpp"

namespace kifu::go {

// A game of up to four nodes, laid out as the HEN spec's equivalent SGFs are:
//   root   GM[1]FF[4]CA[UTF-8]SZ[...]
//   setup  AB/AW: the board without the last move's stone, plus, when there is a ko
//          point, the stone the last move captured on it (the opponent's colour)
//   move   the last move (B/W, [] for a pass), with the marks and labels; numbered
//          stones become LB number labels
//   turn   PL, when the turn goes back to the player who made the last move
// PL is written in the last node when a turn is given and no move precedes it. Stones of
// other colours than black and white cannot be written in SGF: an `unsupported` error. A last move that
// was a suicide (its stone gone) is written when playing it on the setup gives the
// position (a lone stone's suicide); otherwise it is left out and, when `dropped` is
// given, said there.
Result<SgfCollection> hen_to_sgf(const Position& position, std::vector<std::string>* dropped = nullptr);

}  // namespace kifu::go
