// The mate solver (formats/solve.hpp): the 44 chess mates in one to three of
// tests/data/problems (matetrack's) and lichess's 74 mate puzzles there, each within its
// length, and two published seven-ply tsume of the shared test data, solved whole (proof,
// length, solution, keys). Reports positions searched a second and the median and slowest
// problem's time.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "kifu/formats/registry.hpp"
#include "kifu/formats/solve.hpp"

namespace {

namespace fs = std::filesystem;

struct Problem {
    std::shared_ptr<const kifu::formats::Document> document;
    std::size_t game = 0;  // of a record
    int plies = 0;         // 0: any length
};

std::shared_ptr<const kifu::formats::Document> read(std::string_view format, const std::string& text) {
    return std::make_shared<const kifu::formats::Document>(
        std::move(*kifu::formats::find_format(format)->read(text, {})));
}

std::vector<Problem> chess_mates() {
    std::vector<Problem> out;
    std::ifstream in(fs::path(KIFU_SOURCE_DIR) / "tests" / "data" / "problems" / "matetrack-short.epd");
    for (std::string line; std::getline(in, line);) {
        const std::size_t bm = line.find(" bm #");
        if (bm == std::string::npos) continue;
        out.push_back({read("fen", line.substr(0, bm) + " 0 1"), 0, 2 * (line[bm + 5] - '0') - 1});
    }
    return out;
}

std::vector<Problem> tsume() {
    std::vector<Problem> out;
    const fs::path dir = fs::path(KIFU_TESTDATA_DIR) / "shogi" / "records" / "kifu-for-js";
    for (const char* name : {"examples-hashimoto-sos.kif", "kif/taichitsume.kif"}) {
        std::ifstream in(dir / name, std::ios::binary);
        if (!in) continue;
        std::ostringstream text;
        text << in.rdbuf();
        out.push_back({read("kif", text.str()), 0, 0});
    }
    return out;
}

// lichess's mate puzzles among its first 120 (tests/data/problems): each within its
// theme's length (mateInN: 2N-1 plies).
std::vector<Problem> lichess_mates() {
    std::vector<Problem> out;
    std::ifstream in(fs::path(KIFU_SOURCE_DIR) / "tests" / "data" / "problems" / "lichess-puzzles.csv");
    std::ostringstream text;
    text << in.rdbuf();
    if (text.str().empty()) return out;
    const auto doc = read("lichess-puzzles", text.str());
    const auto& games = std::get<std::vector<kifu::chess::Game>>(doc->value);
    for (std::size_t g = 0; g < games.size(); ++g) {
        const std::string themes(games[g].tag("Themes").value_or(""));
        const std::size_t at = themes.find("mateIn");
        if (at != std::string::npos) out.push_back({doc, g, 2 * (themes[at + 6] - '0') - 1});
    }
    return out;
}

void solve_all(benchmark::State& state, const std::vector<Problem>& problems) {
    if (problems.empty()) {
        state.SkipWithError("no problems found (tests/data/problems, KIFU_TESTDATA_DIR)");
        return;
    }
    std::uint64_t nodes = 0;
    std::vector<double> times;
    for (auto _ : state) {
        nodes = 0;
        times.clear();
        for (const Problem& p : problems) {
            const auto start = std::chrono::steady_clock::now();
            kifu::formats::SolveOptions options;
            options.max_plies = p.plies;
            const kifu::Result<kifu::formats::Solution> s =
                kifu::formats::solve(*p.document, p.game, options);
            if (!s || s->verdict != "mate") state.SkipWithError("a problem was not solved");
            if (s) nodes += s->nodes;
            times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nodes/s"] = benchmark::Counter(
        static_cast<double>(nodes) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    std::sort(times.begin(), times.end());
    state.counters["median_ms"] = times[times.size() / 2] * 1000;
    state.counters["slowest_ms"] = times.back() * 1000;
    state.counters["problems"] = static_cast<double>(problems.size());
}

}  // namespace

BENCHMARK_CAPTURE(solve_all, chess_mates_in_1_to_3, chess_mates())
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(solve_all, tsume_7_plies, tsume())->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(solve_all, lichess_mates_in_1_to_3, lichess_mates())
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
