#pragma once
// A file of chess games that is no PGN, read whole (opening books, lichess's puzzles): the
// games of the entries that read, and the errors of those left out.

#include <vector>

#include "kifu/chess/game.hpp"
#include "kifu/core/error.hpp"

namespace kifu::chess {

struct GameFile {
    std::vector<Game> games;    // one an entry, in the file's order
    std::vector<Error> errors;  // the entries that could not be read (their games left out)
};

}  // namespace kifu::chess
