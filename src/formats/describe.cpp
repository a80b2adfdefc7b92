#include "kifu/formats/describe.hpp"

#include <fmt/format.h>

#include "format_support.hpp"
#include "kifu/formats/game_rules.hpp"

namespace kifu::formats {

std::vector<GameReport> describe(const Document& record, const DescribeOptions& options) {
    std::vector<GameReport> out;
    for (std::size_t i = 0, n = is_record(record) ? game_count(record) : 0; i < n; ++i)
        out.push_back(describe_game(record, i, options));
    return out;
}

GameReport describe_game(const Document& record, std::size_t index, const DescribeOptions& options) {
    return std::visit(
        [&](const auto& value) -> GameReport {
            // Every record type has its describe_game (format_support.hpp): one missing does
            // not compile.
            if constexpr (requires { trees_of(value); }) {
                if (index < trees_of(value).size()) return describe_game(value, index, options);
                GameReport r;
                r.errors.push_back(unplaced_error(
                    ErrorCode::out_of_range, fmt::format("there is no game {}: the input holds {} game(s)",
                                                         index + 1, trees_of(value).size())));
                return r;
            } else {
                GameReport r;
                r.errors.push_back(
                    unplaced_error(ErrorCode::unsupported, "a position is no game to describe"));
                return r;
            }
        },
        record.value);
}

std::string report_text(const GameReport& report) {
    std::string out;
    for (const GameReport::Fact& f : report.facts) out += fmt::format("  {:<12} {}\n", f.label, f.text);
    if (report.board) out += render_text(*report.board);
    return out;
}

}  // namespace kifu::formats
