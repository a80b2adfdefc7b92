#pragma once
// Positions in an SGF game: replaying the moves and setup from the root to any
// node, and picking nodes (the end of the main line, after move N, or a path
// through the variations).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/game_tree.hpp"
#include "kifu/core/result.hpp"
#include "kifu/go/board.hpp"
#include "kifu/go/rules.hpp"
#include "kifu/go/sgf.hpp"

namespace kifu::go {

struct ReplayOptions {
    // The rules to check moves by (ko rule, suicide); when not given, those the game's RU
    // names, else simple ko with every suicide reported.
    std::optional<Rules> rules{};
    bool superko = false;  // report moves that repeat an earlier whole-board position, whatever the rules
};

struct GameState {
    Board board;
    // The latest move on the way to the node: a node without moves or setup (a comment, PL)
    // keeps it, and with it the ko point; setup ends both.
    std::optional<LastMove> last_move;
    std::optional<Stone> to_move;  // PL when given, else the opponent of the last mover
    int moves = 0;                 // moves (passes included) from the root to the node
};

// What an SGF node does to the position: setup stones (AB, AW, AE: Stone::none clears),
// then its moves (B, W: one, as a rule), then the player to move (PL).
struct NodeAction {
    std::vector<std::pair<Point, Stone>> setup;
    SmallList<LastMove> moves;  // one, as a rule: held in place
    std::optional<Stone> to_play;
    bool has_setup = false;  // an AB, AW or AE property, even one whose points were all off the board
    bool operator==(const NodeAction&) const = default;
};

// What the core game tree needs to know of Go (core/game_tree.hpp).
struct GameTraits {
    using Position = GameState;
    using Move = NodeAction;
    static constexpr std::string_view game = "go";
    static void play(GameState& state, const NodeAction& action);  // permissive, as replay_to
    static std::uint64_t key(const GameState& state) { return state.board.hash(); }
    // "B D4", "W pass", "AB 3 AW 1", "" for a node that does nothing.
    static std::string write_move(const GameState& before, const NodeAction& action);
};

// An SGF game as the core tree: the start is the position after the SGF root node (its
// setup, and a move if it has one), each later SGF node is a node of the tree with its
// action, its comment (C), its marks (CR SQ TR MA LB) and its raw moves as text; the root's
// game-info properties are the tags. Node paths are those of node_at_path below.
using Game = GameTree<GameTraits>;

// The core tree of one game of a collection (value warnings go to `warnings`);
// `sgf_nodes`, when given, gets for each node of the tree the SGF node it came from.
Result<Game> game_tree(const SgfCollection& sgf, std::uint32_t root,
                       std::vector<SgfWarning>* warnings = nullptr,
                       std::vector<std::uint32_t>* sgf_nodes = nullptr);

// The position a diagram shows for a state of the tree: the stones, the last move (a
// suicide's too, whose stone is gone: Position::last_move_gone), the turn and the ko point
// (when it binds the player to move), with the node's marks and labels.
Position position_of(const GameState& state, std::span<const NodeMark> marks = {});

// The board size of a game (SZ of its root; 19x19 when absent).
Result<BoardSize> game_board_size(const SgfCollection& sgf, std::uint32_t root);

// Replays from the root of `node`'s game to `node`. Problems with values and illegal
// moves are appended to `warnings` (when given) with their line and column; only a
// board size that cannot be used is an error.
Result<GameState> replay_to(const SgfCollection& sgf, std::uint32_t node, const ReplayOptions& options = {},
                            std::vector<SgfWarning>* warnings = nullptr);

// Replays every node of a game once (each variation from where it branches off), for
// the warnings: what `kifu validate` does.
Result<void> replay_tree(const SgfCollection& sgf, std::uint32_t root, const ReplayOptions& options,
                         std::vector<SgfWarning>& warnings);

// The last node of the main line (first children all the way down).
std::uint32_t main_line_end(const SgfCollection& sgf, std::uint32_t root);

// The node of the main line after move `number` (0: the root). Fails past the end.
Result<std::uint32_t> main_line_after_move(const SgfCollection& sgf, std::uint32_t root, int number);

// A node by path from the root: dot-separated steps, each "N" (go N nodes down the
// first children) or "vK" (go down to child K, 0-based, of the current node). "0" is the
// root, "20.v1.5" is: 20 nodes down the main line, into variation 1, then 5 more nodes
// (core/walk.hpp's follow_node_path, as for the core trees).
Result<std::uint32_t> node_at_path(const SgfCollection& sgf, std::uint32_t root, std::string_view path);

// The position at a node as a diagram shows it: stones, ko point, last move, turn, and
// the node's marks (CR SQ TR MA) and labels (LB).
Result<Position> position_at(const SgfCollection& sgf, std::uint32_t node, const ReplayOptions& options = {},
                             std::vector<SgfWarning>* warnings = nullptr);

}  // namespace kifu::go
