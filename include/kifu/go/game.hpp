#pragma once
// Positions in an SGF game: replaying the moves and setup from the root to any
// node, and picking nodes (the end of the main line, after move N, or a path
// through the variations).

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/go/board.hpp"
#include "kifu/go/sgf.hpp"

namespace kifu::go {

struct ReplayOptions {
    bool superko = false;  // report moves that repeat an earlier whole-board position
};

struct GameState {
    Board board;
    std::optional<LastMove> last_move;  // the move of the node itself, if it has one
    std::optional<Stone> to_move;       // PL when given, else the opponent of the last mover
    int moves = 0;                      // moves (passes included) from the root to the node
};

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
// root, "20.v1.5" is: 20 nodes down the main line, into variation 1, then 5 more nodes.
Result<std::uint32_t> node_at_path(const SgfCollection& sgf, std::uint32_t root, std::string_view path);

// The position at a node as a diagram shows it: stones, ko point, last move, turn, and
// the node's marks (CR SQ TR MA) and labels (LB).
Result<Position> position_at(const SgfCollection& sgf, std::uint32_t node, const ReplayOptions& options = {},
                             std::vector<SgfWarning>* warnings = nullptr);

}  // namespace kifu::go
