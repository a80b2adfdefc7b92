// The XQF reader and writer (xiangqi/xqf.hpp). Any bytes: no crash, hang or unbounded
// allocation. Bytes that read: the game written reads back to the same tree (start,
// moves, comments, variations, result), and writing that gives the same bytes.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/xiangqi/xqf.hpp"

using namespace kifu::xiangqi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    kifu::Result<Game> game = read_xqf(bytes);
    if (!game) return 0;
    // A start read from XQF's 32 places always fits them again.
    kifu::Result<std::string> written = write_xqf(*game);
    if (!written) std::abort();
    kifu::Result<Game> back = read_xqf(*written);
    if (!back || !back->warnings.empty()) std::abort();
    if (!kifu::same_tree(*game, *back, [](const Game& g) { return g.result; })) std::abort();
    kifu::Result<std::string> again = write_xqf(*back);
    if (!again || *again != *written) std::abort();
    return 0;
}
