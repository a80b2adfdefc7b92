// SGF -> HEN: the position at the end of every game's main line, and at each
// node path step the fuzzer's tail bytes pick. Whatever position comes out, HEN
// either writes it (and reads it back to the same position) or refuses it with
// an error; HEN -> SGF of it either works or says why.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/core/walk.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/go/record.hpp"
#include "kifu/go/sgf_hen.hpp"

using namespace kifu::go;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const kifu::Result<Record> record = read_record(bytes);
    if (!record) return 0;
    for (std::size_t i = 0; i < record->size(); ++i) {
        const Game& tree = record->game(i);
        const kifu::Result<Position> pos = position_at(*record, i, tree.main_line_end());
        if (!pos) continue;
        const kifu::Result<std::string> hen = write_hen(*pos);
        if (hen) {
            const kifu::Result<Position> back = parse_hen(*hen);
            if (!back) std::abort();  // what the writer writes, the reader reads
            if (write_hen(*back).value() != *hen) std::abort();
        }
        const kifu::Result<SgfCollection> made = hen_to_sgf(*pos);
        if (made) (void)write_sgf(*made);
        // A node path from the first bytes: "0", "1.v1", ...
        (void)kifu::node_at_path(tree, bytes.substr(0, std::min<std::size_t>(bytes.size(), 8)));
    }
    return 0;
}
