#include "kifu/go/symmetry.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include "kifu/core/hash.hpp"

namespace kifu::go {
namespace {

// The Zobrist value of a stone of `colour` (1 black, 2 white) on point (col, row): the
// same on every board size, the size mixed in once.
std::uint64_t stone_key(int colour, int col, int row) noexcept {
    return splitmix64(0x6b696675'00000000ull ^ (std::uint64_t(colour) << 16) ^ (std::uint64_t(row) << 8) ^
                      std::uint64_t(col));
}

// The colour a stone takes in keys: black 1, white 2, any other colour left out.
int key_colour(std::uint8_t stone, bool swap) noexcept {
    if (stone == static_cast<std::uint8_t>(Stone::black)) return swap ? 2 : 1;
    if (stone == static_cast<std::uint8_t>(Stone::white)) return swap ? 1 : 2;
    return 0;
}

}  // namespace

Point apply(Symmetry s, Point p, BoardSize size) noexcept {
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

Stone apply(Symmetry s, Stone stone) noexcept {
    if (!swaps_colours(s)) return stone;
    if (stone == Stone::black) return Stone::white;
    if (stone == Stone::white) return Stone::black;
    return stone;
}

Symmetry compose(Symmetry a, Symmetry b) noexcept {
    // Found by where the corner points go: the 8 geometric symmetries are told apart by the
    // images of (0,0), (1,0) on a 3x3 board.
    const BoardSize three{3, 3};
    const Point p = apply(a, apply(b, Point{0, 0}, three), three);
    const Point q = apply(a, apply(b, Point{1, 0}, three), three);
    for (Symmetry c = 0; c < 8; ++c)
        if (apply(c, Point{0, 0}, three) == p && apply(c, Point{1, 0}, three) == q)
            return static_cast<Symmetry>(c | ((a ^ b) & 8));
    return 0;  // unreachable: the symmetries form a group
}

Symmetry inverse(Symmetry s) noexcept {
    for (Symmetry t = 0; t < kSymmetries; ++t)
        if (compose(t, s) == 0) return t;
    return 0;
}

// For each point, the term a black or a white stone there adds to the key under each
// symmetry ([point][0 black, 1 white][symmetry]): made once a board size, not per game,
// and looked up, not hashed, for every stone that comes or goes.
struct BoardKeys::Terms {
    std::vector<std::array<std::array<std::uint64_t, kSymmetries>, 2>> of;
};

std::shared_ptr<const BoardKeys::Terms> BoardKeys::terms_for(BoardSize size) {
    const auto make = [size] {
        auto t = std::make_shared<Terms>();
        t->of.resize(static_cast<std::size_t>(size.points()));
        for (int i = 0; i < size.points(); ++i)
            for (Symmetry s = 0; s < kSymmetries; ++s) {
                const Point p = Point::from_index(size, i);
                const Point q = allowed(s, size) ? apply(s, p, size) : p;
                for (const Stone stone : {Stone::black, Stone::white})
                    t->of[static_cast<std::size_t>(i)][stone == Stone::black ? 0 : 1][s] = stone_key(
                        key_colour(static_cast<std::uint8_t>(stone), swaps_colours(s)), q.col, q.row);
            }
        return std::shared_ptr<const Terms>(std::move(t));
    };
    // The sizes seen so far, a few of them: a collection of every size of board would
    // otherwise keep hundreds of megabytes; past that each game makes its own.
    static std::mutex mutex;
    static std::map<std::pair<int, int>, std::shared_ptr<const Terms>> cache;
    const std::lock_guard lock(mutex);
    if (const auto it = cache.find({size.width, size.height}); it != cache.end()) return it->second;
    std::shared_ptr<const Terms> made = make();
    if (cache.size() < 16) cache.emplace(std::pair{int{size.width}, int{size.height}}, made);
    return made;
}

BoardKeys::BoardKeys(BoardSize size)
    : size_(size), stones_(static_cast<std::size_t>(size.points()), 0), terms_(terms_for(size)) {
    size_key_ = splitmix64(0x73697a65'00000000ull ^ (std::uint64_t(size.width) << 8) ^ size.height);
    keys_.fill(size_key_);
}

void BoardKeys::update(const Board& board) {
    changes_.clear();
    // Whole rows compared first: most of a move's rows are as they were (this scan was most of
    // a Go game's indexing when it looked at every point).
    const auto width = static_cast<std::size_t>(size_.width);
    for (int row = 0; row < size_.height; ++row) {
        const std::span<const std::uint8_t> now = board.row_cells(row);
        std::uint8_t* before = stones_.data() + static_cast<std::size_t>(row) * width;
        if (std::equal(now.begin(), now.end(), before)) continue;
        for (std::size_t col = 0; col < width; ++col)
            if (now[col] != before[col]) {
                changes_.push_back({row * size_.width + static_cast<int>(col),
                                    static_cast<Stone>(before[col]), static_cast<Stone>(now[col])});
                before[col] = now[col];
            }
    }
    const auto xor_in = [this](Stone stone, const auto& terms) {
        if (stone != Stone::black && stone != Stone::white) return;
        const auto& t = terms[stone == Stone::black ? 0 : 1];
        for (Symmetry s = 0; s < kSymmetries; ++s) keys_[s] ^= t[s];
    };
    for (const StoneChange& c : changes_) {
        const auto& terms = terms_->of[static_cast<std::size_t>(c.point)];
        xor_in(c.before, terms);
        xor_in(c.now, terms);
    }
}

CanonicalKey BoardKeys::canonical() const noexcept {
    CanonicalKey best{keys_[0], 0};
    for (Symmetry s = 1; s < kSymmetries; ++s)
        if (allowed(s, size_) && keys_[s] < best.key) best = {keys_[s], s};
    // The least of 16 keys crowds the low end; mixed again (one to one), keys spread evenly
    // over the index's rows, which are cut by the key's top bits.
    best.key = splitmix64(best.key);
    return best;
}

CanonicalKey canonical_key(const Board& board) {
    BoardKeys keys(board.size());
    keys.update(board);
    return keys.canonical();
}

Board board_of(const Position& position) {
    Board board(position.size);
    for (int i = 0; i < position.size.points(); ++i)
        if (position.stones[static_cast<std::size_t>(i)] != Stone::none)
            board.set(Point::from_index(position.size, i), position.stones[static_cast<std::size_t>(i)]);
    return board;
}

}  // namespace kifu::go
