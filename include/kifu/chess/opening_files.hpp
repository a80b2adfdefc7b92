#pragma once
// The opening books that are no PGN, read as chess games whose main lines end at their named
// positions (formats/openings.hpp names games by them; `kifu convert` writes them as PGN):
//
// Scid's ECO file (scid.eco, Debian's scid-data: /usr/share/scid/data/scid.eco):
//   file    := (comment | entry | blank line)*
//   comment := '#' to the end of the line
//   entry   := CODE blanks '"' NAME '"' blanks MOVES '*'    (MOVES may span lines)
//   CODE    := [A-E] digit digit ([a-z] digit?)?             e.g. "B90", "A00b", "C42a3"
//   MOVES   := SAN moves with move numbers, "1.e4 e5 2.Nf3" ("1." may touch the move)
// lichess's chess-openings TSV (a.tsv ... e.tsv): a header line naming the columns, tab
// separated, among them "eco", "name" and "pgn" (the moves as "1. e4 e5 2. Nf3"); any other
// column (uci, epd) is passed over.
//
// Decisions (docs/openings.md):
// - A name is split at its first ": " into the Opening and Variation tags ("Sicilian:
//   Najdorf" -> Opening "Sicilian", Variation "Najdorf"); a name without one is all Opening.
// - ECO is the code's first three characters, the PGN standard's form ("A00"); Scid's
//   extensions ("A00b", "C42a3") are not kept.
// - Every error (a code that is no ECO code, an unterminated name, an illegal or ambiguous
//   move, a missing '*') is placed at its line and column; reading stops at the first,
//   validating lists one an entry.

#include <string_view>
#include <vector>

#include "kifu/chess/game_file.hpp"
#include "kifu/core/error.hpp"
#include "kifu/core/result.hpp"

namespace kifu::chess {

// Reads every entry of Scid's ECO file; an entry with an error is left out and its error kept.
GameFile read_scid_eco(std::string_view text);
// The same for lichess's chess-openings TSV. A text without the three columns is one error.
GameFile read_opening_tsv(std::string_view text);

// Detector scores: a line that begins as an entry of Scid's ECO file (after its comments), a
// header line with the TSV's columns.
int detect_scid_eco(std::string_view text) noexcept;
int detect_opening_tsv(std::string_view text) noexcept;

}  // namespace kifu::chess
