#pragma once
// The fixed-capacity list of moves the move generators fill: no allocation, and a
// capacity above the most legal moves a position of the game can have (extra pushes are
// dropped, never written out of bounds).

#include <array>
#include <cstddef>

namespace kifu {

template <class Move, std::size_t Capacity>
class BoundedMoveList {
  public:
    static constexpr std::size_t kCapacity = Capacity;

    void push(Move m) noexcept {
        if (size_ < Capacity) moves_[size_++] = m;
    }
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    const Move* begin() const noexcept { return moves_.data(); }
    const Move* end() const noexcept { return moves_.data() + size_; }
    Move operator[](std::size_t i) const noexcept { return moves_[i]; }
    bool contains(Move m) const noexcept {
        for (std::size_t i = 0; i < size_; ++i)
            if (moves_[i] == m) return true;
        return false;
    }

  private:
    std::array<Move, Capacity> moves_;
    std::size_t size_ = 0;
};

}  // namespace kifu
