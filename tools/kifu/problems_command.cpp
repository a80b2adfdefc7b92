// kifu problems: Go problem collections read in the convention that marks their answers,
// checked, and written in one marking (go/problems.hpp).
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "kifu/core/json.hpp"
#include "kifu/formats/problems.hpp"

namespace kifu::cli {
namespace {

// Findings that make the problem wrong as it stands (exit 1); the others are warnings.
bool is_error(go::ProblemIssue issue) {
    return issue == go::ProblemIssue::no_right_answer || issue == go::ProblemIssue::illegal_move ||
           issue == go::ProblemIssue::out_of_turn;
}

std::string moves_text(const go::Game& tree, const std::vector<NodeId>& ids) {
    std::string out;
    for (const NodeId id : ids) out += (out.empty() ? "" : " ") + go::answer_move(tree, id);
    return out.empty() ? "none" : out;
}

}  // namespace

Run add_problems_command(CLI::App& app) {
    struct Options {
        SourceOptions source;
        OutputOptions output;
        std::string convention;
        bool json = false;
        bool hen = false;
        std::string to;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "problems", "Read Go problem collections: each problem's answers, checked, in one marking");
    command->footer(
        "Each problem's convention is detected (goproblems' RIGHT, Many Faces' TE/BM, uliGo's WV/TR,\n"
        "EasyGo's main line and \"correct\" comments, the main line alone) unless --convention says it.\n"
        "Findings are warnings at the node's line and column, with its node path; a problem with no\n"
        "right answer, an illegal move or a move out of turn is an error (exit 1). Duplicates are\n"
        "found across every input, up to the board's symmetries and a colour swap.\n"
        "Examples:\n"
        "  kifu problems collection.sgf\n"
        "  kifu problems --to sgf -o normalised.sgf problems/\n"
        "  kifu problems --json --convention uligo uligo-problems.sgf\n"
        "  kifu problems --hen problems.zip");
    options->source.add_to(*command, false);
    options->output.add_to(*command);
    command->add_option(
        "--convention", options->convention,
        "read every problem's answers as this convention marks them: " + go::problem_convention_names());
    auto* json =
        command->add_flag("--json", options->json,
                          "one JSON object a problem (JSON Lines): its start as HEN, the player, the "
                          "tree of moves each right or wrong, the findings");
    auto* hen =
        command->add_flag("--hen", options->hen, "each problem's start as HEN, one a line")->excludes(json);
    command
        ->add_option("--to", options->to,
                     "write the collection in one marking: sgf (RIGHT in each right line's last comment)")
        ->excludes(json)
        ->excludes(hen);
    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        check_output_is_not_input(options->output, options->source.input);
        go::ProblemOptions read;
        if (!options->convention.empty()) {
            read.convention = go::problem_convention_named(options->convention);
            if (!read.convention)
                not_applicable("--convention", fmt::format("'{}' is none of {}", options->convention,
                                                           go::problem_convention_names()));
        }
        if (!options->to.empty() && options->to != "sgf")
            not_applicable("--to", fmt::format("problems are written as SGF, not '{}'", options->to));
        Output out(options->output);
        int result = kOk;
        go::ProblemKeys keys;
        std::uint64_t problems = 0, with_findings = 0;
        const int status = for_each_document(options->source, [&](const Input& in, const formats::Format&,
                                                                  formats::Document& d, int& code) {
            const Result<const go::Record*> collection = formats::problem_collection(d);
            if (!collection) {
                report(collection.error(), in.source);
                code = kInvalidInput;
                return;
            }
            const go::Record& record = **collection;
            std::vector<go::Problem> read_all;
            for (std::size_t g = 0; g < record.size(); ++g) {
                Result<go::Problem> p = go::read_problem(record, g, read);
                if (!p) {
                    report(p.error(), in.source);
                    code = kInvalidInput;
                    continue;
                }
                const std::string name = record.size() > 1 ? fmt::format("{} problem {}", in.source, g + 1)
                                                           : std::string(in.source);
                keys.check(*p, name);
                ++problems;
                if (!p->findings.empty()) ++with_findings;
                for (const go::ProblemFinding& f : p->findings) {
                    Error e = f.error;
                    e.message = fmt::format("{} [{}] (node {})", e.message, go::to_string(f.issue), f.path);
                    const bool error = is_error(f.issue);
                    report(e, in.source, error ? "error" : "warning");
                    if (error) result = kInvalidInput;
                }
                const go::Game& tree = record.game(g);
                if (options->json) {
                    std::string line = "{\"source\":";
                    append_json_string(line, in.source);
                    line += "," + go::problem_json(record, *p).substr(1) + "\n";
                    out.write(line);
                } else if (options->hen) {
                    out.write(go::problem_start_hen(*p) + "\n");
                } else if (options->to.empty()) {
                    out.write(fmt::format("{}: {} to play ({}{}): right {}; wrong {}\n", name,
                                          p->player == go::Stone::white ? "white" : "black",
                                          go::to_string(p->convention), p->detected ? ", detected" : "",
                                          moves_text(tree, p->right_first),
                                          moves_text(tree, p->wrong_first)));
                }
                read_all.push_back(std::move(*p));
            }
            if (options->to == "sgf") out.write(go::write_sgf(go::normalised_problems(record, read_all).sgf));
        });
        out.close();
        if (problems > 1)
            note("kifu problems",
                 fmt::format("{}, {} with findings", counted(problems, "problem"), thousands(with_findings)));
        return status != kOk ? status : result;
    };
}

}  // namespace kifu::cli
