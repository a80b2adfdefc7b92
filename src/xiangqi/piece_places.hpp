#pragma once
// The 32 places of a xiangqi set, as DhtmlXQ's binit and XQF's header list a start: Red's
// chariot, horse, elephant, advisor, general, advisor, elephant, horse, chariot, two
// cannons, five soldiers, then Black's the same. Each side lists its pieces from its own
// right to its left (Red's from file i to file a, Black's from a to i), as the standard
// start's "8979695949392919..." and XQF 1.0's example do.

#include <array>
#include <optional>

#include "kifu/xiangqi/position.hpp"

namespace kifu::xiangqi {

inline constexpr std::array<PieceType, 16> kPlaceOrder = {
    PieceType::chariot, PieceType::horse,   PieceType::elephant, PieceType::advisor,
    PieceType::general, PieceType::advisor, PieceType::elephant, PieceType::horse,
    PieceType::chariot, PieceType::cannon,  PieceType::cannon,   PieceType::soldier,
    PieceType::soldier, PieceType::soldier, PieceType::soldier,  PieceType::soldier};

// The square of each place (kNoSquare: no such piece on the board), each piece in the first
// free place of its kind, met from its side's right to its left (and from its own back rank
// forwards on one file); nullopt when the board has more of a kind than a set.
inline std::optional<std::array<Square, 32>> places_of(const std::array<Piece, kSquares>& board) {
    std::array<Square, 32> places;
    places.fill(kNoSquare);
    for (int side = 0; side < 2; ++side) {
        const Color color = side == 0 ? Color::red : Color::black;
        const std::size_t first = side == 0 ? 0 : 16;
        for (int k = 0; k < kFiles; ++k) {
            const int file = side == 0 ? kFiles - 1 - k : k;
            for (int j = 0; j < kRanks; ++j) {
                const Square s = make_square(file, side == 0 ? kRanks - 1 - j : j);
                const Piece p = board[s];
                if (p.empty() || p.color != color) continue;
                std::size_t place = first;
                while (place < first + 16 &&
                       (places[place] != kNoSquare || kPlaceOrder[place - first] != p.type))
                    ++place;
                if (place == first + 16) return std::nullopt;
                places[place] = s;
            }
        }
    }
    return places;
}

}  // namespace kifu::xiangqi
