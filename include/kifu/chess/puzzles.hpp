#pragma once
// lichess's puzzle database (database.lichess.org, lichess_db_puzzle.csv), read as chess
// games whose start is the puzzle's position and whose main line is its solution, so that
// `kifu solve` checks a mate puzzle's answer as it checks any problem's:
//
//   file    := header row*
//   header  := column (',' column)*   naming at least PuzzleId, FEN and Moves, in any order
//   row     := field (',' field)*     a field plain, or quoted as RFC 4180 says ("a ""b""")
//   Moves   := UCI moves separated by spaces: the opponent's move, then the solution
//
// Decisions (docs/problems.md, "lichess's puzzles"):
// - The puzzle's position is the FEN after the first move (lichess plays it before the
//   solver's turn): the game starts there (tags SetUp "1" and FEN), and the first move is
//   kept as the tag PuzzleLastMove (UCI).
// - Site is GameUrl; PuzzleId, Rating, RatingDeviation, Popularity, NbPlays, Themes,
//   OpeningTags and DailyDate are tags of their own names, when not empty; other columns
//   are passed over.
// - Every error (a row with too few fields, a FEN that does not read, an illegal move, no
//   move at all) is placed at its line and column; reading stops at the first, validating
//   lists one a row.

#include <string_view>
#include <vector>

#include "kifu/chess/game_file.hpp"
#include "kifu/core/error.hpp"

namespace kifu::chess {

// One game a row, in the file's order; a row with an error is left out and its error kept.
GameFile read_lichess_puzzles(std::string_view text);

// A header line that begins "PuzzleId,FEN,Moves" (lichess's order).
int detect_lichess_puzzles(std::string_view text) noexcept;

}  // namespace kifu::chess
