#pragma once
// A shogi game as the core game tree (core/game_tree.hpp), and move lists: the moves of a
// line in any of kifu's notations (notation.hpp), one a line or separated by blanks,
// with move numbers ("1." and "1"), side marks (▲ △ ☗ ☖) and a closing result allowed,
// read into the main line of a tree and written back from it.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/game_rules.hpp"
#include "kifu/core/game_tree.hpp"
#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/notation.hpp"
#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

struct GameTraits : RawMoveWords<Move> {
    using Position = shogi::Position;
    using Move = shogi::Move;
    static constexpr std::string_view game = "shogi";
    static void play(Position& position, Move move) { position.play(move); }
    static std::uint64_t key(const Position& position);                // repetition_key
    static std::string write_move(const Position& before, Move move);  // USI
    // As a move list shows a move the record gave no text for (JKF, a solution): KIF's
    // "７六歩(77)" (formats/viewer.hpp).
    static std::string display_move(const Position& before, Move move);
    // The rest of the game interface (core/game_rules.hpp).
    static std::string engine_move(const Position& before, Move move) {
        return write_move(before, move);
    }  // USI
    static constexpr std::string_view engine_protocol = "usi";
    // "position startpos moves ..." or "position sfen SFEN moves ...".
    static Result<std::vector<std::string>> engine_position(const Position& before,
                                                            std::span<const Move> moves);
    static MoveList legal_moves(const Position& position);
    static Result<Move> parse_move(const Position& before, std::string_view text);  // any notation
    static PositionStatus status(const Position& position);
    static std::uint64_t perft(const Position& position, int depth);
    // An SFEN, "startpos", a USI position ("startpos moves 7g7f") or a handicap's name.
    static Result<Position> read_position(std::string_view text);
    static std::string write_position(const Position& position);           // SFEN
    static std::string_view side_to_move(const Position& position);        // "black" (sente), "white"
    static std::string move_notations(const Position& before, Move move);  // USI
    static std::string status_note(const Position& position);              // ""
    // An engine's line as the records' comments write it (formats/evaluations.hpp): "kif",
    // ShogiGUI's "▲７六歩(77) △３四歩(33) ▲２二角成(88) △同　銀(31)"; "csa", Floodgate's
    // "+7776FU -3334FU". The first move never says 同: a reader may not know the move before.
    static std::string line_text(const Position& before, std::span<const Move> line,
                                 std::string_view notation);
    // An engine's evaluation that the comments hold, in the forms line_text's comments take
    // ("*解析 ... 評価値 35 ...", "*対局 ...", Floodgate's "* 35 ...", ShogiHome's "*評価値=35"):
    // black's view, centipawns / 100; +-30000 (the forms' mate) is +-1000.
    static NodeReadings readings(const std::vector<std::string>& comments);
    // By the ending of the main line and who is to move there (投了: the mover loses).
    static GameOutcome outcome(const GameTree<GameTraits>& game);

    // Tsume's rules for the mate search (formats/mate_search.hpp, docs/problems.md): every
    // attacking move is a check; a drop between a far checker and the king, on a square no
    // piece of the defender's guards, is a useless interposition (無駄合), no defence.
    static constexpr bool mate_problems_check = true;
    static bool in_check(const Position& position);
    static bool useless_interposition(const Position& before, Move move);
};
static_assert(GameRules<GameTraits>);

using Game = GameTree<GameTraits>;

// A move list in `notation` from `start`. Each move is checked against the legal moves;
// errors carry the line and column of the move in `text`.
Result<Game> read_move_list(std::string_view text, Notation notation,
                            const Position& start = Position::start());

// The main line of `game` in `notation`, one move a line.
std::string write_move_list(const Game& game, Notation notation);

}  // namespace kifu::shogi
