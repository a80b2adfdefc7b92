#pragma once
// A shogi position: the 9x9 board, the pieces in each hand, the side to move and the
// move number. Copy-make: play() changes the position in place; keep a copy to go back.

#include <array>
#include <bit>
#include <cstdint>

#include "kifu/shogi/types.hpp"

namespace kifu::shogi {

// A set of squares, bit s for square s: squares 0-63 in `low`, 64-80 in `high`. Two
// words rather than a compiler's 128-bit integer, so that the header is standard C++.
struct SquareSet {
    std::uint64_t low = 0;
    std::uint64_t high = 0;

    constexpr explicit operator bool() const noexcept { return (low | high) != 0; }
    friend constexpr SquareSet operator|(SquareSet a, SquareSet b) noexcept {
        return {a.low | b.low, a.high | b.high};
    }
    friend constexpr SquareSet operator&(SquareSet a, SquareSet b) noexcept {
        return {a.low & b.low, a.high & b.high};
    }
    friend constexpr SquareSet operator^(SquareSet a, SquareSet b) noexcept {
        return {a.low ^ b.low, a.high ^ b.high};
    }
    friend constexpr SquareSet operator~(SquareSet a) noexcept { return {~a.low, ~a.high}; }
    constexpr SquareSet& operator|=(SquareSet b) noexcept { return *this = *this | b; }
    constexpr SquareSet& operator&=(SquareSet b) noexcept { return *this = *this & b; }
    constexpr SquareSet& operator^=(SquareSet b) noexcept { return *this = *this ^ b; }
    constexpr bool operator==(const SquareSet&) const = default;
};
constexpr SquareSet square_bit(Square s) noexcept {
    return s < 64 ? SquareSet{std::uint64_t{1} << s, 0} : SquareSet{0, std::uint64_t{1} << (s - 64)};
}
inline constexpr SquareSet kAllSquares{~std::uint64_t{0}, (std::uint64_t{1} << (kSquares - 64)) - 1};
inline int count(SquareSet set) noexcept {
    return std::popcount(set.low) + std::popcount(set.high);
}
// Removes the lowest square of a set that is not empty, and returns it.
inline Square pop_first(SquareSet& set) noexcept {
    if (set.low) {
        const auto s = static_cast<Square>(std::countr_zero(set.low));
        set.low &= set.low - 1;
        return s;
    }
    const auto s = static_cast<Square>(64 + std::countr_zero(set.high));
    set.high &= set.high - 1;
    return s;
}

class Position {
  public:
    Position() noexcept;  // an empty board, empty hands, Black to move, move 1
    static Position start();

    Piece piece_on(Square s) const noexcept { return board_[s]; }
    Color side_to_move() const noexcept { return side_; }
    int hand(Color c, PieceType t) const noexcept {
        return hands_[static_cast<std::size_t>(index(c))][static_cast<std::size_t>(index(t))];
    }
    // The king of `c`, kNoSquare when it has none or more than one.
    Square king(Color c) const noexcept { return kings_[static_cast<std::size_t>(index(c))]; }
    SquareSet pieces(Color c) const noexcept { return occupied_[static_cast<std::size_t>(index(c))]; }
    SquareSet occupied() const noexcept { return occupied_[0] | occupied_[1]; }
    // The files (bit = column) holding an unpromoted pawn of `c`.
    std::uint16_t pawn_files(Color c) const noexcept {
        return pawn_files_[static_cast<std::size_t>(index(c))];
    }
    int move_number() const noexcept { return move_number_; }

    // Editing (for readers): no legality is checked.
    void put(Piece p, Square s) noexcept;
    void remove(Square s) noexcept;
    void set_hand(Color c, PieceType t, int n) noexcept {
        hands_[static_cast<std::size_t>(index(c))][static_cast<std::size_t>(index(t))] =
            static_cast<std::uint8_t>(n);
    }
    void set_side_to_move(Color c) noexcept { side_ = c; }
    void set_move_number(int n) noexcept { move_number_ = n; }

    // Plays a legal move (one the generator gave for this position).
    void play(Move m) noexcept;

    // play() that remembers how to take the move back: make(m) then unmake(m, undo) gives
    // the position back exactly.
    struct Undo {
        Piece captured{};
    };
    Undo make(Move m) noexcept;
    void unmake(Move m, const Undo& undo) noexcept;

    bool operator==(const Position&) const = default;

  private:
    void refresh_kings() noexcept;
    void refresh_pawn_file(std::size_t c, int column) noexcept;

    std::array<Piece, kSquares> board_{};
    std::array<std::array<std::uint8_t, kHandTypes>, 2> hands_{};
    std::array<SquareSet, 2> occupied_{};
    std::array<std::uint16_t, 2> pawn_files_{};
    std::array<Square, 2> kings_{kNoSquare, kNoSquare};
    std::array<std::uint8_t, 2> king_count_{};
    Color side_ = Color::black;
    int move_number_ = 1;
};

}  // namespace kifu::shogi
