// kifu info: what a record holds (game information, moves, result, variations) or how a
// position stands (its diagram), for every format of the registry.

#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/score.hpp"
#include "kifu/go/sgf_values.hpp"
#include "kifu/shogi/handicap.hpp"
#include "kifu/shogi/record.hpp"
#include "kifu/shogi/sfen.hpp"

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

// The shape of any core tree: lines and nodes, deepest line.
template <class Tree>
std::string tree_lines(const Tree& tree) {
    std::size_t deepest = 0;
    walk(tree, [&](NodeId id, const auto&) {
        if (tree.node(id).children.empty()) deepest = std::max(deepest, tree.depth(id));
        return true;
    });
    const std::size_t lines = tree.line_count();
    return fmt::format(
        "  {:<12} {}\n  {:<12} {} (the main line and {} other)\n  {:<12} {} (deepest line {})\n", "moves",
        tree.main_line().size(), "lines", lines, lines - 1, "nodes", tree.size(), deepest);
}

// --dead: points in SGF ("dd") or human ("D16") coordinates, separated by commas or blanks.
Result<std::vector<go::Point>> dead_points(go::BoardSize size, std::string_view list) {
    std::vector<go::Point> out;
    std::size_t i = 0;
    while (i < list.size()) {
        while (i < list.size() && (list[i] == ',' || list[i] == ' ')) ++i;
        const std::size_t start = i;
        while (i < list.size() && list[i] != ',' && list[i] != ' ') ++i;
        if (i == start) break;
        const std::string_view token = list.substr(start, i - start);
        Result<go::Point> p = go::from_sgf(size, token);
        if (!p) p = go::from_human(size, token);
        if (!p)
            return Error{ErrorCode::unexpected_character, 0, 0, 0,
                         fmt::format("'{}' is no point of a {}x{} board (SGF 'dd' or human 'D16')", token,
                                     size.width, size.height)};
        out.push_back(*p);
    }
    return out;
}

struct SgfInfoOptions {
    go::ReplayOptions replay;
    std::optional<std::string> dead;
};

std::string sgf_info(const go::Record& record, const SgfInfoOptions& o, const std::string& source,
                     int& status) {
    const go::SgfCollection& sgf = record.sgf;  // the raw layer: the properties as written
    std::string out;
    int game_number = 0;
    for (const std::uint32_t root : sgf.games()) {
        const go::Game& tree = record.games[static_cast<std::size_t>(game_number)];
        ++game_number;
        if (sgf.games().size() > 1) out += fmt::format("game {} of {}\n", game_number, sgf.games().size());
        const Result<go::BoardSize> size = go::game_board_size(sgf, root);
        if (!size) {
            report(size.error(), source);
            status = kInvalidInput;
            continue;
        }
        out += fmt::format("  {:<12} {}x{}\n", "size", size->width, size->height);
        out +=
            fmt::format("  {:<12} {}\n", "charset", sgf.charset(static_cast<std::size_t>(game_number - 1)));
        for (const auto& [id, name] : kGameInfo)
            if (const std::string_view* v = sgf.value(root, id))
                out += fmt::format("  {:<12} {}\n", name, go::sgf_simple_text(*v));
        std::vector<go::SgfWarning> warnings;
        const Result<go::GameState> state =
            go::replay_to(sgf, go::main_line_end(sgf, root), o.replay, &warnings);
        if (state) {
            out += fmt::format("  {:<12} {}\n", "moves", state->moves);
            out += fmt::format("  {:<12} black {}, white {}\n", "prisoners",
                               state->board.prisoners(go::Stone::black),
                               state->board.prisoners(go::Stone::white));
        }
        {
            const std::size_t lines = tree.line_count();
            std::size_t deepest = 0;
            walk(tree, [&](NodeId id, const go::GameState&) {
                if (tree.node(id).children.empty()) deepest = std::max(deepest, tree.depth(id) + 1);
                return true;
            });
            out += fmt::format("  {:<12} {} (the main line and {} other)\n", "lines", lines, lines - 1);
            out += fmt::format("  {:<12} {} (deepest line {})\n", "nodes", tree.size(), deepest);
        }
        go::CountOptions count_options{.rules = o.replay.rules};
        if (o.dead) {
            Result<std::vector<go::Point>> dead = dead_points(*size, *o.dead);
            if (!dead) {
                report(dead.error(), "--dead");
                status = kInvalidInput;
                continue;
            }
            count_options.dead = std::move(*dead);
        }
        if (const Result<go::GameCount> counted = go::count_game(sgf, root, count_options)) {
            const go::GameCount& g = *counted;
            out += fmt::format("  {:<12} {} ({}, {} count{}){}\n", "rule set", g.rules.name,
                               go::to_string(g.rules.ko), go::to_string(g.rules.scoring),
                               g.rules.suicide_allowed ? ", group suicide allowed" : "",
                               g.rules_from_game ? "" : ": no RU that kifu knows, so Japanese");
            // Only a counted game (TB/TW) or one played out (two passes) has a count to show.
            if (g.marked || g.ended_by_passes) {
                const go::Count& c = g.count;
                out += fmt::format(
                    "  {:<12} {}: black {} ({} territory, {} {}), white {} ({} territory, {} {}, komi "
                    "{}{}); {}\n",
                    "count", go::to_string(c.scoring), c.black(), c.territory[0],
                    c.scoring == go::Scoring::area ? c.stones[0] : c.prisoners[0],
                    c.scoring == go::Scoring::area ? "stones" : "prisoners", c.white(), c.territory[1],
                    c.scoring == go::Scoring::area ? c.stones[1] : c.prisoners[1],
                    c.scoring == go::Scoring::area ? "stones" : "prisoners", c.komi,
                    c.compensation ? fmt::format(", handicap {}", c.compensation) : "", c.result());
                if (!g.dead.empty())
                    out += fmt::format("  {:<12} {}\n", "dead stones", g.dead.size());
                else if (!g.marked)
                    out += fmt::format("  {:<12} none marked (the count takes every stone as alive)\n",
                                       "dead stones");
            }
            if (g.result_differs)
                report(Error{ErrorCode::conflict, 0, 0, 0, *g.result_differs}, source, "warning");
        }
        for (const go::SgfWarning& w : warnings) report(go::warning_error(w), source, "warning");
    }
    return out;
}

std::string document_info(const formats::Format& from, const formats::Document& d,
                          const SgfInfoOptions& sgf_options, const std::string& source, int& status) {
    if (const auto* record = std::get_if<go::Record>(&d.value))
        return sgf_info(*record, sgf_options, source, status);
    std::string out = fmt::format("format: {} ({} {})\n", from.name, formats::to_string(formats::game_of(d)),
                                  formats::to_string(from.kind));
    if (const auto* games = std::get_if<std::vector<chess::Game>>(&d.value)) {
        std::size_t n = 0;
        for (const chess::Game& g : *games) {
            if (games->size() > 1) out += fmt::format("game {} of {}\n", ++n, games->size());
            for (const auto& [name, value] : g.tags) out += fmt::format("  {:<12} {}\n", name, value);
            out += fmt::format("  {:<12} {}\n", "result", chess::termination(g));
            if (const std::string ending = chess::describe(chess::final_status(g)); !ending.empty())
                out += fmt::format("  {:<12} {}\n", "final", ending);  // how the main line ends
            out += tree_lines(g);
        }
        return out;
    }
    if (const auto* games = std::get_if<std::vector<shogi::Game>>(&d.value)) {
        std::size_t number = 0;
        for (const shogi::Game& game : *games) {
            if (games->size() > 1) out += fmt::format("game {} of {}\n", ++number, games->size());
            for (const auto& [name, value] : game.tags) out += fmt::format("  {:<12} {}\n", name, value);
            if (const shogi::Handicap* h = shogi::handicap_of(game.start))
                out += fmt::format("  {:<12} {} ({})\n", "start", h->japanese, h->romanised);
            else
                out += fmt::format("  {:<12} {}\n", "start", shogi::write_sfen(game.start));
            out += tree_lines(game);
            const std::vector<NodeId> main = game.main_line();
            const NodeId last = main.empty() ? shogi::Game::kRoot : main.back();
            const shogi::Position end = game.position_after(last);
            if (const Ending ending = game.node(last).ending; ending != Ending::none) {
                const shogi::Handicap* h = shogi::handicap_of(game.start);
                out += fmt::format(
                    "  {:<12} {} ({})\n", "result", to_string(ending),
                    shogi::closing_line(ending, main.size(), end.side_to_move(), h && h->japanese != "平手"));
            } else if (!game.result.empty()) {
                out += fmt::format("  {:<12} {}\n", "result", game.result);
            }
            for (const shogi::LineFinding& f : shogi::judge_lines(game))
                out += fmt::format("  {:<12} {}{}\n", "judged", f.message,
                                   f.contradicts ? " (the record says otherwise)" : "");
            if (Result<BoardView> view = formats::board_view(formats::Document{formats::Value{end}, {}}))
                out += render_text(*view);
        }
        return out;
    }
    if (const auto* games = std::get_if<std::vector<xiangqi::Game>>(&d.value)) {
        std::size_t number = 0;
        for (const xiangqi::Game& game : *games) {
            if (games->size() > 1) out += fmt::format("game {} of {}\n", ++number, games->size());
            for (const auto& [name, value] : game.tags) out += fmt::format("  {:<12} {}\n", name, value);
            if (game.start != xiangqi::Position::start())
                out += fmt::format("  {:<12} {}\n", "start", xiangqi::write_fen(game.start));
            out += tree_lines(game);
            if (!game.result.empty()) out += fmt::format("  {:<12} {}\n", "result", game.result);
            const std::vector<NodeId> main = game.main_line();
            const xiangqi::Position end =
                game.position_after(main.empty() ? xiangqi::Game::kRoot : main.back());
            if (const xiangqi::Status s = xiangqi::status(end); s != xiangqi::Status::ongoing)
                out += fmt::format("  {:<12} {}: {} loses\n", "final", to_string(s),
                                   end.side_to_move == xiangqi::Color::red ? "Red" : "Black");
            else if (xiangqi::insufficient_material(end))
                out += fmt::format("  {:<12} no piece left that can cross the river: a draw\n", "final");
            for (const xiangqi::Repetition& r : xiangqi::repetitions(game))
                out += fmt::format("  {:<12} {}\n", "judged", r.message);
            if (Result<BoardView> view = formats::board_view(formats::Document{formats::Value{end}, {}}))
                out += render_text(*view);
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
        const bool several = options->source.input.sources().size() > 1;
        const int status = for_each_document(
            options->source,
            [&](const Input& in, const formats::Format& from, formats::Document& d, int& code) {
                if (options->dead && from.name != "sgf")
                    not_applicable("--dead",
                                   fmt::format("it is for SGF records, and the input is {}", from.name));
                if (several) out.write(fmt::format("{}:\n", in.source));
                const SgfInfoOptions sgf_options{formats::sgf_replay_options(options->source.read_options()),
                                                 options->dead};
                out.write(document_info(from, d, sgf_options, in.source, code));
            });
        out.close();
        return status;
    };
}

}  // namespace kifu::cli
