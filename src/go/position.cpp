#include "kifu/go/position.hpp"

#include <algorithm>

namespace kifu::go {

std::string_view mark_code(Mark m) noexcept {
    switch (m) {
        case Mark::circle:
            return "CR";
        case Mark::square:
            return "SQ";
        case Mark::triangle:
            return "TR";
        case Mark::cross:
            return "MA";
    }
    return "CR";
}

std::optional<Mark> mark_from_code(std::string_view code) noexcept {
    if (code == "CR") return Mark::circle;
    if (code == "SQ") return Mark::square;
    if (code == "TR") return Mark::triangle;
    if (code == "MA") return Mark::cross;
    return std::nullopt;
}

PlayerOrder::PlayerOrder(std::span<const Stone> stones) noexcept {
    for (const Stone s : stones) {
        if (size_ == kStoneColours) break;
        stones_[size_++] = s;
    }
}

std::uint32_t Position::number_at(Point p) const noexcept {
    const int index = p.index(size);
    const auto it = std::lower_bound(numbered.begin(), numbered.end(), index,
                                     [&](const NumberedStone& n, int i) { return n.point.index(size) < i; });
    return it != numbered.end() && it->point == p ? it->number : 0;
}

bool Position::last_move_gone() const noexcept {
    return last_move && !last_move->move.is_pass && last_move->move.point.on(size) &&
           at(last_move->move.point) != last_move->stone;
}

int Position::stone_count() const noexcept {
    const auto board = std::span(stones).first(static_cast<std::size_t>(size.points()));
    return static_cast<int>(
        std::count_if(board.begin(), board.end(), [](Stone s) { return s != Stone::none; }));
}

void Position::clear() noexcept {
    stones.fill(Stone::none);
    numbered.clear();
    order = PlayerOrder{};
    ko.reset();
    last_move.reset();
    turn.reset();
    labels.clear();
    marks.clear();
}

bool Position::operator==(const Position& other) const noexcept {
    // Cells beyond the board are not part of the position.
    const auto n = static_cast<std::size_t>(size.points());
    return size == other.size &&
           std::equal(stones.begin(), stones.begin() + static_cast<std::ptrdiff_t>(n),
                      other.stones.begin()) &&
           numbered == other.numbered && order == other.order && ko == other.ko &&
           last_move == other.last_move && turn == other.turn && labels == other.labels &&
           marks == other.marks;
}

}  // namespace kifu::go
