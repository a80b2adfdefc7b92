#pragma once
// splitmix64: a fast, well-mixed 64-bit hash of a 64-bit value. kifu's Zobrist-style
// position keys are built from it, so no table of random numbers has to be kept.

#include <cstdint>

namespace kifu {

constexpr std::uint64_t splitmix64(std::uint64_t z) noexcept {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace kifu
