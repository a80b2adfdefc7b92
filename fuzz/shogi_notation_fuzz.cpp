// Every shogi notation reader on any text, in a few fixed positions: a move that reads is
// legal, and writing it in the same notation and reading that back gives the same move.
// The first byte picks the notation, the second the position.

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "kifu/shogi/notation.hpp"
#include "kifu/shogi/sfen.hpp"

using namespace kifu::shogi;

namespace {

const std::vector<Position>& positions() {
    static const std::vector<Position> all = [] {
        std::vector<Position> out;
        for (const char* sfen : {
                 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                 "k6+P1/8+P/6S+PS/9/9/9/9/9/4K4 b SP 1",
                 "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                 "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
                 "9/1S4G2/9/1S1S1G1G1/9/+B+B1+p+P+p3/3+P+p+P3/+R+R1+P+P+pN1N/9 b G2N 1",
             })
            out.push_back(*parse_sfen(sfen));
        return out;
    }();
    return all;
}

constexpr Notation kNotations[] = {Notation::usi,           Notation::csa,     Notation::hodges,
                                   Notation::hodges_number, Notation::hosking, Notation::japanese,
                                   Notation::sassersson};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const Notation n = kNotations[data[0] % 7];
    const Position& pos = positions()[data[1] % positions().size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
    const Square previous = static_cast<Square>(data[1] % 82);
    const kifu::Result<Move> m = parse_move(pos, text, n, previous);
    if (!m) {
        if (m.error().line == 0) std::abort();
        return 0;
    }
    if (!legal_moves(pos).contains(*m)) std::abort();
    const kifu::Result<Move> again = parse_move(pos, write_move(pos, *m, n, previous), n, previous);
    if (!again || *again != *m) std::abort();
    return 0;
}
