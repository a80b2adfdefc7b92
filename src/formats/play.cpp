// Moves on any game's position (formats/play.hpp): each game's generator and notations
// behind one set of calls.
#include "kifu/formats/play.hpp"

#include <cctype>
#include <type_traits>
#include <utility>

#include "kifu/feen/games.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/go/board.hpp"
#include "kifu/go/coordinates.hpp"

namespace kifu::formats {
namespace {

Document as_document(Value value) {
    return Document{std::move(value), {}};
}

Error no_moves_error() {
    return Error{ErrorCode::unsupported,
                 "expected a position of Go, chess, shogi or xiangqi, found a record or a board of no known "
                 "game"};
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
        return Error{ErrorCode::illegal_move,
                     {0, 1, 1},
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

}  // namespace

Result<std::vector<std::string>> legal_moves(const Document& document) {
    if (const auto* g = std::get_if<go::Position>(&document.value)) return go_moves(*g);
    std::vector<std::string> moves;
    if (visit_position_rules(document,
                             [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                                 for (const auto m : Rules::legal_moves(p))
                                     moves.push_back(Rules::write_move(p, m));
                             }))
        return moves;
    return no_moves_error();
}

Result<Document> play(const Document& document, std::string_view text) {
    if (const auto* g = std::get_if<go::Position>(&document.value)) return go_play(*g, text);
    Result<Document> out = no_moves_error();
    visit_position_rules(document,
                         [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                             Result<typename Rules::Move> m = Rules::parse_move(p, text);
                             if (!m) {
                                 out = m.error();
                                 return;
                             }
                             typename Rules::Position next = p;
                             Rules::play(next, *m);
                             out = played(document, std::move(next));
                         });
    return out;
}

Result<PositionStatus> status(const Document& document) {
    if (std::holds_alternative<go::Position>(document.value)) return PositionStatus{};
    PositionStatus out;
    if (visit_position_rules(document,
                             [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                                 out = Rules::status(p);
                             }))
        return out;
    return no_moves_error();
}

Result<std::uint64_t> position_key(const Document& document) {
    if (const auto* g = std::get_if<go::Position>(&document.value)) return go_key(*g);
    std::uint64_t key = 0;
    if (visit_position_rules(document,
                             [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                                 key = Rules::key(p);
                             }))
        return key;
    return no_moves_error();
}

Result<std::string_view> side_to_move(const Document& document) {
    if (const auto* g = std::get_if<go::Position>(&document.value)) return go::stone_name(go_mover(*g));
    std::string_view side;
    if (visit_position_rules(document,
                             [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                                 side = Rules::side_to_move(p);
                             }))
        return side;
    return no_moves_error();
}

}  // namespace kifu::formats
