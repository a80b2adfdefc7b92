// The move generators in the CLI: perft and moves, for chess, shogi and xiangqi.

#include <chrono>
#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/san.hpp"
#include "kifu/chess/status.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/shogi/handicap.hpp"
#include "kifu/shogi/sfen.hpp"
#include "kifu/xiangqi/notation.hpp"

namespace kifu::cli {
namespace {

// A position from a FEN given on the command line ("startpos" for the standard one);
// reports and exits 1 when it does not read.
chess::Position fen_argument(const std::string& fen) {
    if (fen == "startpos") return chess::Position::start();
    Result<chess::Position> pos = chess::parse_fen(trim_blanks(fen), {.relaxed = true});
    if (!pos) {
        report(pos.error(), "<fen>");
        throw Exit{kInvalidInput};
    }
    return *pos;
}

}  // namespace

// "startpos", a handicap's name (二枚落ち, 2mai), an SFEN, or a USI position command's
// argument ("startpos moves 7g7f").
namespace {

shogi::Position shogi_argument(const std::string& text) {
    Result<shogi::Position> pos = shogi::read_start_position(text);
    if (!pos) {
        report(pos.error(), "<sfen>");
        throw Exit{kInvalidInput};
    }
    return *pos;
}

// A xiangqi FEN, or "startpos".
xiangqi::Position xiangqi_argument(const std::string& text) {
    if (trim_blanks(text) == "startpos") return xiangqi::Position::start();
    Result<xiangqi::Position> pos = xiangqi::parse_fen(trim_blanks(text));
    if (!pos) {
        report(pos.error(), "<fen>");
        throw Exit{kInvalidInput};
    }
    return *pos;
}

}  // namespace

// perft, or its divide, for either game: the same loop over their parallel APIs.
template <class Position, class Legal, class Perft, class Name>
std::uint64_t count_nodes(const Position& pos, int depth, bool divide, std::string& out, Legal legal,
                          Perft perft, Name name) {
    if (!divide || depth == 0) return perft(pos, depth);
    std::uint64_t nodes = 0;
    for (const auto m : legal(pos)) {
        Position next = pos;
        next.play(m);
        const std::uint64_t n = perft(next, depth - 1);
        out += fmt::format("{}: {}\n", name(pos, m), n);
        nodes += n;
    }
    return nodes;
}

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
        "3\n  kifu perft --game xiangqi startpos 4");
    command
        ->add_option(
            "POSITION", options->fen,
            "chess: a FEN or 'startpos'; shogi: an SFEN, 'startpos', 'startpos moves 7g7f ...', or a "
            "handicap's name (二枚落ち, 2mai, 2-piece; 'kifu formats' does not list them: docs/shogi.md "
            "does); xiangqi: a FEN or 'startpos'")
        ->required();
    command->add_option("DEPTH", options->depth, "plies")->required()->check(CLI::Range(0, 20));
    command->add_option("--game", options->game, "chess (the default), shogi or xiangqi")
        ->check(CLI::IsMember({"chess", "shogi", "xiangqi"}));
    command->add_flag("--divide", options->divide,
                      "the count under each legal move (UCI/USI), then the total");
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        std::string out;
        const auto start = std::chrono::steady_clock::now();
        std::uint64_t nodes = 0;
        if (options->game == "xiangqi") {
            nodes = count_nodes(
                xiangqi_argument(options->fen), options->depth, options->divide, out,
                [](const xiangqi::Position& p) { return xiangqi::legal_moves(p); },
                [](const xiangqi::Position& p, int d) { return xiangqi::perft(p, d); },
                [](const xiangqi::Position& p, xiangqi::Move m) {
                    return xiangqi::write_move(p, m, xiangqi::Notation::iccs);
                });
        } else if (options->game == "shogi") {
            nodes = count_nodes(
                shogi_argument(options->fen), options->depth, options->divide, out,
                [](const shogi::Position& p) { return shogi::legal_moves(p); },
                [](const shogi::Position& p, int d) { return shogi::perft(p, d); },
                [](const shogi::Position&, shogi::Move m) { return shogi::write_usi(m); });
        } else {
            nodes = count_nodes(
                fen_argument(options->fen), options->depth, options->divide, out,
                [](const chess::Position& p) { return chess::legal_moves(p); },
                [](const chess::Position& p, int d) { return chess::perft(p, d); },
                [](const chess::Position& p, chess::Move m) { return chess::write_uci(p, m); });
        }
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
        "Chinese and SAN)");
    command->footer(
        "Examples:\n  kifu moves startpos\n  kifu moves --game shogi 'startpos moves 7g7f 3c3d'\n"
        "  kifu moves --game xiangqi startpos");
    command->add_option("POSITION", options->fen, "a FEN, an SFEN, or 'startpos' (see perft)")->required();
    command->add_option("--game", options->game, "chess (the default), shogi or xiangqi")
        ->check(CLI::IsMember({"chess", "shogi", "xiangqi"}));
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        std::string out;
        if (options->game == "xiangqi") {
            const xiangqi::Position pos = xiangqi_argument(options->fen);
            const xiangqi::MoveList moves = xiangqi::legal_moves(pos);
            for (const xiangqi::Move m : moves)
                out += fmt::format("{} {} {} {}\n", xiangqi::write_move(pos, m, xiangqi::Notation::iccs),
                                   xiangqi::write_move(pos, m, xiangqi::Notation::wxf),
                                   xiangqi::write_move(pos, m, xiangqi::Notation::chinese),
                                   xiangqi::write_move(pos, m, xiangqi::Notation::san));
            // No legal move loses in xiangqi, in check or not.
            if (moves.size() == 0)
                note(options->fen,
                     fmt::format("no legal moves: {}, {} loses", to_string(xiangqi::status(pos)),
                                 pos.side_to_move == xiangqi::Color::red ? "Red" : "Black"));
        } else if (options->game == "shogi") {
            for (const shogi::Move m : shogi::legal_moves(shogi_argument(options->fen)))
                out += shogi::write_usi(m) + "\n";
        } else {
            const chess::Position pos = fen_argument(options->fen);
            const chess::MoveList moves = chess::legal_moves(pos);
            for (const chess::Move m : moves)
                out += fmt::format("{} {}\n", chess::write_san(pos, m), chess::write_uci(pos, m));
            // An empty list says nothing by itself: say why, and any draw that stands.
            const std::string status = chess::describe(chess::game_status(pos));
            if (moves.size() == 0 || !status.empty())
                note(options->fen, moves.size() == 0 ? fmt::format("no legal moves: {}", status) : status);
        }
        Output output(options->output);
        output.write(out);
        output.close();
        return kOk;
    };
}

}  // namespace kifu::cli
