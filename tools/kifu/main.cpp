// kifu: read, validate, convert and write board-game notation.

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
    using namespace kifu::cli;
    CLI::App app{"kifu: read, validate, convert and write board-game notation", "kifu"};
    app.set_version_flag("--version", "kifu 0.1.0");
    app.require_subcommand(1);
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
        return fmt::format("kifu: error: {}\nRun 'kifu --help' or 'kifu COMMAND --help' for the options.\n",
                           e.what());
    });
    app.footer(
        "Exit codes: 0 ok, 1 invalid input, 2 usage error, 3 I/O error. Errors go to stderr as "
        "SOURCE:LINE:COL: error: MESSAGE.\nRun 'kifu COMMAND --help' for a command's options.");
    const Run commands[] = {add_convert_command(app), add_validate_command(app), add_coord_command(app),
                            add_info_command(app),    add_perft_command(app),    add_moves_command(app),
                            add_pgn_command(app)};

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);  // --help, --version
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kUsage;
    }
    try {
        for (const Run& run : commands)
            if (const int code = run(); code >= 0) return code;
    } catch (const Exit& e) {
        return e.code;
    }
    return kUsage;
}
