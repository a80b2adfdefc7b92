#pragma once
// Moves on any game's position, through the registry's Document: the legal moves, a move
// played, the status and a position key, the same calls for Go, chess, shogi, xiangqi and
// the FEEN positions of those games. The Python module's Position is a loop over these.
//
// Decisions (docs/python.md):
// - Moves are written in each game's own plain notation: chess SAN, shogi USI, xiangqi
//   ICCS, Go human coordinates ("D4", "pass"). They are read in those and in the game's
//   other notations: chess UCI; shogi CSA, Hosking, Hodges, Japanese, Sassersson; xiangqi
//   WXF, Chinese, SAN; Go SGF points ("dp").
// - Go: a move on an occupied point, on the ko point the position names, or that would
//   leave its own group without liberties (suicide) is illegal. The player to move is the
//   position's turn, else the one after the last move's colour, else black. A HEN position
//   has no history, so superko is not checked.
// - The status is one word: "ongoing", "checkmate", "stalemate" (chess, xiangqi),
//   "insufficient_material", "seventy_five_moves", "fivefold_repetition" (chess),
//   "no_legal_move" (shogi); Go positions are always "ongoing" (the end of a Go game is
//   the players' agreement, not a property of the board).
// - A FEEN position plays as the game it holds (chess, shogi or xiangqi) and stays FEEN.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/game_rules.hpp"
#include "kifu/core/result.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

// The legal moves of a position, in the game's plain notation, in the generator's order
// (Go: top row first, then "pass"). Errors: unsupported for a document that is no position
// of a game with moves (a FEEN board of no known game).
Result<std::vector<std::string>> legal_moves(const Document& position);

// The position after `move` (any notation of the game, above). Errors: unexpected_character
// (not a move in any of them), illegal_move (a move, but not legal here), ambiguous_move
// (several legal moves fit), with the column in `move`.
Result<Document> play(const Document& position, std::string_view move);

// The status word of a position (above); whether the side to move is in check (never, in Go).
using kifu::PositionStatus;
Result<PositionStatus> status(const Document& position);

// A key of the position: equal positions have equal keys (chess: the Polyglot key; shogi
// and xiangqi their repetition keys; Go: the stones, the player to move and the ko point).
// FEEN positions take the key of the game they hold. Errors: unsupported, as legal_moves.
Result<std::uint64_t> position_key(const Document& position);

// The side to move in words: "white"/"black" (chess), "black"/"white" (shogi: sente moves
// first), "red"/"black" (xiangqi), the colour of the Go stone to play.
Result<std::string_view> side_to_move(const Document& position);

}  // namespace kifu::formats
