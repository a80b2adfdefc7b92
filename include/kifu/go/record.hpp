#pragma once
// An SGF collection as the model holds every record: one core game tree a game (what
// every consumer walks, as it walks a chess or shogi game), and beside the trees the raw
// property layer they were made from (as KataGo keeps its raw Sgf beside CompactSgf), so
// that SGF is written back as it was read and its checks can point at line and column.
//
// Decisions (docs/sgf.md):
// - A game whose tree cannot be made (an SZ that is no board size) keeps an empty 19x19
//   tree with the error in its `errors`; the collection still reads, and writes back.
// - Tree node N of game G came from raw node `sgf_nodes(G)[N]`: the trees mirror the raw
//   structure node for node, children in the file's order, so node paths (core/walk.hpp)
//   name the same node in both.
// - Value warnings of the nodes (a point off the board, human coordinates) go to the
//   game's `warnings`; the collection's own (damage the reader repaired) stay in
//   `sgf.warnings()`. Rule checks (ko, suicide, superko) are a walk over the tree
//   (check_rules, check_game) or a replay of its path to a node (position_at).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/index_iterator.hpp"
#include "kifu/core/result.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/sgf.hpp"

namespace kifu::go {

class Record;

// The trees of a record's games as a range (what formats::trees_of gives for every record
// type): a view of the record, valid while it lives; each tree is made on first use.
class GameTrees {
  public:
    explicit GameTrees(const Record& record) noexcept : record_(&record) {}
    std::size_t size() const noexcept;
    bool empty() const noexcept { return size() == 0; }
    const Game& operator[](std::size_t game) const;

    using iterator = IndexIterator<GameTrees, Game>;
    iterator begin() const noexcept { return {this, 0}; }
    iterator end() const noexcept { return {this, size()}; }

  private:
    const Record* record_;
};

// An SGF collection: its raw layer, and a core tree for each game, made from the raw layer
// the first time it is asked for and kept. A command that reads only the raw layer (info's
// facts, validate, SGF written back) pays for no tree: a tree node costs about twice a raw
// one, and a collection of millions of moves holds both only where both are used. Making a
// tree is safe from several threads at once (a record read once may be shared, as Python's
// and the service's are); the record itself is move-only, as its raw layer is.
class Record {
  public:
    SgfCollection sgf;  // the raw layer

    Record() = default;
    explicit Record(SgfCollection collection);

    std::size_t size() const noexcept { return trees_.size(); }
    // The tree of game `game` (< size()).
    const Game& game(std::size_t game) const { return *slot(game).tree; }
    // [tree node]: the raw node each node of game `game`'s tree came from.
    const std::vector<std::uint32_t>& sgf_nodes(std::size_t game) const { return slot(game).sgf_nodes; }
    GameTrees games() const noexcept { return GameTrees(*this); }
    // Sets a game-info property of game `game`'s root to a text (escaped here), in the raw
    // layer that SGF is written from and in its tree's tags when the tree is made: what
    // naming its opening (ON) writes into the record.
    void set_game_info(std::size_t game, std::string_view id, std::string_view text);
    // Sets a property of the raw node that node `node` of game `game`'s tree came from to a
    // text (escaped here): what only SGF holds (Sabaki's SBKV), written into the raw layer
    // only; the tree does not hold it.
    void set_node_property(std::size_t game, NodeId node, std::string_view id, std::string_view text);

  private:
    friend void append_game(const Record& from, std::size_t game, Record& into);
    struct Tree {
        std::once_flag made;
        std::optional<Game> tree;
        std::vector<std::uint32_t> sgf_nodes;
    };
    const Tree& slot(std::size_t game) const;
    // One allocation a game, so that a tree stays where it is while others are made.
    std::vector<std::unique_ptr<Tree>> trees_;
};

inline std::size_t GameTrees::size() const noexcept {
    return record_->size();
}
inline const Game& GameTrees::operator[](std::size_t game) const {
    return record_->game(game);
}

// The record of a collection (its trees made on first use).
Record record_of(SgfCollection sgf);

// Reads SGF text into trees (go/sgf.hpp's read_sgf, then record_of).
Result<Record> read_record(std::string_view text, const SgfReadOptions& options = {});

// Copies game `game` of `from` (its raw nodes and its tree) into `into`, as its last game:
// a game is written alone, or games of several files together.
void append_game(const Record& from, std::size_t game, Record& into);

// The position at a node of a game's tree with the rules checked on the way there
// (game.hpp's replay_to: the moves that break them are appended to `warnings` with their
// line and column), as a diagram shows it: stones, ko point, last move, turn, and the node's
// marks and labels. Errors: the game has no tree (an SZ that is no board size).
Result<Position> position_at(const Record& record, std::size_t game, NodeId node,
                             const ReplayOptions& options = {}, std::vector<SgfWarning>* warnings = nullptr);

// Every check of the game whose raw root is `root`: its values (as its tree reads them),
// then its rules (check_rules), in the order of the file. The tree is made for the check
// and not kept, so a collection is checked holding one game's tree at a time. Errors: a
// board size no board has.
Result<void> check_game(const SgfCollection& sgf, std::uint32_t root, const ReplayOptions& options,
                        std::vector<SgfWarning>& warnings);

// Sorts warnings in the order of the file (by line and column; stable): a tree is made a
// variation at a time and checked line by line.
void in_file_order(std::vector<SgfWarning>& warnings);

// The node of a game's main line after move `number` (moves, passes included, not nodes;
// 0: the root). Fails past the end.
Result<NodeId> main_line_after_move(const Game& game, int number);

}  // namespace kifu::go
