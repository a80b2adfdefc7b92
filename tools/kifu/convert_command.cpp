#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "pgn_commands.hpp"
#include "shogi_commands.hpp"

namespace kifu::cli {

Run add_convert_command(CLI::App& app) {
    struct Options {
        PositionInputOptions source;
        PgnOptions pgn;
        OutputOptions output;
        std::string to;
        std::string game;
        std::string position;
        bool letters = false;
        bool pretty = false;
        bool always_size = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command =
        app.add_subcommand("convert", "Convert a position or game from one notation to another");
    command->footer(
        "Formats: hen (Hemme Notation), hen-url (HEN percent-encoded for a URL), sgf, fen, xfen, shredder, "
        "epd, "
        "pgn, jsonl (one JSON object per game; write only), txt (a board diagram; write only). PGN is "
        "streamed: "
        "any size, gzip or zstd compressed; to a position format it gives one line per game (--ply). From "
        "SGF, the position is taken at the end of the main line unless --move or --node "
        "says otherwise; SGF to SGF rewrites the whole collection as FF[4].\nExamples:\n"
        "  kifu convert --to txt examples/ear-reddening.hen\n"
        "  kifu convert --to hen --move 127 game.sgf\n"
        "  kifu convert --to hen --pretty --text '.9x9_5Gb_3E~1b~2'\n"
        "  kifu convert --to jsonl --threads 2 games.pgn.zst -o games.jsonl\n"
        "  kifu convert --to fen --ply 20 game.pgn\n"
        "  kifu convert --game shogi --from usi --to japanese --text '7g7f 3c3d 8h2b+ 3a2b'\n"
        "Shogi (--game shogi): a move list (one a line or space-separated; move numbers and side marks "
        "allowed) "
        "from --from usi|csa|hodges|hodges-number|hosking|japanese|sassersson to any of them or sfen.");
    command->add_option("--to", options->to, "output format")->required();
    command->add_option("--game", options->game, "shogi: convert a move list (see docs/shogi.md)")
        ->check(CLI::IsMember({"shogi"}));
    command->add_option("--position", options->position,
                        "shogi: the SFEN the moves start from (default: the start)");
    command->add_flag("--pretty", options->pretty, "HEN: one part a line, row numbers zero-padded");
    command->add_flag("--letters", options->letters, "feen2015: chess pieces as letters, not Unicode glyphs");
    command->add_flag("--always-size", options->always_size, "HEN: write the board size even for 19x19");
    options->source.add_to(*command, true);
    options->pgn.add_to(*command, true);
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        if (options->game == "shogi")
            return convert_shogi(read_input(options->source.input), options->source.from, options->to,
                                 options->position, options->output);
        if (std::find(kWritableFormats.begin(), kWritableFormats.end(), options->to) ==
            kWritableFormats.end())
            fail(kUsage, fmt::format("--to {}: not a format kifu writes ({})", options->to,
                                     fmt::join(kWritableFormats, ", ")));
        const Format to = format_from_name(options->to);
        if (is_pgn_request(options->source))
            return convert_pgn(options->source, nullptr, to, options->pgn, options->output);
        const PositionInput in = read_position_input(options->source);
        if (in.format == Format::pgn)
            return convert_pgn(options->source, &in.input.text, to, options->pgn, options->output);
        if (is_feen_family(in.format) || to == Format::feen || to == Format::feen2015 ||
            to == Format::xiangqi_fen)
            return convert_feen_family(in, to, options->output, options->letters);
        if (in.format == Format::sfen) return convert_sfen(in, to, options->output);
        if (is_chess(in.format)) return convert_chess(in, to, options->output);
        if (is_chess(to)) {
            report(Error{ErrorCode::unsupported, 0, 0, 0,
                         fmt::format("a Go position cannot be written as {}", options->to)},
                   in.input.source);
            return kInvalidInput;
        }
        if (in.format == Format::sgf && to == Format::sgf && options->source.move < 0 &&
            options->source.node.empty()) {
            write_output(options->output, go::write_sgf(read_sgf_input(in.input)));
            return kOk;
        }
        const go::Position position = read_position(in, options->source);
        Result<std::string> text = write_position(to, position, {options->always_size, options->pretty});
        if (!text) {
            report(text.error(), in.input.source);
            return kInvalidInput;
        }
        if (text->empty() || text->back() != '\n') text->push_back('\n');
        write_output(options->output, *text);
        return kOk;
    };
}

}  // namespace kifu::cli
