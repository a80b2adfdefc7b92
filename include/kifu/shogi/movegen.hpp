#pragma once
// Legal move generation for shogi, total like the chess one: any position the SFEN
// reader accepts gives a defined list. A side with no king (or several: tsume
// positions, problems) has nothing to protect, so its pseudo-legal moves all count.
// Drops follow every rule: no two unpromoted pawns of a side on a file, nothing
// dropped where it could never move, no pawn drop that mates at once (uchifuzume).

#include <array>
#include <cstddef>
#include <cstdint>

#include "kifu/core/move_list.hpp"
#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

// No shogi position has more than 593 legal moves.
using MoveList = BoundedMoveList<Move, 600>;

MoveList legal_moves(const Position& position);
std::uint64_t count_legal_moves(const Position& position);
// Whether `move` is one of legal_moves(position), without generating them: what the record
// readers ask of every move they read.
bool is_legal(const Position& position, Move move);
// Whether `c`'s king (if it has exactly one) is attacked.
bool in_check(const Position& position, Color c);
// Whether square `s` is attacked by a piece of `by`.
bool attacked(const Position& position, Square s, Color by);
// Positions `depth` plies on (bulk-counted at the last ply).
std::uint64_t perft(const Position& position, int depth);

}  // namespace kifu::shogi
