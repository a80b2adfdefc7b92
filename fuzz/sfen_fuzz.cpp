// SFEN on any text: what reads writes back to an SFEN that reads to the same position,
// and every position that reads has a defined list of legal moves and validity check.

#include <cstdint>
#include <cstdlib>
#include <string>

#include "kifu/shogi/sfen.hpp"

using namespace kifu::shogi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const kifu::Result<Position> pos = parse_sfen(text, {.relaxed = true});
    if (!pos) {
        if (pos.error().line == 0) std::abort();  // every error has a place
        return 0;
    }
    const std::string written = write_sfen(*pos);
    const kifu::Result<Position> again = parse_sfen(written);
    if (!again || !(*again == *pos) || write_sfen(*again) != written) std::abort();
    (void)validity_problems(*pos);
    const MoveList moves = legal_moves(*pos);
    if (moves.size() != count_legal_moves(*pos)) std::abort();
    for (const Move m : moves) {
        Position next = *pos;
        next.play(m);
        if (!parse_usi(*pos, write_usi(m))) std::abort();
    }
    return 0;
}
