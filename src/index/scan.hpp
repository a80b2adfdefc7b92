#pragma once
// Queries answered by replaying the stored move lists (scoutfish's way) rather than by a
// key lookup: Go patterns, chess material and sub-FEN. Games are read from the database in
// batches on the calling thread and tested on `threads` threads; hits come back in game
// order.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kifu/go/board.hpp"
#include "kifu/index/index.hpp"
#include "sqlite.hpp"

namespace kifu::index::detail {

struct StoredGame {
    std::uint32_t id = 0;
    std::string start;  // the start position's notation ("" standard)
    std::string moves;  // 16-bit words
    Outcome outcome = Outcome::unknown;
    std::string prefilter;  // Go: go_prefilter.hpp
};

struct ScanHit {
    std::uint32_t game = 0;
    std::uint32_t ply = 0;
    Symmetry symmetry = 0;
    std::uint32_t next = 0;  // what the test says came next (Go: a continuation code)
    Outcome outcome = Outcome::unknown;
};

using GameTest = std::function<std::optional<ScanHit>(const StoredGame&)>;

Result<std::vector<ScanHit>> scan_games(sqlite3* db, formats::Game game, unsigned threads,
                                        const GameTest& test);

}  // namespace kifu::index::detail
