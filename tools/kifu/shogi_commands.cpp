// Shogi in the CLI: a move list converted from one notation to another through the
// position (text -> move -> text), or to the SFEN of the position after it.

#include "shogi_commands.hpp"

#include "formats.hpp"

#include <fmt/format.h>

#include "kifu/core/text_position.hpp"
#include "kifu/shogi/notation.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::cli {
namespace {

bool is_move_number(std::string_view token) {
    if (token.empty() || token.back() != '.') return false;
    for (std::size_t i = 0; i + 1 < token.size(); ++i)
        if (token[i] < '0' || token[i] > '9') return false;
    return token.size() > 1;
}

std::string_view without_side_symbol(std::string_view t) {
    for (const std::string_view mark : {"☗", "▲", "☖", "△"})
        if (t.substr(0, mark.size()) == mark) return t.substr(mark.size());
    return t;
}

}  // namespace

const std::vector<std::string> kShogiNotations{"usi",     "csa",      "hodges",    "hodges-number",
                                               "hosking", "japanese", "sassersson"};

int convert_shogi(const Input& input, const std::string& from, const std::string& to,
                  const std::string& start, const OutputOptions& output) {
    shogi::Notation reader = shogi::Notation::usi, writer = shogi::Notation::usi;
    if (!shogi::notation_from_name(from.empty() ? "usi" : from, reader))
        fail(kUsage, fmt::format("--from {}: a shogi move list is read from {}", from,
                                 fmt::join(kShogiNotations, ", ")));
    const bool to_sfen = to == "sfen";
    if (!to_sfen && !shogi::notation_from_name(to, writer))
        fail(kUsage, fmt::format("--to {}: a shogi move list is written as sfen or {}", to,
                                 fmt::join(kShogiNotations, ", ")));
    shogi::Position pos = shogi::Position::start();
    if (!start.empty()) {
        Result<shogi::Position> p = shogi::parse_sfen(start, {.relaxed = true});
        if (!p) {
            report(p.error(), "<position>");
            return kInvalidInput;
        }
        pos = *p;
    }
    const std::string_view text = input.text;
    std::string out;
    shogi::Square previous = shogi::kNoSquare;
    std::size_t i = 0;
    while (i < text.size()) {
        // Moves are separated by ASCII blanks or line ends ("同　歩" keeps its wide space).
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
            ++i;
        if (i >= text.size()) break;
        std::size_t end = i;
        while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != '\n' &&
               text[end] != '\r')
            ++end;
        std::string_view token = text.substr(i, end - i);
        const std::size_t at = i;
        i = end;
        if (is_move_number(token)) continue;
        if (token == "1-0" || token == "0-1" || token == "½-½" || token == "1/2-1/2")
            break;  // a result ends the list
        if (reader != shogi::Notation::japanese && reader != shogi::Notation::sassersson)
            token = without_side_symbol(token);
        Result<shogi::Move> m = shogi::parse_move(pos, token, reader, previous);
        if (!m) {
            Error e = m.error();
            report(error_at(text, at, e.code, e.message), input.source);
            return kInvalidInput;
        }
        if (!to_sfen) {
            out += shogi::write_move(pos, *m, writer, previous);
            out += '\n';
        }
        previous = m->to();
        pos.play(*m);
    }
    if (to_sfen) out = shogi::write_sfen(pos) + "\n";
    write_output(output, out);
    return kOk;
}

int convert_sfen(const PositionInput& in, Format to, const OutputOptions& output) {
    if (to != Format::sfen) {
        report(Error{ErrorCode::unsupported, 0, 0, 0, "a shogi position can be written as sfen"},
               in.input.source);
        return kInvalidInput;
    }
    const std::string_view text = trimmed(in.input.text);
    Result<shogi::Position> pos = shogi::parse_sfen(text, {.relaxed = true});
    if (!pos) {
        report(pos.error(), in.input.source);
        return kInvalidInput;
    }
    write_output(output, shogi::write_sfen(*pos) + "\n");
    return kOk;
}

std::vector<Error> validate_sfen_input(const PositionInput& in) {
    const std::string_view text = trimmed(in.input.text);
    return shogi::validate_sfen(text);
}

}  // namespace kifu::cli
