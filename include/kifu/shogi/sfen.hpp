#pragma once
// SFEN (the USI protocol's position string) and USI moves.
//
//   lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//
// Board from rank a (top) to i, each rank from file 9 to 1, Black upper case, '+' before
// a promoted piece; side b or w; the hands ("-" or e.g. "2P3pS": a count before a piece
// when more than one); the move number. Moves: 7g7f, 8h2b+, P*5e.

#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/problem.hpp"
#include "kifu/core/result.hpp"
#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

inline constexpr std::string_view kStartSfen =
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

struct SfenReadOptions {
    bool relaxed = false;  // the move number may be left out
};

// Reads an SFEN, with the "sfen " prefix of the USI command or without it. Errors name
// what was expected and found, with the column.
Result<Position> parse_sfen(std::string_view text, SfenReadOptions options = {});
std::string write_sfen(const Position& position);

// What can be wrong with a position that reads (core/problem.hpp).
enum class ProblemKind : std::uint8_t {
    piece_cannot_move,  // a pawn or lance on the last rank, a knight on the last two
    too_many_pieces,    // more of a kind on the board and in hand than a set has
    two_kings,
    two_pawns_on_file,  // nifu
    side_not_to_move_in_check,
};
using Problem = kifu::Problem<ProblemKind>;
std::string_view to_string(ProblemKind kind) noexcept;

// The problems of a position (cells as shogi::board_view numbers them: the squares).
std::vector<Problem> validity_problems(const Position& position);
// Every read error, then the validity problems (code conflict).
std::vector<Error> validate_sfen(std::string_view text, SfenReadOptions options = {});

std::string write_usi(Move move);
// A USI move that is legal in `position` (errors: unexpected_character for no USI move
// at all, illegal_move for one the position does not allow).
Result<Move> parse_usi(const Position& position, std::string_view text);

// "startpos", "sfen SFEN", either followed by "moves M1 M2 ...": the USI "position"
// command's argument (a leading "position " is allowed).
Result<Position> parse_usi_position(std::string_view text);

}  // namespace kifu::shogi
