#pragma once
// A stored game's postings again, from its start position and move words (the games
// table): the keys, plies and next-move codes its indexing gave. The index keeps the key of
// a position reached in one game of a chunk by its top 32 bits only (postings.hpp);
// replaying the game is how such a key is checked, and how indexes are merged.
//
// It plays the words through the same rules indexing used (chess, shogi and xiangqi
// positions' play(), Go's GameTraits::play with its captures), so the keys are the same.

#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/formats/duplicates.hpp"
#include "kifu/formats/registry.hpp"
#include "postings.hpp"
#include "sqlite.hpp"

namespace kifu::index::detail {

// The game's postings (game 0) up to and including `last_ply`, in ply order.
Result<std::vector<Posting>> replay_postings(
    formats::Game game, std::string_view start, std::string_view moves,
    std::uint32_t last_ply = std::numeric_limits<std::uint32_t>::max());

// The duplicate key (formats/duplicates.hpp) of a stored game, by replaying its moves: the
// key `kifu dedupe` gives the game it was read from. Errors: a start that does not read.
Result<std::uint64_t> stored_duplicate_key(formats::Game game, std::string_view start, std::string_view moves,
                                           const formats::DuplicateRule& rule);

// Stored games' postings, by replaying them: for the postings whose group keeps only the
// game, the ply and the high half of the key.
class StoredPostings {
  public:
    explicit StoredPostings(sqlite3* db)
        : db_(db), row_(db, "SELECT game, start, moves FROM games WHERE id = ?") {}
    // `game`'s posting at `ply` (key and code; game 0); an io_error when the game is missing or
    // does not replay (a damaged index).
    Result<Posting> at(std::uint32_t game, std::uint32_t ply);

  private:
    sqlite3* db_;
    Statement row_;
};

}  // namespace kifu::index::detail
