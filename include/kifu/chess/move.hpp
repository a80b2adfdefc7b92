#pragma once
// A move in 16 bits, as Stockfish keeps it:
//
//   bits  0-5   from square
//   bits  6-11  to square (for castling: the square of the rook the king castles with)
//   bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen
//   bits 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
//
// Castling as "king takes own rook" makes Chess960 castling the same as classical.
// Move{} (all zero) is no move; null() is the null move "--".

#include <cstdint>

#include "kifu/chess/types.hpp"

namespace kifu::chess {

class Move {
  public:
    enum class Kind : std::uint8_t { normal, promotion, en_passant, castling };

    constexpr Move() noexcept = default;
    static constexpr Move make(Square from, Square to, Kind kind = Kind::normal,
                               PieceType promotion = PieceType::knight) noexcept {
        const int promo = kind == Kind::promotion ? index(promotion) - index(PieceType::knight) : 0;
        return Move(
            static_cast<std::uint16_t>(from | (to << 6) | (promo << 12) | (static_cast<int>(kind) << 14)));
    }
    // The null move: from and to the same square (b1, which no legal move uses that way).
    static constexpr Move null() noexcept { return Move(static_cast<std::uint16_t>(1 | (1 << 6))); }
    // The move whose raw() this is (a move list stored as 16-bit words).
    static constexpr Move from_raw(std::uint16_t raw) noexcept { return Move(raw); }

    constexpr Square from() const noexcept { return static_cast<Square>(data_ & 63); }
    constexpr Square to() const noexcept { return static_cast<Square>((data_ >> 6) & 63); }
    constexpr Kind kind() const noexcept { return static_cast<Kind>(data_ >> 14); }
    constexpr PieceType promotion() const noexcept {
        return static_cast<PieceType>(((data_ >> 12) & 3) + index(PieceType::knight));
    }
    constexpr bool is_null() const noexcept { return *this == null(); }
    constexpr explicit operator bool() const noexcept { return data_ != 0; }
    constexpr std::uint16_t raw() const noexcept { return data_; }
    constexpr bool operator==(const Move&) const = default;

  private:
    constexpr explicit Move(std::uint16_t data) noexcept : data_(data) {}
    std::uint16_t data_ = 0;
};

}  // namespace kifu::chess
