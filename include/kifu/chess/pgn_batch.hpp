#pragma once
// PGN games cut by the PgnSplitter, copied into one buffer to be read on another thread (a
// splitter's views live until its next game): the unit of work of every ordered PGN pipeline
// (core/ordered_pipeline.hpp): kifu convert/validate/pgn stats, the index, Python's
// iter_games.
//
//   chess::PgnBatch batch;
//   while (auto g = splitter.next()) { batch.add(*g); if (batch.full()) send(std::move(batch)); }
//   ... and the job: batch.finish(); for (const PgnGameText& g : batch.games) read(g);

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/chess/pgn.hpp"

namespace kifu::chess {

struct PgnBatch {
    // A batch is sent at 1 MiB of text or 2,048 games, whichever comes first: large enough
    // that a job's start costs nothing beside it, small enough to keep every thread busy.
    static constexpr std::size_t kFullBytes = std::size_t{1} << 20;
    static constexpr std::size_t kFullGames = 2048;

    std::string bytes;
    std::vector<PgnGameText> games;  // their texts point into `bytes` after finish()
    std::vector<std::size_t> starts;

    void add(const PgnGameText& game) {
        starts.push_back(bytes.size());
        bytes.append(game.text);
        games.push_back(game);
    }
    bool full() const noexcept { return bytes.size() >= kFullBytes || games.size() >= kFullGames; }
    bool empty() const noexcept { return games.empty(); }
    // Points each game's text into `bytes` (once the batch no longer grows: where it runs).
    void finish() {
        for (std::size_t i = 0; i < games.size(); ++i)
            games[i].text = std::string_view(bytes).substr(starts[i], games[i].text.size());
    }
};

}  // namespace kifu::chess
