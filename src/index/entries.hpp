#pragma once
// Games turned into what the index stores: a row of the games table and the postings of
// every position of the main line. One function a game; the PGN reader's visitor gives
// chess games without building a tree, the other games come through the registry and the
// walk.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/chess/pgn.hpp"
#include "kifu/formats/openings.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/go/game.hpp"
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
    std::array<std::uint16_t, 2> ratings{};  // the players' ratings by the rating tags; 0: none
    std::uint16_t year = 0;                  // the date's year; 0: none
    std::uint32_t plies = 0;
    std::string start;      // the start position in the game's notation; "" for the standard one
    std::string moves;      // the main line, 16-bit words little-endian (move_codec)
    std::string tags;       // "name\tvalue\n" for every tag, in source order
    std::string prefilter;  // Go: what its stones ever were (go_prefilter.hpp); "" for the others
    std::uint64_t hash = 0;
    std::vector<Posting> postings;  // game = 0: numbered when added
    std::string error;              // set: the game is broken and left out ("LINE:COL: message")
    std::string warning;            // set: no game at all, but a word for the report on the file
};

// The games table's `ratings` column: the first player's rating in the low 16 bits, the
// second's above them.
inline std::int64_t packed_ratings(const std::array<std::uint16_t, 2>& r) noexcept {
    return static_cast<std::int64_t>(r[0] | std::uint32_t{r[1]} << 16);
}
inline std::array<std::uint16_t, 2> unpacked_ratings(std::int64_t column) noexcept {
    const auto bits = static_cast<std::uint32_t>(column);
    return {static_cast<std::uint16_t>(bits & 0xFFFF), static_cast<std::uint16_t>(bits >> 16)};
}

// The game whose number a row stores (formats/games.hpp); Game::any, which has nothing to
// replay or name, for a number no game has (a damaged row).
inline formats::Game stored_game(std::int64_t number) noexcept {
    return number < 0 || number > 255
               ? formats::Game::any
               : formats::game_numbered(static_cast<int>(number)).value_or(formats::Game::any);
}

// The entry of one chess game of a PGN file, read through the PGN reader's visitor; its
// opening named by `openings` when given (formats/openings.hpp).
GameEntry chess_entry(const chess::PgnGameText& text, std::string_view file,
                      const formats::OpeningBook* openings = nullptr);
// A row's tags ("name\tvalue\n" lines) with the book's opening tags of `opening` in place
// of the game's own.
void set_opening_tags(std::string& tags, const formats::OpeningBook& book, const formats::Opening& opening);
// The entries of a record read whole by the registry (one a game).
std::vector<GameEntry> record_entries(const formats::Document& document, std::string_view file);

// The players, date, event, ratings and year from the tags, whatever each game calls them
// (White, PB, 先手, Red; Date, DT, 開始日時; ...); and the content hash that finds copies.
void fill_named_tags(GameEntry& entry);
void finish_hash(GameEntry& entry);

// The code of the move a Go node plays (its point and colour under symmetry `s`, + 1), or 0
// when it is not one plain move.
std::uint32_t go_next_code(const go::NodeAction& a, Symmetry s, go::BoardSize size);

// The text of a posting's next-move code in the query's position, for explore: SAN, USI,
// ICCS, or "B D4" (Go codes are in the canonical orientation; the query's symmetry turns
// them back into the query's).
std::string move_text(const formats::Document& position, std::uint32_t code, Symmetry query_symmetry);

}  // namespace kifu::index::detail
