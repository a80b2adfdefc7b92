// The Go servers' records (GIB, NGF, UGF) of tests/data/go-servers read into SGF
// collections, bytes per second, beside the same games written as SGF and read by the SGF
// reader: issue 39 asks that they read at least as fast as SGF does.

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kifu/go/server_records.hpp"
#include "kifu/go/sgf.hpp"

namespace {

using namespace kifu::go;
using Reader = kifu::Result<SgfCollection> (*)(std::string_view, const SgfReadOptions&);

struct Record {
    std::string text;
    Reader reader;
    std::string sgf;  // the same game as SGF
};

const std::vector<Record>& records() {
    static const std::vector<Record> all = [] {
        std::vector<Record> out;
        const std::pair<const char*, Reader> files[] = {
            {"utf8.gib", read_gib},           {"gb2312.gib", read_gib},  {"euc-kr.gib", read_gib},
            {"katrain-global.gib", read_gib}, {"even.ngf", read_ngf},    {"handicap2.ngf", read_ngf},
            {"gb2312.ngf", read_ngf},         {"amateur.ugf", read_ugf}, {"review.ugi", read_ugf}};
        for (const auto& [name, reader] : files) {
            std::ifstream in(std::string(KIFU_SOURCE_DIR) + "/tests/data/go-servers/" + name,
                             std::ios::binary);
            std::stringstream s;
            s << in.rdbuf();
            kifu::Result<SgfCollection> sgf = reader(s.str(), {});
            if (!sgf) continue;
            out.push_back({s.str(), reader, write_sgf(*sgf)});
        }
        return out;
    }();
    return all;
}

void go_server_records_read(benchmark::State& state) {
    std::int64_t bytes = 0;
    for (const Record& r : records()) bytes += static_cast<std::int64_t>(r.text.size());
    for (auto _ : state)
        for (const Record& r : records()) benchmark::DoNotOptimize(r.reader(r.text, {}));
    state.SetBytesProcessed(state.iterations() * bytes);
}

void go_server_records_as_sgf_read(benchmark::State& state) {
    std::int64_t bytes = 0;
    for (const Record& r : records()) bytes += static_cast<std::int64_t>(r.sgf.size());
    for (auto _ : state)
        for (const Record& r : records()) benchmark::DoNotOptimize(read_sgf(r.sgf));
    state.SetBytesProcessed(state.iterations() * bytes);
}

BENCHMARK(go_server_records_read);
BENCHMARK(go_server_records_as_sgf_read);

}  // namespace
