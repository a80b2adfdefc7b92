// HEN read and write on the spec's positions. The loops reuse one Position and one
// string, as a database import or a bot would: what is measured is the parser and
// the writer, not the allocator.

#include <benchmark/benchmark.h>

#include <string>
#include <string_view>

#include "kifu/go/hen.hpp"

namespace {

using namespace kifu::go;

constexpr std::string_view kEarReddening =
    "_19Kbw2_18DbKbwNwPw2b_17Cw2FbJwb2w2Pwb_16Mb3Rb_15LbQb2_14Qbw2_13Ow3b3_12Pbw3b_11KbNbw2b3_10Nw2bRbw_"
    "9CwPwb2w_"
    "8Pwbwb_7NwPwbw2_6CwKbMbwPwb_5GbJwMbwbwbw_4CbEbHbMbw2bRw_3FbwbwLw2b4w2_2GbwKw2Nwb2Rbw_1JwMwObQbSb.K11b.w."
    "M6-SQ."
    "M5-SQ.M4-SQ.K6-SQ.J5-CR";
constexpr std::string_view kExample1 = ".19x19_19bwb2w3_10Kb_8Kbw_7JbwMw_6Kbw_1Cw3bNwb2.L7.K7w.b";
constexpr std::string_view kNumbered = ".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a";

void parse(benchmark::State& state, std::string_view text) {
    Position position;
    for (auto _ : state) {
        const kifu::Result<void> ok = parse_hen(text, position);
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(position);
        if (!ok) state.SkipWithError("parse failed");
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}

void write(benchmark::State& state, std::string_view text) {
    const Position position = *parse_hen(text);
    std::string out;
    out.reserve(512);
    for (auto _ : state) {
        out.clear();
        const kifu::Result<void> ok = append_hen(position, out);
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(out.size()));
}

void validate(benchmark::State& state, std::string_view text) {
    for (auto _ : state) benchmark::DoNotOptimize(validate_hen(text));
    state.SetItemsProcessed(state.iterations());
}

BENCHMARK_CAPTURE(parse, ear_reddening, kEarReddening);
BENCHMARK_CAPTURE(write, ear_reddening, kEarReddening);
BENCHMARK_CAPTURE(parse, example1, kExample1);
BENCHMARK_CAPTURE(write, example1, kExample1);
BENCHMARK_CAPTURE(parse, numbered_9x9, kNumbered);
BENCHMARK_CAPTURE(write, numbered_9x9, kNumbered);
BENCHMARK_CAPTURE(validate, ear_reddening, kEarReddening);

}  // namespace
