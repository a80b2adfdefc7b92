// Both FEEN readers and the xiangqi FEN reader on any text: what reads writes back to text that reads to the
// same position, and writing that again gives the same text.

#include <cstdint>
#include <cstdlib>
#include <string>

#include "kifu/feen/feen.hpp"
#include "kifu/feen/games.hpp"
#include "kifu/xiangqi/position.hpp"

using namespace kifu::feen;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (const kifu::Result<Position> p = parse_feen(text)) {
        const std::string written = write_feen(*p);
        const kifu::Result<Position> again = parse_feen(written);
        if (!again || write_feen(*again) != written || again->cells != p->cells || again->shape != p->shape)
            std::abort();
    } else if (p.error().line == 0) {
        std::abort();
    }
    if (const kifu::Result<SeedPosition> p = parse_feen2015(text)) {
        for (const bool glyphs : {false, true}) {
            const std::string written = write_feen2015(p->position, p->captured, glyphs);
            const kifu::Result<SeedPosition> again = parse_feen2015(written);
            if (!again || again->position.cells != p->position.cells ||
                again->captured.size() != p->captured.size())
                std::abort();
        }
    }
    // The xiangqi FEN reader, and the position through FEEN and back.
    if (const kifu::Result<kifu::xiangqi::Position> p = kifu::xiangqi::parse_fen(text)) {
        const std::string written = kifu::xiangqi::write_fen(*p);
        const kifu::Result<kifu::xiangqi::Position> again = kifu::xiangqi::parse_fen(written);
        if (!again || !(*again == *p)) std::abort();
        (void)kifu::xiangqi::validity_problems(*p);
        const kifu::Result<Position> f = parse_feen(write_feen(from_xiangqi(*p)));
        if (!f || !to_xiangqi(*f)) std::abort();
    }
    return 0;
}
