// The xiangqi PGN reader on any text: an error has a place; a game that reads is written
// in every notation and read back to the same tree, and its repetitions are judged.

#include <cstdint>
#include <cstdlib>

#include "kifu/xiangqi/pgn.hpp"

using namespace kifu::xiangqi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const kifu::Result<std::vector<Game>> games = read_pgn(text);
    if (!games) {
        if (games.error().line == 0 && games.error().code != kifu::ErrorCode::io_error) std::abort();
        return 0;
    }
    // A game with no termination marker is written with '*' (unknown): the same result.
    const auto result = [](const Game& x) { return x.result.empty() ? std::string("*") : x.result; };
    for (const Game& g : *games) {
        (void)repetitions(g);
        for (const Notation n : {Notation::iccs, Notation::wxf, Notation::chinese, Notation::san}) {
            const kifu::Result<std::vector<Game>> back = read_pgn(write_pgn(g, n));
            if (!back || back->size() != 1 || !kifu::same_tree(g, back->front(), result)) std::abort();
        }
    }
    return 0;
}
