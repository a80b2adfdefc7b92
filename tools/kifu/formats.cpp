#include "formats.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "kifu/core/charset.hpp"
#include "kifu/core/percent_encoding.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/go/diagram.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/sgf_hen.hpp"

namespace kifu::cli {

Format format_from_name(std::string_view name) {
    if (name == "hen-url") return Format::hen_url;
    if (name == "sgf") return Format::sgf;
    if (name == "txt") return Format::txt;
    if (name == "fen") return Format::fen;
    if (name == "xfen") return Format::xfen;
    if (name == "shredder") return Format::shredder;
    if (name == "epd") return Format::epd;
    if (name == "pgn") return Format::pgn;
    if (name == "jsonl") return Format::jsonl;
    if (name == "sfen") return Format::sfen;
    if (name == "xfen-xiangqi") return Format::xiangqi_fen;
    if (name == "feen") return Format::feen;
    if (name == "feen2015") return Format::feen2015;
    return Format::hen;
}

Result<Format> detect_format(std::string_view text) {
    if (!charset::byte_order_mark(text).first.empty()) return Format::sgf;
    Scanner in(text, Scanner::Blanks::ignored);
    const std::size_t start = in.offset();
    if (in.at_end()) return Format::hen;  // an empty HEN is an empty 19x19 board
    const char first = in.peek();
    if (first == '(' || text.find("(;") != std::string_view::npos ||
        charset::guess(text).rfind("UTF-16", 0) == 0)
        return Format::sgf;
    // FEEN v1.0.0 ends with its style-turn field ("C/c"); the seed's form has B or t as its
    // second field, or chess glyphs; a xiangqi FEN has ten ranks.
    {
        std::string_view t = text.substr(start);
        while (!t.empty() && (t.back() == '\n' || t.back() == '\r' || t.back() == ' ')) t.remove_suffix(1);
        const std::size_t last = t.rfind(' ');
        const std::string_view tail =
            last == std::string_view::npos ? std::string_view{} : t.substr(last + 1);
        const auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
        if (std::count(t.begin(), t.end(), ' ') == 2 && tail.size() == 3 && tail[1] == '/' &&
            letter(tail[0]) && letter(tail[2]))
            return Format::feen;
        const std::size_t first_space = t.find(' ');
        if (first_space != std::string_view::npos &&
            (t.substr(first_space, 3) == " B " || t.substr(first_space, 3) == " t ") &&
            std::count(t.begin(), t.end(), ' ') == 2)
            return Format::feen2015;
        const std::string_view board = t.substr(0, first_space);
        if (std::count(board.begin(), board.end(), '/') == 9) return Format::xiangqi_fen;
    }
    // A FEN's first field: eight ranks, seven slashes, piece letters and digits.
    const std::string_view first_field = text.substr(start, text.find_first_of(" \t\r\n", start) - start);
    if (std::count(first_field.begin(), first_field.end(), '/') == 7 &&
        first_field.find_first_not_of("pnbrqkPNBRQK12345678/") == std::string_view::npos)
        return Format::fen;
    // An SFEN's first field: nine ranks, eight slashes (a leading "sfen " allowed).
    const std::size_t board =
        text.substr(start, 5) == "sfen " ? text.find_first_not_of(" \t", start + 5) : start;
    const std::string_view sfen_field =
        board == std::string_view::npos ? std::string_view{}
                                        : text.substr(board, text.find_first_of(" \t\r\n", board) - board);
    if (std::count(sfen_field.begin(), sfen_field.end(), '/') == 8 &&
        sfen_field.find_first_not_of("plnsgbrkPLNSGBRK+123456789/") == std::string_view::npos)
        return Format::sfen;
    // HEN is all unreserved URL characters but for its labels, so an escape means the URL form.
    if (looks_percent_encoded(text)) return Format::hen_url;
    if (first == '.' || first == '_' || first == '~') return Format::hen;
    // PGN: a tag section, or movetext that starts with a move number.
    if (first == '[' || (text.substr(start, 2) == "1." && text.substr(start, 3) != "1.0")) return Format::pgn;
    return error_at(text, start, ErrorCode::unexpected_character,
                    "cannot tell the input format (HEN starts with '.', '_' or '~', SGF with '(', PGN with "
                    "'['); give --from");
}

void PositionInputOptions::add_to(CLI::App& command, bool with_node_choice) {
    command.add_option("--from", from, "input format (detected from the content when omitted)")
        ->check(CLI::IsMember(kReadableFormats));
    if (with_node_choice) {
        auto* move_option =
            command
                .add_option("--move", move, "SGF: the position after move N of the main line (0: the start)")
                ->check(CLI::NonNegativeNumber);
        command
            .add_option("--node", node,
                        "SGF: the position at a node path: steps N (N nodes down) or vK (variation K), "
                        "joined by '.', e.g. 20.v1.5")
            ->excludes(move_option);
    }
    command.add_flag("--superko", superko, "SGF: report moves that repeat an earlier whole-board position");
    input.add_to(command, "the position or game");
}

PositionInput read_position_input(const PositionInputOptions& options) {
    for (const std::string_view shogi :
         {"usi", "csa", "hodges", "hodges-number", "hosking", "japanese", "sassersson"})
        if (options.from == shogi)
            fail(kUsage,
                 fmt::format("--from {} is a shogi move notation: convert with --game shogi", options.from));
    Input input = read_input(options.input);
    const Result<Format> format =
        options.from.empty() ? detect_format(input.text) : Result<Format>(format_from_name(options.from));
    if (!format) {
        report(format.error(), input.source);
        throw Exit{kInvalidInput};
    }
    return {std::move(input), *format};
}

void report(const go::SgfWarning& warning, std::string_view source) {
    fmt::print(stderr, "{} [{}]\n", warning.where.format(source, "warning"), go::to_string(warning.issue));
}

go::SgfCollection read_sgf_input(const Input& input) {
    Result<go::SgfCollection> sgf = go::read_sgf(input.text);
    if (!sgf) {
        report(sgf.error(), input.source);
        throw Exit{kInvalidInput};
    }
    for (const go::SgfWarning& w : sgf->warnings()) report(w, input.source);
    return std::move(*sgf);
}

namespace {

go::Position sgf_position(const Input& input, const PositionInputOptions& options) {
    const go::SgfCollection sgf = read_sgf_input(input);
    const std::uint32_t root = sgf.games().front();
    Result<std::uint32_t> node = go::main_line_end(sgf, root);
    if (options.move >= 0) node = go::main_line_after_move(sgf, root, options.move);
    if (!options.node.empty()) node = go::node_at_path(sgf, root, options.node);
    if (!node) {
        report(node.error(), options.node.empty() ? "--move" : "--node");
        throw Exit{kInvalidInput};
    }
    std::vector<go::SgfWarning> warnings;
    Result<go::Position> position = go::position_at(sgf, *node, {options.superko}, &warnings);
    for (const go::SgfWarning& w : warnings) report(w, input.source);
    if (!position) {
        report(position.error(), input.source);
        throw Exit{kInvalidInput};
    }
    return std::move(*position);
}

}  // namespace

go::Position read_position(const PositionInput& in, const PositionInputOptions& options) {
    Result<go::Position> position = go::Position{};
    switch (in.format) {
        case Format::sgf:
            return sgf_position(in.input, options);
        case Format::hen_url:
            position = go::parse_hen_url(in.input.text);
            break;
        default:
            position = go::parse_hen(in.input.text);
            break;
    }
    if (!position) {
        report(position.error(), in.input.source);
        throw Exit{kInvalidInput};
    }
    return std::move(*position);
}

std::vector<Error> validate_position(const PositionInput& in, const PositionInputOptions& options) {
    switch (in.format) {
        case Format::sgf: {
            Result<go::SgfCollection> sgf = go::read_sgf(in.input.text);
            if (!sgf) return {sgf.error()};
            std::vector<go::SgfWarning> warnings = sgf->warnings();
            std::vector<Error> errors;
            for (const std::uint32_t root : sgf->games())
                if (Result<void> ok = go::replay_tree(*sgf, root, {options.superko}, warnings); !ok)
                    errors.push_back(ok.error());
            for (const go::SgfWarning& w : warnings) report(w, in.input.source);
            return errors;
        }
        case Format::hen_url: {
            Result<std::string> decoded = percent_decode(in.input.text);
            if (!decoded) return {decoded.error()};
            return go::validate_hen(*decoded);
        }
        default:
            return go::validate_hen(in.input.text);
    }
}

Result<std::string> write_position(Format format, const go::Position& position, go::HenWriteOptions options) {
    switch (format) {
        case Format::hen:
            return go::write_hen(position, options);
        case Format::hen_url:
            return go::write_hen_url(position, options);
        case Format::txt:
            return go::render_diagram(position);
        case Format::sgf: {
            Result<go::SgfCollection> sgf = go::hen_to_sgf(position);
            if (!sgf) return sgf.error();
            return go::write_sgf(*sgf);
        }
        case Format::fen:
        case Format::xfen:
        case Format::shredder:
        case Format::epd:
        case Format::pgn:
        case Format::jsonl:
        case Format::sfen:
        case Format::xiangqi_fen:
        case Format::feen:
        case Format::feen2015:
            break;
    }
    return go::write_hen(position, options);
}

}  // namespace kifu::cli
