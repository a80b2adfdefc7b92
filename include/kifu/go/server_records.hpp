#pragma once
// The records Go servers write instead of SGF, read into an SGF collection (the raw layer
// of a go::Record, record_of), so that every command and SGF itself take them as they take
// SGF: Tygem's and Fox's GIB, WBaduk's (Cyberoro's) NGF, and Pandanet's UGF and UGI.
// They are read, not written: SGF holds all that they say and every Go program reads it.
//
// What each line means was reverse-engineered by the programs that read them before (Sabaki,
// KaTrain, gofish, gib2sgf) from the servers' files; the decisions where they disagree or
// guess are in docs/gib.md, docs/ngf.md and docs/ugf.md.
//
// Common to all three:
// - The bytes are decoded to UTF-8: --charset decides; else valid UTF-8 is UTF-8; else the
//   charset the record implies (UGF's Lang, GIB's GIBOKIND edition); else a guess (ICU).
// - The game information goes to the root as SGF properties (PB, BR, PW, WR, KM, HA, AB,
//   RE, DT, GN, PC, TM, OT, RU, CP, GC); moves are a main line of nodes, a pass B[]/W[].
// - A line the grammar needs that is not there or not what it must be (a move's number or
//   point, the board size) is an error with its line and column; lines the format has and
//   kifu has no use for are skipped. Nodes stand at their move's line, so the rule checks
//   (a move onto a stone, a ko retaken) point there.

#include <string_view>

#include "kifu/core/result.hpp"
#include "kifu/go/sgf.hpp"

namespace kifu::go {

// GIB: a header "\HS" ... "\HE" of "\[NAME=VALUE\]" lines, then the game "\GS" ... "\GE":
// "INI 0 1 H ..." (H handicap stones, Tygem's placement), "STO 0 N C X Y" (move N by
// colour C, 1 black and 2 white, at column X and row Y from the top, 0-18), "SKI 0 N" (a pass).
Result<SgfCollection> read_gib(std::string_view bytes, const SgfReadOptions& options = {});

// NGF: twelve header lines (title, board size, white "NAME RANK", black, place, handicap,
// an unknown number, komi, date "YYYYMMDD [HH:MM]", an unknown number, result, number of
// moves), then "PMNNCXYYX" lines: move NN (two letters, base 26) by colour C ('B'/'W') at
// X, Y ('B' the first column and the top row; "AA" a pass), the point repeated mirrored.
Result<SgfCollection> read_ngf(std::string_view bytes, const SgfReadOptions& options = {});

// UGF and UGI: INI-style sections; [Header] "Key=Value" lines (Size, Hdcp=H,KOMI,
// PlayerB=NAME,RANK,..., Winner=C,MARGIN, Date, Rule, Lang, Title, Place, Copyright), [Data]
// "XY,C1,N,T" lines (column X from 'A' on the left, row Y from 'A' at the bottom, colour C,
// move N, 0 for a handicap stone; a point off the board is a pass), [ReviewComment]
// ".Comment,K" followed by the comment's lines (node K: the root is 1).
Result<SgfCollection> read_ugf(std::string_view bytes, const SgfReadOptions& options = {});

}  // namespace kifu::go
