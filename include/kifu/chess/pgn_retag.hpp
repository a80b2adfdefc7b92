#pragma once
// A PGN game's text with some of its tags replaced and every other byte as it was: what
// kifu dedupe --openings writes (the kept games as their source has them, named by the book).

#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace kifu::chess {

// Appends `game` (one game's text, as the splitter cuts it) to `out` without its tag pairs
// named in `drop` and with `add` after its last tag pair, one a line, as [Name "value"] (the
// value's \ and " escaped; the lines end as the game's first line does, CRLF or LF). A
// dropped pair alone on its line takes its line along; the movetext, comments, line ends and
// the other tags are copied byte for byte. A game without tag pairs gets `add` first.
// Decision: the added values are written as they are (UTF-8), whatever the game's own bytes
// (docs/duplicates.md).
void append_retagged(std::string& out, std::string_view game, std::span<const std::string> drop,
                     std::span<const std::pair<std::string, std::string>> add);

}  // namespace kifu::chess
