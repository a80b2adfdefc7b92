// The move generators in the CLI: perft and moves, one template over the game interface
// (core/game_rules.hpp) for every game that has one.

#include <chrono>
#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "kifu/formats/game_rules.hpp"

namespace kifu::cli {
namespace {

// The game of --game (chess by default) as its traits: f(std::type_identity<Traits>{});
// a usage error for a game without a move generator behind the game interface.
template <class F>
void with_game_rules(const std::string& name, F&& f) {
    const formats::GameInfo* game = formats::game_named(name);
    if (!game) fail(kUsage, fmt::format("--game {}: the games are {}", name, formats::game_names()));
    if (!formats::visit_game_rules(game->game, f))
        fail(kUsage, fmt::format("--game {}: {} has no move generator here", name, name));
}

// A position given on the command line in the game's notation ("startpos" and what else
// the game takes); reports and exits 1 when it does not read.
template <GameRules Rules>
typename Rules::Position position_argument(const std::string& text) {
    Result<typename Rules::Position> pos = Rules::read_position(text);
    if (!pos) {
        report(pos.error(), fmt::format("<{}>", formats::game_named(Rules::game)->position_format));
        throw Exit{kInvalidInput};
    }
    return *pos;
}

// perft, or its divide (each legal move in the game's plain notation, then its count).
template <GameRules Rules>
std::uint64_t count_nodes(const typename Rules::Position& pos, int depth, bool divide, std::string& out) {
    if (!divide || depth == 0) return Rules::perft(pos, depth);
    std::uint64_t nodes = 0;
    for (const auto& m : Rules::legal_moves(pos)) {
        typename Rules::Position next = pos;
        Rules::play(next, m);
        const std::uint64_t n = Rules::perft(next, depth - 1);
        out += fmt::format("{}: {}\n", Rules::engine_move(pos, m), n);
        nodes += n;
    }
    return nodes;
}

std::string games_with_rules() {
    std::string out;
    for (const formats::GameInfo& g : formats::all_games())
        formats::visit_game_rules(g.game,
                                  [&](auto) { out += fmt::format("{}{}", out.empty() ? "" : ", ", g.name); });
    return out;
}

}  // namespace

Run add_perft_command(CLI::App& app) {
    struct Options {
        std::string fen;
        std::string game = "chess";
        int depth = 1;
        bool divide = false;
        OutputOptions output;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command =
        app.add_subcommand("perft", "Count the positions reached at a depth (move generator test)");
    command->footer(
        "Examples:\n  kifu perft startpos 5\n  kifu perft --divide 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/"
        "PPPBBPPP/R3K2R w KQkq - 0 1' 3\n  kifu perft --game shogi startpos 5\n"
        "  kifu perft --game shogi 'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1' "
        "3\n  kifu perft --game xiangqi startpos 4\n  kifu perft --game go .9x9 3");
    command
        ->add_option(
            "POSITION", options->fen,
            "chess: a FEN or 'startpos'; shogi: an SFEN, 'startpos', 'startpos moves 7g7f ...', or a "
            "handicap's name (二枚落ち, 2mai, 2-piece; 'kifu formats' does not list them: docs/shogi.md "
            "does); xiangqi: a FEN or 'startpos'; go: a HEN or 'startpos' (19x19)")
        ->required();
    command->add_option("DEPTH", options->depth, "plies")->required()->check(CLI::Range(0, 20));
    command->add_option("--game", options->game,
                        fmt::format("{} (chess is the default)", games_with_rules()));
    command->add_flag("--divide", options->divide,
                      "the count under each legal move (UCI/USI/ICCS/GTP), then the total");
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        std::string out;
        const auto start = std::chrono::steady_clock::now();
        std::uint64_t nodes = 0;
        with_game_rules(options->game, [&]<class Rules>(std::type_identity<Rules>) {
            nodes = count_nodes<Rules>(position_argument<Rules>(options->fen), options->depth,
                                       options->divide, out);
        });
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        out += fmt::format("nodes {}\n", nodes);
        Output output(options->output);
        output.write(out);
        output.close();
        fmt::print(stderr, "{:.3f} s, {:.0f} nodes/s\n", seconds,
                   seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0);
        return kOk;
    };
}

Run add_moves_command(CLI::App& app) {
    struct Options {
        std::string fen;
        std::string game = "chess";
        OutputOptions output;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "moves",
        "List the legal moves of a position (chess: SAN and UCI; shogi: USI; xiangqi: ICCS, WXF, "
        "Chinese and SAN; go: human and SGF coordinates)");
    command->footer(
        "Examples:\n  kifu moves startpos\n  kifu moves --game shogi 'startpos moves 7g7f 3c3d'\n"
        "  kifu moves --game xiangqi startpos\n  kifu moves --game go .9x9_5Eb.E5b.w");
    command->add_option("POSITION", options->fen, "a FEN, an SFEN, a HEN, or 'startpos' (see perft)")
        ->required();
    command->add_option("--game", options->game,
                        fmt::format("{} (chess is the default)", games_with_rules()));
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        std::string out;
        with_game_rules(options->game, [&]<class Rules>(std::type_identity<Rules>) {
            const typename Rules::Position pos = position_argument<Rules>(options->fen);
            for (const auto& m : Rules::legal_moves(pos)) out += Rules::move_notations(pos, m) + "\n";
            // An empty list says nothing by itself: say why, and any draw that stands.
            if (const std::string note_text = Rules::status_note(pos); !note_text.empty())
                note(options->fen, note_text);
        });
        Output output(options->output);
        output.write(out);
        output.close();
        return kOk;
    };
}

}  // namespace kifu::cli
