// The service's /inspect (serve/api.cpp) on long records, as the page asks for them: the
// whole answer (format, errors, conversions at the node, the game list, the tree of nodes,
// the reports) and the tree alone (formats/viewer.hpp). Issue 42's bar: a 300-move record
// under 20 ms. Records: Shusaku's ear-reddening game (SGF, 325 moves) and a 118-move Ryuo
// title-match KIF (Shift_JIS), both of the shared test data.

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "kifu/formats/registry.hpp"
#include "kifu/formats/viewer.hpp"
#include "kifu/image/formats.hpp"
#include "kifu/serve/service.hpp"

namespace {

namespace fs = std::filesystem;
using namespace kifu;

std::string read_file(const char* relative) {
    std::ifstream in(fs::path(KIFU_TESTDATA_DIR) / relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

constexpr const char* kSgf = "go/games/ear-reddening-1846.sgf";
constexpr const char* kKif = "shogi/records/kifu-for-js/kif/ryuou201409020101.kif";

void inspect(benchmark::State& state, const char* file) {
    const std::string text = read_file(file);
    if (text.empty()) {
        state.SkipWithError("the shared test data is absent (KIFU_TESTDATA_DIR)");
        return;
    }
    image::add_formats();  // as a Service does
    serve::Target target;
    target.path = "/inspect";
    target.params.push_back({"text", text});
    for (auto _ : state) {
        const serve::Response r = serve::inspect_json(target);
        benchmark::DoNotOptimize(r.body.size());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}

void nodes(benchmark::State& state, const char* file, const char* format) {
    const std::string text = read_file(file);
    if (text.empty()) {
        state.SkipWithError("the shared test data is absent (KIFU_TESTDATA_DIR)");
        return;
    }
    const Result<formats::Document> doc = formats::find_format(format)->read(text, {});
    if (!doc) {
        state.SkipWithError(doc.error().message.c_str());
        return;
    }
    for (auto _ : state) benchmark::DoNotOptimize(formats::game_nodes_json(*doc, 0)->size());
}

}  // namespace

BENCHMARK_CAPTURE(inspect, sgf_325_moves, kSgf)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(inspect, kif_118_moves, kKif)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(nodes, sgf_325_moves, kSgf, "sgf")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(nodes, kif_118_moves, kKif, "kif")->Unit(benchmark::kMicrosecond);
