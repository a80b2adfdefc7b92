// Perft with bulk counting at the leaves (as Stockfish's "go perft" counts), and SAN
// write and read throughput over the legal moves of the standard suite positions.

#include <benchmark/benchmark.h>

#include <vector>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/san.hpp"

namespace {

using namespace kifu::chess;

void run_perft(benchmark::State& state, const char* fen, int depth) {
    const Position pos = *parse_fen(fen);
    (void)perft(pos, 2);  // builds the attack tables (at first use) outside the timing
    std::uint64_t nodes = 0;
    for (auto _ : state) nodes = perft(pos, depth);
    state.SetItemsProcessed(static_cast<std::int64_t>(nodes) * state.iterations());
    state.counters["nodes"] = static_cast<double>(nodes);
}

const char* const kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const char* const kPosition6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

BENCHMARK_CAPTURE(run_perft, startpos_6, kStart, 6)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(run_perft, kiwipete_5, kKiwipete, 5)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(run_perft, position6_5, kPosition6, 5)->Unit(benchmark::kMillisecond)->Iterations(1);

struct SanCase {
    Position position;
    std::vector<Move> moves;
    std::vector<std::string> san;
};

std::vector<SanCase> san_cases() {
    std::vector<SanCase> out;
    for (const char* fen : {kStart, kKiwipete, kPosition6, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"}) {
        SanCase c{*parse_fen(fen), {}, {}};
        for (const Move m : legal_moves(c.position)) {
            c.moves.push_back(m);
            c.san.push_back(write_san(c.position, m));
        }
        out.push_back(std::move(c));
    }
    return out;
}

void san_write(benchmark::State& state) {
    const std::vector<SanCase> cases = san_cases();
    std::int64_t moves = 0;
    for (auto _ : state)
        for (const SanCase& c : cases)
            for (const Move m : c.moves) {
                benchmark::DoNotOptimize(write_san(c.position, m));
                ++moves;
            }
    state.SetItemsProcessed(moves);
}

void san_read(benchmark::State& state) {
    const std::vector<SanCase> cases = san_cases();
    std::int64_t moves = 0;
    for (auto _ : state)
        for (const SanCase& c : cases)
            for (const std::string& s : c.san) {
                benchmark::DoNotOptimize(parse_san(c.position, s));
                ++moves;
            }
    state.SetItemsProcessed(moves);
}

BENCHMARK(san_write);
BENCHMARK(san_read);

}  // namespace
