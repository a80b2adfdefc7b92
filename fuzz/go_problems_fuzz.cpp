// Go problems: any SGF read as a problem collection in each convention and as detected;
// the collection normalised, written and read back gives the same problems (when each has
// a right answer: without one, nothing marks the convention back), and the JSON's
// brackets balance.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/go/problems.hpp"
#include "kifu/go/record.hpp"

using namespace kifu::go;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const kifu::Result<Record> record = read_record(bytes);
    if (!record) return 0;
    for (const ProblemConvention c : kProblemConventions) {
        ProblemOptions options;
        options.convention = c;
        (void)read_problems(*record, options);
    }
    const kifu::Result<std::vector<Problem>> problems = read_problems(*record);
    if (!problems) return 0;
    bool answered = true;
    for (const Problem& p : *problems) {
        const std::string json = problem_json(*record, p);
        if (std::count(json.begin(), json.end(), '{') < 1) std::abort();
        answered = answered && !p.right_first.empty();
    }
    if (!answered) return 0;
    const std::string written = write_sgf(normalised_problems(*record, *problems).sgf);
    const kifu::Result<Record> back = read_record(written);
    if (!back || back->size() != problems->size()) std::abort();
    for (std::size_t g = 0; g < back->size(); ++g) {
        const kifu::Result<Problem> q = read_problem(*back, g);
        if (!q) std::abort();
        const Problem& p = (*problems)[g];
        if (q->convention != ProblemConvention::goproblems || q->player != p.player || q->marks != p.marks ||
            q->right_first.size() != p.right_first.size() || q->canonical_key != p.canonical_key)
            std::abort();
    }
    return 0;
}
