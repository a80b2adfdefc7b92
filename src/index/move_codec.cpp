#include "move_codec.hpp"

#include <algorithm>
#include <vector>

namespace kifu::index::detail {
namespace {

bool black_or_white(go::Stone s) noexcept {
    return s == go::Stone::black || s == go::Stone::white;
}

}  // namespace

std::uint16_t go_move_word(const go::LastMove& move) {
    go::NodeAction one;
    one.moves.push_back(move);
    return go::GameTraits::move_word(one);
}

void put_go_node(std::string& out, const go::NodeAction& a) {
    if (a.setup.empty() && a.moves.size() == 1 && black_or_white(a.moves[0].stone)) {
        put_word(out, go_move_word(a.moves[0]));
        return;
    }
    std::vector<std::uint16_t> words;
    for (const auto& [p, s] : a.setup)
        if (s == go::Stone::none || black_or_white(s))
            words.push_back(
                static_cast<std::uint16_t>(0x8000 | static_cast<int>(s) << 12 | p.row << 6 | p.col));
    for (const go::LastMove& m : a.moves)
        if (black_or_white(m.stone)) words.push_back(go_move_word(m));
    put_word(out, static_cast<std::uint16_t>(0x2000 | std::min<std::size_t>(words.size(), 0xFFF)));
    for (std::size_t i = 0; i < words.size() && i < 0xFFF; ++i) put_word(out, words[i]);
}

}  // namespace kifu::index::detail
