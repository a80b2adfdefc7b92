// kifu tree: every node of a record, with the path that --node takes, its move and its
// comment, for every record format of the registry.

#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/go/game.hpp"

namespace kifu::cli {
namespace {

std::string one_line(std::string_view text) {
    std::string out;
    for (const char c : text) out += c == '\n' || c == '\r' ? ' ' : c;
    return out;
}

// "16s", "1.5s": the time a move took.
std::string seconds(std::int32_t ms) {
    if (ms % 1000 == 0) return fmt::format("{}s", ms / 1000);
    std::string out = fmt::format("{}.{:03}", ms / 1000, ms % 1000);
    while (out.back() == '0') out.pop_back();
    return out + 's';
}

template <class Tree>
std::string list_tree(const Tree& tree) {
    std::string out;
    std::vector<std::string> paths(tree.size());
    paths[Tree::kRoot] = "0";
    walk(tree, [&](NodeId id, const auto&) {
        const auto& n = tree.node(id);
        for (std::size_t k = 0; k < n.children.size(); ++k) paths[n.children[k]] = child_path(paths[id], k);
        std::string line = paths[id];
        if (!n.text.empty()) line += "  " + n.text;
        if (id == Tree::kRoot && n.text.empty()) line += "  (start)";
        for (const std::string& c : n.starting_comments()) line += "  {" + one_line(c) + "}";
        for (const std::uint8_t nag : n.nags()) line += fmt::format(" ${}", nag);
        for (const std::string& c : n.comments()) line += "  {" + one_line(c) + "}";
        if (!n.name().empty()) line += "  &" + one_line(n.name());
        if (n.time_ms >= 0) line += fmt::format("  [{}]", seconds(n.time_ms));
        if (n.ending != Ending::none) {
            line += fmt::format("  ({})", to_string(n.ending));
            if (n.ending_time_ms >= 0) line += fmt::format(" [{}]", seconds(n.ending_time_ms));
        }
        out += line + '\n';
        return true;
    });
    return out;
}

}  // namespace

Run add_tree_command(CLI::App& app) {
    struct Options {
        SourceOptions source;
        OutputOptions output;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "tree", "List every node of a record: the path --node takes, the move as written, its comment");
    command->footer(
        "Examples:\n  kifu tree game.sgf\n  kifu tree examples/opera-game.pgn\n"
        "  kifu convert --to hen --node 20.v1.5 game.sgf   # a path that tree printed");
    options->source.add_to(*command, false);
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        check_output_is_not_input(options->output, options->source.input);
        Output out(options->output);
        const int status = for_each_document(
            options->source,
            [&](const Input& in, const formats::Format& from, formats::Document& d, int& code) {
                if (from.kind == formats::Kind::position)
                    fail(kUsage, fmt::format("{}: {} is a position format; tree lists the nodes of a record",
                                             in.source, from.name));
                std::string text;
                formats::visit_record(d, [&](const auto& games) {
                    for (std::size_t i = 0; i < games.size(); ++i) {
                        if (!games[i].errors.empty()) {
                            report(games[i].errors.front(), in.source);
                            code = kInvalidInput;
                            if (games[i].size() == 1) continue;  // nothing read (an SGF's SZ that is no size)
                        }
                        if (games.size() > 1) text += fmt::format("game {} of {}\n", i + 1, games.size());
                        text += list_tree(games[i]);
                    }
                });
                out.write(text);
            });
        out.close();
        return status;
    };
}

Run add_formats_command(CLI::App& app) {
    auto output = std::make_shared<OutputOptions>();
    CLI::App* command = app.add_subcommand(
        "formats", "List every format kifu knows: its game, kind, and what kifu does with it");
    output->add_to(*command);
    return [command, output]() -> int {
        if (!command->parsed()) return -1;
        std::string text =
            fmt::format("{:<14} {:<8} {:<9} {:<22} {}\n", "FORMAT", "GAME", "KIND", "KIFU", "WHAT");
        for (const formats::Format& f : formats::all_formats()) {
            std::string can = f.can_read() ? "read" : "";
            if (f.validate) can += can.empty() ? "validate" : ", validate";
            if (f.can_write()) can += can.empty() ? "write" : ", write";
            text += fmt::format("{:<14} {:<8} {:<9} {:<22} {}\n", f.name, formats::to_string(f.game),
                                formats::to_string(f.kind), can, f.description);
        }
        Output out(*output);
        out.write(text);
        out.close();
        return kOk;
    };
}

}  // namespace kifu::cli
