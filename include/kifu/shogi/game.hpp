#pragma once
// A shogi game as the core game tree (core/game_tree.hpp), and move lists: the moves of a
// line in any of kifu's notations (notation.hpp), one a line or separated by blanks,
// with move numbers ("1." and "1"), side marks (▲ △ ☗ ☖) and a closing result allowed,
// read into the main line of a tree and written back from it.

#include <string>
#include <string_view>

#include "kifu/core/game_tree.hpp"
#include "kifu/shogi/notation.hpp"
#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

struct GameTraits {
    using Position = shogi::Position;
    using Move = shogi::Move;
    static constexpr std::string_view game = "shogi";
    static void play(Position& position, Move move) { position.play(move); }
    static std::uint64_t key(const Position& position);                // repetition_key
    static std::string write_move(const Position& before, Move move);  // USI
};

using Game = GameTree<GameTraits>;

// A move list in `notation` from `start`. Each move is checked against the legal moves;
// errors carry the line and column of the move in `text`.
Result<Game> read_move_list(std::string_view text, Notation notation,
                            const Position& start = Position::start());

// The main line of `game` in `notation`, one move a line.
std::string write_move_list(const Game& game, Notation notation);

}  // namespace kifu::shogi
