#pragma once
// A xiangqi game as the core game tree (core/game_tree.hpp), its position key, and what
// kifu judges on its lines: a position that stands for the third time, and whether one side
// gave check with every move of the cycle (perpetual check, which the rules forbid). The
// chasing rules of the Asian and Chinese rule sets (perpetual chase of an unprotected
// piece) are not judged: docs/xiangqi.md.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/game_rules.hpp"
#include "kifu/core/game_tree.hpp"
#include "kifu/xiangqi/movegen.hpp"
#include "kifu/xiangqi/notation.hpp"

namespace kifu::xiangqi {

// A Zobrist key of the position: the pieces on their squares and the side to move (the
// clocks left out, so that a repeated position has the same key).
std::uint64_t position_key(const Position& position) noexcept;

struct GameTraits : RawMoveWords<Move> {
    using Position = xiangqi::Position;
    using Move = xiangqi::Move;
    static constexpr std::string_view game = "xiangqi";
    static void play(Position& position, Move move) { position.play(move); }
    static std::uint64_t key(const Position& position) { return position_key(position); }
    static std::string write_move(const Position& before, Move move) {
        return xiangqi::write_move(before, move, Notation::iccs);
    }
    // The rest of the game interface (core/game_rules.hpp).
    static std::string engine_move(const Position& before, Move move) {
        return write_move(before, move);
    }  // ICCS
    static constexpr std::string_view engine_protocol = "ucci";
    // "position fen FEN moves ..." (UCCI's form; ICCS moves, ranks 0-9 from red's side).
    static Result<std::vector<std::string>> engine_position(const Position& before,
                                                            std::span<const Move> moves);
    static MoveList legal_moves(const Position& position);
    static Result<Move> parse_move(const Position& before, std::string_view text);  // any notation
    static PositionStatus status(const Position& position);
    static bool in_check(const Position& position) {  // the side to move's general
        return xiangqi::in_check(position, position.side_to_move);
    }
    static std::uint64_t perft(const Position& position, int depth);
    static Result<Position> read_position(std::string_view text);    // a FEN or "startpos"
    static std::string write_position(const Position& position);     // FEN
    static std::string_view side_to_move(const Position& position);  // "red", "black"
    // ICCS, WXF, Chinese and SAN.
    static std::string move_notations(const Position& before, Move move);
    // Why there is no move: every position without one loses in xiangqi.
    static std::string status_note(const Position& position);
    // By the termination marker, else the Result tag.
    static GameOutcome outcome(const GameTree<GameTraits>& game);
    // [%clk] and [%eval] of a move's comments, as chess's PGN writes them (kifu analyse too).
    static NodeReadings readings(const std::vector<std::string>& comments);
};
static_assert(GameRules<GameTraits>);

using Game = GameTree<GameTraits>;

// A move list in `notation` from `start`: moves separated by blanks or line ends, move
// numbers ("1." and "1...") allowed, a closing result ending it. Errors carry the line and
// column of the move in `text`.
Result<Game> read_move_list(std::string_view text, Notation notation,
                            const Position& start = Position::start());
// The main line of `game` in `notation`, with move numbers: "1. C2.5 H8+7 2. H2+3".
std::string write_move_list(const Game& game, Notation notation);

struct Repetition {
    NodeId node = 0;      // the move after which the position stands for the third time
    NodeId first = 0;     // where it stood first (the root: 0)
    int checking = -1;    // 0 Red, 1 Black: the side whose every move of the cycle gave check; -1 neither
    std::string message;  // "repetition after move 12 (Black): ..."
};
// Every line's first threefold repetition, in one walk of the tree.
std::vector<Repetition> repetitions(const Game& game);

}  // namespace kifu::xiangqi
