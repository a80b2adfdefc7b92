#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/sgf_values.hpp"

namespace kifu::cli {
namespace {

// Game-info properties (FF[4]) in the order a reader wants them.
constexpr std::pair<std::string_view, std::string_view> kGameInfo[] = {
    {"GN", "game"},     {"EV", "event"},      {"RO", "round"},      {"DT", "date"},
    {"PC", "place"},    {"PB", "black"},      {"BR", "black rank"}, {"BT", "black team"},
    {"PW", "white"},    {"WR", "white rank"}, {"WT", "white team"}, {"RE", "result"},
    {"KM", "komi"},     {"HA", "handicap"},   {"RU", "rules"},      {"TM", "time"},
    {"OT", "overtime"}, {"GC", "comment"},    {"ON", "opening"},    {"SO", "source"},
    {"US", "user"},     {"AN", "annotator"},  {"CP", "copyright"},  {"AP", "application"},
};

struct TreeCounts {
    std::size_t nodes = 0;
    std::size_t leaves = 0;  // lines of play, the main line included
    std::size_t depth = 0;
};

TreeCounts count_tree(const go::SgfCollection& sgf, std::uint32_t root) {
    TreeCounts counts;
    std::vector<std::pair<std::uint32_t, std::size_t>> stack{{root, 1}};
    while (!stack.empty()) {
        const auto [n, depth] = stack.back();
        stack.pop_back();
        ++counts.nodes;
        counts.depth = std::max(counts.depth, depth);
        const auto& node = sgf.node(n);
        if (node.first_child == go::SgfCollection::kNone) ++counts.leaves;
        for (std::uint32_t c = node.first_child; c != go::SgfCollection::kNone; c = sgf.node(c).next_sibling)
            stack.push_back({c, depth + 1});
    }
    return counts;
}

}  // namespace

Run add_info_command(CLI::App& app) {
    struct Options {
        InputOptions input;
        OutputOptions output;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command =
        app.add_subcommand("info", "Describe an SGF file: game information, moves, result, variations");
    command->footer("Example:\n  kifu info game.sgf");
    options->input.add_to(*command, "the SGF file");
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        const Input input = read_input(options->input);
        const go::SgfCollection sgf = read_sgf_input(input);
        std::string out;
        int game_number = 0;
        for (const std::uint32_t root : sgf.games()) {
            ++game_number;
            if (sgf.games().size() > 1)
                out += fmt::format("game {} of {}\n", game_number, sgf.games().size());
            const Result<go::BoardSize> size = go::game_board_size(sgf, root);
            if (size) out += fmt::format("  {:<12} {}x{}\n", "size", size->width, size->height);
            for (const auto& [id, name] : kGameInfo)
                if (const std::string_view* v = sgf.value(root, id))
                    out += fmt::format("  {:<12} {}\n", name, go::sgf_simple_text(*v));
            std::vector<go::SgfWarning> warnings;
            const std::uint32_t end = go::main_line_end(sgf, root);
            const Result<go::GameState> state = go::replay_to(sgf, end, {}, &warnings);
            if (state) {
                out += fmt::format("  {:<12} {}\n", "moves", state->moves);
                out += fmt::format("  {:<12} black {}, white {}\n", "prisoners",
                                   state->board.prisoners(go::Stone::black),
                                   state->board.prisoners(go::Stone::white));
            }
            const TreeCounts counts = count_tree(sgf, root);
            out += fmt::format("  {:<12} {} (the main line and {} other)\n", "lines", counts.leaves,
                               counts.leaves - 1);
            out += fmt::format("  {:<12} {} (deepest line {})\n", "nodes", counts.nodes, counts.depth);
            for (const go::SgfWarning& w : warnings) report(w, input.source);
        }
        out += fmt::format("charset: {}\n", sgf.charset());
        write_output(options->output, out);
        return kOk;
    };
}

}  // namespace kifu::cli
