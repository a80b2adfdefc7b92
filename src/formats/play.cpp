// Moves on any game's position (formats/play.hpp): each game's generator and notations
// behind one set of calls.
#include "kifu/formats/play.hpp"

#include <array>
#include <cctype>
#include <utility>

#include "kifu/chess/movegen.hpp"
#include "kifu/chess/polyglot.hpp"
#include "kifu/chess/san.hpp"
#include "kifu/chess/status.hpp"
#include "kifu/feen/games.hpp"
#include "kifu/go/board.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/notation.hpp"
#include "kifu/shogi/status.hpp"
#include "kifu/xiangqi/game.hpp"
#include "kifu/xiangqi/movegen.hpp"
#include "kifu/xiangqi/notation.hpp"

namespace kifu::formats {
namespace {

Document as_document(Value value) {
    return Document{std::move(value), {}};
}

Error no_moves_error() {
    return Error{ErrorCode::unsupported, 0, 0, 0,
                 "expected a position of Go, chess, shogi or xiangqi, found a record or a board of no known "
                 "game"};
}

// Of several notations' errors, the most telling: a move that reads but is illegal or
// ambiguous says more than "not this notation".
bool more_telling(const Error& a, const Error& b) {
    auto rank = [](ErrorCode c) {
        return c == ErrorCode::ambiguous_move ? 2 : c == ErrorCode::illegal_move ? 1 : 0;
    };
    return rank(a.code) > rank(b.code);
}

// Go --------------------------------------------------------------------------------

go::Stone go_mover(const go::Position& p) {
    if (p.turn) return *p.turn;
    if (p.last_move) {
        for (int i = 0; i < p.order.size(); ++i)
            if (p.order[i] == p.last_move->stone) return p.order[(i + 1) % p.order.size()];
    }
    return p.order[0];
}

go::Stone go_next(const go::Position& p, go::Stone mover) {
    for (int i = 0; i < p.order.size(); ++i)
        if (p.order[i] == mover) return p.order[(i + 1) % p.order.size()];
    return go::two_player_opponent(mover);
}

go::Board go_board(const go::Position& p) {
    go::Board board(p.size);
    for (std::uint8_t row = 0; row < p.size.height; ++row)
        for (std::uint8_t col = 0; col < p.size.width; ++col) {
            const go::Point point{col, row};
            const go::Stone s = p.stones[static_cast<std::size_t>(point.index(p.size))];
            if (s != go::Stone::none) board.set(point, s);
        }
    return board;
}

// Whether `mover` may play at `point`; the board after it in `after`.
bool go_legal(const go::Position& p, const go::Board& board, go::Stone mover, go::Point point,
              go::Board& after) {
    if (board.at(point) != go::Stone::none) return false;
    if (p.ko && *p.ko == point) return false;
    after = board;
    return after.play(mover, point).suicided == 0;
}

go::Position go_after(const go::Position& p, const go::Board& after, go::Stone mover, go::Move move) {
    go::Position next = after.position();
    next.order = p.order;
    next.last_move = go::LastMove{mover, move};
    next.turn = go_next(p, mover);
    if (!move.is_pass && after.ko_point() && after.ko_binds() == *next.turn) next.ko = after.ko_point();
    return next;
}

Result<go::Move> parse_go_move(const go::Position& p, std::string_view text) {
    Result<go::Move> human = go::human_move(p.size, text);
    if (human) return human;
    const bool sgf_like = text.size() == 2 && std::islower(static_cast<unsigned char>(text[0])) &&
                          std::islower(static_cast<unsigned char>(text[1]));
    if (sgf_like) return go::sgf_move(p.size, text);
    return human.error();
}

Result<std::vector<std::string>> go_moves(const go::Position& p) {
    const go::Board board = go_board(p);
    const go::Stone mover = go_mover(p);
    std::vector<std::string> moves;
    go::Board after = board;
    for (std::uint8_t row = 0; row < p.size.height; ++row)
        for (std::uint8_t col = 0; col < p.size.width; ++col) {
            const go::Point point{col, row};
            if (!go_legal(p, board, mover, point, after)) continue;
            Result<std::string> name = go::to_human(p.size, point);
            if (!name) return name.error();
            moves.push_back(std::move(*name));
        }
    moves.emplace_back("pass");
    return moves;
}

Result<Document> go_play(const go::Position& p, std::string_view text) {
    Result<go::Move> move = parse_go_move(p, text);
    if (!move) return move.error();
    const go::Board board = go_board(p);
    const go::Stone mover = go_mover(p);
    go::Board after = board;
    if (move->is_pass) {
        after.pass(mover);
    } else if (!go_legal(p, board, mover, move->point, after)) {
        const char* why = board.at(move->point) != go::Stone::none ? "the point is taken"
                          : (p.ko && *p.ko == move->point)         ? "it retakes the ko at once"
                                                                   : "it is suicide";
        return Error{ErrorCode::illegal_move, 0, 1, 1,
                     "expected a legal move, found " + std::string(text) + ": " + why};
    }
    return as_document(go_after(p, after, mover, *move));
}

std::uint64_t go_key(const go::Position& p) {
    std::uint64_t key = go_board(p).hash();
    // The player to move and the ko point, mixed in as splitmix64 steps.
    auto mix = [](std::uint64_t x) {
        x += 0x9E3779B97F4A7C15ull;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
        return x ^ (x >> 31);
    };
    key ^= mix(static_cast<std::uint64_t>(go_mover(p)));
    if (p.ko) key ^= mix(0x100u + static_cast<std::uint64_t>(p.ko->index(p.size)));
    return key;
}

// Chess, shogi, xiangqi -----------------------------------------------------------------

Result<chess::Move> parse_chess_move(const chess::Position& p, std::string_view text) {
    Result<chess::Move> san = chess::parse_san(p, text);
    if (san) return san;
    Result<chess::Move> uci = chess::parse_uci(p, text);
    if (uci) return uci;
    return more_telling(uci.error(), san.error()) ? uci.error() : san.error();
}

Result<shogi::Move> parse_shogi_move(const shogi::Position& p, std::string_view text) {
    using shogi::Notation;
    constexpr std::array kOrder{Notation::usi,          Notation::csa,      Notation::hosking,
                                Notation::hodges,       Notation::japanese, Notation::sassersson,
                                Notation::hodges_number};
    std::optional<Error> best;
    for (const Notation n : kOrder) {
        Result<shogi::Move> m = shogi::parse_move(p, text, n);
        if (m) return m;
        if (!best || more_telling(m.error(), *best)) best = m.error();
    }
    return *best;
}

Result<xiangqi::Move> parse_xiangqi_move(const xiangqi::Position& p, std::string_view text) {
    using xiangqi::Notation;
    constexpr std::array kOrder{Notation::iccs, Notation::wxf, Notation::chinese, Notation::san,
                                Notation::uci};
    std::optional<Error> best;
    for (const Notation n : kOrder) {
        Result<xiangqi::Move> m = xiangqi::parse_move(p, text, n);
        if (m) return m;
        if (!best || more_telling(m.error(), *best)) best = m.error();
    }
    return *best;
}

std::string_view shogi_outcome(shogi::Outcome o) {
    switch (o) {
        case shogi::Outcome::checkmate:
            return "checkmate";
        case shogi::Outcome::no_legal_move:
            return "no_legal_move";
        case shogi::Outcome::sennichite:
            return "sennichite";
        case shogi::Outcome::perpetual_check:
            return "perpetual_check";
        default:
            return "ongoing";
    }
}

// The document for a played position: FEEN stays FEEN.
template <class P>
Document played(const Document& from, P position) {
    if (std::holds_alternative<feen::Position>(from.value)) {
        if constexpr (std::is_same_v<P, chess::Position>) return as_document(feen::from_chess(position));
        if constexpr (std::is_same_v<P, shogi::Position>) return as_document(feen::from_shogi(position));
        if constexpr (std::is_same_v<P, xiangqi::Position>) return as_document(feen::from_xiangqi(position));
    }
    return as_document(std::move(position));
}

// The position as its game's own type: a pointer into the document, or into a conversion
// of a FEEN of chess (style C), shogi (S) or xiangqi (X); an EPD's position. All null for a
// record or a board of no known game. A game's own position is not copied.
class GamePosition {
  public:
    explicit GamePosition(const Document& d) {
        if ((go_position = std::get_if<go::Position>(&d.value))) return;
        if ((chess_position = std::get_if<chess::Position>(&d.value))) return;
        if ((shogi_position = std::get_if<shogi::Position>(&d.value))) return;
        if ((xiangqi_position = std::get_if<xiangqi::Position>(&d.value))) return;
        if (const auto* epd = std::get_if<chess::Epd>(&d.value)) chess_position = &epd->position;
        if (const auto* f = std::get_if<feen::Position>(&d.value)) {
            switch (std::toupper(static_cast<unsigned char>(f->styles[0]))) {
                case 'C':
                    if (Result<chess::Position> c = feen::to_chess(*f))
                        chess_position = &converted_.emplace<1>(*c);
                    break;
                case 'S':
                    if (Result<shogi::Position> s = feen::to_shogi(*f))
                        shogi_position = &converted_.emplace<2>(*s);
                    break;
                case 'X':
                    if (Result<xiangqi::Position> x = feen::to_xiangqi(*f))
                        xiangqi_position = &converted_.emplace<3>(*x);
                    break;
                default:
                    break;
            }
        }
    }
    GamePosition(const GamePosition&) = delete;
    GamePosition& operator=(const GamePosition&) = delete;

    const go::Position* go_position = nullptr;
    const chess::Position* chess_position = nullptr;
    const shogi::Position* shogi_position = nullptr;
    const xiangqi::Position* xiangqi_position = nullptr;

  private:
    std::variant<std::monostate, chess::Position, shogi::Position, xiangqi::Position> converted_;
};

}  // namespace

Result<std::vector<std::string>> legal_moves(const Document& document) {
    const GamePosition position(document);
    std::vector<std::string> moves;
    if (const auto* g = position.go_position) return go_moves(*g);
    if (const auto* c = position.chess_position) {
        for (const chess::Move m : chess::legal_moves(*c)) moves.push_back(chess::write_san(*c, m));
        return moves;
    }
    if (const auto* s = position.shogi_position) {
        for (const shogi::Move m : shogi::legal_moves(*s))
            moves.push_back(shogi::write_move(*s, m, shogi::Notation::usi));
        return moves;
    }
    if (const auto* x = position.xiangqi_position) {
        for (const xiangqi::Move m : xiangqi::legal_moves(*x))
            moves.push_back(xiangqi::write_move(*x, m, xiangqi::Notation::iccs));
        return moves;
    }
    return no_moves_error();
}

Result<Document> play(const Document& document, std::string_view text) {
    const GamePosition position(document);
    if (const auto* g = position.go_position) return go_play(*g, text);
    if (const auto* c = position.chess_position) {
        Result<chess::Move> m = parse_chess_move(*c, text);
        if (!m) return m.error();
        chess::Position next = *c;
        next.play(*m);
        return played(document, next);
    }
    if (const auto* s = position.shogi_position) {
        Result<shogi::Move> m = parse_shogi_move(*s, text);
        if (!m) return m.error();
        shogi::Position next = *s;
        next.play(*m);
        return played(document, next);
    }
    if (const auto* x = position.xiangqi_position) {
        Result<xiangqi::Move> m = parse_xiangqi_move(*x, text);
        if (!m) return m.error();
        xiangqi::Position next = *x;
        next.play(*m);
        return played(document, next);
    }
    return no_moves_error();
}

Result<PositionStatus> status(const Document& document) {
    const GamePosition position(document);
    if (position.go_position) return PositionStatus{};
    if (const auto* c = position.chess_position) {
        const chess::GameStatus s = chess::game_status(*c);
        return PositionStatus{chess::to_string(s.outcome), s.check};
    }
    if (const auto* s = position.shogi_position) {
        const shogi::GameStatus st = shogi::game_status(*s);
        return PositionStatus{shogi_outcome(st.outcome), st.check};
    }
    if (const auto* x = position.xiangqi_position)
        return PositionStatus{xiangqi::to_string(xiangqi::status(*x)),
                              xiangqi::in_check(*x, x->side_to_move)};
    return no_moves_error();
}

Result<std::uint64_t> position_key(const Document& document) {
    const GamePosition position(document);
    if (const auto* g = position.go_position) return go_key(*g);
    if (const auto* c = position.chess_position) return chess::polyglot_key(*c);
    if (const auto* s = position.shogi_position) return shogi::repetition_key(*s);
    if (const auto* x = position.xiangqi_position) return xiangqi::position_key(*x);
    return no_moves_error();
}

Result<std::string_view> side_to_move(const Document& document) {
    const GamePosition position(document);
    if (const auto* g = position.go_position) return go::stone_name(go_mover(*g));
    if (const auto* c = position.chess_position)
        return c->side_to_move() == chess::Color::white ? std::string_view("white") : "black";
    if (const auto* s = position.shogi_position)
        return s->side_to_move() == shogi::Color::black ? std::string_view("black") : "white";
    if (const auto* x = position.xiangqi_position)
        return x->side_to_move == xiangqi::Color::red ? std::string_view("red") : "black";
    return no_moves_error();
}

}  // namespace kifu::formats
