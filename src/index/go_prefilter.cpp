#include "go_prefilter.hpp"

#include <algorithm>

#include "kifu/core/hash.hpp"
#include "postings.hpp"

namespace kifu::index::detail {
namespace {

constexpr std::uint8_t kVersion = 1;
constexpr int kCells = kRegionSide * kRegionSide;

// The Zobrist value of a stone of colour c (0 black, 1 white) on cell `cell` of a region,
// from a table made at compile time (indexing runs this for every stone that comes or goes).
constexpr auto kCellKeys = [] {
    std::array<std::uint64_t, 2 * kCells> keys{};
    for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = splitmix64(0x636f726e'00000000ull ^ i);
    return keys;
}();
std::uint64_t cell_key(int cell, int colour) noexcept {
    return kCellKeys[static_cast<std::size_t>(cell << 1 | colour)];
}

bool has_stone(go::Stone s) noexcept {
    return s == go::Stone::black || s == go::Stone::white;
}

// Puts a stone on cell (i, j) of a region's four keys, or takes it off (the same): the region
// as it stands and mirrored through the corner's diagonal, each in both colours.
void toggle(std::array<std::uint64_t, 4>& hashes, int i, int j, go::Stone stone) noexcept {
    if (!has_stone(stone)) return;
    const int colour = stone == go::Stone::white ? 1 : 0;
    const int cell = j * kRegionSide + i, mirrored = i * kRegionSide + j;
    hashes[0] ^= cell_key(cell, colour);
    hashes[1] ^= cell_key(mirrored, colour);
    hashes[2] ^= cell_key(cell, 1 - colour);
    hashes[3] ^= cell_key(mirrored, 1 - colour);
}

std::uint32_t key_of(const std::array<std::uint64_t, 4>& hashes) noexcept {
    // Mixed after taking the least, so the top bits kept are spread evenly.
    return static_cast<std::uint32_t>(splitmix64(*std::min_element(hashes.begin(), hashes.end())) >>
                                      (64 - kRegionKeyBits));
}

}  // namespace

std::uint32_t corner_region_key(const CornerRegion& region) noexcept {
    std::array<std::uint64_t, 4> hashes{};
    for (int j = 0; j < kRegionSide; ++j)
        for (int i = 0; i < kRegionSide; ++i)
            toggle(hashes, i, j, region[static_cast<std::size_t>(j * kRegionSide + i)]);
    return key_of(hashes);
}

GoPrefilterBuilder::GoPrefilterBuilder(go::BoardSize size)
    : size_(size), ever_(static_cast<std::size_t>(size.points()), 0) {
    for (auto& h : hash_) h.fill(0);
}

void GoPrefilterBuilder::add(const std::vector<go::StoneChange>& changes) {
    const bool regions = size_.width >= kRegionSide && size_.height >= kRegionSide;
    unsigned touched = first_ ? 15u : 0u;  // the corners whose region changed
    first_ = false;
    for (const auto& [index, before, now] : changes) {
        const go::Point p = go::Point::from_index(size_, index);
        if (now == go::Stone::black) ever_[static_cast<std::size_t>(index)] |= 1;
        if (now == go::Stone::white) ever_[static_cast<std::size_t>(index)] |= 2;
        if (!regions) continue;
        for (unsigned corner = 0; corner < 4; ++corner) {
            const int i = (corner & 1) ? size_.width - 1 - p.col : p.col;
            const int j = (corner & 2) ? size_.height - 1 - p.row : p.row;
            if (i >= kRegionSide || j >= kRegionSide) continue;
            // The stone that was there leaves the keys, the one there now enters them.
            toggle(hash_[corner], i, j, before);
            toggle(hash_[corner], i, j, now);
            touched |= 1u << corner;
        }
    }
    if (!regions) return;
    for (unsigned corner = 0; corner < 4; ++corner)
        if (touched >> corner & 1) keys_.push_back(key_of(hash_[corner]));
}

std::string GoPrefilterBuilder::finish() {
    std::string out;
    out.push_back(static_cast<char>(kVersion));
    out.push_back(static_cast<char>(size_.width));
    out.push_back(static_cast<char>(size_.height));
    const std::size_t bytes = (ever_.size() + 7) / 8;
    out.resize(3 + 2 * bytes);  // the black bits, then the white
    for (std::size_t i = 0; i < ever_.size(); ++i)
        for (const int colour : {0, 1})
            if (ever_[i] >> colour & 1) {
                char& byte = out[3 + colour * bytes + i / 8];
                byte = static_cast<char>(byte | 1 << (i % 8));
            }
    std::sort(keys_.begin(), keys_.end());
    keys_.erase(std::unique(keys_.begin(), keys_.end()), keys_.end());
    put_varint(out, keys_.size());
    std::uint32_t previous = 0;
    for (const std::uint32_t k : keys_) {
        put_varint(out, k - previous);
        previous = k;
    }
    return out;
}

std::optional<GoPrefilter> read_go_prefilter(std::string_view bytes) {
    if (bytes.size() < 3 || static_cast<std::uint8_t>(bytes[0]) != kVersion) return std::nullopt;
    GoPrefilter f;
    f.size = {static_cast<std::uint8_t>(bytes[1]), static_cast<std::uint8_t>(bytes[2])};
    const std::size_t n = (static_cast<std::size_t>(f.size.points()) + 7) / 8;
    if (f.size.width == 0 || f.size.height == 0 || bytes.size() < 3 + 2 * n) return std::nullopt;
    f.black = bytes.substr(3, n);
    f.white = bytes.substr(3 + n, n);
    f.keys = bytes.substr(3 + 2 * n);
    f.regions = f.size.width >= kRegionSide && f.size.height >= kRegionSide;
    return f;
}

bool GoPrefilter::had_region(std::uint32_t key) const noexcept {
    std::size_t at = 0;
    std::uint64_t count = 0, value = 0;
    if (!get_varint(keys, at, count)) return true;
    for (std::uint64_t i = 0; i < count; ++i) {
        std::uint64_t delta = 0;
        if (!get_varint(keys, at, delta)) return true;
        value += delta;
        if (value >= key) return value == key;
    }
    return false;
}

}  // namespace kifu::index::detail
