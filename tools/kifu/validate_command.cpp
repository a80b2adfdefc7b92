#include <memory>

#include "cli_io.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "pgn_commands.hpp"

namespace kifu::cli {

Run add_validate_command(CLI::App& app) {
    struct Options {
        PositionInputOptions source;
        PgnOptions pgn;
        OutputOptions output;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "validate",
        "Check a position or game: print 'ok' (exit 0), or every error with its line and column (exit 1)");
    command->footer(
        "SGF: every node of every game is replayed; warnings (illegal moves, damaged values) are listed on "
        "stderr and do not fail the check.\nExamples:\n  kifu validate --text '.9x9_5Gb_5Hw'\n"
        "  kifu validate game.sgf\n  kifu validate --keep-broken bad.pgn games.pgn.zst   # every error with "
        "its game, "
        "line and column");
    options->source.add_to(*command, false);
    options->pgn.add_to(*command, false);
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        if (is_pgn_request(options->source))
            return validate_pgn(options->source, nullptr, options->pgn, options->output);
        const PositionInput in = read_position_input(options->source);
        if (in.format == Format::pgn)
            return validate_pgn(options->source, &in.input.text, options->pgn, options->output);
        const std::vector<Error> errors = is_feen_family(in.format)   ? validate_feen_family(in)
                                          : in.format == Format::sfen ? validate_sfen_input(in)
                                          : is_chess(in.format)       ? validate_chess(in)
                                                                : validate_position(in, options->source);
        for (const Error& e : errors) report(e, in.input.source);
        if (!errors.empty()) return kInvalidInput;
        write_output(options->output, "ok\n");
        return kOk;
    };
}

}  // namespace kifu::cli
