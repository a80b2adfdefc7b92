// The DhtmlXQ reader and writer (xiangqi/dhtmlxq.hpp). Any input: no crash, hang or
// unbounded allocation. Input that reads: each game written reads back to a tree of as many
// nodes, and writing that gives the same text. (Not the same tree: a comment holding
// "[DhtmlXQ" is written with a full-width bracket, which reads back as written.)

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/xiangqi/dhtmlxq.hpp"

using namespace kifu::xiangqi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<kifu::Error> warnings;
    kifu::Result<std::vector<Game>> games = read_dhtmlxq(text, &warnings);
    if (!games) return 0;
    for (const Game& g : *games) {
        kifu::Result<std::string> written = write_dhtmlxq(g);
        if (!written) continue;  // a start with more pieces of a kind than binit holds
        kifu::Result<std::vector<Game>> back = read_dhtmlxq(*written);
        if (!back || back->size() != 1) std::abort();
        if (back->front().size() != g.size() || back->front().start != g.start) std::abort();
        kifu::Result<std::string> again = write_dhtmlxq(back->front());
        if (!again || *again != *written) std::abort();
    }
    return 0;
}
