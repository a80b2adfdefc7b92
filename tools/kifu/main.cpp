// kifu: read, validate, convert and write board-game notation.

#include <csignal>
#include <cstdio>
#include <exception>
#include <system_error>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/image/formats.hpp"
#include "kifu/version.hpp"

namespace {

// "kifu convrt" names no command: say which one was meant.
int unknown_command(const CLI::App& app, const std::string& word) {
    std::vector<std::string> names;
    for (const CLI::App* c : app.get_subcommands([](const CLI::App*) { return true; }))
        names.push_back(c->get_name());
    std::vector<std::string_view> views(names.begin(), names.end());
    const std::string_view near = kifu::formats::nearest_name(word, views);
    fmt::print(stderr, "kifu: error: '{}' is not a command{}\nThe commands: {}. Run 'kifu --help'.\n", word,
               near.empty() ? std::string{} : fmt::format("; did you mean '{}'?", near),
               fmt::join(names, ", "));
    return kifu::cli::kUsage;
}

// The first word of the command line that names no option of the command it is given to
// ("convert --too fen", "kifu --foo"): CLI11 reports what the misspelling left missing ("--to
// is required", "a subcommand is required"), so the word itself is looked for first. Returns
// -1 when every option is known.
int unknown_option(CLI::App& app, int argc, char** argv) {
    CLI::App* command = &app;
    std::string path = "kifu";
    for (int i = 1; i < argc; ++i) {
        const std::string_view word = argv[i];
        if (word == "--") break;
        if (word.size() < 2 || word[0] != '-') {
            if (command == &app) {  // the command's name
                const std::vector<CLI::App*> named =
                    app.get_subcommands([&](CLI::App* c) { return c->get_name() == word; });
                if (named.empty()) return -1;  // not a command: unknown_command says so
                command = named.front();
                path += " " + std::string(word);
            }
            continue;
        }
        // "--name=value", "-oFILE": the name alone.
        const std::string name(word.starts_with("--") ? word.substr(0, word.find('=')) : word.substr(0, 2));
        if (const CLI::Option* option = command->get_option_no_throw(name)) {
            if (option->get_expected_max() > 0 && word.find('=') == std::string_view::npos &&
                name.size() == word.size())
                ++i;  // its value, which may begin with '-'
            continue;
        }
        std::vector<std::string> names;
        for (const CLI::Option* option : kifu::cli::options_of(*command))
            for (const std::string& long_name : option->get_lnames()) names.push_back("--" + long_name);
        std::vector<std::string_view> views(names.begin(), names.end());
        const std::string_view near = kifu::formats::nearest_name(name, views);
        fmt::print(stderr, "kifu: error: '{}' is not an option of '{}'{}\nRun '{} --help' for its options.\n",
                   name, path, near.empty() ? std::string{} : fmt::format("; did you mean '{}'?", near),
                   path);
        return kifu::cli::kUsage;
    }
    return -1;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace kifu::cli;
    // A closed pipe is seen as EPIPE, not a death by SIGPIPE: a reader that went away ends the
    // command quietly (exit 0), any other write fault is exit 3.
    std::signal(SIGPIPE, SIG_IGN);
    // The tool draws: svg, png and gif join the registry before its flags are made from it.
    kifu::image::add_formats();
    CLI::App app{"kifu: read, validate, convert and write board-game notation", "kifu"};
    app.set_version_flag("--version", fmt::format("kifu {}", kifu::version));
    app.require_subcommand(1);
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
        return fmt::format("kifu: error: {}\nRun 'kifu --help' or 'kifu COMMAND --help' for the options.\n",
                           e.what());
    });
    app.footer(
        "Exit codes: 0 ok, 1 invalid input, 2 usage error, 3 I/O error. Errors go to stderr as "
        "SOURCE:LINE:COL: error: MESSAGE.\n'kifu formats' lists the formats. Run 'kifu COMMAND --help' for a "
        "command's options.");
    const Run commands[] = {add_convert_command(app),  add_dedupe_command(app),   add_validate_command(app),
                            add_info_command(app),     add_tree_command(app),     add_formats_command(app),
                            add_coord_command(app),    add_perft_command(app),    add_moves_command(app),
                            add_pgn_command(app),      add_render_command(app),   add_serve_command(app),
                            add_index_command(app),    add_search_command(app),   add_explore_command(app),
                            add_analyse_command(app),  add_bestmove_command(app), add_solve_command(app),
                            add_problems_command(app), add_docs_commands(app)};
    try {
        try {
            app.parse(argc, argv);
        } catch (const CLI::Success& e) {
            return app.exit(e);  // --help, --version
        } catch (const CLI::ParseError& e) {
            if (const int code = unknown_option(app, argc, argv); code >= 0) return code;
            if (argc > 1 && argv[1][0] != '-' &&
                app.get_subcommands([&](const CLI::App* c) { return c->get_name() == argv[1]; }).empty())
                return unknown_command(app, argv[1]);
            app.exit(e);
            return kUsage;
        }
        int code = kUsage;
        try {
            for (const Run& run : commands)
                if (code = run(); code >= 0) break;
        } catch (const Exit& e) {
            code = e.code;
        }
        end_messages();
        // A message that could not be written (a closed or full stderr) is an I/O fault.
        if (std::fflush(stderr) != 0 || std::ferror(stderr)) return kIoError;
        return code;
    } catch (const std::bad_alloc&) {
        std::fputs("kifu: error: out of memory\n", stderr);
        return kIoError;
    } catch (const std::system_error& e) {
        if (e.code() == std::errc::broken_pipe) return kOk;
        std::fprintf(stderr, "kifu: error: %s\n", e.what());
        return kIoError;
    } catch (const std::exception& e) {
        // fmt throws when stdout or stderr cannot be written.
        std::fprintf(stderr, "kifu: error: %s\n", e.what());
        return kIoError;
    }
}
