#pragma once
// Shogi move notations, always through the position: text -> legal move -> text.
//
//   usi            7g7f, 8h2b+, P*5e
//   csa            +7776FU, -8822UM, +0055KA: side, from (00 for a drop), to, the piece after the move
//   hodges         P-7f, Bx2b+, N*3c, G4i-5h, +Px5h, Sx1g=
//   hodges_number  the same with rank digits: P-76, Bx22+, N*33
//   hosking        P76, Bx22+, N'33, G49-58, +Px58, S13-22=
//   japanese       ▲７六歩, △３七角不成, ▲２二銀左成, ▲８二成桂寄, ▲２二銀打, 同　歩 (KI2, JSA rules)
//   sassersson     76fu, 22gin↗+, 22gin↖=, 22gin□, 〃to, 22to↓ (../shared/specs/shogi-sassersson.txt)
//
// Hodges and Hosking name the origin square only when another like piece (same kind,
// promoted or not) could make a legal move to the same square; '+' marks a promotion and
// '=' a promotion that was possible and declined.

#include <string>
#include <string_view>

#include "kifu/core/result.hpp"
#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

enum class Notation : std::uint8_t { usi, csa, hodges, hodges_number, hosking, japanese, sassersson };

// `move` must be legal in `position`. `previous` is the square the last move went to
// (Japanese writes 同 for a move to it), kNoSquare when unknown.
std::string write_move(const Position& position, Move move, Notation notation, Square previous = kNoSquare);

// Reads a move. Lenient where it costs nothing: a capture mark that is missing or wrong
// is ignored, a move written without its promotion mark reads when only the promotion is
// legal, and a drop written as a move reads when no board move fits. Errors:
// unexpected_character (not a move in that notation), illegal_move, ambiguous_move.
Result<Move> parse_move(const Position& position, std::string_view text, Notation notation,
                        Square previous = kNoSquare);

// Whether the piece on `from` could move to `to` by its movement alone, pins and checks
// not considered (sliders are blocked by pieces between): the test by which Sassersson
// marks a move with an arrow or a drop with □.
bool piece_could_reach(const Position& position, Square from, Square to);

// The notation's name ("usi", "csa", "hodges", "hodges-number", "hosking", "japanese",
// "sassersson"), and back.
std::string_view to_string(Notation notation) noexcept;
bool notation_from_name(std::string_view name, Notation& out) noexcept;

}  // namespace kifu::shogi
