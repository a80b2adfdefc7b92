#pragma once
// Go positions up to symmetry (the position index keys them so, and duplicates are found so): the 8
// symmetries of a square board (4 of an oblong one) and the colour swap, as 4 bits:
//
//   bit 0  transpose (column <-> row; square boards only)
//   bit 1  mirror the columns        bit 2  mirror the rows   (after the transpose)
//   bit 3  swap the colours
//
// The canonical key of a board is the least of its 16 Zobrist keys (stones only: no
// side to move, no ko, no prisoners), mixed once more so that keys are spread evenly; the
// symmetry that reached it maps the board onto the canonical one. Ties prefer no colour swap, so a board and
// any mirror image of it agree on whether they were swapped. BoardKeys keeps all 16 keys up to date from one
// board to the next by looking at the points that changed, so a game's positions cost a pass over the board
// each, not 16 hashings.

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "kifu/go/board.hpp"
#include "kifu/go/point.hpp"
#include "kifu/go/position.hpp"

namespace kifu::go {

using Symmetry = std::uint8_t;  // 0..15 as above
inline constexpr int kSymmetries = 16;

constexpr bool swaps_colours(Symmetry s) noexcept {
    return (s & 8) != 0;
}
// Whether a symmetry exists on boards of this size (oblong boards have no transpose).
constexpr bool allowed(Symmetry s, BoardSize size) noexcept {
    return size.is_square() || (s & 1) == 0;
}

// Where point `p` goes under the symmetry (the colour bit aside).
Point apply(Symmetry s, Point p, BoardSize size) noexcept;
// The symmetry that undoes `s`; and `a` after `b` as one symmetry.
Symmetry inverse(Symmetry s) noexcept;
Symmetry compose(Symmetry a, Symmetry b) noexcept;  // first b, then a
Stone apply(Symmetry s, Stone stone) noexcept;

// A point whose stone changed between two boards (row-major index; Stone values).
struct StoneChange {
    int point = 0;
    Stone before = Stone::none, now = Stone::none;
};

struct CanonicalKey {
    std::uint64_t key = 0;
    Symmetry symmetry = 0;  // maps the board onto the canonical one
};

class BoardKeys {
  public:
    explicit BoardKeys(BoardSize size);
    // Brings the keys to `board` (of the same size), looking only at points that changed.
    void update(const Board& board);
    CanonicalKey canonical() const noexcept;
    // The key of the board as it stands under symmetry s.
    std::uint64_t key(Symmetry s) const noexcept { return keys_[s]; }
    BoardSize size() const noexcept { return size_; }
    // What the last update() found changed (the first: every stone of the board).
    const std::vector<StoneChange>& changes() const noexcept { return changes_; }

  private:
    struct Terms;  // each point's key terms under each symmetry: shared by boards of a size
    static std::shared_ptr<const Terms> terms_for(BoardSize size);

    BoardSize size_;
    std::vector<StoneChange> changes_;
    std::vector<std::uint8_t> stones_;  // the board last seen, row-major
    std::shared_ptr<const Terms> terms_;
    std::array<std::uint64_t, kSymmetries> keys_{};
    std::uint64_t size_key_ = 0;
};

// The canonical key of one board, from scratch.
CanonicalKey canonical_key(const Board& board);

// The board holding a position's stones (its marks and the rest aside).
Board board_of(const Position& position);

}  // namespace kifu::go
