#pragma once
// The one dispatch from a game of the games table to its traits (core/game_rules.hpp): code
// written once as a template over GameRules runs for each game through here, and nowhere
// else names the games one by one.

#include <type_traits>
#include <variant>

#include "kifu/chess/game.hpp"
#include "kifu/feen/games.hpp"
#include "kifu/formats/games.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/go/game.hpp"
#include "kifu/shogi/game.hpp"
#include "kifu/xiangqi/game.hpp"

namespace kifu::formats {

// Calls f(std::type_identity<Traits>{}) with the traits of `game` and returns true; returns
// false without calling f for Game::any.
template <class F>
bool visit_game_rules(Game game, F&& f) {
    switch (game) {
        case Game::chess:
            f(std::type_identity<chess::GameTraits>{});
            return true;
        case Game::go:
            f(std::type_identity<go::GameTraits>{});
            return true;
        case Game::shogi:
            f(std::type_identity<shogi::GameTraits>{});
            return true;
        case Game::xiangqi:
            f(std::type_identity<xiangqi::GameTraits>{});
            return true;
        case Game::any:
            return false;
    }
    return false;
}

// The same for a position document: f(std::type_identity<Traits>{}, position) with the
// position as its game's own type (an EPD's position; a HEN diagram as the state it gives;
// a FEEN of chess, shogi or xiangqi, by its style letter, converted). False without
// calling f for anything else: a record, a FEEN board of no game behind the interface.
template <class F>
bool visit_position_rules(const Document& document, F&& f) {
    const Value& v = document.value;
    if (const auto* g = std::get_if<go::Position>(&v))
        return f(std::type_identity<go::GameTraits>{}, go::state_of(*g)), true;
    if (const auto* c = std::get_if<chess::Position>(&v))
        return f(std::type_identity<chess::GameTraits>{}, *c), true;
    if (const auto* e = std::get_if<chess::Epd>(&v))
        return f(std::type_identity<chess::GameTraits>{}, e->position), true;
    if (const auto* s = std::get_if<shogi::Position>(&v))
        return f(std::type_identity<shogi::GameTraits>{}, *s), true;
    if (const auto* x = std::get_if<xiangqi::Position>(&v))
        return f(std::type_identity<xiangqi::GameTraits>{}, *x), true;
    if (const auto* board = std::get_if<feen::Position>(&v)) {
        const char style = board->styles[0];
        if (style == 'C' || style == 'c')
            if (Result<chess::Position> c = feen::to_chess(*board))
                return f(std::type_identity<chess::GameTraits>{}, *c), true;
        if (style == 'S' || style == 's')
            if (Result<shogi::Position> s = feen::to_shogi(*board))
                return f(std::type_identity<shogi::GameTraits>{}, *s), true;
        if (style == 'X' || style == 'x')
            if (Result<xiangqi::Position> x = feen::to_xiangqi(*board))
                return f(std::type_identity<xiangqi::GameTraits>{}, *x), true;
    }
    return false;
}

// A position of a game's traits as a document's value: its own type (Go: the diagram, HEN,
// that the state shows).
template <class P>
Value position_value(P position) {
    if constexpr (std::is_same_v<P, go::GameState>)
        return go::position_of(position);
    else
        return Value(std::move(position));
}

// The game trees of a record value: each record type of Value is one overload (a list of
// trees, or an SGF collection's trees beside its raw layer, made on first use).
template <class Traits>
const std::vector<GameTree<Traits>>& trees_of(const std::vector<GameTree<Traits>>& games) noexcept {
    return games;
}
inline go::GameTrees trees_of(const go::Record& record) noexcept {
    return record.games();
}

// Copies game `index` of a record into another of its type, as its last game (go::append_game
// for an SGF collection, which copies its raw nodes too).
template <class Traits>
void append_game(const std::vector<GameTree<Traits>>& from, std::size_t index,
                 std::vector<GameTree<Traits>>& into) {
    into.push_back(from[index]);
}

// Calls f(games) with the game trees of a record document, whatever its game (a
// std::vector of chess::Game, go::Game, ...) and returns true; false without calling f for
// a position. Code over records is a template over the tree type, instantiated here for
// every record type of Value: a record type a consumer cannot take does not compile.
template <class F>
bool visit_record(const Document& document, F&& f) {
    return std::visit(
        [&](const auto& value) {
            if constexpr (requires { trees_of(value); }) {
                f(trees_of(value));
                return true;
            } else {
                return false;
            }
        },
        document.value);
}

// The games table's row of a game behind the interface.
template <GameRules Rules>
const GameInfo& info_of() noexcept {
    return *game_named(Rules::game);
}

}  // namespace kifu::formats
