// lichess's puzzle database (chess/puzzles.hpp). Any bytes: no crash, hang or unbounded
// allocation; every error is placed at a line and a column inside the text. Bytes that
// read: each puzzle written as PGN reads back with its position and its solution.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/puzzles.hpp"
#include "kifu/formats/registry.hpp"

using namespace kifu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    chess::GameFile file = chess::read_lichess_puzzles(text);
    for (const Error& e : file.errors)
        if (e.line == 0 || e.column == 0 || e.offset > text.size()) std::abort();
    if (file.games.empty()) return 0;
    const formats::Format* pgn = formats::find_format("pgn");
    for (const chess::Game& game : file.games) {
        const formats::Document one{formats::Value{std::vector<chess::Game>{game}}, {}};
        std::vector<std::string> notes;
        const Result<std::string> written = pgn->write(one, {}, notes);
        if (!written) std::abort();
        const Result<formats::Document> back = pgn->read(*written, {});
        if (!back) std::abort();
        const auto& games = std::get<std::vector<chess::Game>>(back->value);
        if (games.size() != 1 || chess::write_fen(games[0].start) != chess::write_fen(game.start) ||
            games[0].main_line().size() != game.main_line().size())
            std::abort();
    }
    return 0;
}
