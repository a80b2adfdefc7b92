#pragma once
// The one dispatch from a game of the games table to its traits (core/game_rules.hpp): code
// written once as a template over GameRules runs for each game through here, and nowhere
// else names the games one by one.

#include <type_traits>

#include "kifu/chess/game.hpp"
#include "kifu/formats/games.hpp"
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

}  // namespace kifu::formats
