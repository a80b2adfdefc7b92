// Shogi records read: the 300 synthetic games of ../shared/testdata/shogi/records in KIF,
// KI2 and CSA, every move checked against the legal moves (as the readers always do).
// Items are records; the counter "plies_per_second" counts their moves. bench/compare
// runs tsshogi (npm) on the same files in the same run.

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kifu/shogi/record.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> synthetic(std::string_view suffix) {
    std::vector<std::string> texts;
    const fs::path dir = fs::path(KIFU_TESTDATA_DIR) / "shogi" / "records" / "synthetic";
    for (int i = 1; i <= 300; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "syn%04d", i);
        std::ifstream in(dir / (std::string(name) + std::string(suffix)), std::ios::binary);
        if (!in) return {};
        std::ostringstream s;
        s << in.rdbuf();
        texts.push_back(s.str());
    }
    return texts;
}

void shogi_read(benchmark::State& state, std::string_view suffix,
                kifu::Result<std::vector<kifu::shogi::Game>> (*read)(std::string_view, std::string_view)) {
    const std::vector<std::string> texts = synthetic(suffix);
    if (texts.empty()) {
        state.SkipWithError("test data not found (../shared/testdata/shogi/records/synthetic)");
        return;
    }
    std::size_t plies = 0;
    for (auto _ : state) {
        plies = 0;
        for (const std::string& t : texts) {
            auto games = read(t, {});
            if (!games) {
                state.SkipWithError("a record did not read");
                return;
            }
            plies += games->front().main_line().size();
            benchmark::DoNotOptimize(games);
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(texts.size()));
    state.counters["plies_per_second"] =
        benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

BENCHMARK_CAPTURE(shogi_read, kif, ".kifu", kifu::shogi::read_kif)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(shogi_read, ki2, ".ki2u", kifu::shogi::read_ki2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(shogi_read, csa, ".csa", kifu::shogi::read_csa)->Unit(benchmark::kMillisecond);
