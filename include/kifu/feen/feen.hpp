#pragma once
// FEEN, one position notation across games, in its two forms (docs/feen.md):
//
// - FEEN v1.0.0 ("Field Expression Encoding Notation"): three fields,
//     placement  ranks separated by "/", layers by "//" (up to 3 dimensions); empty runs as
//                numbers (no leading zero); pieces as [+-]?letter[^]?['] (state modifier,
//                letter, terminal marker, derived marker); upper case for the first player
//     hands      "first/second", each a list of pieces, counts of 2 or more before a piece,
//                aggregated, highest count first then by letter; "/" when both are empty
//     style-turn "S/s": each player's style letter, opposite cases, the side to move first
//     lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s
// - the seed's form (Forsyth-Edwards Expanded Notation, 2015): the flattened board (letters
//   or Unicode chess glyphs, optionally separated by ","), the active side B (bottom, the
//   first player) or t (top), and the captured actors in alphabetical order or "-".
//     ♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/8/8/♙♙♙♙♙♙♙♙/♖♘♗♕♔♗♘♖ B -
//
// Both read into one generic position: a board of any regular shape, pieces as text
// tokens, hands, and the side to move. Games (chess, shogi, xiangqi) convert to and from it.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/result.hpp"

namespace kifu::feen {

struct Piece {
    char letter = 0;        // A-Z for the first player, a-z for the second
    char modifier = 0;      // '+', '-' or 0
    bool terminal = false;  // '^': the piece whose loss ends the game
    bool derived = false;   // '\''
    bool first_player() const noexcept { return letter >= 'A' && letter <= 'Z'; }
    bool operator==(const Piece&) const = default;
};

struct Position {
    // Sizes by dimension, outermost first: {files} for 1D, {ranks, files} for 2D,
    // {layers, ranks, files} for 3D.
    std::vector<int> shape;
    std::vector<Piece> cells;                     // flattened in reading order; letter 0 = empty
    std::vector<std::pair<Piece, int>> hands[2];  // first player's, second player's; (piece, count)
    char styles[2] = {'C', 'c'};                  // first player's style (upper case), second's (lower case)
    bool first_to_move = true;

    bool operator==(const Position&) const = default;
};

// A piece as FEEN writes it: "+K^'".
std::string piece_text(const Piece& piece);

// FEEN v1.0.0. Errors say what was expected and found, with the column.
Result<Position> parse_feen(std::string_view text);
// Every error of the placement at once (with its column), else the first of the other fields.
std::vector<Error> validate_feen(std::string_view text);
// The canonical form: hands aggregated and ordered, runs merged.
std::string write_feen(const Position& position);

// The seed's form. Glyphs read as the chess letters they stand for (♔ K ... ♟ p).
struct SeedPosition {
    Position position;                  // hands unused
    std::vector<std::string> captured;  // the captured actors, as written, in order
};
Result<SeedPosition> parse_feen2015(std::string_view text);
// `glyphs`: chess pieces as the Unicode glyphs the seed uses (K Q R B N P and lower case);
// other letters are written as letters.
std::string write_feen2015(const Position& position, const std::vector<std::string>& captured, bool glyphs);

}  // namespace kifu::feen
