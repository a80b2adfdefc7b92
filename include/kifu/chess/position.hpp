#pragma once
// A chess position on bitboards, Chess960 throughout: castling rights remember
// the square of their rook, so any king and rook files work.

#include <array>
#include <cstdint>

#include "kifu/chess/bitboard.hpp"
#include "kifu/chess/move.hpp"
#include "kifu/chess/types.hpp"

namespace kifu::chess {

// Castling rights: one bit each, white's first; "king side" is the h-side of the king.
enum CastlingRight : std::uint8_t {
    kWhiteKingSide = 1,
    kWhiteQueenSide = 2,
    kBlackKingSide = 4,
    kBlackQueenSide = 8,
};
constexpr int castling_index(Color c, bool king_side) noexcept {
    return index(c) * 2 + (king_side ? 0 : 1);
}

class Position {
  public:
    // An empty board, white to move.
    Position() noexcept;
    // The standard starting position.
    static Position start();

    Piece piece_on(Square s) const noexcept { return board_[s]; }
    Bitboard occupied() const noexcept { return by_color_[0] | by_color_[1]; }
    Bitboard pieces(Color c) const noexcept { return by_color_[static_cast<std::size_t>(index(c))]; }
    Bitboard pieces(PieceType t) const noexcept { return by_type_[static_cast<std::size_t>(index(t))]; }
    Bitboard pieces(Color c, PieceType t) const noexcept { return pieces(c) & pieces(t); }
    Square king(Color c) const noexcept {
        const Bitboard k = pieces(c, PieceType::king);
        return k ? lsb(k) : kNoSquare;
    }

    Color side_to_move() const noexcept { return side_; }
    std::uint8_t castling() const noexcept { return castling_; }
    // The rook square of castling right `i` (castling_index), kNoSquare when the right is absent.
    Square castling_rook(int i) const noexcept { return castling_rooks_[static_cast<std::size_t>(i)]; }
    Square en_passant() const noexcept { return en_passant_; }
    int halfmove_clock() const noexcept { return halfmove_clock_; }
    int fullmove_number() const noexcept { return fullmove_number_; }
    bool chess960() const noexcept { return chess960_; }

    // Pieces of either colour attacking `s` with the board occupied as `occupancy`.
    Bitboard attackers_to(Square s, Bitboard occupancy) const noexcept;
    // The opponent's pieces giving check to the side to move.
    Bitboard checkers() const noexcept;

    // Editing (for readers): no legality is checked.
    void put(Piece p, Square s) noexcept;
    void remove(Square s) noexcept;
    void set_side_to_move(Color c) noexcept { side_ = c; }
    void set_castling(int right_index, Square rook) noexcept;
    void set_en_passant(Square s) noexcept { en_passant_ = s; }
    void set_clocks(int halfmove, int fullmove) noexcept {
        halfmove_clock_ = halfmove;
        fullmove_number_ = fullmove;
    }
    void set_chess960(bool on) noexcept { chess960_ = on; }

    // Plays a legal move (one the generator gave for this position).
    void play(Move m) noexcept;

    // What unmake() needs to take a move back.
    struct Undo {
        Piece captured{};
        Square captured_on = kNoSquare;
        std::uint8_t castling = 0;
        std::array<Square, 4> castling_rooks{};
        Square en_passant = kNoSquare;
        int halfmove_clock = 0;
        int fullmove_number = 1;
    };
    // play() that remembers how to take the move back: make(m) then unmake(m, undo)
    // gives the position back exactly.
    Undo make(Move m) noexcept;
    void make(Move m, Undo& undo) noexcept;  // the same, filling the caller's record in place
    void unmake(Move m, const Undo& undo) noexcept;

    bool operator==(const Position&) const = default;

  private:
    void refresh_castling_squares() noexcept;

    std::array<Bitboard, 6> by_type_{};
    std::array<Bitboard, 2> by_color_{};
    std::array<Piece, 64> board_{};
    std::array<Square, 4> castling_rooks_{kNoSquare, kNoSquare, kNoSquare, kNoSquare};
    Bitboard castling_squares_ = 0;  // the squares of castling_rooks_, to test a move against at once
    Color side_ = Color::white;
    std::uint8_t castling_ = 0;
    Square en_passant_ = kNoSquare;
    bool chess960_ = false;
    int halfmove_clock_ = 0;
    int fullmove_number_ = 1;
};

}  // namespace kifu::chess
