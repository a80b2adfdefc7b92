#pragma once
// Legal move generation. Total: any position the FEN reader accepts (even one no
// game can reach, with impossible checks or en-passant squares) gives a defined
// list, never undefined behaviour.

#include <array>
#include <cstddef>
#include <cstdint>

#include "kifu/chess/position.hpp"

namespace kifu::chess {

class MoveList {
  public:
    static constexpr std::size_t kCapacity = 256;  // no legal position has more than 218 moves

    void push(Move m) noexcept {
        if (size_ < kCapacity) moves_[size_++] = m;
    }
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    const Move* begin() const noexcept { return moves_.data(); }
    const Move* end() const noexcept { return moves_.data() + size_; }
    Move operator[](std::size_t i) const noexcept { return moves_[i]; }
    bool contains(Move m) const noexcept;

  private:
    std::array<Move, kCapacity> moves_;
    std::size_t size_ = 0;
};

// Every legal move of the side to move.
MoveList legal_moves(const Position& position);

// Whether the side to move has a legal move (stops at the first it finds: pawns first).
bool has_legal_move(const Position& position);

// The legal castling moves only (SAN reading looks up O-O with it).
MoveList legal_castling_moves(const Position& position);

// How many legal moves there are, without listing them (perft's last ply).
std::uint64_t count_legal_moves(const Position& position);

// Whether `c`'s king (if any) is attacked.
bool in_check(const Position& position, Color c);

// Positions reached from `position` at `depth` plies (bulk-counted at the last ply).
std::uint64_t perft(const Position& position, int depth);

}  // namespace kifu::chess
