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
#include "kifu/shogi/game.hpp"
#include "kifu/xiangqi/game.hpp"

namespace kifu::formats {

// Calls f(std::type_identity<Traits>{}) with the traits of `game` and returns true; returns
// false without calling f for a game with no traits behind the interface yet (Go) and for
// Game::any.
template <class F>
bool visit_game_rules(Game game, F&& f) {
    switch (game) {
        case Game::chess:
            f(std::type_identity<chess::GameTraits>{});
            return true;
        case Game::shogi:
            f(std::type_identity<shogi::GameTraits>{});
            return true;
        case Game::xiangqi:
            f(std::type_identity<xiangqi::GameTraits>{});
            return true;
        case Game::go:
        case Game::any:
            return false;
    }
    return false;
}

// The same for a position document: f(std::type_identity<Traits>{}, position) with the
// position as its game's own type (an EPD's position; a FEEN of chess, shogi or xiangqi,
// by its style letter, converted). False without calling f for anything else: a Go
// position, a record, a FEEN board of no game behind the interface.
template <class F>
bool visit_position_rules(const Document& document, F&& f) {
    const Value& v = document.value;
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

// The games table's row of a game behind the interface.
template <GameRules Rules>
const GameInfo& info_of() noexcept {
    return *game_named(Rules::game);
}

}  // namespace kifu::formats
