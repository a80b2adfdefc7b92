// The game tree and the writers on any PGN: every game read without error is written
// as PGN and read back to the same tree (moves, comments, NAGs, variations), and the
// PGN written from it is stable; JSON Lines are written for every game. The streaming
// writers (fed by the reader, no tree) leave out the games with errors, and what they
// write reads back to the same trees as the other games of the input. All of it is
// valid UTF-8, whatever bytes came in. A recorded game (PgnRecording) builds the same tree
// as the builder.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn_recording.hpp"
#include "kifu/chess/pgn_writer.hpp"
#include "kifu/core/utf8.hpp"

using namespace kifu::chess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const Game& game : read_pgn(text)) {
        std::string json;
        append_game_json(json, game);
        if (!kifu::utf8::is_valid(json)) std::abort();  // errors and warnings included
        if (!game.errors.empty()) continue;
        const std::string written = write_pgn(game);
        const std::vector<Game> again = read_pgn(written);
        if (again.size() != 1 || !again[0].errors.empty()) std::abort();
        const Game& g = again[0];
        if (!same_tree(g, game)) std::abort();
        if (write_pgn(g) != written) std::abort();
    }
    // The streaming writers.
    std::vector<const Game*> good;
    const std::vector<Game> games = read_pgn(text);
    for (const Game& g : games)
        if (g.errors.empty()) good.push_back(&g);
    std::string pgn, jsonl;
    PgnExporter pgn_writer(pgn, {}, true);
    JsonExporter json_writer(jsonl, true);
    PgnSplitter splitter(text);
    std::size_t k = 0;
    while (const std::optional<PgnGameText> g = splitter.next()) {
        read_pgn_game(*g, pgn_writer);
        read_pgn_game(*g, json_writer);
        PgnRecording recording;
        read_pgn_game(*g, recording);
        const Game r = recording.build();
        if (k >= games.size()) std::abort();
        const Game& d = games[k++];
        if (r.tags != d.tags || !(r.start == d.start) || r.result != d.result || r.errors != d.errors ||
            r.warnings != d.warnings || !(r.nodes == d.nodes) || recording.plies() != d.main_line().size())
            std::abort();
    }
    if (k != games.size()) std::abort();
    const std::vector<Game> back = read_pgn(pgn);
    if (back.size() != good.size()) std::abort();
    for (std::size_t i = 0; i < back.size(); ++i)
        if (!back[i].errors.empty() || !same_tree(back[i], *good[i])) std::abort();
    if (static_cast<std::size_t>(std::count(jsonl.begin(), jsonl.end(), '\n')) != good.size()) std::abort();
    if (!kifu::utf8::is_valid(jsonl) || !kifu::utf8::is_valid(pgn)) std::abort();
    return 0;
}
