// kifu info: what a record holds (game information, moves, result, variations) or how a
// position stands (its diagram), for every format of the registry.

#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "kifu/formats/describe.hpp"
#include "kifu/shogi/handicap.hpp"

namespace kifu::cli {
namespace {

std::string document_info(const formats::Format& from, const formats::Document& d,
                          const formats::DescribeOptions& options, const std::string& source, int& status) {
    std::string out = fmt::format("format: {} ({} {})\n", from.name, formats::to_string(formats::game_of(d)),
                                  formats::to_string(from.kind));
    if (formats::is_record(d)) {
        const std::vector<formats::GameReport> reports = formats::describe(d, options);
        for (std::size_t i = 0; i < reports.size(); ++i) {
            if (reports.size() > 1) out += fmt::format("game {} of {}\n", i + 1, reports.size());
            out += formats::report_text(reports[i]);
            for (const Error& e : reports[i].errors) {
                report(e, source);
                status = kInvalidInput;
            }
            for (const Error& w : reports[i].warnings) report(w, source, "warning");
        }
        return out;
    }
    if (const auto* position = std::get_if<shogi::Position>(&d.value))
        if (const shogi::Handicap* h = shogi::handicap_of(*position))
            out += fmt::format("start position: {} ({}, {})\n", h->japanese, h->romanised, h->english);
    std::vector<std::string> notes;
    if (Result<std::string> diagram = formats::find_format("txt")->write(d, {}, notes)) out += *diagram;
    return out;
}

}  // namespace

Run add_info_command(CLI::App& app) {
    struct Options {
        SourceOptions source;
        OutputOptions output;
        std::optional<std::string> dead;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "info",
        "Describe a record (game information, moves, result, variations) or a position (its diagram)");
    command->footer(
        "Examples:\n  kifu info game.sgf\n  kifu info --text "
        "'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'");
    options->source.add_to(*command, false);
    command
        ->add_option(
            "--dead", options->dead,
            "SGF: the dead stones for the count, instead of the TB/TW markup: points such as dd,ee or "
            "D16,E15")
        ->option_text("POINTS");
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        check_output_is_not_input(options->output, options->source.input);
        Output out(options->output);
        const bool several = options->source.input.several();
        const int status = for_each_document(
            options->source,
            [&](const Input& in, const formats::Format& from, formats::Document& d, int& code) {
                if (options->dead && from.name != "sgf")
                    not_applicable("--dead",
                                   fmt::format("it is for SGF records, and the input is {}", from.name));
                if (several) out.write(fmt::format("{}:\n", in.source));
                const formats::DescribeOptions describe{options->source.read_options(),
                                                        options->dead.value_or("")};
                out.write(document_info(from, d, describe, in.source, code));
            });
        out.close();
        return status;
    };
}

}  // namespace kifu::cli
