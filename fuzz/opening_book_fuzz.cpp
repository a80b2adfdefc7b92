// The opening books that are no PGN (chess/opening_files.hpp: Scid's ECO file, lichess's
// TSV) and the naming by position (formats/openings.hpp). The first byte picks the reader.
// Any bytes: no crash, hang or unbounded allocation; every error is placed at a line and a
// column. Bytes that read: each book game's own line is named by the book at its end (the
// position it names), and a game named by the book keeps that name when named again.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/chess/opening_files.hpp"
#include "kifu/formats/openings.hpp"

using namespace kifu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    chess::GameFile file = (data[0] & 1) ? chess::read_opening_tsv(text) : chess::read_scid_eco(text);
    for (const Error& e : file.errors)
        if (e.line == 0 || e.column == 0 || e.offset > text.size()) std::abort();
    if (file.games.empty()) return 0;
    formats::Document document{formats::Value{file.games}, {}};
    Result<formats::OpeningBook> book = formats::OpeningBook::of(document);
    if (!book) std::abort();  // every game read names its position (it has ECO and Opening)
    for (const chess::Game& game : file.games) {
        const formats::OpeningMatch m = formats::find_opening(game, *book);
        if (!m.opening || m.ply != game.main_line().size()) std::abort();
        if (m.opening->ply != m.ply) std::abort();  // the same position, reached as deep
    }
    if (!formats::name_openings(document, *book)) std::abort();
    const auto& named = std::get<std::vector<chess::Game>>(document.value);
    for (std::size_t i = 0; i < named.size(); ++i)
        if (formats::find_opening(named[i], *book).opening !=
            formats::find_opening(file.games[i], *book).opening)
            std::abort();
    return 0;
}
