// FEEN (both forms), xiangqi FEN, and txt: the formats that cross games.

#include <algorithm>

#include <fmt/format.h>

#include "format_support.hpp"
#include "kifu/chess/diagram.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/feen/games.hpp"
#include "kifu/go/diagram.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::formats {
namespace {

constexpr std::string_view kFeenExtensions[] = {".feen"};
constexpr std::string_view kTxtExtensions[] = {".txt"};

enum class Style { chess, shogi, xiangqi, none };

// The game of a FEEN v1.0.0 position: both styles the game's (C/c, S/s, X/x), on its board.
// Mixed styles (S/c) are no game's.
Style style_of(const feen::Position& p) {
    const char style = static_cast<char>(p.styles[0] | 0x20);
    if (static_cast<char>(p.styles[1] | 0x20) != style) return Style::none;
    if (style == 'c' && p.shape == std::vector<int>{8, 8}) return Style::chess;
    if (style == 's' && p.shape == std::vector<int>{9, 9}) return Style::shogi;
    if (style == 'x' && p.shape == std::vector<int>{10, 9}) return Style::xiangqi;
    return Style::none;
}

// A FEEN read as its game's position: what the game cannot hold of it (a chess hand, a
// promoted piece in a shogi hand) leaves it a generic FEEN position, with a warning; and
// where the game's position writes the FEEN otherwise (the case of a shogi hand piece, a
// derived marker), a warning says how.
template <class GamePosition, class ToGame, class FromGame>
Result<Document> as_game(feen::Position p, std::string_view game, ToGame to_game, FromGame from_game) {
    Result<GamePosition> g = to_game(p);
    if (!g) {
        Document d{Value{std::move(p)}, {}};
        d.warnings.push_back(unplaced_error(
            ErrorCode::unsupported,
            fmt::format("read as a FEEN position of no known game, not as {}: {}", game, g.error().message)));
        return d;
    }
    const std::string original = feen::write_feen(p), through = feen::write_feen(from_game(*g));
    Document d{Value{std::move(*g)}, {}};
    if (original != through)
        d.warnings.push_back(
            unplaced_error(ErrorCode::unsupported,
                           fmt::format("read as {}, which writes it back as FEEN '{}'", game, through)));
    return d;
}

// The seed's form has no styles: the board's size tells the game.
Style board_of(const feen::Position& p) {
    if (p.shape == std::vector<int>{8, 8}) return Style::chess;
    if (p.shape == std::vector<int>{9, 9}) return Style::shogi;
    if (p.shape == std::vector<int>{10, 9}) return Style::xiangqi;
    return Style::none;
}

// FEEN v1.0.0 ends with its style-turn field ("C/c"), after exactly two blanks.
int detect_feen(std::string_view text) {
    const std::string_view t = trim_blanks(text);
    if (std::count(t.begin(), t.end(), ' ') != 2) return 0;
    const std::string_view tail = t.substr(t.rfind(' ') + 1);
    const auto letter = [](char c) { return is_upper(c) || is_lower(c); };
    return tail.size() == 3 && tail[1] == '/' && letter(tail[0]) && letter(tail[2]) ? 95 : 0;
}

// The seed's form: B or t as the second of three fields.
int detect_feen2015(std::string_view text) {
    const std::string_view t = trim_blanks(text);
    const std::size_t space = t.find(' ');
    if (space == std::string_view::npos || std::count(t.begin(), t.end(), ' ') != 2) return 0;
    return t.substr(space, 3) == " B " || t.substr(space, 3) == " t " ? 94 : 0;
}

Result<Document> read_feen(std::string_view text, const ReadOptions&) {
    Result<feen::Position> p = feen::parse_feen(trim_blanks(text));
    if (!p) return std::move(p).error();
    // A position of a known game becomes that game's position.
    switch (style_of(*p)) {
        case Style::chess:
            return as_game<chess::Position>(std::move(*p), "a chess position", feen::to_chess,
                                            [](const chess::Position& c) { return feen::from_chess(c); });
        case Style::shogi:
            return as_game<shogi::Position>(std::move(*p), "a shogi position", feen::to_shogi,
                                            [](const shogi::Position& x) { return feen::from_shogi(x); });
        case Style::xiangqi:
            return as_game<xiangqi::Position>(
                std::move(*p), "a xiangqi position", feen::to_xiangqi,
                [](const xiangqi::Position& x) { return feen::from_xiangqi(x); });
        case Style::none:
            break;
    }
    return Document{Value{std::move(*p)}, {}};
}

Result<Document> read_feen2015(std::string_view text, const ReadOptions&) {
    Result<feen::SeedPosition> seed = feen::parse_feen2015(trim_blanks(text));
    if (!seed) return std::move(seed).error();
    switch (board_of(seed->position)) {
        case Style::chess:
            return document(feen::chess_from_feen2015(*seed));
        case Style::shogi:
            return document(feen::shogi_from_feen2015(*seed));
        case Style::xiangqi: {
            feen::Position p = seed->position;
            p.styles[0] = 'X';
            p.styles[1] = 'x';
            return document(feen::to_xiangqi(p));
        }
        case Style::none:
            break;
    }
    return Document{Value{std::move(seed->position)}, {}};
}

// Read errors, then the checks of the game the position belongs to (a FEEN chess board
// without kings is as wrong as such a FEN).
std::vector<Error> game_checks(const Document& d) {
    std::vector<Error> out;
    // The game's own reader checks more than its validity problems (a chess side has one
    // king): the position goes through its notation.
    if (const auto* c = get<chess::Position>(d))
        for (Error& e : chess::validate_fen(chess::write_fen(*c)))
            out.push_back(unplaced_error(ErrorCode::conflict, std::move(e.message)));
    if (const auto* s = get<shogi::Position>(d))
        for (Error& e : shogi::validate_sfen(shogi::write_sfen(*s)))
            out.push_back(unplaced_error(ErrorCode::conflict, std::move(e.message)));
    if (const auto* x = get<xiangqi::Position>(d))
        for (const xiangqi::Problem& p : xiangqi::validity_problems(*x)) out.push_back(problem_error(p));
    return out;
}

template <Result<Document> (*Read)(std::string_view, const ReadOptions&)>
std::vector<Error> validate_with_game_checks(std::string_view text, const ReadOptions& options,
                                             std::vector<Error>& warnings) {
    // FEEN v1.0.0 lists every error of its placement at once.
    if (Read == read_feen)
        if (std::vector<Error> errors = feen::validate_feen(trim_blanks(text)); !errors.empty())
            return errors;
    Result<Document> d = Read(text, options);
    if (!d) return {d.error()};
    for (Error& w : d->warnings) warnings.push_back(std::move(w));
    return game_checks(*d);
}

// Every position FEEN can hold: those of the games it knows, and its own.
bool accepts_feen(const Document& d) {
    return chess_position_of(d) || get<shogi::Position>(d) || get<xiangqi::Position>(d) ||
           get<feen::Position>(d);
}

Result<std::string> write_feen(const Document& d, const WriteOptions&, std::vector<std::string>& notes) {
    if (const chess::Position* c = chess_position_of(d)) {
        if (c->halfmove_clock() != 0 || c->fullmove_number() != 1) notes.push_back("the clocks");
        return feen::write_feen(feen::from_chess(*c));
    }
    if (const auto* s = get<shogi::Position>(d)) {
        if (s->move_number() != 1) notes.push_back("the move number");
        return feen::write_feen(feen::from_shogi(*s));
    }
    if (const auto* x = get<xiangqi::Position>(d)) {
        if (x->halfmove_clock != 0 || x->fullmove_number != 1) notes.push_back("the clocks");
        return feen::write_feen(feen::from_xiangqi(*x));
    }
    if (const auto* f = get<feen::Position>(d)) return feen::write_feen(*f);
    return cannot_write(d, "feen");
}

Result<std::string> write_feen2015(const Document& d, const WriteOptions& o,
                                   std::vector<std::string>& notes) {
    if (const chess::Position* c = chess_position_of(d)) {
        if (c->castling()) notes.push_back("the castling rights");
        if (c->en_passant() != chess::kNoSquare) notes.push_back("the en-passant square");
        if (c->halfmove_clock() != 0 || c->fullmove_number() != 1) notes.push_back("the clocks");
        return feen::write_feen2015(*c, o.letters);
    }
    if (const auto* s = get<shogi::Position>(d)) return feen::write_feen2015(*s);
    if (const auto* x = get<xiangqi::Position>(d)) {
        feen::Position p = feen::from_xiangqi(*x);
        for (feen::Piece& cell : p.cells) cell.terminal = false;
        return feen::write_feen2015(p, {}, false);
    }
    if (const auto* f = get<feen::Position>(d)) {
        feen::Position p = *f;
        for (feen::Piece& cell : p.cells) cell.terminal = cell.derived = false;
        return feen::write_feen2015(p, {}, !o.letters);
    }
    return cannot_write(d, "feen2015");
}

bool accepts_every_position(const Document& d) {
    return get<go::Position>(d) || accepts_feen(d);
}

// Go and chess keep their own diagrams (star points, the last move in brackets, the
// clocks); the other games draw their board view.
Result<std::string> write_txt(const Document& d, const WriteOptions&, std::vector<std::string>&) {
    if (const auto* g = get<go::Position>(d)) return go::render_diagram(*g);
    if (const chess::Position* c = chess_position_of(d)) return chess::render_diagram(*c);
    Result<BoardView> view = board_view(d);
    if (!view) return cannot_write(d, "txt");
    return render_text(*view);
}

}  // namespace

ValueInfo value_info(const feen::Position&) noexcept {
    return {"a FEEN position of no known game", Game::any, false};
}

void add_feen_formats(std::vector<Format>& out) {
    out.push_back({"feen", Game::any, Kind::position,
                   "FEEN v1.0.0: any board up to 3D, with hands and styles", kFeenExtensions, 0, detect_feen,
                   read_feen, validate_with_game_checks<read_feen>, accepts_feen, write_feen});
    out.push_back({"feen2015",
                   Game::any,
                   Kind::position,
                   "the seed's FEEN (2015): board, side, captured actors",
                   {},
                   kLetters,
                   detect_feen2015,
                   read_feen2015,
                   validate_with_game_checks<read_feen2015>,
                   accepts_feen,
                   write_feen2015});
    out.push_back({"txt", Game::any, Kind::position, "a text diagram of any position (write only)",
                   kTxtExtensions, 0, nullptr, nullptr, nullptr, accepts_every_position, write_txt});
}

}  // namespace kifu::formats
