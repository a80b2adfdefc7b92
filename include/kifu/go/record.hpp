#pragma once
// An SGF collection as the model holds every record: one core game tree a game (what
// every consumer walks, as it walks a chess or shogi game), and beside the trees the raw
// property layer they were made from (as KataGo keeps its raw Sgf beside CompactSgf), so
// that SGF is written back as it was read and its checks can point at line and column.
//
// Decisions (docs/sgf.md):
// - A game whose tree cannot be made (an SZ that is no board size) keeps an empty 19x19
//   tree with the error in its `errors`; the collection still reads, and writes back.
// - Tree node N of game G came from raw node `sgf_nodes[G][N]`: the trees mirror the raw
//   structure node for node, children in the file's order, so node paths (core/walk.hpp)
//   name the same node in both.
// - Value warnings of the nodes (a point off the board, human coordinates) go to the
//   game's `warnings`; the collection's own (damage the reader repaired) stay in
//   `sgf.warnings()`. Rule checks (ko, suicide, superko) are a replay: replay_tree.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/sgf.hpp"

namespace kifu::go {

struct Record {
    std::vector<Game> games;
    SgfCollection sgf;                                  // the raw layer
    std::vector<std::vector<std::uint32_t>> sgf_nodes;  // [game][tree node]: its raw node

    std::size_t size() const noexcept { return games.size(); }
};

// The trees of every game of a collection.
Record record_of(SgfCollection sgf);

// Reads SGF text into trees (go/sgf.hpp's read_sgf, then record_of).
Result<Record> read_record(std::string_view text, const SgfReadOptions& options = {});

// Copies game `game` of `from` (its raw nodes and its tree) into `into`, as its last game:
// a game is written alone, or games of several files together.
void append_game(const Record& from, std::size_t game, Record& into);

// The position at a node of a game's tree with the rules checked on the way there: the
// moves that break them (ko, suicide, superko when asked) are appended to `warnings` with
// their line and column.
Result<Position> position_at(const Record& record, std::size_t game, NodeId node,
                             const ReplayOptions& options = {}, std::vector<SgfWarning>* warnings = nullptr);

// The node of a game's main line after move `number` (moves, passes included, not nodes;
// 0: the root). Fails past the end.
Result<NodeId> main_line_after_move(const Game& game, int number);

}  // namespace kifu::go
