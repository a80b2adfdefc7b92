#pragma once
// Could a move have led to this check? The impossible-check rule of validity_problems.
//
// A position whose side to move is in check is reachable only if the side not to move has
// just made a move after which the check stands, from a position where the side now to
// move was not in check (it was not to move then). `check_has_a_last_move` looks for such a
// move one step back: every piece of the side not to move is taken back along each way it
// could have arrived (a step of its kind, a pawn's push, double push, capture or en passant,
// a promotion taken back to a pawn, castling with any king and rook files), with a captured
// piece put back where a capture is possible, and the position before is asked whether the
// king of the side to move stood in check. An en-passant square in the position means the
// last move was that pawn's double push, and nothing else is taken back.
//
// Deliberately one step: the position before is not itself checked (nor castling's own
// conditions, that the king was not in check and crossed no attacked square), so the rule
// never calls a reachable position impossible, and calls impossible exactly the checks that
// no move can give: a pawn, knight or two checkers no move could have given at once (two
// knights, two bishops, two checkers on one line, a pawn on its second rank), and any check
// beside an en-passant square the double push could not have given (docs/chess.md).

#include "kifu/chess/position.hpp"

namespace kifu::chess {

bool check_has_a_last_move(const Position& position);

}  // namespace kifu::chess
