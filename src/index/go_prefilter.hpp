#pragma once
// What a Go game's stones ever were, kept beside its moves so a pattern search passes over
// the games that cannot hold the pattern before replaying any (Kombilo's two prefilters):
//
//   prefilter := version:1 (= 1)  width:1  height:1  black:bits  white:bits  regions
//   bits      := one bit a point, row-major, least significant bit first, (width * height + 7) / 8 bytes
//   regions   := count:varint  key_delta:varint{count}     (sorted keys, each from the one before; from 0)
//
// `black` marks the points a black stone ever stood on in the main line (the start, setup
// and moves, before captures took it), `white` the same for white: a pattern whose black
// stones cannot all sit on ever-black points (and white on ever-white) in any placement is
// not in the game. `regions` are the keys of the four 7x7 corner regions the game's
// positions had (boards of at least 7x7): a corner pattern covering a whole 7x7 corner with
// no point left open is in the game only if its corner's key is. A key is the top 24 bits
// of the least of the region's four Zobrist keys (the region as it stands and mirrored
// through the corner's diagonal, each in both colours), so it is the same in every corner,
// orientation and colouring; equal keys of different regions (one in 2^24 a lookup) only
// cost a replay, as the search still checks every game the prefilter lets through.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/go/board.hpp"
#include "kifu/go/symmetry.hpp"

namespace kifu::index::detail {

inline constexpr int kRegionSide = 7;
inline constexpr int kRegionKeyBits = 24;

// A 7x7 corner region, in the corner's own frame: cell (i, j) is i points from the corner's
// column edge and j from its row edge, at cells[j * 7 + i].
using CornerRegion = std::array<go::Stone, kRegionSide * kRegionSide>;

// The key of a region as the prefilter stores it.
std::uint32_t corner_region_key(const CornerRegion& region) noexcept;

// Builds a game's prefilter from its positions in order.
class GoPrefilterBuilder {
  public:
    explicit GoPrefilterBuilder(go::BoardSize size);
    // The next position, as what changed since the one before (go::BoardKeys::changes(): for the
    // first, every stone).
    void add(const std::vector<go::StoneChange>& changes);
    std::string finish();

  private:
    go::BoardSize size_;
    std::vector<std::uint8_t> ever_;                    // bit 0 black, bit 1 white
    std::array<std::array<std::uint64_t, 4>, 4> hash_;  // each corner's four keys
    std::vector<std::uint32_t> keys_;
    bool first_ = true;
};

// A stored prefilter, read; nullopt when `bytes` are not one (an index damaged or written
// without: nothing can then be passed over).
struct GoPrefilter {
    go::BoardSize size;
    std::string_view black, white;  // the bits
    std::string_view keys;          // count and deltas, as stored
    bool regions = false;           // the board has 7x7 corners, and their keys are kept
    bool ever(int point, go::Stone stone) const noexcept {
        const std::string_view bits = stone == go::Stone::black ? black : white;
        return (static_cast<unsigned char>(bits[static_cast<std::size_t>(point) / 8]) >> (point % 8)) & 1;
    }
    // Whether a position of the game had a corner region of this key (true on damage: a
    // prefilter only passes over games it is sure of).
    bool had_region(std::uint32_t key) const noexcept;
};
std::optional<GoPrefilter> read_go_prefilter(std::string_view bytes);

}  // namespace kifu::index::detail
