// The game tree and the writers on any PGN: every game read without error is written
// as PGN and read back to the same tree (moves, comments, NAGs, variations), and the
// PGN written from it is stable; JSON Lines are written for every game.

#include <cstdint>
#include <cstdlib>
#include <string>

#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn_writer.hpp"

using namespace kifu::chess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const Game& game : read_pgn(text)) {
        std::string json;
        append_game_json(json, game);
        if (!game.errors.empty()) continue;
        const std::string written = write_pgn(game);
        const std::vector<Game> again = read_pgn(written);
        if (again.size() != 1 || !again[0].errors.empty()) std::abort();
        const Game& g = again[0];
        if (!same_tree(g, game)) std::abort();
        if (write_pgn(g) != written) std::abort();
    }
    return 0;
}
