// kifu validate: every error of every input, in any format of the registry.

#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "pgn_commands.hpp"

namespace kifu::cli {

Run add_validate_command(CLI::App& app) {
    struct Options {
        SourceOptions source;
        PgnOptions pgn;
        OutputOptions output;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "validate",
        "Check positions or games: print 'ok' (exit 0), or every error with its line and column (exit 1)");
    command->footer(
        "SGF: every node of every game is replayed; warnings (illegal moves, damaged values) are listed on "
        "stderr and do not fail the check. With several INPUTs each is reported under its own "
        "name.\nExamples:\n"
        "  kifu validate --text '.9x9_5Gb_5Hw'\n  kifu validate *.sgf\n"
        "  kifu validate --keep-broken bad.pgn games.pgn.zst   # every error with its game, line and column");
    options->source.add_to(*command, false);
    options->pgn.add_to(*command);
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        const SourceOptions& o = options->source;
        check_output_is_not_input(options->output, o.input);
        options->pgn.check_keep_broken(options->output, o.input);
        Output out(options->output);
        const bool several = o.input.several();
        int status = kOk;
        for_each_source(o.input, [&](const std::string& path, const Input* entry) {
            if (!entry && streams_pgn(o, path)) {
                status = std::max(status, validate_pgn(o, path, nullptr, options->pgn, out, several));
                return;
            }
            const Input in = entry ? *entry : read_input(o.input, path);
            const formats::Format& from = input_format(in, o);
            if (!options->pgn.streaming_given().empty() && !from.takes(formats::kStreams))
                not_applicable(options->pgn.streaming_given(),
                               fmt::format("it is for PGN input, and the input is {}", from.name));
            if (from.takes(formats::kStreams)) {
                status = std::max(status, validate_pgn(o, in.path, &in.text, options->pgn, out, several));
                return;
            }
            std::vector<Error> warnings;
            const std::vector<Error> errors = from.validate(in.text, o.read_options(), warnings);
            report_warnings(warnings, in.source);
            for (const Error& e : errors) report(e, in.source);
            if (!errors.empty()) {
                status = kInvalidInput;
                return;
            }
            out.write(several ? fmt::format("{}: ok\n", in.source) : std::string("ok\n"));
        });
        out.close();
        return status;
    };
}

}  // namespace kifu::cli
