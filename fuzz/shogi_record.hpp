#pragma once
// The body of the shogi record targets (kif, ki2, csa, jkf): any bytes read without a
// crash, hang or unbounded allocation, with short messages; a record that reads writes in
// its own format to text that reads to the same trees and writes the same bytes again.

#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/shogi/record.hpp"

namespace kifu::shogi::fuzz {

using Reader = Result<std::vector<Game>> (*)(std::string_view, std::string_view);
using Writer = std::string (*)(const Game&);

// What the format cannot hold is taken out before the trees are compared (KI2: bookmarks).
inline void round_trip(std::string_view bytes, Reader read, Writer write, bool keeps_bookmarks) {
    Result<std::vector<Game>> games = read(bytes, {});
    if (!games) {
        if (games.error().message.size() > 400) std::abort();
        return;
    }
    for (Game& g : *games) {
        for (const Error& w : g.warnings)
            if (w.message.size() > 400) std::abort();
        if (!keeps_bookmarks)
            for (Game::Node& n : g.nodes)
                if (n.has_notes()) n.notes().name.clear();
        const std::string written = write(g);
        Result<std::vector<Game>> again = read(written, {});
        if (!again || again->size() != 1) std::abort();
        if (!same_tree(again->front(), g, [](const Game&) { return 0; })) std::abort();
        if (write(again->front()) != written) std::abort();
    }
}

}  // namespace kifu::shogi::fuzz
