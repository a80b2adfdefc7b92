// SAN and UCI readers against a fixed set of positions: any text either reads to a
// legal move of the position (which writes back to SAN that reads to the same move)
// or fails with one of the three errors.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/san.hpp"

using namespace kifu::chess;

namespace {

const std::vector<Position>& positions() {
    static const std::vector<Position> all = [] {
        std::vector<Position> out;
        for (const char* fen : {
                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                 "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
                 "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                 "k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1",
                 "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1",
             })
            out.push_back(*parse_fen(fen));
        return out;
    }();
    return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const Position& pos = positions()[data[0] % positions().size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    for (const bool uci : {false, true}) {
        const kifu::Result<Move> m = uci ? parse_uci(pos, text) : parse_san(pos, text);
        if (!m) {
            const kifu::ErrorCode c = m.error().code;
            if (c != kifu::ErrorCode::unexpected_character && c != kifu::ErrorCode::illegal_move &&
                c != kifu::ErrorCode::ambiguous_move)
                std::abort();
            continue;
        }
        if (m->is_null()) continue;
        if (!legal_moves(pos).contains(*m)) std::abort();
        const kifu::Result<Move> back = parse_san(pos, write_san(pos, *m));
        if (!back || *back != *m) std::abort();
    }
    return 0;
}
