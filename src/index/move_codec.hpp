#pragma once
// How the index stores a game's main line (the games table's `moves`): 16-bit words,
// little-endian. Chess, shogi and xiangqi: one word a move, the traits' move_word. Go: one
// node after another, as below. The one codec: entries.cpp writes it, the replay of postings
// and the pattern scan read it.
//
// - A node that plays one black or white move and sets nothing up is one word: Go's move
//   word (go::GameTraits::move_word: bits 0-5 the column, 6-11 the row, 0xFFF a pass, bit
//   12 white), as every other game's node is its traits' word.
// - Any other node is 0x2000 | n, then n words: setup 0x8000 | stone << 12 | point (stone
//   0 clears the point), moves as above. The colours after white (multi-colour HEN) are not
//   kept; a node of more than 0xFFF actions keeps its first 0xFFF.
// 0x2000 cannot start a plain word: a plain word's bit 13 would be a third colour.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "kifu/go/game.hpp"

namespace kifu::index::detail {

inline void put_word(std::string& out, std::uint16_t w) {
    out.push_back(static_cast<char>(w & 0xFF));
    out.push_back(static_cast<char>(w >> 8));
}

// Word `i` of `words` (< words.size() / 2).
inline std::uint16_t word_at(std::string_view words, std::size_t i) noexcept {
    return static_cast<std::uint16_t>(static_cast<unsigned char>(words[2 * i]) |
                                      static_cast<unsigned char>(words[2 * i + 1]) << 8);
}

// The word of one Go move (go::GameTraits::move_word of a node that plays it alone).
std::uint16_t go_move_word(const go::LastMove& move);

// Appends Go node `action` to `out`.
void put_go_node(std::string& out, const go::NodeAction& action);

// Calls on_node(const go::NodeAction&) for each Go node of `words`, in order (one action,
// its storage reused: no allocation a node once it has grown).
template <class OnNode>
void for_each_go_node(std::string_view words, OnNode&& on_node) {
    const auto add_move = [](go::NodeAction& a, std::uint16_t w) {
        const go::NodeAction one = go::GameTraits::move_of_word(w);
        if (!one.moves.empty()) a.moves.push_back(one.moves[0]);
    };
    go::NodeAction action;
    const std::size_t n = words.size() / 2;
    for (std::size_t i = 0; i < n;) {
        const std::uint16_t w = word_at(words, i++);
        action.setup.clear();
        action.moves.clear();
        action.to_play.reset();
        if ((w & 0xE000) == 0x2000) {
            const std::size_t count = w & 0xFFF;
            for (std::size_t k = 0; k < count && i < n; ++k) {
                const std::uint16_t x = word_at(words, i++);
                if (x & 0x8000)
                    action.setup.emplace_back(go::Point{static_cast<std::uint8_t>(x & 63),
                                                        static_cast<std::uint8_t>((x >> 6) & 63)},
                                              static_cast<go::Stone>((x >> 12) & 3));
                else
                    add_move(action, x);
            }
        } else {
            add_move(action, w);
        }
        action.has_setup = !action.setup.empty();
        on_node(std::as_const(action));
    }
}

}  // namespace kifu::index::detail
