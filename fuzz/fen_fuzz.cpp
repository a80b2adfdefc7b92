// FEN and EPD readers. Any input: no crash, hang or unbounded allocation. A FEN
// that reads writes back (in both castling notations) to a text that reads to the
// same position, and its legal moves generate (the generator is total) and play.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/chess/epd.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/movegen.hpp"
#include "kifu/chess/san.hpp"

using namespace kifu::chess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)validate_fen(text);
    if (const auto epd = parse_epd(text)) {
        // Written with the en-passant square as given: the default (only when a capture is
        // legal) describes the same game but not the same Position value.
        const std::string written =
            write_epd(epd->position, epd->operations, {.en_passant = EnPassantField::after_double_push});
        const auto again = parse_epd(written);
        if (!again || !(again->position == epd->position) || again->operations != epd->operations)
            std::abort();
    }
    for (const bool relaxed : {false, true}) {
        const kifu::Result<Position> pos = parse_fen(text, {.relaxed = relaxed});
        if (!pos) continue;
        for (const CastlingNotation c : {CastlingNotation::xfen, CastlingNotation::shredder}) {
            const std::string fen =
                write_fen(*pos, {.castling = c, .en_passant = EnPassantField::after_double_push});
            const kifu::Result<Position> again = parse_fen(fen);
            if (!again || !(*again == *pos)) std::abort();
        }
        for (const Move m : legal_moves(*pos)) {
            const std::string san = write_san(*pos, m);
            Position next = *pos;
            next.play(m);
            (void)legal_moves(next);
        }
    }
    return 0;
}
