// kifu solve: mate problems of any game with checkmate (formats/solve.hpp): a tsume, a chess
// or xiangqi mate, each problem of a collection solved and checked as its composer would.
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "filter_options.hpp"
#include "formats.hpp"
#include "kifu/core/json.hpp"
#include "kifu/formats/solve.hpp"
#include "kifu/formats/write.hpp"

namespace kifu::cli {
namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

// The problem's defects, one sentence each: what a composer would want to hear of.
std::vector<std::string> defects(const formats::Solution& s) {
    std::vector<std::string> out;
    if (s.keys.size() > 1)
        out.push_back(fmt::format("cooked: other first moves that mate as soon: {}",
                                  joined(std::vector<std::string>(s.keys.begin() + 1, s.keys.end()))));
    for (const formats::MateAlternatives& a : s.alternatives)
        out.push_back(fmt::format("{} at ply {}: {}",
                                  a.ply == s.plies ? "other mating moves" : "alternative mates", a.ply,
                                  joined(a.moves)));
    if (s.verdict == "mate" && s.record_plies > 0 && s.record_plies != s.plies)
        out.push_back(
            fmt::format("the record's solution has {} plies, the shortest mate {}", s.record_plies, s.plies));
    if (s.record_plies > 0 && !s.record_mates) out.push_back("the record's solution does not end in mate");
    if (s.verdict == "mate" && s.record_plies == s.plies && !s.record_key.empty() &&
        std::find(s.keys.begin(), s.keys.end(), s.record_key) == s.keys.end())
        out.push_back(fmt::format("the record's first move {} is no key: {}", s.record_key, joined(s.keys)));
    return out;
}

std::string as_json(const formats::Solution& s, std::string_view source, std::size_t game) {
    JsonWriter j;
    j.open('{');
    j.key("source");
    j.string(source);
    j.key("game");
    j.number(static_cast<std::uint64_t>(game + 1));
    j.key("verdict");
    j.string(s.verdict);
    if (s.verdict == "mate") {
        j.key("plies");
        j.number(static_cast<std::uint64_t>(s.plies));
    }
    const auto list = [&](std::string_view name, const std::vector<std::string>& words) {
        j.key(name);
        j.open('[');
        for (const std::string& w : words) j.string(w);
        j.close(']');
    };
    list("line", s.line);
    list("keys", s.keys);
    j.key("alternatives");
    j.open('[');
    for (const formats::MateAlternatives& a : s.alternatives) {
        j.open('{');
        j.key("ply");
        j.number(static_cast<std::uint64_t>(a.ply));
        list("moves", a.moves);
        j.close('}');
    }
    j.close(']');
    if (s.record_plies >= 0) {
        j.key("record_plies");
        j.number(static_cast<std::uint64_t>(s.record_plies));
    }
    j.key("nodes");
    j.number(s.nodes);
    j.close('}');
    return j.take() + "\n";
}

}  // namespace

Run add_solve_command(CLI::App& app) {
    struct Options {
        SourceOptions source;
        OutputOptions output;
        FilterOptions filters;  // --where, --date, --result, --player, --rating
        std::optional<int> plies;
        std::optional<int> mate;
        std::uint64_t nodes = formats::SolveOptions{}.max_nodes;
        bool json = false;
        std::string to;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "solve", "Solve mate problems: a shogi tsume, a chess or xiangqi mate (each game of a collection)");
    command->footer(
        "The solution is the shortest mate against the longest defence; shogi keeps tsume's rules\n"
        "(every attacking move a check, useless interpositions not counted). Cooks, alternative\n"
        "mates and a record whose solution is longer or shorter are warnings. Exit 1 when a\n"
        "problem has no mate (within --plies) or the node limit came first.\n"
        "Examples:\n"
        "  kifu solve --text '4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1'\n"
        "  kifu solve --to kif -o solution.kif tsume.kif\n"
        "  kifu solve --mate 3 --text '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1'\n"
        "  kifu solve --json problems.sfen\n"
        "  kifu solve --where Themes=mate lichess_db_puzzle.csv");
    options->source.add_to(*command, false);
    options->output.add_to(*command);
    options->filters.add_to(*command);
    auto* plies =
        command->add_option("--plies", options->plies, "a mate within N plies (any length when not given)")
            ->check(CLI::Range(1, 2001));
    command->add_option("--mate", options->mate, "a mate in N moves of the side to move: --plies 2N-1")
        ->check(CLI::Range(1, 1000))
        ->excludes(plies);
    command->add_option("--nodes", options->nodes, "the most positions searched for a problem (20,000,000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    auto* json = command->add_flag("--json", options->json, "one JSON object a problem (JSON Lines)");
    command
        ->add_option("--to", options->to,
                     "write each solution as a record in this format (kif, ki2, pgn, ...)")
        ->excludes(json);
    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        check_output_is_not_input(options->output, options->source.input);
        const formats::Format* to = nullptr;
        if (!options->to.empty()) {
            to = formats::find_format(options->to);
            if (!to)
                not_applicable("--to",
                               fmt::format("'{}' is no format (kifu formats lists them)", options->to));
        }
        formats::SolveOptions solve;
        solve.max_nodes = options->nodes;
        if (options->plies) solve.max_plies = *options->plies;
        if (options->mate) solve.max_plies = 2 * *options->mate - 1;
        std::optional<formats::GameFilter> filter;
        if (options->filters.given()) filter = options->filters.filter();
        Output out(options->output);
        int result = kOk;
        const int status = for_each_document(options->source, [&](const Input& in, const formats::Format&,
                                                                  formats::Document& d, int& code) {
            const std::size_t games = formats::is_record(d) ? formats::game_count(d) : 1;
            if (filter && !formats::is_record(d))
                not_applicable(options->filters.first_given(),
                               "it selects games of a record, and " + in.source + " holds a position");
            std::vector<std::size_t> chosen;
            if (filter) {
                chosen = formats::passing_games(d, *filter);
                note(in.source,
                     fmt::format("{} of {} pass the filters", thousands(chosen.size()), thousands(games)));
            } else {
                for (std::size_t g = 0; g < games; ++g) chosen.push_back(g);
            }
            for (const std::size_t g : chosen) {
                const std::string name = games > 1 ? fmt::format("{} game {}", in.source, g + 1) : in.source;
                Result<formats::Solution> s = formats::solve(d, g, solve);
                if (!s) {
                    report(s.error(), in.source);
                    code = kInvalidInput;
                    return;
                }
                for (const std::string& defect : defects(*s)) note(name, defect);
                if (s->verdict != "mate") {
                    report(
                        Error{ErrorCode::conflict, TextPlace{0, s->source_line, 1},
                              s->verdict == "no_mate"
                                  ? (solve.max_plies ? fmt::format("no mate within {} plies", solve.max_plies)
                                                     : std::string("no mate"))
                                  : fmt::format("not solved within {} nodes (--nodes)", thousands(s->nodes))},
                        name);
                    result = kInvalidInput;
                }
                if (options->json) {
                    out.write(as_json(*s, in.source, g));
                } else if (to) {
                    if (s->verdict != "mate") continue;
                    for (const formats::Written& w :
                         formats::write_document(s->record, *to, {}, false, true)) {
                        if (w.error) {
                            report(*w.error, name);
                            result = kInvalidInput;
                        } else {
                            out.write(w.text);
                        }
                    }
                } else if (s->verdict == "mate") {
                    out.write(fmt::format("{}: mate in {} plies: {}\n", name, s->plies, joined(s->line)));
                }
            }
        });
        out.close();
        return status != kOk ? status : result;
    };
}

}  // namespace kifu::cli
