#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "go_formats.hpp"

namespace kifu::cli {

Run add_validate_command(CLI::App& app) {
    struct Options {
        InputOptions input;
        OutputOptions output;
        std::string from;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "validate",
        "Check a position: print 'ok' (exit 0), or every error with its line and column (exit 1)");
    command->footer("Example:\n  kifu validate --text '.9x9_5Gb_5Hw'");
    command->add_option("--from", options->from, "input format (detected from the content when omitted)")
        ->check(CLI::IsMember(kReadableFormats));
    options->input.add_to(*command, "the position");
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        const Input input = read_input(options->input);
        const Result<Format> from = input_format(options->from, input.text);
        if (!from) {
            report(from.error(), input.source);
            return kInvalidInput;
        }
        const std::vector<Error> errors = validate_position(*from, input.text);
        for (const Error& e : errors) report(e, input.source);
        if (!errors.empty()) return kInvalidInput;
        write_output(options->output, "ok\n");
        return kOk;
    };
}

}  // namespace kifu::cli
