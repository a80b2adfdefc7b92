// SGF on the 7,259-game corpus (../shared/testdata/go/games/yenw-ai-sgf.tar.gz):
// parse speed (bytes of SGF read into trees per second, charset decoding included)
// and replay speed (main-line moves per second, captures and ko included).

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "../tests/support/archive.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/record.hpp"
#include "kifu/go/sgf.hpp"

namespace {

using namespace kifu::go;

struct Corpus {
    std::string tar;
    std::vector<std::string_view> files;
    std::int64_t bytes = 0;
};

const Corpus& corpus() {
    static const Corpus c = [] {
        Corpus out;
        const auto tar =
            kifu::testing::read_gzip(std::string(KIFU_TESTDATA_DIR) + "/go/games/yenw-ai-sgf.tar.gz");
        if (!tar) return out;
        out.tar = *tar;
        for (const auto& f : kifu::testing::tar_files(out.tar)) {
            out.files.push_back(f.data);
            out.bytes += static_cast<std::int64_t>(f.data.size());
        }
        return out;
    }();
    return c;
}

void sgf_parse_corpus(benchmark::State& state) {
    const Corpus& c = corpus();
    if (c.files.empty()) return state.SkipWithError("yenw-ai-sgf.tar.gz not found under KIFU_TESTDATA_DIR");
    for (auto _ : state)
        for (const std::string_view f : c.files) benchmark::DoNotOptimize(read_sgf(f));
    state.SetBytesProcessed(state.iterations() * c.bytes);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(c.files.size()));
}

void sgf_replay_corpus(benchmark::State& state) {
    const Corpus& c = corpus();
    if (c.files.empty()) return state.SkipWithError("yenw-ai-sgf.tar.gz not found under KIFU_TESTDATA_DIR");
    // The main line of each game's tree replayed with the rule checks (go::replay_to).
    std::vector<Record> games;
    for (const std::string_view f : c.files) games.push_back(std::move(*read_record(f)));
    // A record makes its trees on first use: made here, so that the timed loop replays only
    // (a first iteration that made them measured tree building, 1.7 M moves/s against 11.8 M).
    for (const Record& r : games) benchmark::DoNotOptimize(&r.game(0));
    std::int64_t moves = 0;
    for (auto _ : state) {
        moves = 0;
        for (const Record& r : games) {
            const Game& tree = r.game(0);
            const GameState end = replay_to(r.sgf, tree, r.sgf_nodes(0), tree.main_line_end());
            moves += end.moves;
            benchmark::DoNotOptimize(end.board.hash());
        }
    }
    state.SetItemsProcessed(state.iterations() * moves);
}

// Read as the XQF and DhtmlXQ readers read: each file's bytes into its game, every move of
// it checked by the rules (go::read_record, then the main line replayed; the corpus has
// no variations). Bytes a second, to set beside theirs like with like (docs/benchmarks.md).
void sgf_read_checked_corpus(benchmark::State& state) {
    const Corpus& c = corpus();
    if (c.files.empty()) return state.SkipWithError("yenw-ai-sgf.tar.gz not found under KIFU_TESTDATA_DIR");
    std::int64_t moves = 0;
    for (auto _ : state) {
        moves = 0;
        for (const std::string_view f : c.files) {
            const kifu::Result<Record> r = read_record(f);
            if (!r || r->size() == 0) continue;
            const Game& tree = r->game(0);
            moves += replay_to(r->sgf, tree, r->sgf_nodes(0), tree.main_line_end()).moves;
        }
    }
    state.SetBytesProcessed(state.iterations() * c.bytes);
    state.SetItemsProcessed(state.iterations() * moves);
}

BENCHMARK(sgf_parse_corpus)->Unit(benchmark::kMillisecond);
BENCHMARK(sgf_read_checked_corpus)->Unit(benchmark::kMillisecond);
BENCHMARK(sgf_replay_corpus)->Unit(benchmark::kMillisecond);

}  // namespace
