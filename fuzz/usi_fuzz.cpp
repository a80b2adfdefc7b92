// USI moves and "position" commands on any text: a move that reads is legal and writes
// back to the same text; a position command either reads or fails with a placed error.

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "kifu/shogi/sfen.hpp"

using namespace kifu::shogi;

namespace {

const std::vector<Position>& positions() {
    static const std::vector<Position> all = [] {
        std::vector<Position> out;
        for (const char* sfen : {
                 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                 "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                 "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
                 "8k/9/8G/9/9/9/9/9/K6R1 b P 1",
             })
            out.push_back(*parse_sfen(sfen));
        return out;
    }();
    return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    const Position& pos = positions()[data[0] % positions().size()];
    const kifu::Result<Move> m = parse_usi(pos, text);
    if (m) {
        if (write_usi(*m) != text || !legal_moves(pos).contains(*m)) std::abort();
    } else if (m.error().code != kifu::ErrorCode::unexpected_character &&
               m.error().code != kifu::ErrorCode::illegal_move) {
        std::abort();
    }
    const kifu::Result<Position> p = parse_usi_position(text);
    if (!p && p.error().line == 0) std::abort();
    return 0;
}
