#pragma once
// FEEN for the games kifu plays: chess and shogi positions to and from both FEEN forms.
//
// Chess in FEEN v1.0.0 (style C/c): the FEN letters; the kings carry the terminal marker
// '^'; '+' marks a king or rook that keeps a castling right (the rook's square says which,
// so Chess960 rights survive) and a pawn that has not moved (it may still advance two);
// '-' marks the pawn that can be taken en passant. Clocks and move numbers have no place
// in FEEN: converting drops them (the position comes back with 0 and 1).
// Shogi in FEEN v1.0.0 (style S/s): the SFEN letters, '+' before a promoted piece, '^' on
// the kings, the hands as first (Black's) / second (White's). The move number is dropped.
// The seed's form keeps only the board, the side to move and the captured actors: shogi
// writes the pieces in hand there; chess writes the pieces missing from each side's
// initial army (promotions counted as the pawn they were); castling, en passant and the
// clocks are dropped.

#include <string>
#include <vector>

#include "kifu/chess/position.hpp"
#include "kifu/core/result.hpp"
#include "kifu/feen/feen.hpp"
#include "kifu/shogi/position.hpp"
#include "kifu/xiangqi/position.hpp"

namespace kifu::feen {

Position from_chess(const chess::Position& position);
Result<chess::Position> to_chess(const Position& position);
Position from_shogi(const shogi::Position& position);
// Xiangqi in FEEN v1.0.0 (style X/x): R chariot, H horse, E elephant, A advisor, G general
// (with '^'), C cannon, P soldier; Red is the first player. The clocks are dropped.
Position from_xiangqi(const xiangqi::Position& position);
Result<xiangqi::Position> to_xiangqi(const Position& position);
Result<shogi::Position> to_shogi(const Position& position);

// The seed's form: the captured actors for the game.
std::vector<std::string> chess_captured(const chess::Position& position);
std::vector<std::string> shogi_captured(const shogi::Position& position);

// The seed's form of a chess position (glyphs unless `letters`) and of a shogi position,
// and back (what the form does not hold comes back empty: no castling, no en passant).
std::string write_feen2015(const chess::Position& position, bool letters = false);
std::string write_feen2015(const shogi::Position& position);
Result<chess::Position> chess_from_feen2015(const SeedPosition& seed);
Result<shogi::Position> shogi_from_feen2015(const SeedPosition& seed);

}  // namespace kifu::feen
