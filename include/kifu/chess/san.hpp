#pragma once
// Standard Algebraic Notation and UCI move strings.
//
// Writing follows the PGN standard: the piece letter (none for pawns), the
// disambiguation needed among legal moves only (file, else rank, else both), 'x'
// for a capture, the target square, "=Q" for a promotion, then '+' or '#'.
// Castling is O-O / O-O-O, in Chess960 too. The null move is "--".
//
// Reading is permissive: 0-0, promotions without '=', over-specified and long
// algebraic moves (Ng1f3, e2-e4, Nb1xc3), UCI (e2e4, e7e8q), trailing + # ! ? !! ??
// !? ?!, and null moves (--, Z0, 0000), which are illegal in check (the king would
// stay attacked). It fails with one of three errors:
// unexpected_character (not a move at all), illegal_move, ambiguous_move, each
// naming the move text and the side to move.

#include <string>
#include <string_view>

#include "kifu/chess/movegen.hpp"
#include "kifu/chess/position.hpp"
#include "kifu/core/result.hpp"

namespace kifu::chess {

// `move` must be legal in `position` (or the null move).
std::string write_san(const Position& position, Move move);
void append_san(std::string& out, const Position& position, Move move);  // no allocation of its own
// The SAN into `text` (room for kMaxSanChars), its length returned: for writers that
// assemble a line in a buffer of their own.
inline constexpr std::size_t kMaxSanChars = 8;  // the longest is 7: Qa1xb2+, exd8=Q#
std::size_t san_chars(const Position& position, Move move, char* text);
Result<Move> parse_san(const Position& position, std::string_view text);
// A fast path for readers of many moves: the move an everyday SAN text (piece moves,
// pawn moves, captures, promotions) names, or Move{} when it is anything else or does
// not name exactly one legal move; parse_san then gives the answer or the error.
Move find_san_move(const Position& position, std::string_view text) noexcept;

// UCI: e2e4, e7e8q, 0000 for the null move; castling as the king's two-square step
// (e1g1), or as king-takes-rook (e1h1) in Chess960.
std::string write_uci(const Position& position, Move move);
void append_uci(std::string& out, const Position& position, Move move);
inline constexpr std::size_t kMaxUciChars = 5;
std::size_t uci_chars(const Position& position, Move move, char* text);
Result<Move> parse_uci(const Position& position, std::string_view text);

}  // namespace kifu::chess
