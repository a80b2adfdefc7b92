// The position index (kifu/index/index.hpp) on the 72,858-game chess corpus and the
// 7,259-game Go corpus: index builds (bytes/s of input, plies/s, index bytes a game), and
// queries from a sample of 2,000 positions of the corpus games (every 36th game, a random
// ply of its main line, seed 1, the start position among them): exact-position search
// (the count and the first 20 games) and explorer, warm (one open index) and cold (the
// index opened anew for each query: SQLite's cache empty, the OS's warm), their p50 and
// p99 latencies in microseconds as counters; a Go corner pattern and chess material and
// sub-FEN scans on one thread. bench/index-bench runs these and prints the table.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "kifu/chess/pgn.hpp"
#include "kifu/chess/polyglot.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/index/chess_scan.hpp"
#include "kifu/index/index.hpp"
#include "kifu/index/pattern.hpp"

namespace {

namespace fs = std::filesystem;
using namespace kifu;

const std::string kData = KIFU_TESTDATA_DIR;
const fs::path kDir = fs::temp_directory_path() / "kifu-index-bench";

// The corpus as a plain PGN file (the index reads files).
const std::string& corpus_file() {
    static const std::string path = [] {
        fs::create_directories(kDir);
        const std::string out = (kDir / "corpus.pgn").string();
        auto source = open_byte_source(kData + "/chess/corpus/gnuchess_book_1.02_half.pgn.zst");
        if (!source) return std::string();
        auto all = read_all(**source);
        if (!all) return std::string();
        std::FILE* f = std::fopen(out.c_str(), "wb");
        std::fwrite(all->data(), 1, all->size(), f);
        std::fclose(f);
        return out;
    }();
    return path;
}

std::string build(const std::string& name, const std::string& input, index::IndexReport& report) {
    const std::string db = (kDir / name).string();
    fs::remove(db);
    Result<index::Database> d = index::Database::open(db, true);
    Result<index::IndexReport> r = d->add(std::vector<std::string>{input});
    if (r) report = *r;
    return db;
}

void BM_index_build_pgn(benchmark::State& state) {
    if (corpus_file().empty()) return state.SkipWithError("corpus not found");
    index::IndexReport report;
    std::string db;
    for (auto _ : state) db = build("chess.db", corpus_file(), report);
    state.SetBytesProcessed(static_cast<std::int64_t>(report.bytes * state.iterations()));
    state.counters["plies/s"] = benchmark::Counter(static_cast<double>(report.plies * state.iterations()),
                                                   benchmark::Counter::kIsRate);
    state.counters["bytes_a_game"] =
        static_cast<double>(fs::file_size(db)) / static_cast<double>(report.added);
    state.counters["games"] = static_cast<double>(report.added);
}
BENCHMARK(BM_index_build_pgn)->Name("index_build_pgn")->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_index_build_sgf(benchmark::State& state) {
    const std::string tar = kData + "/go/games/yenw-ai-sgf.tar.gz";
    if (!fs::exists(tar)) return state.SkipWithError("corpus not found");
    index::IndexReport report;
    std::string db;
    for (auto _ : state) db = build("go.db", tar, report);
    state.SetBytesProcessed(static_cast<std::int64_t>(fs::file_size(tar) * state.iterations()));
    state.counters["plies/s"] = benchmark::Counter(static_cast<double>(report.plies * state.iterations()),
                                                   benchmark::Counter::kIsRate);
    state.counters["bytes_a_game"] =
        static_cast<double>(fs::file_size(db)) / static_cast<double>(report.added);
}
BENCHMARK(BM_index_build_sgf)->Name("index_build_sgf")->Unit(benchmark::kMillisecond)->Iterations(1);

// The sampled positions' keys, and the built chess index.
struct ChessQueries {
    std::string db;
    std::vector<std::uint64_t> keys;
};
const ChessQueries& chess_queries() {
    static const ChessQueries q = [] {
        ChessQueries out;
        index::IndexReport report;
        if (corpus_file().empty()) return out;
        out.db = (kDir / "chess.db").string();
        // An index kept from an earlier run is built again when this kifu cannot open it (a
        // layout of another version).
        if (fs::exists(out.db) && !index::Database::open(out.db, false)) fs::remove(out.db);
        if (!fs::exists(out.db)) build("chess.db", corpus_file(), report);
        std::mt19937 random(1);
        struct Keys : chess::PgnVisitor {
            std::vector<std::uint64_t> keys;
            bool begin_variation() override { return false; }
            void move(const chess::Position& before, chess::Move, std::string_view) override {
                keys.push_back(chess::polyglot_key(before));
            }
        };
        auto source = open_byte_source(corpus_file());
        chess::PgnSplitter splitter(std::move(*source));
        out.keys.push_back(chess::polyglot_key(chess::Position::start()));
        while (auto g = splitter.next()) {
            if (g->index % 36 != 0) continue;
            Keys k;
            chess::read_pgn_game(*g, k);
            if (!k.keys.empty()) out.keys.push_back(k.keys[random() % k.keys.size()]);
        }
        return out;
    }();
    return q;
}

template <class Query>
void latencies(benchmark::State& state, bool cold, Query&& query) {
    const ChessQueries& q = chess_queries();
    if (q.keys.empty()) return state.SkipWithError("corpus not found");
    Result<index::Database> warm = index::Database::open(q.db, false);
    if (!warm) return state.SkipWithError(warm.error().message.c_str());
    std::vector<double> micros;
    index::PositionQuery pq;
    pq.position.value = chess::Position::start();
    for (auto _ : state) {
        micros.clear();
        for (const std::uint64_t key : q.keys) {
            pq.key = key;
            const auto t0 = std::chrono::steady_clock::now();
            if (cold) {
                Result<index::Database> db = index::Database::open(q.db, false);
                query(*db, pq);
            } else {
                query(*warm, pq);
            }
            micros.push_back(
                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
        }
    }
    std::sort(micros.begin(), micros.end());
    state.SetItemsProcessed(static_cast<std::int64_t>(q.keys.size() * state.iterations()));
    state.counters["p50_us"] = micros[micros.size() / 2];
    state.counters["p99_us"] = micros[micros.size() * 99 / 100];
    state.counters["max_us"] = micros.back();
}

void BM_index_search(benchmark::State& state) {
    latencies(state, state.range(0) != 0, [](index::Database& db, const index::PositionQuery& q) {
        benchmark::DoNotOptimize(db.search(q, 0, 20));
    });
}
BENCHMARK(BM_index_search)
    ->Name("index_search")
    ->ArgName("cold")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond);

void BM_index_explore(benchmark::State& state) {
    latencies(state, state.range(0) != 0, [](index::Database& db, const index::PositionQuery& q) {
        benchmark::DoNotOptimize(db.explore(q));
    });
}
BENCHMARK(BM_index_explore)
    ->Name("index_explore")
    ->ArgName("cold")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond);

void BM_index_chess_scan(benchmark::State& state) {
    const ChessQueries& q = chess_queries();
    if (q.keys.empty()) return state.SkipWithError("corpus not found");
    Result<index::Database> db = index::Database::open(q.db, false);
    if (!db) return state.SkipWithError(db.error().message.c_str());
    Result<index::ChessScan> scan =
        state.range(0) == 0 ? index::chess_scan("KRvKR", "") : index::chess_scan("", "8/8/8/8/4P3/8/8/8");
    std::uint64_t found = 0;
    for (auto _ : state) found = index::search_chess_scan(*db, *scan, {}, 0, 20, 1)->count;
    state.counters["games"] = static_cast<double>(found);
}
BENCHMARK(BM_index_chess_scan)
    ->Name("index_chess_scan")
    ->ArgName("subfen")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond);

void BM_index_go_pattern(benchmark::State& state) {
    const std::string tar = kData + "/go/games/yenw-ai-sgf.tar.gz";
    if (!fs::exists(tar)) return state.SkipWithError("corpus not found");
    const std::string db_path = (kDir / "go.db").string();
    index::IndexReport report;
    if (fs::exists(db_path) && !index::Database::open(db_path, false)) fs::remove(db_path);
    if (!fs::exists(db_path)) build("go.db", tar, report);
    Result<index::Database> db = index::Database::open(db_path, false);
    if (!db) return state.SkipWithError(db.error().message.c_str());
    // A 3-4 point low approach shape in the lower left: black C4, white E3 (a corner
    // pattern), in a 6x6 corner (prefiltered by where stones ever stood), or with the rest of
    // its 7x7 corner empty (by the corner region's key too).
    Result<go::Position> p = go::parse_hen(".19x19_4Cb_3Ew");
    Result<index::GoPattern> pattern = index::go_pattern(*p, state.range(1) ? "A1-G7" : "A1-F6");
    if (!p || !pattern) return state.SkipWithError("pattern");
    Result<index::PatternResult> found = index::PatternResult{};
    for (auto _ : state) found = index::search_pattern(*db, *pattern, {}, state.range(0) != 0, 0, 20, 1);
    if (!found) return state.SkipWithError(found.error().message.c_str());
    state.counters["games"] = static_cast<double>(found->count);
    state.counters["replayed"] = static_cast<double>(found->replayed);
}
BENCHMARK(BM_index_go_pattern)
    ->Name("index_go_pattern")
    ->ArgNames({"any_colours", "whole_corner"})
    ->Args({0, 0})
    ->Args({1, 0})
    ->Args({0, 1})
    ->Args({1, 1})
    ->Unit(benchmark::kMillisecond);

}  // namespace
