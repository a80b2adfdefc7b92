// PGN on the 72,858-game corpus (../shared/testdata/chess/corpus/gnuchess_book_1.02_half.pgn.zst,
// decompressed into memory first): (a) a headers-only scan, (b) the main line with every
// SAN move resolved and checked for legality, (c) the full tree of every game, (d) every
// move checked, variations too (what validate and pgn stats do), (e) written as PGN and
// (f) as JSON Lines while read (what convert does), into a buffer emptied every megabyte, (g)
// each game's opening named by position, (h) the duplicates of the corpus found by moves, by
// the final position and at ply 20 (what kifu dedupe does; bytes_per_game: the table's
// memory over the games).
// Each figure counts the PGN bytes read; games and plies are counters.

#include <benchmark/benchmark.h>

#include <optional>
#include <string>

#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/pgn_writer.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/formats/duplicates.hpp"
#include "kifu/formats/openings.hpp"

namespace {

using namespace kifu::chess;

const std::string& corpus() {
    static const std::string text = [] {
        auto source = kifu::open_byte_source(std::string(KIFU_TESTDATA_DIR) +
                                             "/chess/corpus/gnuchess_book_1.02_half.pgn.zst");
        if (!source) return std::string();
        auto all = kifu::read_all(**source);
        return all ? std::move(*all) : std::string();
    }();
    return text;
}

struct HeadersOnly : PgnVisitor {
    std::int64_t tags = 0;
    void tag(std::string_view, std::string_view) override { ++tags; }
    bool begin_movetext(const Position&) override { return false; }
};

struct MainLine : PgnVisitor {
    std::int64_t plies = 0;
    void move(const Position&, Move, std::string_view) override { ++plies; }
    bool begin_variation() override { return false; }
};

template <class Visit>
void run(benchmark::State& state, Visit visit) {
    const std::string& text = corpus();
    if (text.empty()) {
        state.SkipWithError("corpus not found (KIFU_TESTDATA_DIR)");
        return;
    }
    std::int64_t games = 0, plies = 0;
    for (auto _ : state) {
        PgnSplitter splitter(text);
        games = 0;
        plies = 0;
        while (const auto game = splitter.next()) {
            plies += visit(*game);
            ++games;
        }
        benchmark::DoNotOptimize(plies);
    }
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
    state.counters["games"] = static_cast<double>(games);
    state.counters["plies"] = static_cast<double>(plies);
    state.counters["games_per_second"] =
        benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["plies_per_second"] =
        benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsIterationInvariantRate);
}

void pgn_headers_only(benchmark::State& state) {
    HeadersOnly v;
    run(state, [&](const PgnGameText& g) {
        read_pgn_game(g, v);
        return 0;
    });
}

void pgn_main_line(benchmark::State& state) {
    MainLine v;
    run(state, [&](const PgnGameText& g) {
        v.plies = 0;
        read_pgn_game(g, v);
        return v.plies;
    });
}

void pgn_full_tree(benchmark::State& state) {
    GameBuilder builder;
    run(state, [&](const PgnGameText& g) {
        read_pgn_game(g, builder);
        const Game game = builder.take();
        return static_cast<std::int64_t>(game.nodes.size() - 1);
    });
}

struct Checked : PgnVisitor {
    std::int64_t plies = 0;
    void move(const Position&, Move, std::string_view) override { ++plies; }
};

void pgn_checked(benchmark::State& state) {
    Checked v;
    run(state, [&](const PgnGameText& g) {
        v.plies = 0;
        read_pgn_game(g, v);
        return v.plies;
    });
}

template <class Writer>
void write_while_reading(benchmark::State& state) {
    std::string out;
    Writer writer(out);
    run(state, [&](const PgnGameText& g) {
        if (out.size() > (std::size_t{1} << 20)) out.clear();
        read_pgn_game(g, writer);
        benchmark::DoNotOptimize(out.data());
        return std::int64_t{0};
    });
}

void pgn_write_pgn(benchmark::State& state) {
    write_while_reading<PgnExporter>(state);
}

void pgn_write_jsonl(benchmark::State& state) {
    write_while_reading<JsonExporter>(state);
}

// (g) the opening of every game named by position from pgn-extract's eco.pgn (what convert
// --openings and index --openings do): each main line read up to the book's horizon.
void pgn_openings(benchmark::State& state) {
    static const auto book = [] {
        auto b = kifu::formats::OpeningBook::open("/usr/share/pgn-extract/eco.pgn");
        return b ? std::optional<kifu::formats::OpeningBook>(std::move(*b)) : std::nullopt;
    }();
    if (!book) {
        state.SkipWithError("pgn-extract's eco.pgn is not installed (apt-get install pgn-extract)");
        return;
    }
    kifu::formats::PgnOpeningFinder finder(*book);
    std::int64_t named = 0;
    run(state, [&](const PgnGameText& g) {
        read_pgn_game(g, finder);
        named += finder.match().opening != nullptr;
        return finder.match().ply;
    });
    state.counters["named"] = static_cast<double>(named) / static_cast<double>(state.iterations());
}

// (h) `rule`: 0 moves, 1 position, else depth:rule.
void pgn_dedupe(benchmark::State& state) {
    using kifu::formats::DuplicateRule;
    const DuplicateRule rule =
        state.range(0) == 0 ? DuplicateRule{}
        : state.range(0) == 1
            ? DuplicateRule{DuplicateRule::Kind::position, 0}
            : DuplicateRule{DuplicateRule::Kind::depth, static_cast<std::uint32_t>(state.range(0))};
    state.SetLabel(kifu::formats::to_string(rule));
    kifu::formats::PgnDuplicateKeyer keyer(rule);
    std::optional<kifu::formats::DuplicateTable> table;
    std::uint32_t number = 0, duplicates = 0;
    std::size_t bytes = 0;
    run(state, [&](const PgnGameText& g) {
        if (g.index == 0) {
            bytes = table ? table->bytes() : 0;
            table.emplace();
            number = duplicates = 0;
        }
        read_pgn_game(g, keyer);
        if (const auto key = keyer.key()) duplicates += table->see(*key, number++).has_value();
        return keyer.ply();
    });
    state.counters["duplicates"] = duplicates;
    state.counters["bytes_per_game"] =
        static_cast<double>(std::max(bytes, table ? table->bytes() : 0)) / std::max<double>(number, 1);
}

}  // namespace

BENCHMARK(pgn_checked)->Unit(benchmark::kMillisecond);
BENCHMARK(pgn_write_pgn)->Unit(benchmark::kMillisecond);
BENCHMARK(pgn_write_jsonl)->Unit(benchmark::kMillisecond);
BENCHMARK(pgn_headers_only)->Unit(benchmark::kMillisecond);
BENCHMARK(pgn_main_line)->Unit(benchmark::kMillisecond);
BENCHMARK(pgn_full_tree)->Unit(benchmark::kMillisecond);
BENCHMARK(pgn_openings)->Unit(benchmark::kMillisecond);
BENCHMARK(pgn_dedupe)->Arg(0)->Arg(1)->Arg(20)->Unit(benchmark::kMillisecond);
