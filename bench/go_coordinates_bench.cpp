// Go coordinates: every point of a 19x19 board through each alphabet.

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "kifu/go/coordinates.hpp"

namespace {

using namespace kifu::go;

constexpr BoardSize k19{19, 19};

std::vector<std::string> all_points(bool human) {
    std::vector<std::string> names;
    for (int i = 0; i < k19.points(); ++i) {
        const Point p = Point::from_index(k19, i);
        names.push_back(human ? *to_human(k19, p) : *to_sgf(k19, p));
    }
    return names;
}

void from_human_all(benchmark::State& state) {
    const std::vector<std::string> names = all_points(true);
    for (auto _ : state)
        for (const std::string& name : names) benchmark::DoNotOptimize(from_human(k19, name));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(names.size()));
}

void from_sgf_all(benchmark::State& state) {
    const std::vector<std::string> names = all_points(false);
    for (auto _ : state)
        for (const std::string& name : names) benchmark::DoNotOptimize(from_sgf(k19, name));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(names.size()));
}

BENCHMARK(from_human_all);
BENCHMARK(from_sgf_all);

}  // namespace
