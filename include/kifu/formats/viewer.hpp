#pragma once
// What a record viewer shows of one game, whatever its game: every node of its tree, flat and
// in the tree's order (core/game_tree.hpp), as JSON for the service's /inspect, the page
// and any program that draws a move list:
//
//   {"moves_per_number":2,"sides":["white","black"],"colours":["white","black"],
//    "nodes":[{"parent":P,"children":[...],"path":"20.v1","ply":N,"side":"white",
//              "move":"Nf3","before":[...],"comments":[...],"nags":[...],"ending":"resign"}, ...]}
//
// "sides" are the players in the game's words, the first to move first, "colours" their
// colours (GameInfo's). Node 0 is the start (no parent, no move). "before" are the comments a record puts
// before a move (PGN's, and the game's opening comment at the start), "comments" those after it. "ply" counts
// moves from the start; "side" is the side that made the move, in the game's words; "move" is the move as the
// record wrote it (SAN, Japanese KIF, WXF, ...), else as the traits' display_move writes it (shogi's KIF
// notation for a JKF), else their plain notation (write_move); SGF's text is its raw properties, no notation
// a player reads: Go's traits say so with `move_text_is_raw`. "marks" are the node's marks as the board view
// draws them ({"kind":"triangle","cell":C}, cells as core/board_view.hpp counts them; a
// label's "text", an arrow's "to", a highlight's colour as "text"). What the record says
// in numbers (core/game_rules.hpp's NodeReadings, Go's from SBKV and SBKS): "time" the
// move took and "clock" left after it (seconds), "eval" (pawns, Go: points of lead, from
// the first player's side; a mate +-1000), "win_rate" (the first player's, 0..1), and
// "chances", what an evaluation graph plots: the first player's, -1..1, the win rate where
// there is one, else 2 / (1 + exp(-eval / scale)) - 1 with the game's GameInfo::eval_scale.
// Keys with nothing to say are left out.

#include <cstddef>
#include <string>

#include "kifu/core/result.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

// The nodes of game `game` of a record document. Errors: a position, or no such game.
Result<std::string> game_nodes_json(const Document& record, std::size_t game);

// A game picker's list: the first `limit` games of a record, each as its players, result,
// date and number of moves on its main line say it (the game's tags, GameInfo's names):
// [{"first":"Morphy","second":"Duke Karl","result":"1-0","date":"1858.??.??","plies":33}, ...].
std::string game_list_json(const Document& record, std::size_t limit);

}  // namespace kifu::formats
