#include "kifu/go/board.hpp"

#include <algorithm>
#include <utility>

#include "kifu/core/hash.hpp"

namespace kifu::go {

Board::Board(BoardSize size)
    : size_(size),
      stride_(size.width + 2),
      cells_(static_cast<std::size_t>((size.width + 2) * (size.height + 2)), kBorder),
      mark_(cells_.size(), 0) {
    for (int row = 0; row < size.height; ++row)
        for (int col = 0; col < size.width; ++col)
            cells_[static_cast<std::size_t>((row + 1) * stride_ + col + 1)] = 0;
    stack_.reserve(cells_.size());
    group_.reserve(cells_.size());
}

std::uint64_t Board::zobrist(int c, Cell value) const noexcept {
    // No table to build, and the same on every board.
    return splitmix64(static_cast<std::uint64_t>(c) << 3 | value);
}

void Board::put(int c, Cell value) noexcept {
    Cell& cell_value = cells_[static_cast<std::size_t>(c)];
    if (cell_value != 0) hash_ ^= zobrist(c, cell_value);
    cell_value = value;
    if (value != 0) hash_ ^= zobrist(c, value);
}

void Board::set(Point p, Stone stone) {
    put(cell(p), static_cast<Cell>(stone));
    ko_.reset();
}

namespace {
// Folded into the position's hash for situational superko: who is to move.
constexpr std::uint64_t kTurnKey[2] = {0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full};
std::uint64_t turn_key(Stone to_move) noexcept {
    return kTurnKey[to_move == Stone::white ? 1 : 0];
}
}  // namespace

void Board::SeenSet::clear() noexcept {
    std::fill(slots_.begin(), slots_.end(), 0);
    size_ = 0;
    zero_ = false;
}

bool Board::SeenSet::insert(std::uint64_t key) {
    if (key == 0) return !std::exchange(zero_, true);
    if ((size_ + 1) * 2 > slots_.size()) {  // at most half full
        std::vector<std::uint64_t> old(std::max<std::size_t>(64, slots_.size() * 2), 0);
        old.swap(slots_);
        size_ = 0;
        for (const std::uint64_t k : old)
            if (k != 0) insert(k);
    }
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = static_cast<std::size_t>(key) & mask;; i = (i + 1) & mask) {
        if (slots_[i] == key) return false;
        if (slots_[i] == 0) {
            slots_[i] = key;
            ++size_;
            return true;
        }
    }
}

void Board::remember_position() {
    if (!superko_) return;
    if (!situational_) {
        seen_.insert(hash_);
        return;
    }
    seen_.insert(hash_ ^ turn_key(Stone::black));
    seen_.insert(hash_ ^ turn_key(Stone::white));
}

bool Board::has_liberty(int start, bool collect) {
    if (++generation_ == 0) {  // wrapped: forget every old mark
        std::fill(mark_.begin(), mark_.end(), 0);
        generation_ = 1;
    }
    const Cell colour = cells_[static_cast<std::size_t>(start)];
    const int steps[4] = {1, -1, stride_, -stride_};
    stack_.clear();
    group_.clear();
    stack_.push_back(start);
    mark_[static_cast<std::size_t>(start)] = generation_;
    bool liberty = false;
    while (!stack_.empty()) {
        const int c = stack_.back();
        stack_.pop_back();
        if (collect) group_.push_back(c);
        for (const int step : steps) {
            const int n = c + step;
            const Cell v = cells_[static_cast<std::size_t>(n)];
            if (v == 0) {
                if (!collect) return true;
                liberty = true;
            } else if (v == colour && mark_[static_cast<std::size_t>(n)] != generation_) {
                mark_[static_cast<std::size_t>(n)] = generation_;
                stack_.push_back(n);
            }
        }
    }
    return liberty;
}

int Board::remove_group() {
    for (const int c : group_) put(c, 0);
    return static_cast<int>(group_.size());
}

PlayOutcome Board::play(Stone stone, Point p) {
    PlayOutcome outcome;
    const int at = cell(p);
    const auto colour = static_cast<Cell>(stone);
    if (cells_[static_cast<std::size_t>(at)] != 0)
        outcome.legality = Legality::occupied;
    else if (ko_ && *ko_ == p && ko_player_ == stone)
        outcome.legality = Legality::ko;
    put(at, colour);

    const int steps[4] = {1, -1, stride_, -stride_};
    int last_captured = -1;
    for (const int step : steps) {
        const int n = at + step;
        const Cell v = cells_[static_cast<std::size_t>(n)];
        if (v == 0 || v == kBorder || v == colour) continue;
        if (has_liberty(n, false)) continue;
        has_liberty(n, true);
        const int removed = remove_group();
        prisoners_[colour] += removed;
        outcome.captured += removed;
        last_captured = n;
    }

    ko_.reset();
    ko_player_ = Stone::none;
    if (outcome.captured == 0) {
        // Most moves have a liberty next to them; only then is the group walked.
        if (!has_liberty(at, false) && !has_liberty(at, true)) {
            outcome.suicided = remove_group();
            if (outcome.legality == Legality::legal) outcome.legality = Legality::suicide;
            // Credited to the other player of a two-colour game.
            prisoners_[static_cast<int>(two_player_opponent(stone))] += outcome.suicided;
        }
    } else if (outcome.captured == 1) {
        // Simple ko: one stone taken, and the capturing stone stands alone with that point
        // as its only liberty.
        bool alone = true;
        int liberties = 0;
        for (const int step : steps) {
            const Cell v = cells_[static_cast<std::size_t>(at + step)];
            if (v == colour) alone = false;
            if (v == 0) ++liberties;
        }
        if (alone && liberties == 1) {
            const int c = last_captured;
            ko_ =
                Point{static_cast<std::uint8_t>(c % stride_ - 1), static_cast<std::uint8_t>(c / stride_ - 1)};
            // It binds the opponent in a two-colour game; with more colours, nobody in particular.
            ko_player_ = two_player_opponent(stone);
        }
    }

    if (superko_) {
        const std::uint64_t key = situational_ ? hash_ ^ turn_key(two_player_opponent(stone)) : hash_;
        if (!seen_.insert(key) && outcome.legality == Legality::legal) outcome.legality = Legality::superko;
    }
    return outcome;
}

void Board::pass(Stone stone) {
    ko_.reset();
    ko_player_ = Stone::none;
    // The board is as it was, but with the other player to move: a new situation.
    if (superko_ && situational_) seen_.insert(hash_ ^ turn_key(two_player_opponent(stone)));
}

bool Board::allows(Stone stone, Point p) {
    const int at = cell(p);
    if (cells_[static_cast<std::size_t>(at)] != 0) return false;
    if (ko_ && *ko_ == p && (ko_player_ == Stone::none || ko_player_ == stone)) return false;
    const int steps[4] = {1, -1, stride_, -stride_};
    for (const int step : steps)
        if (cells_[static_cast<std::size_t>(at + step)] == 0)
            return true;  // most points: a liberty next to it
    // The stone stands there for the search only: cells_ alone, so the hash never sees it.
    const auto colour = static_cast<Cell>(stone);
    cells_[static_cast<std::size_t>(at)] = colour;
    bool allowed = false;
    for (const int step : steps) {
        const Cell v = cells_[static_cast<std::size_t>(at + step)];
        if (v != kBorder && v != colour && !has_liberty(at + step, false)) allowed = true;  // a capture
    }
    if (!allowed) allowed = has_liberty(at, false);
    cells_[static_cast<std::size_t>(at)] = 0;
    return allowed;
}

bool Board::group_has_liberty(Point p) {
    const int c = cell(p);
    return cells_[static_cast<std::size_t>(c)] != 0 && has_liberty(c, false);
}

int Board::stone_count() const noexcept {
    int count = 0;
    for (const Cell v : cells_) count += v != 0 && v != kBorder;
    return count;
}

void Board::track_superko(bool on, bool situational) {
    superko_ = on;
    situational_ = on && situational;
    seen_.clear();
    remember_position();
}

Position Board::position() const {
    Position pos;
    pos.size = size_;
    for (int row = 0; row < size_.height; ++row)
        for (int col = 0; col < size_.width; ++col) {
            const Point p{static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(row)};
            pos.set(p, at(p));
        }
    return pos;
}

}  // namespace kifu::go
