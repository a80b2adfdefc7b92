// What an engine says, as kifu reads it: each line of the input is an engine's line (an
// info line, a GTP answer, a KataGo JSON answer), read as a report and its pv as moves of a
// chess, shogi and xiangqi position, and as KataGo's answer to a query. Nothing may crash; a
// line read has its pv either legal throughout or dropped whole; the words of a line are
// never empty and hold no blank; a KataGo answer has at most the lines asked for, each win
// rate within 0..1.

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "kifu/chess/game.hpp"
#include "kifu/engine/analysis.hpp"
#include "kifu/engine/engine.hpp"
#include "kifu/engine/protocol.hpp"
#include "kifu/shogi/game.hpp"
#include "kifu/xiangqi/game.hpp"

using namespace kifu;

namespace {

template <class Rules>
void read_as(const engine::Info& info) {
    static const typename Rules::Position start = *Rules::read_position("startpos");
    std::string why;
    const engine::Line<Rules> line = engine::read_line<Rules>(start, info, why);
    if (line.pv.size() != line.info.pv.size()) std::abort();  // all of it, or none
    if (!why.empty() && !line.pv.empty()) std::abort();
    typename Rules::Position p = start;
    for (const auto& m : line.pv) {
        bool legal = false;
        for (const auto& l : Rules::legal_moves(p))
            legal = legal || Rules::move_word(l) == Rules::move_word(m);
        if (!legal) std::abort();
        Rules::play(p, m);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(begin, end - begin);
        for (const std::string_view w : engine::words(line))
            if (w.empty() || w.find_first_of(" \t\r\n") != std::string_view::npos) std::abort();
        if (const std::optional<engine::KataGoAnswer> a = engine::read_katago_answer(line, "kifu-1", 3)) {
            if (a->analysis.lines.size() > 3) std::abort();
            for (const engine::Info& i : a->analysis.lines)
                if (i.score.winrate && !(*i.score.winrate >= 0 && *i.score.winrate <= 1)) std::abort();
        }
        // A line past 64 moves costs a legality check a move: its words are checked, enough said.
        if (const std::optional<engine::Info> info = engine::parse_info(line);
            info && info->pv.size() <= 64) {
            read_as<chess::GameTraits>(*info);
            read_as<shogi::GameTraits>(*info);
            read_as<xiangqi::GameTraits>(*info);
        }
        begin = end + 1;
    }
    return 0;
}
