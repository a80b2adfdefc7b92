#pragma once
// A chess game as the core game tree (core/game_tree.hpp), in the spirit of python-chess's
// Game and GameNode, and the PGN visitor that builds it.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/chess/movegen.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/position.hpp"
#include "kifu/chess/status.hpp"
#include "kifu/core/error.hpp"
#include "kifu/core/game_rules.hpp"
#include "kifu/core/game_tree.hpp"

namespace kifu::chess {

// What the core game tree needs to know of chess.
struct GameTraits : RawMoveWords<Move> {
    using Position = chess::Position;
    using Move = chess::Move;
    static constexpr std::string_view game = "chess";
    static void play(Position& position, Move move) { position.play(move); }
    static std::uint64_t key(const Position& position);                // the Polyglot key
    static std::string write_move(const Position& before, Move move);  // SAN
    // The rest of the game interface (core/game_rules.hpp).
    static std::string engine_move(const Position& before, Move move);  // UCI
    static constexpr std::string_view engine_protocol = "uci";
    // "position startpos moves ..." or "position fen FEN moves ..." (UCI_Chess960 engines: the
    // king takes its rook in Chess960 positions, as UCI writes castling there).
    static Result<std::vector<std::string>> engine_position(const Position& before,
                                                            std::span<const Move> moves);
    static MoveList legal_moves(const Position& position);
    static Result<Move> parse_move(const Position& before, std::string_view text);  // any notation
    static PositionStatus status(const Position& position);
    static std::uint64_t perft(const Position& position, int depth);
    static Result<Position> read_position(std::string_view text);  // a FEN (relaxed) or "startpos"
    static std::string write_position(const Position& position);   // FEN
    static std::string_view side_to_move(const Position& position);
    static std::string move_notations(const Position& before, Move move);  // SAN and UCI
    static std::string status_note(const Position& position);  // checkmate, stalemate, a draw that stands
    // [%clk] and [%eval] of a move's comments (the last of each).
    static NodeReadings readings(const std::vector<std::string>& comments);
    // The squares and arrows of a comment's [%csl] and [%cal] commands (board_view.hpp).
    static std::vector<NodeMark> comment_marks(std::string_view comment);
    static GameOutcome outcome(const GameTree<GameTraits>& game);  // by termination()
    static bool in_check(const Position& position);                // the side to move's king
    // The pawns still on their first squares (white's a2-h2 bits 0-7, black's a7-h7 8-15; no
    // pawn ever comes to one) and the men on the board.
    static Progress progress(const Position& position) noexcept;
};
static_assert(GameRules<GameTraits>);
static_assert(HasProgress<GameTraits>);

// A chess game: the core tree (a node's `text` is its SAN as written) with PGN's tags.
using Game = GameTree<GameTraits>;
using kifu::NodeId;
using GameNode = Game::Node;

// The game's result: its termination marker, else its Result tag, else "*".
std::string_view termination(const Game& game);

// How the game stands at the end of its main line, repetitions of the main line counted.
GameStatus final_status(const Game& game);
// The same from the start, the main line's moves and the position they lead to.
GameStatus final_status(const Position& start, std::span<const Move> main_line,
                        const Position& final_position);

// Tells `visitor` the game as the PGN reader would tell it (tags, start, moves with the
// position before each, NAGs, comments, variations, errors, warnings, result, end): one
// writer serves the trees and the streams (PgnExporter, JsonExporter in pgn_writer.hpp).
void accept(const Game& game, PgnVisitor& visitor);

// A visitor that builds Games; `take()` hands over the last one finished.
class GameBuilder : public PgnVisitor {
  public:
    bool begin_game(const PgnGameText& text) override;
    void tag(std::string_view name, std::string_view value) override;
    bool begin_movetext(const Position& start) override;
    void move(const Position& before, Move move, std::string_view san) override;
    void comment(std::string_view text, CommentKind kind) override;
    void nag(int nag) override;
    bool begin_variation() override;
    void end_variation() override;
    void result(std::string_view result) override;
    void error(const Error& error) override;
    void warning(const Error& warning) override;

    // Room for `nodes` nodes in the game begun (a builder told the size beforehand).
    void reserve_nodes(std::size_t nodes) { game_.nodes.reserve(nodes); }
    Game take() { return std::move(game_); }

  private:
    Game game_;
    std::vector<NodeId> lines_;         // the last node of each open line, innermost last
    bool line_fresh_ = true;            // no move yet in the innermost line
    std::vector<std::string> pending_;  // comments waiting for the first move of a variation
};

// Whether two games hold the same tree: start, result, and move by move the same moves,
// comments, NAGs and variations in the same order, however the nodes are numbered (the
// SAN text as written and the tags are not compared; results by termination()).
bool same_tree(const Game& a, const Game& b);

// Every game of a PGN text, as trees (for texts that fit in memory; stream large ones
// with PgnSplitter and a visitor).
std::vector<Game> read_pgn(std::string_view text, const PgnReadOptions& options = {});

// Comments as they are kept: blanks at either end and line breaks (LF, CR) inside are
// layout; a run of blanks holding a line break is read as one space.
std::string normalize_comment(std::string_view text);

}  // namespace kifu::chess
