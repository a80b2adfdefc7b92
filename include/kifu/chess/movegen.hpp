#pragma once
// Legal move generation. Total: any position the FEN reader accepts (even one no
// game can reach, with impossible checks or en-passant squares) gives a defined
// list, never undefined behaviour.

#include <array>
#include <cstddef>
#include <cstdint>

#include "kifu/chess/position.hpp"
#include "kifu/core/move_list.hpp"

namespace kifu::chess {

// No legal chess position has more than 218 moves.
using MoveList = BoundedMoveList<Move, 256>;

// Every legal move of the side to move.
MoveList legal_moves(const Position& position);

// Whether the side to move has a legal move (stops at the first it finds: pawns first).
bool has_legal_move(const Position& position);

// The legal castling moves only (SAN reading looks up O-O with it).
MoveList legal_castling_moves(const Position& position);

// How many legal moves there are, without listing them (perft's last ply).
std::uint64_t count_legal_moves(const Position& position);

// Whether `c`'s king (if any) is attacked.
bool in_check(const Position& position, Color c);

// Whether the legal move `move` checks the other king, from the attack tables (the move
// is played on a copy only for castling and en passant): SAN writing asks it every move.
bool gives_check(const Position& position, Move move);

// Positions reached from `position` at `depth` plies (bulk-counted at the last ply).
std::uint64_t perft(const Position& position, int depth);

}  // namespace kifu::chess
