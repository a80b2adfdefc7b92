// FEEN and xiangqi FEN in the CLI: convert between them and the games' own notations, the
// game told from the FEEN (its styles, or the board's size for the seed's form).

#include <fmt/format.h>

#include "formats.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/feen/games.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::cli {
namespace {

enum class Game { chess, shogi, xiangqi, none };

Game game_of(const feen::Position& p) {
    const char style = static_cast<char>(p.styles[0] | 0x20);
    if (style == 'c' && p.shape == std::vector<int>{8, 8}) return Game::chess;
    if (style == 's' && p.shape == std::vector<int>{9, 9}) return Game::shogi;
    if (style == 'x' && p.shape == std::vector<int>{10, 9}) return Game::xiangqi;
    return Game::none;
}

Game game_of_board(const feen::Position& p) {
    if (p.shape == std::vector<int>{8, 8}) return Game::chess;
    if (p.shape == std::vector<int>{9, 9}) return Game::shogi;
    if (p.shape == std::vector<int>{10, 9}) return Game::xiangqi;
    return Game::none;
}

[[noreturn]] void invalid(const Error& e, std::string_view source) {
    report(e, source);
    throw Exit{kInvalidInput};
}

template <class T>
T value_or_exit(Result<T> r, std::string_view source) {
    if (!r) invalid(r.error(), source);
    return std::move(*r);
}

}  // namespace

int convert_feen_family(const PositionInput& in, Format to, const OutputOptions& output, bool letters) {
    const std::string_view text = trimmed(in.input.text);
    const std::string& source = in.input.source;
    // Read into the game's own position where there is one.
    Game game = Game::none;
    chess::Position chess_pos;
    shogi::Position shogi_pos;
    xiangqi::Position xiangqi_pos;
    feen::Position generic;
    std::vector<std::string> dropped;
    switch (in.format) {
        case Format::fen:
        case Format::xfen:
        case Format::shredder:
        case Format::epd:
            chess_pos = value_or_exit(chess::parse_fen(text, {.relaxed = true}), source);
            game = Game::chess;
            break;
        case Format::sfen:
            shogi_pos = value_or_exit(shogi::parse_sfen(text, {.relaxed = true}), source);
            game = Game::shogi;
            break;
        case Format::xiangqi_fen:
            xiangqi_pos = value_or_exit(xiangqi::parse_fen(text), source);
            game = Game::xiangqi;
            break;
        case Format::feen: {
            generic = value_or_exit(feen::parse_feen(text), source);
            game = game_of(generic);
            if (game == Game::chess) chess_pos = value_or_exit(feen::to_chess(generic), source);
            if (game == Game::shogi) shogi_pos = value_or_exit(feen::to_shogi(generic), source);
            if (game == Game::xiangqi) xiangqi_pos = value_or_exit(feen::to_xiangqi(generic), source);
            break;
        }
        case Format::feen2015: {
            const feen::SeedPosition seed = value_or_exit(feen::parse_feen2015(text), source);
            generic = seed.position;
            game = game_of_board(generic);
            if (game == Game::chess) chess_pos = value_or_exit(feen::chess_from_feen2015(seed), source);
            if (game == Game::shogi) shogi_pos = value_or_exit(feen::shogi_from_feen2015(seed), source);
            if (game == Game::xiangqi) {
                feen::Position p = seed.position;
                p.styles[0] = 'X';
                p.styles[1] = 'x';
                xiangqi_pos = value_or_exit(feen::to_xiangqi(p), source);
            }
            break;
        }
        default:
            fail(kUsage, "this input is not a position FEEN converts");
    }
    std::string out;
    switch (to) {
        case Format::feen:
            out = game == Game::chess     ? feen::write_feen(feen::from_chess(chess_pos))
                  : game == Game::shogi   ? feen::write_feen(feen::from_shogi(shogi_pos))
                  : game == Game::xiangqi ? feen::write_feen(feen::from_xiangqi(xiangqi_pos))
                                          : feen::write_feen(generic);
            if (game == Game::chess && (chess_pos.halfmove_clock() != 0 || chess_pos.fullmove_number() != 1))
                dropped.push_back("the clocks");
            if (game == Game::shogi && shogi_pos.move_number() != 1) dropped.push_back("the move number");
            break;
        case Format::feen2015:
            if (game == Game::chess) {
                out = feen::write_feen2015(chess_pos, letters);
                if (chess_pos.castling()) dropped.push_back("the castling rights");
                if (chess_pos.en_passant() != chess::kNoSquare) dropped.push_back("the en-passant square");
                if (chess_pos.halfmove_clock() != 0 || chess_pos.fullmove_number() != 1)
                    dropped.push_back("the clocks");
            } else if (game == Game::shogi) {
                out = feen::write_feen2015(shogi_pos);
            } else if (game == Game::xiangqi) {
                feen::Position p = feen::from_xiangqi(xiangqi_pos);
                for (feen::Piece& c : p.cells) c.terminal = false;
                out = feen::write_feen2015(p, {}, false);
            } else {
                for (feen::Piece& c : generic.cells) c.terminal = c.derived = false;
                out = feen::write_feen2015(generic, {}, !letters);
            }
            break;
        case Format::fen:
        case Format::xfen:
        case Format::shredder:
            if (game != Game::chess)
                fail(kInvalidInput, "this position is not chess: it cannot be written as FEN");
            out = chess::write_fen(chess_pos,
                                   {.castling = to == Format::shredder ? chess::CastlingNotation::shredder
                                                                       : chess::CastlingNotation::xfen});
            break;
        case Format::sfen:
            if (game != Game::shogi)
                fail(kInvalidInput, "this position is not shogi: it cannot be written as SFEN");
            out = shogi::write_sfen(shogi_pos);
            break;
        case Format::xiangqi_fen:
            if (game != Game::xiangqi)
                fail(kInvalidInput, "this position is not xiangqi: it cannot be written as xiangqi FEN");
            out = xiangqi::write_fen(xiangqi_pos);
            break;
        default:
            fail(kUsage,
                 "FEEN and xiangqi positions are written as feen, feen2015, fen, xfen, shredder, sfen or "
                 "xfen-xiangqi");
    }
    for (const std::string& d : dropped)
        fmt::print(stderr, "{}: note: {} cannot be written in {}: dropped\n", source, d,
                   to == Format::feen ? "FEEN" : "the seed's FEEN");
    write_output(output, out + "\n");
    return kOk;
}

std::vector<Error> validate_feen_family(const PositionInput& in) {
    const std::string_view text = trimmed(in.input.text);
    std::vector<Error> out;
    const auto problems = [&](std::vector<std::string> list) {
        for (std::string& p : list) out.push_back(Error{ErrorCode::conflict, 0, 0, 0, std::move(p)});
    };
    if (in.format == Format::xiangqi_fen) {
        Result<xiangqi::Position> p = xiangqi::parse_fen(text);
        if (!p) return {p.error()};
        problems(xiangqi::validity_problems(*p));
        return out;
    }
    feen::Position generic;
    if (in.format == Format::feen) {
        Result<feen::Position> p = feen::parse_feen(text);
        if (!p) return {p.error()};
        generic = *p;
    } else {
        Result<feen::SeedPosition> p = feen::parse_feen2015(text);
        if (!p) return {p.error()};
        generic = p->position;
        generic.styles[0] = game_of_board(generic) == Game::shogi     ? 'S'
                            : game_of_board(generic) == Game::xiangqi ? 'X'
                                                                      : 'C';
        generic.styles[1] = static_cast<char>(generic.styles[0] | 0x20);
    }
    // A game's position also gets that game's validity check.
    switch (game_of(generic)) {
        // The checks of the game's own notation, on the position written in it (a FEEN
        // chess board without kings is as wrong as such a FEN).
        case Game::chess:
            if (Result<chess::Position> p = feen::to_chess(generic))
                for (Error& e : chess::validate_fen(chess::write_fen(*p)))
                    out.push_back(Error{e.code == ErrorCode::conflict ? e.code : ErrorCode::conflict, 0, 0, 0,
                                        e.message});
            break;
        case Game::shogi:
            if (Result<shogi::Position> p = feen::to_shogi(generic))
                for (Error& e : shogi::validate_sfen(shogi::write_sfen(*p)))
                    out.push_back(Error{ErrorCode::conflict, 0, 0, 0, e.message});
            break;
        case Game::xiangqi:
            if (Result<xiangqi::Position> p = feen::to_xiangqi(generic))
                problems(xiangqi::validity_problems(*p));
            break;
        case Game::none:
            break;
    }
    return out;
}

}  // namespace kifu::cli
