#pragma once
// The games a search found, read again from their source files and written out: kifu search
// --export, and any program that wants the games themselves rather than their summaries.
//
// Decisions (docs/index.md, "Exporting"):
// - A game is read from the file the index names, as that file is now: a streamed PGN file is
//   split again up to the game's number (its bytes are read once for all its games, in the
//   order asked), any other file is read whole once for its games. A PGN game that no longer
//   starts at the offset the index stored is an error: the file changed since it was indexed.
// - `to == nullptr` writes each game as its source holds it: a PGN game's own bytes, a game
//   of any other format written by that format (one game of an SGF collection as an SGF of
//   its own). A format kifu does not write, or a binary one (a stream of games cannot be
//   binary: XQF), gives the game's own record format instead (GIB, NGF and UGF give SGF, XQF
//   gives xiangqi PGN), and ExportedGame::format says so. `to` binary is refused.
// - Each game's outcome stands apart: a game that cannot be read or written is reported and
//   the others are written. Only a file that cannot be read again is an error of the whole.

#include <functional>
#include <span>
#include <string>

#include "kifu/core/result.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/formats/write.hpp"
#include "kifu/index/index.hpp"

namespace kifu::index {

struct ExportedGame {
    const GameSummary* summary = nullptr;
    formats::Written written;  // the game's text, ending in a line end, or its error
    // The format it is written in, and the one its file is in (nullptr when unknown).
    const formats::Format* format = nullptr;
    const formats::Format* source_format = nullptr;
};

// Reads each of `games` from its source and writes it as `to` (nullptr: as its source holds
// it), calling `take` with each in the order given. Errors: io_error for a source file that
// cannot be opened or read, or what `take` returns.
Result<void> export_games(std::span<const GameSummary> games, const formats::Format* to,
                          const formats::WriteOptions& options,
                          const std::function<Result<void>(ExportedGame&&)>& take);

}  // namespace kifu::index
