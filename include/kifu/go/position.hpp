#pragma once
// A Go position as a diagram shows it: the stones, and what a reader is told
// about them (ko point, last move, turn, move numbers, marks and labels). It is
// the value that HEN reads and writes, and that SGF yields at a node.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "kifu/go/point.hpp"
#include "kifu/go/stone.hpp"

namespace kifu::go {

enum class Mark : std::uint8_t { circle, square, triangle, cross };  // SGF CR SQ TR MA

// "CR", "SQ", "TR", "MA": the names HEN and SGF give the marks.
std::string_view mark_code(Mark m) noexcept;
std::optional<Mark> mark_from_code(std::string_view code) noexcept;

struct MarkedPoint {
    Point point;
    Mark mark;
    bool operator==(const MarkedPoint&) const = default;
};

struct Label {
    Point point;
    std::string text;  // UTF-8
    bool operator==(const Label&) const = default;
};

// A stone shown with the number of the move that played it.
struct NumberedStone {
    Point point;
    std::uint32_t number;  // 1-based
    bool operator==(const NumberedStone&) const = default;
};

struct LastMove {
    Stone stone = Stone::black;
    Move move{};
    bool operator==(const LastMove&) const = default;
};

// The order in which colours take turns; the colour of numbered stone N is
// entry (N-1) mod size(). Black then white unless said otherwise.
class PlayerOrder {
  public:
    constexpr PlayerOrder() noexcept : stones_{Stone::black, Stone::white}, size_(2) {}
    // The colours in turn order; they must be distinct (checked by the caller).
    explicit PlayerOrder(std::span<const Stone> stones) noexcept;

    constexpr int size() const noexcept { return size_; }
    constexpr Stone operator[](int i) const noexcept { return stones_[static_cast<std::size_t>(i)]; }
    constexpr Stone colour_of_move(std::uint32_t number) const noexcept {
        return stones_[(number - 1) % static_cast<std::uint32_t>(size_)];
    }
    bool is_default() const noexcept { return *this == PlayerOrder{}; }
    // Who plays after `stone`: the next colour in the order (two-colour Go's opponent for
    // a colour not in it).
    constexpr Stone after(Stone stone) const noexcept {
        for (int i = 0; i < size_; ++i)
            if (stones_[static_cast<std::size_t>(i)] == stone)
                return stones_[static_cast<std::size_t>((i + 1) % size_)];
        return two_player_opponent(stone);
    }
    bool operator==(const PlayerOrder&) const = default;

  private:
    std::array<Stone, kStoneColours> stones_{};
    std::uint8_t size_ = 0;
};

struct Position {
    BoardSize size{};
    std::array<Stone, kMaxPoints> stones{};  // row-major, top row first; see Point::index
    std::vector<NumberedStone> numbered;     // sorted by point index
    PlayerOrder order{};
    std::optional<Point> ko;
    std::optional<LastMove> last_move;
    std::optional<Stone> turn;
    std::vector<Label> labels;       // in the order given
    std::vector<MarkedPoint> marks;  // in the order given

    Stone at(Point p) const noexcept { return stones[static_cast<std::size_t>(p.index(size))]; }
    void set(Point p, Stone s) noexcept { stones[static_cast<std::size_t>(p.index(size))] = s; }
    // The move number shown on the stone at p, or 0.
    std::uint32_t number_at(Point p) const noexcept;
    int stone_count() const noexcept;
    // The last move was a suicide: its point does not hold its stone (HEN cannot say so).
    bool last_move_gone() const noexcept;
    // Removes every stone and all markup; keeps the size.
    void clear() noexcept;

    bool operator==(const Position& other) const noexcept;
};

}  // namespace kifu::go
