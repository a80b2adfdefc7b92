#pragma once
// Writing games: PGN in the standard's export format, and JSON Lines.

#include <string>

#include "kifu/chess/game.hpp"

namespace kifu::chess {

struct PgnWriteOptions {
    bool comments = true;
    bool nags = true;
    bool variations = true;
    std::size_t line_width = 79;  // movetext lines stay shorter than 80 characters
};

// The Seven Tag Roster first, in its order (a missing one as the standard fills it:
// "?", "????.??.??", the result), then the other tags in the game's order; movetext
// with SAN written anew from the moves, "N..." where a black move follows a comment
// or a variation, and the termination marker. Ends with a blank line.
std::string write_pgn(const Game& game, const PgnWriteOptions& options = {});
void append_pgn(std::string& out, const Game& game, const PgnWriteOptions& options = {});

// One JSON object on one line, with a '\n' (docs/pgn.md has the fields).
void append_game_json(std::string& out, const Game& game);

// `text` as a JSON string literal, quotes included.
void append_json_string(std::string& out, std::string_view text);

}  // namespace kifu::chess
