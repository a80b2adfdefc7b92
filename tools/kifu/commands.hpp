#pragma once
// Each command adds itself to the app and returns the function that runs it
// once the command line is parsed; that function returns the exit code.

#include <functional>

#include <CLI/CLI.hpp>

namespace kifu::cli {

using Run = std::function<int()>;

Run add_convert_command(CLI::App& app);
Run add_dedupe_command(CLI::App& app);
Run add_validate_command(CLI::App& app);
Run add_coord_command(CLI::App& app);
Run add_info_command(CLI::App& app);
Run add_perft_command(CLI::App& app);
Run add_moves_command(CLI::App& app);
Run add_pgn_command(CLI::App& app);
Run add_tree_command(CLI::App& app);
Run add_formats_command(CLI::App& app);
Run add_render_command(CLI::App& app);
Run add_serve_command(CLI::App& app);
Run add_index_command(CLI::App& app);
Run add_search_command(CLI::App& app);
Run add_explore_command(CLI::App& app);
Run add_analyse_command(CLI::App& app);
Run add_bestmove_command(CLI::App& app);
Run add_solve_command(CLI::App& app);
Run add_problems_command(CLI::App& app);
// kifu man and kifu completion SHELL (hidden): made from `app` when it is whole.
Run add_docs_commands(CLI::App& app);

}  // namespace kifu::cli
