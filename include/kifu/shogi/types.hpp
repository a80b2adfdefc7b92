#pragma once
// Small value types of shogi: squares, colours, pieces, moves.
//
// Squares count from the top left of the board as Black (sente) sees it: index =
// 9 * rank + (9 - file), with ranks a..i (1..9 in Japanese) as 0..8 and files 9..1 as
// columns 0..8. So 9a = 0, 1a = 8, 5e = 40, 1i = 80: the order SFEN lists the board in.
// Black moves toward rank a (decreasing index), White toward rank i.
//
// A move in 16 bits:
//   bits  0-6   to square (0-80)
//   bits  7-13  from square (0-80), or 81 + the hand piece for a drop
//   bit   14    promotes

#include <cstdint>
#include <string_view>

namespace kifu::shogi {

using Square = std::uint8_t;
inline constexpr Square kNoSquare = 81;
inline constexpr int kSquares = 81;

constexpr int rank_of(Square s) noexcept {
    return s / 9;
}
constexpr int column_of(Square s) noexcept {
    return s % 9;
}
// The file number 1-9 of a square (9 on the left as Black sees the board).
constexpr int file_of(Square s) noexcept {
    return 9 - s % 9;
}
constexpr Square make_square(int file, int rank) noexcept {
    return static_cast<Square>(rank * 9 + (9 - file));
}

enum class Color : std::uint8_t { black, white };  // sente (moves first), gote
constexpr Color operator~(Color c) noexcept {
    return c == Color::black ? Color::white : Color::black;
}
constexpr int index(Color c) noexcept {
    return static_cast<int>(c);
}

// The seven kinds a hand holds come first, so a hand is indexed by PieceType directly.
enum class PieceType : std::uint8_t {
    pawn,
    lance,
    knight,
    silver,
    gold,
    bishop,
    rook,
    king,
    pro_pawn,  // tokin
    pro_lance,
    pro_knight,
    pro_silver,
    horse,   // promoted bishop
    dragon,  // promoted rook
    none,
};
inline constexpr int kHandTypes = 7;  // pawn..rook
constexpr int index(PieceType t) noexcept {
    return static_cast<int>(t);
}
constexpr bool can_promote(PieceType t) noexcept {
    return t == PieceType::pawn || t == PieceType::lance || t == PieceType::knight ||
           t == PieceType::silver || t == PieceType::bishop || t == PieceType::rook;
}
constexpr PieceType promoted(PieceType t) noexcept {
    switch (t) {
        case PieceType::pawn:
            return PieceType::pro_pawn;
        case PieceType::lance:
            return PieceType::pro_lance;
        case PieceType::knight:
            return PieceType::pro_knight;
        case PieceType::silver:
            return PieceType::pro_silver;
        case PieceType::bishop:
            return PieceType::horse;
        case PieceType::rook:
            return PieceType::dragon;
        default:
            return t;
    }
}
// The kind a captured piece goes back to the hand as.
constexpr PieceType unpromoted(PieceType t) noexcept {
    switch (t) {
        case PieceType::pro_pawn:
            return PieceType::pawn;
        case PieceType::pro_lance:
            return PieceType::lance;
        case PieceType::pro_knight:
            return PieceType::knight;
        case PieceType::pro_silver:
            return PieceType::silver;
        case PieceType::horse:
            return PieceType::bishop;
        case PieceType::dragon:
            return PieceType::rook;
        default:
            return t;
    }
}
constexpr bool is_promoted(PieceType t) noexcept {
    return index(t) >= index(PieceType::pro_pawn) && t != PieceType::none;
}

struct Piece {
    PieceType type = PieceType::none;
    Color color = Color::black;
    constexpr bool empty() const noexcept { return type == PieceType::none; }
    bool operator==(const Piece&) const = default;
};

// The ranks `c` promotes in: the three farthest from its side.
constexpr bool in_zone(Color c, Square s) noexcept {
    return c == Color::black ? rank_of(s) <= 2 : rank_of(s) >= 6;
}
// How many ranks from the far edge for `c` (0 = the last rank).
constexpr int ranks_to_edge(Color c, Square s) noexcept {
    return c == Color::black ? rank_of(s) : 8 - rank_of(s);
}
// A piece of this kind standing here could never move again: pawn or lance on the last
// rank, knight on the last two. Such moves must promote; such drops are illegal.
constexpr bool dead_end(PieceType t, Color c, Square s) noexcept {
    return ((t == PieceType::pawn || t == PieceType::lance) && ranks_to_edge(c, s) == 0) ||
           (t == PieceType::knight && ranks_to_edge(c, s) <= 1);
}

class Move {
  public:
    constexpr Move() noexcept = default;
    static constexpr Move make(Square from, Square to, bool promote = false) noexcept {
        return Move(static_cast<std::uint16_t>(to | (from << 7) | (promote ? 1 << 14 : 0)));
    }
    static constexpr Move drop(PieceType t, Square to) noexcept {
        return Move(static_cast<std::uint16_t>(to | ((kSquares + index(t)) << 7)));
    }
    // The move whose raw() this is (a move list stored as 16-bit words).
    static constexpr Move from_raw(std::uint16_t raw) noexcept { return Move(raw); }
    constexpr Square to() const noexcept { return static_cast<Square>(data_ & 127); }
    constexpr bool is_drop() const noexcept { return ((data_ >> 7) & 127) >= kSquares; }
    constexpr Square from() const noexcept {
        return static_cast<Square>((data_ >> 7) & 127);
    }  // not for drops
    constexpr PieceType dropped() const noexcept {
        return static_cast<PieceType>(((data_ >> 7) & 127) - kSquares);
    }
    constexpr bool promotes() const noexcept { return (data_ >> 14) & 1; }
    constexpr explicit operator bool() const noexcept { return data_ != 0; }
    constexpr std::uint16_t raw() const noexcept { return data_; }
    constexpr bool operator==(const Move&) const = default;

  private:
    constexpr explicit Move(std::uint16_t d) noexcept : data_(d) {}
    std::uint16_t data_ = 0;
};

// SFEN / USI letters: "PLNSGBRK" by PieceType (unpromoted), Black upper case.
constexpr char usi_letter(PieceType t) noexcept {
    return "PLNSGBRKPLNSBR?"[index(t)];
}
PieceType piece_type_from_usi_letter(char upper) noexcept;  // none when not one

}  // namespace kifu::shogi
