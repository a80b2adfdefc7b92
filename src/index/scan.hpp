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

// Go move words (entries.cpp writes them): calls setup(point, stone) and move(stone,
// point or nullopt for a pass) for one node, then returns the position after it.
inline constexpr std::uint16_t kGoPassWord = 0xFFF;
template <class Setup, class Play, class EndNode>
void for_each_go_node(std::string_view words, Setup&& setup, Play&& play, EndNode&& end_node) {
    auto word_at = [&](std::size_t i) {
        return static_cast<std::uint16_t>(static_cast<unsigned char>(words[2 * i]) |
                                          static_cast<unsigned char>(words[2 * i + 1]) << 8);
    };
    auto point_of = [](std::uint16_t w) {
        return go::Point{static_cast<std::uint8_t>(w & 63), static_cast<std::uint8_t>((w >> 6) & 63)};
    };
    auto do_move = [&](std::uint16_t w) {
        const go::Stone stone = (w & 0x1000) ? go::Stone::white : go::Stone::black;
        if ((w & 0xFFF) == kGoPassWord)
            play(stone, std::optional<go::Point>{});
        else
            play(stone, std::optional<go::Point>{point_of(w)});
    };
    const std::size_t n = words.size() / 2;
    for (std::size_t i = 0; i < n;) {
        const std::uint16_t w = word_at(i++);
        if ((w & 0xE000) == 0x2000) {  // a node of several actions
            const std::size_t count = w & 0xFFF;
            for (std::size_t k = 0; k < count && i < n; ++k) {
                const std::uint16_t a = word_at(i++);
                if (a & 0x8000)
                    setup(point_of(a), static_cast<go::Stone>((a >> 12) & 3));
                else
                    do_move(a);
            }
        } else {
            do_move(w);
        }
        end_node();
    }
}

}  // namespace kifu::index::detail
