#pragma once
// Games turned into what the index stores: a row of the games table and the postings of
// every position of the main line. One function a game; the PGN reader's visitor gives
// chess games without building a tree, the other games come through the registry and the
// walk.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/chess/pgn.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/index/index.hpp"
#include "postings.hpp"

namespace kifu::index::detail {

struct GameEntry {
    formats::Game game = formats::Game::chess;
    std::string file;          // as the games table names it
    std::uint64_t number = 0;  // 0-based, in its file
    std::uint64_t offset = 0;  // byte offset in its file (0 where the format does not say)
    std::uint32_t line = 0;
    std::string first, second, date, event, result;  // result as the record gives it
    Outcome outcome = Outcome::unknown;
    std::uint32_t plies = 0;
    std::string start;  // the start position in the game's notation; "" for the standard one
    std::string moves;  // the main line, 16-bit words little-endian (move_codec)
    std::string tags;   // "name\tvalue\n" for every tag, in source order
    std::uint64_t hash = 0;
    std::vector<Posting> postings;  // game = 0: numbered when added
    std::string error;              // set: the game is broken and left out ("LINE:COL: message")
};

// The entries of a chess PGN game's text (one; empty text gives none).
GameEntry chess_entry(const chess::PgnGameText& text, std::string_view file);
// The entries of a record read whole by the registry (one a game).
std::vector<GameEntry> record_entries(const formats::Document& document, std::string_view file);

// Tags by their role, for each game's names (White, PB, 先手, ...).
void fill_named_tags(GameEntry& entry);
void finish_hash(GameEntry& entry);

// The code of a move in the postings and move lists (16 bits), and the text of a move
// code in `position` (the query's), for explore. Go codes are in the canonical
// orientation of the position they are played from.
std::string move_text(const formats::Document& position, std::uint32_t code, Symmetry query_symmetry);

}  // namespace kifu::index::detail
