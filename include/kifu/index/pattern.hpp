#pragma once
// Go pattern search in a position index (Kombilo's kind of query): which games hold a
// local pattern, anywhere it fits, in any of the 8 orientations (and, on request, with
// colours swapped), and what was played next in it.
//
// A pattern is a rectangle of a HEN position: its stones, its empty points, and its marked
// points (any HEN mark) as points that may hold anything. A side of the rectangle on the
// board's edge stays on an edge: a corner pattern matches only in corners, a side
// pattern only along a side, a pattern off the edges anywhere. Games are answered by a scan
// of their stored moves on several threads, testing after each move only the placements
// around the points that changed; a game is replayed only when its prefilter (where
// stones of each colour ever stood, and its 7x7 corner regions) allows the pattern
// (docs/index.md).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/go/position.hpp"
#include "kifu/index/index.hpp"

namespace kifu::index {

struct GoPattern {
    enum class Cell : std::uint8_t { any, empty, black, white };
    int width = 0, height = 0;
    std::vector<Cell> cells;                                        // row-major
    bool left = false, right = false, top = false, bottom = false;  // sides on the board's edge
    go::BoardSize board{};  // the board it was cut from, and its place there (for answers)
    int col = 0, row = 0;
};

// The pattern of `position` in `region`: two opposite corners in human coordinates,
// "D4-A1" (or "A1-D4"). Errors point into the region text.
Result<GoPattern> go_pattern(const go::Position& position, std::string_view region);

struct Continuation {
    std::string move;  // "B C3" on the query's board, "tenuki" (a move outside the pattern), "pass", "end"
    std::uint64_t count = 0, black = 0, white = 0, other = 0;  // games, and who won them (query colours)
};

struct PatternResult {
    std::uint64_t count = 0;                  // games holding the pattern (and passing the filter)
    std::vector<GameSummary> games;           // the page asked for; ply: where it first appears
    std::vector<Continuation> continuations;  // by count
    std::uint64_t replayed = 0;  // games replayed; the others' prefilter showed they cannot hold it
};

Result<PatternResult> search_pattern(Database& db, const GoPattern& pattern, const Filter& filter,
                                     bool any_colours, std::size_t offset, std::size_t limit,
                                     unsigned threads = 1);

}  // namespace kifu::index
