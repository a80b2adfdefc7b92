#include "scan.hpp"

#include <algorithm>
#include <memory>

#include "kifu/core/ordered_pipeline.hpp"

namespace kifu::index::detail {

Result<std::vector<ScanHit>> scan_games(sqlite3* db, formats::Game game, unsigned threads,
                                        const GameTest& test) {
    Statement rows(db, "SELECT id, start, moves, outcome, prefilter FROM games WHERE game = ? ORDER BY id");
    if (!rows) return sqlite_error(db, "reading the games");
    rows.bind(1, static_cast<int>(game));
    using Batch = std::vector<StoredGame>;
    auto run = [&test](std::shared_ptr<Batch> batch) {
        std::vector<ScanHit> hits;
        for (const StoredGame& g : *batch)
            if (std::optional<ScanHit> h = test(g)) {
                h->game = g.id;
                h->outcome = g.outcome;
                hits.push_back(*h);
            }
        return hits;
    };
    std::vector<ScanHit> out;
    auto take = [&out](std::vector<ScanHit> hits) { out.insert(out.end(), hits.begin(), hits.end()); };
    // Two batches a thread, in the order of the games' ids.
    OrderedPipeline<std::vector<ScanHit>, decltype(take)> pipeline(threads, take, 2 * std::max(1u, threads));
    auto batch = std::make_shared<Batch>();
    auto send = [&] {
        if (batch->empty()) return;
        (void)pipeline.submit([run, batch] { return run(batch); });
        batch = std::make_shared<Batch>();
    };
    while (rows.step()) {
        batch->push_back({static_cast<std::uint32_t>(rows.integer(0)), std::string(rows.text(1)),
                          std::string(rows.blob(2)), static_cast<Outcome>(rows.integer(3)),
                          game == formats::Game::go ? std::string(rows.blob(4)) : std::string()});
        if (batch->size() >= 1024) send();
    }
    if (!rows.ok()) return sqlite_error(db, "reading the games");
    send();
    (void)pipeline.drain();
    return out;
}

}  // namespace kifu::index::detail
