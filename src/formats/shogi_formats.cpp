// Shogi's formats: SFEN (and USI position commands), and move lists in each notation.

#include <fmt/format.h>

#include "format_support.hpp"
#include "kifu/shogi/game.hpp"
#include "kifu/shogi/handicap.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::formats {
namespace {

constexpr std::string_view kSfenExtensions[] = {".sfen"};

int detect_sfen(std::string_view text) {
    std::string_view t = trim_blanks(text);
    if (t.starts_with("startpos ") || t.starts_with("position ")) return 91;
    if (t.starts_with("sfen ")) t = trim_blanks(t.substr(5));
    return looks_like_placement(first_field(t), 9, "plnsgbrkPLNSGBRK+123456789") ? 91 : 0;
}

bool usi_position_command(std::string_view t) {
    return t == "startpos" || t.starts_with("startpos ") || t.starts_with("sfen ") ||
           t.starts_with("position ");
}

// The sfen format: an SFEN or a USI position (handicap names are for --position only).
Result<shogi::Position> shogi_position(std::string_view text) {
    const std::string_view t = trim_blanks(text);
    if (usi_position_command(t)) return shogi::parse_usi_position(t);
    return shogi::parse_sfen(t, {.relaxed = true});
}

std::vector<Error> validate_sfen(std::string_view text, const ReadOptions&, std::vector<Error>&) {
    const std::string_view t = trim_blanks(text);
    if (!usi_position_command(t)) return shogi::validate_sfen(t, {.relaxed = true});
    Result<shogi::Position> p = shogi::parse_usi_position(t);
    if (!p) return {p.error()};
    std::vector<Error> out;
    for (const shogi::Problem& problem : shogi::validity_problems(*p)) out.push_back(problem_error(problem));
    return out;
}

bool accepts_shogi_position(const Document& d) {
    return get<shogi::Position>(d) != nullptr;
}

Result<std::string> write_sfen(const Document& d, const WriteOptions&, std::vector<std::string>&) {
    if (const auto* p = get<shogi::Position>(d)) return shogi::write_sfen(*p);
    return cannot_write(d, "sfen");
}

template <shogi::Notation N>
Result<Document> read_moves(std::string_view text, const ReadOptions& options) {
    shogi::Position start = shogi::Position::start();
    if (!options.start.empty()) {
        Result<shogi::Position> p = shogi::read_start_position(options.start);
        if (!p) {
            Error e = p.error();
            e.message = "--position: " + e.message;
            e.line = e.column = 0;
            return e;
        }
        start = *p;
    }
    return document(shogi::read_move_list(text, N, start));
}

template <shogi::Notation N>
std::vector<Error> validate_moves(std::string_view text, const ReadOptions& options, std::vector<Error>&) {
    return read_errors(read_moves<N>(text, options));
}

bool accepts_shogi_game(const Document& d) {
    return get<shogi::Game>(d) != nullptr;
}

template <shogi::Notation N>
Result<std::string> write_moves(const Document& d, const WriteOptions&, std::vector<std::string>&) {
    if (const auto* g = get<shogi::Game>(d)) return shogi::write_move_list(*g, N);
    return cannot_write(d, shogi::to_string(N));
}

template <shogi::Notation N>
Format move_list(std::string_view description) {
    return {shogi::to_string(N),
            Game::shogi,
            Kind::move,
            description,
            {},
            kStartPosition | kNodeChoice,
            nullptr,
            read_moves<N>,
            validate_moves<N>,
            accepts_shogi_game,
            write_moves<N>};
}

}  // namespace

void add_shogi_formats(std::vector<Format>& out) {
    out.push_back({"sfen", Game::shogi, Kind::position, "SFEN, or a USI position ('startpos moves 7g7f ...')",
                   kSfenExtensions, 0, detect_sfen,
                   [](std::string_view text, const ReadOptions&) { return document(shogi_position(text)); },
                   validate_sfen, accepts_shogi_position, write_sfen});
    out.push_back(move_list<shogi::Notation::usi>("shogi moves in USI: 7g7f 8h2b+ P*5e"));
    out.push_back(move_list<shogi::Notation::csa>("shogi moves in CSA: +7776FU -8822UM"));
    out.push_back(move_list<shogi::Notation::hodges>("shogi moves in Hodges' notation: P-7f Bx2b+ N*3c"));
    out.push_back(
        move_list<shogi::Notation::hodges_number>("shogi moves in Hodges' notation with rank digits: P-76"));
    out.push_back(move_list<shogi::Notation::hosking>("shogi moves in Hosking's notation: P76 Bx22+ N'33"));
    out.push_back(move_list<shogi::Notation::japanese>("shogi moves in Japanese (KI2): ▲７六歩 △同　歩"));
    out.push_back(
        move_list<shogi::Notation::sassersson>("shogi moves in Sassersson's notation: 76fu 22gin↗+"));
}

}  // namespace kifu::formats
