#pragma once
// A chess game as a tree, in the spirit of python-chess's Game and GameNode: ordered
// tags, a start position, and nodes that each hold a move with its comments, NAGs and
// the variations that branch off after it. Nodes live in one vector and refer to each
// other by index, so a tree of any depth is built, copied and freed without recursion.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/chess/pgn.hpp"
#include "kifu/chess/position.hpp"
#include "kifu/core/error.hpp"

namespace kifu::chess {

using NodeId = std::uint32_t;

struct GameNode {
    Move move;                     // none at the root
    std::string san;               // the move as written in the source (empty at the root)
    std::string starting_comment;  // a comment before the move, at the start of a variation
    std::string comment;           // the comments after the move (at the root: before the first move)
    std::vector<std::uint8_t> nags;
    NodeId parent = 0;
    std::vector<NodeId> children;   // children[0] continues the line; the others are variations
    std::uint16_t move_number = 0;  // the full-move number of the position before the move
    Color side = Color::white;      // who plays the move

    bool operator==(const GameNode&) const = default;
};

class Game {
  public:
    Game();

    std::vector<std::pair<std::string, std::string>> tags;  // in source order
    Position start = Position::start();
    std::string result;           // the termination marker; "" when the game had none
    std::vector<Error> errors;    // where reading stopped, and contradicting results
    std::vector<GameNode> nodes;  // nodes[0] is the root: the start position
    std::size_t index = 0;        // in the input
    std::uint32_t line = 0;

    static constexpr NodeId kRoot = 0;
    const GameNode& node(NodeId id) const { return nodes[id]; }
    // The value of a tag, if the game has it.
    std::optional<std::string_view> tag(std::string_view name) const;
    void set_tag(std::string_view name, std::string_view value);
    // The game's result: its termination marker, else its Result tag, else "*".
    std::string_view termination() const;
    // The nodes of the main line, first move first.
    std::vector<NodeId> main_line() const;
    // The position after `id`'s move (replayed from the start).
    Position position_after(NodeId id) const;
    // Adds a move after `parent` (as a new variation when it already has a child).
    NodeId add_move(NodeId parent, const Position& before, Move move, std::string san);

    bool operator==(const Game&) const = default;
};

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

    Game take() { return std::move(game_); }

  private:
    Game game_;
    std::vector<NodeId> lines_;  // the last node of each open line, innermost last
    bool line_fresh_ = true;     // no move yet in the innermost line
    std::string pending_;        // a comment waiting for the first move of a variation
};

// Whether two games hold the same tree: start, result, and move by move the same moves,
// comments, NAGs and variations in the same order, however the nodes are numbered (the
// SAN text as written and the tags are not compared; results by termination()).
bool same_tree(const Game& a, const Game& b);

// Every game of a PGN text, as trees (for texts that fit in memory; stream large ones
// with PgnSplitter and a visitor).
std::vector<Game> read_pgn(std::string_view text, const PgnReadOptions& options = {});

// Comments as they are kept: line breaks (LF, CR) inside a comment are layout, and a run
// of blanks holding one is read as one space.
std::string normalize_comment(std::string_view text);

}  // namespace kifu::chess
