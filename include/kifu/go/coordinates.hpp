#pragma once
// The two coordinate alphabets of Go, and the index pair between them.
//
//   human  "D4"  columns A-Z without I (25 at most), rows numbered from the bottom
//   SGF    "dp"  columns and rows a-z then A-Z (52 at most), rows from the top
//   index  (3,15) column and row, 0-based, from the top-left (kifu::go::Point)
//
// On 19x19, J10 is column 8 and "jj" is column 9: there is deliberately no
// function that converts one alphabet to the other directly; everything goes
// through Point, and every function takes the board size, without which
// neither alphabet means anything. Off-board or malformed input is an error,
// never a wrong point.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/go/point.hpp"

namespace kifu::go {

inline constexpr int kMaxHumanWidth = 25;  // A-Z without I

// The column of an upper-case human letter, or -1 ('I' and anything else): the
// allocation-free form for parsers.
constexpr int human_column_of(char letter) noexcept {
    if (letter < 'A' || letter > 'Z' || letter == 'I') return -1;
    return letter < 'I' ? letter - 'A' : letter - 'A' - 1;
}

// The human letter of a column 0-24, unchecked: the allocation-free form for writers.
constexpr char human_column_letter(int col) noexcept {
    return static_cast<char>(col < 8 ? 'A' + col : 'A' + col + 1);
}

// SGF's 52-letter alphabet, unchecked: a-z are 0-25, A-Z are 26-51; -1 for a non-letter.
constexpr char sgf_letter(int value) noexcept {
    return static_cast<char>(value < 26 ? 'a' + value : 'A' + value - 26);
}
constexpr int sgf_letter_value(char c) noexcept {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
    return -1;
}

// Column index <-> human column letter ('A'..'Z' without 'I'; lower case accepted).
Result<char> column_letter(int col);
Result<int> letter_column(char letter);

// Human notation, e.g. "D4" (letters in either case; no leading zero in the row).
Result<std::string> to_human(BoardSize size, Point p);
Result<Point> from_human(BoardSize size, std::string_view text);

// SGF notation, e.g. "dp". from_sgf refuses the passes: "" always, and "tt" on boards of
// at most 19x19 (on larger boards "tt" is an ordinary point).
Result<std::string> to_sgf(BoardSize size, Point p);
Result<Point> from_sgf(BoardSize size, std::string_view text);

// SGF move values: "" is a pass, and so is "tt" on boards of at most 19x19.
// to_sgf_move writes a pass as "" (FF[4]).
Result<Move> sgf_move(BoardSize size, std::string_view text);
Result<std::string> to_sgf_move(BoardSize size, Move move);

// Index pair, written "3,15"; reads "3,15", "3, 15" and "(3,15)".
std::string to_index(Point p);
Result<Point> from_index(BoardSize size, std::string_view text);

// Human move: a point, or "pass" (any case).
Result<Move> human_move(BoardSize size, std::string_view text);

// A game's moves in human coordinates, one string a move, "pass" for a pass: for a
// log or a person reading a diff. An off-board move is an error naming its number.
Result<std::vector<std::string>> transcript(BoardSize size, std::span<const Move> moves);

// "19x19" or "19" for a square board, "13x9" (width x height) for a rectangle; each
// side 1-52.
Result<BoardSize> parse_board_size(std::string_view text);

}  // namespace kifu::go
