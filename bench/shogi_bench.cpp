// Shogi perft, bulk-counted at the leaves: the start position to depth 5 and the
// position with the most legal moves (593) to depth 3.

#include <benchmark/benchmark.h>

#include <string_view>

#include "kifu/shogi/sfen.hpp"

namespace {

void shogi_perft(benchmark::State& state, std::string_view sfen, int depth) {
    const kifu::shogi::Position pos = *kifu::shogi::parse_sfen(sfen);
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = kifu::shogi::perft(pos, depth);
        benchmark::DoNotOptimize(nodes);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(nodes));
    state.counters["nodes"] = static_cast<double>(nodes);
}

}  // namespace

BENCHMARK_CAPTURE(shogi_perft, startpos_5, kifu::shogi::kStartSfen, 5)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(shogi_perft, max_moves_3, "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 3)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
