#pragma once
// Legal move generation for shogi, total like the chess one: any position the SFEN
// reader accepts gives a defined list. A side with no king (or several: tsume
// positions, problems) has nothing to protect, so its pseudo-legal moves all count.
// Drops follow every rule: no two unpromoted pawns of a side on a file, nothing
// dropped where it could never move, no pawn drop that mates at once (uchifuzume).

#include <array>
#include <cstddef>
#include <cstdint>

#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

class MoveList {
  public:
    static constexpr std::size_t kCapacity = 600;  // the most legal moves a position has is 593

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

MoveList legal_moves(const Position& position);
std::uint64_t count_legal_moves(const Position& position);
// Whether `c`'s king (if it has exactly one) is attacked.
bool in_check(const Position& position, Color c);
// Whether square `s` is attacked by a piece of `by`.
bool attacked(const Position& position, Square s, Color by);
// Positions `depth` plies on (bulk-counted at the last ply).
std::uint64_t perft(const Position& position, int depth);

}  // namespace kifu::shogi
