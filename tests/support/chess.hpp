#pragma once
// Chess helpers for tests: a position from a FEN (relaxed: validity problems allowed; a FEN
// that does not read at all fails the test that gave it), the one game of a PGN text.

#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/game.hpp"

namespace kifu::test {

inline chess::Position at(std::string_view fen) {
    Result<chess::Position> p = chess::parse_fen(fen, {.relaxed = true});
    EXPECT_TRUE(p) << fen << ": " << (p ? "" : p.error().message);
    return p ? *p : chess::Position{};
}

// The one game of a PGN text (an empty game, and a failed test, when there is not exactly one).
inline chess::Game only(std::string_view text, const chess::PgnReadOptions& options = {}) {
    std::vector<chess::Game> games = chess::read_pgn(text, options);
    EXPECT_EQ(games.size(), 1u) << text;
    return games.empty() ? chess::Game{} : std::move(games.front());
}

}  // namespace kifu::test
