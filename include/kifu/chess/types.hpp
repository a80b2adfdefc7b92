#pragma once
// Small value types of chess: squares, colours, pieces, bitboards.
//
// Squares count a1 = 0, b1 = 1, ..., h8 = 63 (file + 8 * rank). A Bitboard has
// bit s set for square s.

#include <bit>
#include <cstdint>

namespace kifu::chess {

using Bitboard = std::uint64_t;
using Square = std::uint8_t;
inline constexpr Square kNoSquare = 64;

enum class Color : std::uint8_t { white, black };
constexpr Color operator~(Color c) noexcept {
    return c == Color::white ? Color::black : Color::white;
}
constexpr int index(Color c) noexcept {
    return static_cast<int>(c);
}

enum class PieceType : std::uint8_t { pawn, knight, bishop, rook, queen, king, none };
constexpr int index(PieceType t) noexcept {
    return static_cast<int>(t);
}

struct Piece {
    PieceType type = PieceType::none;
    Color color = Color::white;
    constexpr bool empty() const noexcept { return type == PieceType::none; }
    bool operator==(const Piece&) const = default;
};

constexpr int file_of(Square s) noexcept {
    return s & 7;
}
constexpr int rank_of(Square s) noexcept {
    return s >> 3;
}
constexpr Square make_square(int file, int rank) noexcept {
    return static_cast<Square>(file + 8 * rank);
}
constexpr Bitboard bit(Square s) noexcept {
    return Bitboard{1} << s;
}
constexpr Square lsb(Bitboard b) noexcept {
    return static_cast<Square>(std::countr_zero(b));
}
constexpr Square pop_lsb(Bitboard& b) noexcept {
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr int popcount(Bitboard b) noexcept {
    return std::popcount(b);
}
constexpr bool more_than_one(Bitboard b) noexcept {
    return (b & (b - 1)) != 0;
}

inline constexpr Bitboard kFileA = 0x0101010101010101ull;
inline constexpr Bitboard kRank1 = 0xFFull;
constexpr Bitboard file_bb(int file) noexcept {
    return kFileA << file;
}
constexpr Bitboard rank_bb(int rank) noexcept {
    return kRank1 << (8 * rank);
}

// The rank where `c`'s pieces start (1 for white, 8 for black), 0-based.
constexpr int back_rank(Color c) noexcept {
    return c == Color::white ? 0 : 7;
}

// Piece letters: "PNBRQK" by PieceType; FEN writes white upper case, black lower case.
constexpr char piece_type_letter(PieceType t) noexcept {
    return "PNBRQK?"[index(t)];
}
constexpr char piece_letter(Piece p) noexcept {
    const char c = piece_type_letter(p.type);
    return p.color == Color::white ? c : static_cast<char>(c - 'A' + 'a');
}
// The piece type of an upper-case letter P N B R Q K, or PieceType::none.
constexpr PieceType piece_type_from_letter(char upper) noexcept {
    switch (upper) {
        case 'P':
            return PieceType::pawn;
        case 'N':
            return PieceType::knight;
        case 'B':
            return PieceType::bishop;
        case 'R':
            return PieceType::rook;
        case 'Q':
            return PieceType::queen;
        case 'K':
            return PieceType::king;
        default:
            return PieceType::none;
    }
}

// "e4" and back.
constexpr char file_char(Square s) noexcept {
    return static_cast<char>('a' + file_of(s));
}
constexpr char rank_char(Square s) noexcept {
    return static_cast<char>('1' + rank_of(s));
}

}  // namespace kifu::chess
