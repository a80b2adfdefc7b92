// Xiangqi perft, bulk-counted at the leaves: the start position to depth 5 and
// Fairy-Stockfish's middlegame test position to depth 4; DhtmlXQ read into game trees
// (vschess's 1,447-line sample, bytes per second: every move checked against its position),
// and XQF files the same.

#include <benchmark/benchmark.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/xiangqi/dhtmlxq.hpp"
#include "kifu/xiangqi/movegen.hpp"
#include "kifu/xiangqi/xqf.hpp"

namespace {

void xiangqi_dhtmlxq_read(benchmark::State& state) {
    std::ifstream in(std::string(KIFU_SOURCE_DIR) + "/tests/data/xiangqi/vschess-dhtmlxq.txt",
                     std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    const std::string text = s.str();
    for (auto _ : state) benchmark::DoNotOptimize(kifu::xiangqi::read_dhtmlxq(text));
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}
BENCHMARK(xiangqi_dhtmlxq_read)->Unit(benchmark::kMillisecond);

// Every XQF file of the test data (versions 10 to 18, 183 KB, most of it cchess's annotated
// FiveGoatsTest), each read whole: decrypted, every move checked, every comment decoded.
void xiangqi_xqf_read(benchmark::State& state) {
    std::vector<std::string> files;
    std::int64_t bytes = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(KIFU_SOURCE_DIR) + "/tests/data/xiangqi/xqf")) {
        std::string name = entry.path().extension().string();
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (name != ".xqf") continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream s;
        s << in.rdbuf();
        files.push_back(s.str());
        bytes += static_cast<std::int64_t>(files.back().size());
    }
    std::int64_t moves = 0;
    for (const std::string& f : files)
        moves += static_cast<std::int64_t>(kifu::xiangqi::read_xqf(f)->size() - 1);
    for (auto _ : state)
        for (const std::string& f : files) benchmark::DoNotOptimize(kifu::xiangqi::read_xqf(f));
    state.SetBytesProcessed(state.iterations() * bytes);
    // XQF spends 4 bytes on a move: moves checked per second say more than bytes.
    state.SetItemsProcessed(state.iterations() * moves);
}
BENCHMARK(xiangqi_xqf_read)->Unit(benchmark::kMillisecond);

void xiangqi_perft(benchmark::State& state, std::string_view fen, int depth) {
    const kifu::xiangqi::Position pos = *kifu::xiangqi::parse_fen(fen);
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = kifu::xiangqi::perft(pos, depth);
        benchmark::DoNotOptimize(nodes);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(nodes));
    state.counters["nodes"] = static_cast<double>(nodes);
}

}  // namespace

BENCHMARK_CAPTURE(xiangqi_perft, startpos_5,
                  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 5)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(xiangqi_perft, middlegame_4,
                  "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", 4)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
