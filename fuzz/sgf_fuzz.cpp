// SGF reader, writer and replay. Any input: no crash, hang or unbounded
// allocation. Input that reads: what the writer makes of it reads again to a
// tree of the same shape, and writing that gives the same bytes; every game
// replays (all variations, under several rule sets) and counts without failing for
// anything but its board size.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/go/game.hpp"
#include "kifu/go/record.hpp"
#include "kifu/go/score.hpp"
#include "kifu/go/sgf.hpp"

using namespace kifu::go;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    kifu::Result<SgfCollection> sgf = read_sgf(bytes);
    if (!sgf) return 0;

    const std::string written = write_sgf(*sgf);
    const kifu::Result<SgfCollection> again = read_sgf(written);
    if (!again || again->node_count() != sgf->node_count() || again->games().size() != sgf->games().size())
        std::abort();
    if (write_sgf(*again) != written) std::abort();

    std::vector<SgfWarning> warnings;
    for (const std::uint32_t root : sgf->games()) {
        const kifu::Result<void> ok = check_game(*sgf, root, {.superko = true}, warnings);
        if (!ok && !game_board_size(*sgf, root).ok()) continue;
        if (!ok) std::abort();
        // Situational superko and group suicide, and the count under area and territory rules.
        if (!check_game(*sgf, root, {.rules = rules_named("NZ")}, warnings)) std::abort();
        for (const char* rules : {"Japanese", "AGA"}) {
            const kifu::Result<GameCount> count = count_game(*sgf, root, {.rules = rules_named(rules)});
            if (!count) std::abort();
            const Count& c = count->count;
            if (c.stones[0] + c.stones[1] + c.territory[0] + c.territory[1] + c.dame > 52 * 52) std::abort();
        }
    }
    return 0;
}
