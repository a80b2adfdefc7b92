#include "kifu/index/go_symmetry.hpp"

#include "kifu/core/hash.hpp"

namespace kifu::index {
namespace {

// The Zobrist value of a stone of `colour` (1 black, 2 white) on point (col, row): the
// same on every board size, the size mixed in once.
std::uint64_t stone_key(int colour, int col, int row) noexcept {
    return splitmix64(0x6b696675'00000000ull ^ (std::uint64_t(colour) << 16) ^ (std::uint64_t(row) << 8) ^
                      std::uint64_t(col));
}

// The colour a stone takes in keys: black 1, white 2, any other colour left out.
int key_colour(std::uint8_t stone, bool swap) noexcept {
    if (stone == static_cast<std::uint8_t>(go::Stone::black)) return swap ? 2 : 1;
    if (stone == static_cast<std::uint8_t>(go::Stone::white)) return swap ? 1 : 2;
    return 0;
}

}  // namespace

go::Point apply(Symmetry s, go::Point p, go::BoardSize size) noexcept {
    int col = p.col, row = p.row;
    int width = size.width, height = size.height;
    if (s & 1) {
        std::swap(col, row);
        std::swap(width, height);
    }
    if (s & 2) col = width - 1 - col;
    if (s & 4) row = height - 1 - row;
    return {static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(row)};
}

go::Stone apply(Symmetry s, go::Stone stone) noexcept {
    if (!swaps_colours(s)) return stone;
    if (stone == go::Stone::black) return go::Stone::white;
    if (stone == go::Stone::white) return go::Stone::black;
    return stone;
}

Symmetry compose(Symmetry a, Symmetry b) noexcept {
    // Found by where the corner points go: the 8 geometric symmetries are told apart by the
    // images of (0,0), (1,0) on a 3x3 board.
    const go::BoardSize three{3, 3};
    const go::Point p = apply(a, apply(b, go::Point{0, 0}, three), three);
    const go::Point q = apply(a, apply(b, go::Point{1, 0}, three), three);
    for (Symmetry c = 0; c < 8; ++c)
        if (apply(c, go::Point{0, 0}, three) == p && apply(c, go::Point{1, 0}, three) == q)
            return static_cast<Symmetry>(c | ((a ^ b) & 8));
    return 0;  // unreachable: the symmetries form a group
}

Symmetry inverse(Symmetry s) noexcept {
    for (Symmetry t = 0; t < kSymmetries; ++t)
        if (compose(t, s) == 0) return t;
    return 0;
}

GoKeys::GoKeys(go::BoardSize size) : size_(size), stones_(static_cast<std::size_t>(size.points()), 0) {
    size_key_ = splitmix64(0x73697a65'00000000ull ^ (std::uint64_t(size.width) << 8) ^ size.height);
    image_.resize(stones_.size());
    for (int i = 0; i < size.points(); ++i)
        for (Symmetry s = 0; s < 8; ++s) {
            const go::Point q = allowed(s, size) ? apply(s, go::Point::from_index(size, i), size)
                                                 : go::Point::from_index(size, i);
            image_[static_cast<std::size_t>(i)][s] = static_cast<std::uint16_t>(q.row << 8 | q.col);
        }
    keys_.fill(size_key_);
}

void GoKeys::update(const go::Board& board) {
    changed_.clear();
    // Whole rows compared first: most of a move's rows are as they were (this scan was most of
    // a Go game's indexing when it looked at every point).
    const auto width = static_cast<std::size_t>(size_.width);
    for (int row = 0; row < size_.height; ++row) {
        const std::span<const std::uint8_t> now = board.row_cells(row);
        const std::uint8_t* before = stones_.data() + static_cast<std::size_t>(row) * width;
        if (std::equal(now.begin(), now.end(), before)) continue;
        for (std::size_t col = 0; col < width; ++col)
            if (now[col] != before[col]) changed_.push_back(row * size_.width + static_cast<int>(col));
    }
    for (const int i : changed_) {
        const auto now = static_cast<std::uint8_t>(board.at(go::Point::from_index(size_, i)));
        const std::uint8_t before = stones_[static_cast<std::size_t>(i)];
        stones_[static_cast<std::size_t>(i)] = now;
        for (Symmetry s = 0; s < kSymmetries; ++s) {
            const std::uint16_t at = image_[static_cast<std::size_t>(i)][s & 7];
            const int col = at & 0xFF, row = at >> 8;
            if (const int c = key_colour(before, swaps_colours(s))) keys_[s] ^= stone_key(c, col, row);
            if (const int c = key_colour(now, swaps_colours(s))) keys_[s] ^= stone_key(c, col, row);
        }
    }
}

CanonicalKey GoKeys::canonical() const noexcept {
    CanonicalKey best{keys_[0], 0};
    for (Symmetry s = 1; s < kSymmetries; ++s)
        if (allowed(s, size_) && keys_[s] < best.key) best = {keys_[s], s};
    // The least of 16 keys crowds the low end; mixed again (one to one), keys spread evenly
    // over the index's rows, which are cut by the key's top bits.
    best.key = splitmix64(best.key);
    return best;
}

CanonicalKey canonical_key(const go::Board& board) {
    GoKeys keys(board.size());
    keys.update(board);
    return keys.canonical();
}

go::Board board_of(const go::Position& position) {
    go::Board board(position.size);
    for (int i = 0; i < position.size.points(); ++i)
        if (position.stones[static_cast<std::size_t>(i)] != go::Stone::none)
            board.set(go::Point::from_index(position.size, i), position.stones[static_cast<std::size_t>(i)]);
    return board;
}

}  // namespace kifu::index
