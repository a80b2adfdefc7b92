#pragma once
// Writing a document as a format, narrowed first where the format asks for a position: the
// one call kifu convert and the service's /convert and /inspect make.
//
// Decisions (docs/cli.md, "convert"):
// - A record written as a position format gives one of its positions: the one `choice`
//   names (the end of the main line when it names none). So does any record when the
//   choice is `given` (SGF to SGF after move 50 is that position as SGF).
// - With `every_game`, a collection gives one output a game (as PGN does), each narrowed
//   by the same choice; without it, only the game `choice.game_index` names.
// - Each game's outcome stands apart: an error in one (a ply past its end) does not stop
//   the others. Every text ends in a line end when `line_end` asks for one (a file, a
//   terminal, an HTTP body: a text file's lines end), as it was written otherwise (a string
//   for Python); bytes (Format's kBinary: PNG, GIF) never get one.

#include <optional>
#include <string>
#include <vector>

#include "kifu/formats/registry.hpp"

namespace kifu::formats {

enum class LineEnd : bool { as_written, added };
// A table format's header (Format::header) before the first text, or left to the caller,
// which writes one for an output of several documents.
enum class TableHeader : bool { written, left_out };

struct Written {
    std::size_t game = 0;  // the game of the record it came from (0 for a position)
    std::string text;      // the output, ending in a line end; empty when `error`
    std::optional<Error> error;
    bool choice_failed = false;      // the error is the choice's (a ply past the end, a bad node path)
    std::vector<std::string> notes;  // what `to` cannot hold, dropped
    std::vector<Error> warnings;     // of the narrowing: rule checks on the way to the position
};

std::vector<Written> write_document(const Document& document, const Format& to, const NodeChoice& choice,
                                    bool given, bool every_game, const ReadOptions& read = {},
                                    const WriteOptions& write = {}, LineEnd line_end = LineEnd::added,
                                    TableHeader header = TableHeader::written);

}  // namespace kifu::formats
