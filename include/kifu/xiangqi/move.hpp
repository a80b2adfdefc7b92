#pragma once
// A xiangqi move in 16 bits: bits 0-6 the square it leaves, bits 7-13 the square it goes
// to (squares as in position.hpp: 9 * row + file, row 0 Black's back rank). Move{} (all
// zero) is no move: no move goes from a square to itself.

#include <cstdint>

namespace kifu::xiangqi {

using Square = std::uint8_t;
inline constexpr Square kNoSquare = 90;

// File 0-8 (a-i, Red's left to right) and row 0-9 (row 0 is Black's back rank, ICCS
// rank 9) of a square, and back.
constexpr int file_of(Square s) noexcept {
    return s % 9;
}
constexpr int row_of(Square s) noexcept {
    return s / 9;
}
constexpr Square make_square(int file, int row) noexcept {
    return static_cast<Square>(row * 9 + file);
}

class Move {
  public:
    constexpr Move() noexcept = default;
    constexpr Move(Square from, Square to) noexcept : data_(static_cast<std::uint16_t>(from | (to << 7))) {}
    constexpr Square from() const noexcept { return static_cast<Square>(data_ & 127); }
    constexpr Square to() const noexcept { return static_cast<Square>(data_ >> 7); }
    constexpr explicit operator bool() const noexcept { return data_ != 0; }
    constexpr std::uint16_t raw() const noexcept { return data_; }
    // The move whose raw() this is (a move list stored as 16-bit words).
    static constexpr Move from_raw(std::uint16_t raw) noexcept {
        Move m;
        m.data_ = raw;
        return m;
    }
    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t data_ = 0;
};

}  // namespace kifu::xiangqi
