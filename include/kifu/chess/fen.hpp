#pragma once
// FEN, X-FEN and Shredder-FEN.
//
// Reading is strict by default: six fields separated by single spaces, eight ranks
// of eight squares, known piece letters, one king a side, no pawn on the first or
// last rank, a side to move, castling letters (KQkq, X-FEN's rook files, or
// Shredder's HAha), an en-passant square on the right rank, and the two clocks.
// Each error names its line and column. The relaxed mode accepts 4-field FEN and
// EPD, any run of blanks between fields, and missing clocks.
//
// Semantic problems (the side not to move in check, impossible checks, castling
// rights without their king and rook, an en-passant square that cannot be) are not
// errors of the text: validity_problems() lists them.

#include <string>
#include <string_view>
#include <vector>

#include "kifu/chess/position.hpp"
#include "kifu/core/problem.hpp"
#include "kifu/core/result.hpp"

namespace kifu::chess {

inline constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct FenReadOptions {
    bool relaxed = false;
    // A diagram, read only to be drawn (pawn structures, how a piece moves): any number of
    // kings and pawns on any rank. Such a position is for board_view alone (it says why it
    // is no game's position in its notes); nothing plays from it.
    bool any_placement = false;
};

// Castling rights that name no king and rook of their colour are left out of the
// position (validity_problems says which).
Result<Position> parse_fen(std::string_view text, FenReadOptions options = {});

// Every error of the text (empty when it reads), then the validity problems of the
// position it describes, each as an Error with code `conflict` (line 0 where the problem
// belongs to no single character).
std::vector<Error> validate_fen(std::string_view text, FenReadOptions options = {});

// What can be wrong with a position that reads (core/problem.hpp).
enum class ProblemKind : std::uint8_t {
    side_not_to_move_in_check,
    too_many_checkers,        // more than two
    impossible_double_check,  // two checkers no single move could have given together (last_move.hpp)
    impossible_check,         // one checker no move could have given (a pawn on its second rank, say)
    en_passant_without_pawn,  // an en-passant square with no pawn that just moved past it
    castling_without_rook,    // a castling right that names no king and rook (dropped on reading)
};
using Problem = kifu::Problem<ProblemKind>;
std::string_view to_string(ProblemKind kind) noexcept;

// The problems of a position (cells as chess::board_view numbers them: a8 = 0, h1 = 63).
std::vector<Problem> validity_problems(const Position& position);

enum class CastlingNotation {
    xfen,      // KQkq for the outermost rooks, the rook's file letter otherwise (classical: plain FEN)
    shredder,  // always the rook's file letter: HAha
};
enum class EnPassantField {
    legal_only,         // the square only when an en-passant capture is legal (as Stockfish and python-chess)
    after_double_push,  // the square after every double pawn push (the FEN standard)
};

struct FenWriteOptions {
    CastlingNotation castling = CastlingNotation::xfen;
    EnPassantField en_passant = EnPassantField::legal_only;
};

std::string write_fen(const Position& position, FenWriteOptions options = {});

}  // namespace kifu::chess
