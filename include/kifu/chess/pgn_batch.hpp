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
#include <memory>
#include <mutex>
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
    // Empty again, with its room kept.
    void clear() noexcept {
        bytes.clear();
        games.clear();
        starts.clear();
    }
};

// Batches used again once their job is done, wherever the last owner lets go of one: a
// fresh megabyte a batch costs page faults and the copies of a growing string, a tenth of
// the time of keying a collection (kifu dedupe). At most `kKept` wait; the pool must outlive
// the batches it hands out (declare it before the pipeline that holds them).
class PgnBatchPool {
  public:
    static constexpr std::size_t kKept = 16;

    std::shared_ptr<PgnBatch> take() {
        std::unique_ptr<PgnBatch> batch;
        {
            const std::lock_guard lock(mutex_);
            if (!free_.empty()) {
                batch = std::move(free_.back());
                free_.pop_back();
            }
        }
        if (!batch) {
            batch = std::make_unique<PgnBatch>();
            batch->bytes.reserve(PgnBatch::kFullBytes + (PgnBatch::kFullBytes >> 3));
        }
        return {batch.release(), [this](PgnBatch* b) { give(std::unique_ptr<PgnBatch>(b)); }};
    }

  private:
    void give(std::unique_ptr<PgnBatch> batch) noexcept {
        batch->clear();
        const std::lock_guard lock(mutex_);
        if (free_.size() < kKept) free_.push_back(std::move(batch));  // else freed here
    }
    std::mutex mutex_;
    std::vector<std::unique_ptr<PgnBatch>> free_;
};

}  // namespace kifu::chess
