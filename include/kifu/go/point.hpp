#pragma once
// Small value types for places on a Go board.
//
// Every conversion between notations goes through Point, a (column, row) index
// pair with the origin at the top-left corner, as SGF counts: on 19x19, D4 is
// (3, 15) and "dp". Human notation counts rows from the bottom; that difference
// lives in coordinates.cpp and nowhere else.

#include <cstdint>

namespace kifu::go {

inline constexpr int kMaxBoardSide = 52;  // SGF's a-z A-Z alphabet
inline constexpr int kMaxPoints = kMaxBoardSide * kMaxBoardSide;

struct BoardSize {
    std::uint8_t width = 19;   // columns
    std::uint8_t height = 19;  // rows

    constexpr int points() const noexcept { return int{width} * int{height}; }
    constexpr bool is_square() const noexcept { return width == height; }
    bool operator==(const BoardSize&) const = default;
};

struct Point {
    std::uint8_t col = 0;  // 0 = leftmost column
    std::uint8_t row = 0;  // 0 = top row

    constexpr bool on(BoardSize size) const noexcept { return col < size.width && row < size.height; }
    // Row-major index, top row first: the order in which HEN and diagrams list points.
    constexpr int index(BoardSize size) const noexcept { return int{row} * size.width + col; }
    static constexpr Point from_index(BoardSize size, int index) noexcept {
        return {static_cast<std::uint8_t>(index % size.width), static_cast<std::uint8_t>(index / size.width)};
    }
    bool operator==(const Point&) const = default;
};

// A move without its colour: a point, or a pass.
struct Move {
    Point point{};
    bool is_pass = false;

    static constexpr Move at(Point p) noexcept { return {p, false}; }
    static constexpr Move pass() noexcept { return {{}, true}; }
    bool operator==(const Move&) const = default;
};

}  // namespace kifu::go
