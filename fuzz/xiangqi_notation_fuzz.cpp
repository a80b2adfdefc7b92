// Every xiangqi notation reader on any text, in a few fixed positions: a move that reads
// is legal, and writing it in the same notation and reading that back gives the same
// move. The first byte picks the notation, the second the position.

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "kifu/xiangqi/notation.hpp"

using namespace kifu::xiangqi;

namespace {

const std::vector<Position>& positions() {
    static const std::vector<Position> all = [] {
        std::vector<Position> out;
        for (const char* fen : {
                 "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                 "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
                 "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w",
                 "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w",
                 "4k4/9/9/9/9/9/9/R3C4/4C4/R3K4 w",
                 "3ak4/8n/5a3/9/p5P1R/9/P7P/3AN4/5c2C/3KN4 w - - 0 46",
                 "rnbakab1r/9/8n/pcp1p1p1p/1c7/6B2/P1P1P1P1P/5CC2/9/RNBAKA1NR b - - 11 6",
             })
            out.push_back(*parse_fen(fen));
        return out;
    }();
    return all;
}

constexpr Notation kNotations[] = {Notation::iccs, Notation::uci, Notation::wxf, Notation::chinese,
                                   Notation::san};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const Notation n = kNotations[data[0] % 5];
    const Position& pos = positions()[data[1] % positions().size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
    const kifu::Result<Move> m = parse_move(pos, text, n);
    if (!m) {
        if (m.error().line == 0) std::abort();
        return 0;
    }
    if (!legal_moves(pos).contains(*m)) std::abort();
    const kifu::Result<Move> again = parse_move(pos, write_move(pos, *m, n), n);
    if (!again || *again != *m) std::abort();
    return 0;
}
