#pragma once
// An SGF game as the core game tree (Go behind the game interface), made from the raw SGF
// layer, and the rule checks of a replay, a walk over that tree.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/game_rules.hpp"
#include "kifu/core/game_tree.hpp"
#include "kifu/core/result.hpp"
#include "kifu/go/board.hpp"
#include "kifu/go/rules.hpp"
#include "kifu/go/sgf.hpp"
#include "kifu/go/symmetry.hpp"

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
    std::optional<Stone> to_move;  // PL when given, else the player after the last mover
    int moves = 0;                 // moves (passes included) from the root to the node
    PlayerOrder order{};           // who plays after whom (HEN's multi-colour games)
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

// Go behind the game interface (core/game_rules.hpp), and what the core game tree needs
// to know of it. A move is a tree node's action: setup, moves, a player to move; the
// moves a position lists are single moves of the player to move.
//
// Decisions (docs/sgf.md, "Go behind the game interface"):
// - The player to move is PL (`to_move`), else the one after the last mover in the
//   order, else the first of the order (black).
// - Legal: an empty point, not the ko point that binds the player, no suicide (of a lone
//   stone or a group: most rule sets forbid both); superko needs the history a position
//   does not hold, so it is not looked at (the replay of a record reports it).
// - The status is always "ongoing": a Go game ends by the players' agreement, not by
//   the board.
// - The 16-bit move word: bits 0-5 the column, 6-11 the row (0xFFF: a pass), 12-14 the
//   colour less one (black 0, white 1: the position index's layout); 0xFFFF is an action
//   that is no single move (setup), which reads back as an empty action.
struct GameTraits {
    using Position = GameState;
    using Move = NodeAction;
    static constexpr std::string_view game = "go";
    // A tree node's text is its SGF properties as written ("B[dp]"), no notation a player
    // reads: a move list shows write_move's "B D4" instead (formats/viewer.hpp).
    static constexpr bool move_text_is_raw = true;
    static void play(GameState& state, const NodeAction& action);  // permissive: replay_to checks
    // The stones, the player to move and the ko point that binds them.
    static std::uint64_t key(const GameState& state);
    // "B D4", "W pass", "AB 3 AW 1", "" for a node that does nothing: a tree's node may
    // play either colour, so its word says which.
    static std::string write_move(const GameState& before, const NodeAction& action);
    // GTP's vertex: "D4", "pass" (SGF's "dp" on a board wider than the letters go).
    static std::string engine_move(const GameState& before, const NodeAction& action);
    static constexpr std::string_view engine_protocol = "gtp";
    // GTP has no position command: "boardsize N", "clear_board", then "play COLOUR VERTEX" for
    // the start's stones and each move; where a node sets stones up after the start, the
    // stones of the last position are played instead (its ko and prisoners are lost). GTP
    // comment lines "# stones" and "# moves" say which plays are which (KataGo's analysis
    // engine takes the start's stones apart from the moves).
    // Errors: unsupported for a board that is not square or is wider than 25 (GTP's limit).
    static Result<std::vector<std::string>> engine_position(const GameState& before,
                                                            std::span<const NodeAction> moves);
    // "komi K" from KM.
    static std::vector<std::string> engine_settings(
        const std::vector<std::pair<std::string, std::string>>& tags);
    // A node as one token of a move list (a position's legal moves, a table's `moves`), which
    // parse_move reads back: the vertex alone when the node is one move of the player to move
    // ("D4", "pass"); "W:D4" when it is a move of the other colour (a record may play one
    // colour twice); "-" when it plays no move (a comment, or setup: its stones are in the
    // position after it, not in the token).
    static std::string list_move(const GameState& before, const NodeAction& action);
    // Top row first, left to right, then the pass.
    static std::vector<NodeAction> legal_moves(const GameState& state);
    static std::uint64_t perft(const GameState& state, int depth);
    static std::uint16_t move_word(const NodeAction& action) noexcept;
    static NodeAction move_of_word(std::uint16_t word);
    // HEN, or "startpos" (the empty 19x19 board, black to play).
    static Result<GameState> read_position(std::string_view text);
    static std::string write_position(const GameState& state);  // HEN
    static std::string_view side_to_move(const GameState& state);
    // Human coordinates ("D4", "pass") or an SGF point ("dp"), by the player to move; a
    // list_move token ("B:D4": that colour; "-": a node that plays nothing).
    static Result<NodeAction> parse_move(const GameState& before, std::string_view text);
    static PositionStatus status(const GameState& state);
    static std::string move_notations(const GameState& before, const NodeAction& action);  // "D4 dp"
    static std::string status_note(const GameState& state);  // the ko point that binds, if any
    // By RE: "B+..." black, "W+..." white, "0", "Draw", "Jigo" a draw.
    static GameOutcome outcome(const GameTree<GameTraits>& game);

    static Stone mover(const GameState& state) noexcept;

    // Positions alike up to the board's symmetries and a swap of colours (go/symmetry.hpp;
    // stones only): a position's key under each, kept move after move from the points that
    // changed. Duplicate games are found up to them (formats/duplicates.hpp).
    class SymmetricKeys {
      public:
        static constexpr int kCount = kSymmetries;
        explicit SymmetricKeys(const GameState& start) : keys_(start.board.size()) {
            keys_.update(start.board);
        }
        void update(const GameState& now) { keys_.update(now.board); }
        // Whether symmetry s exists on this board (an oblong board has no transpose).
        bool allowed(int s) const noexcept { return go::allowed(static_cast<Symmetry>(s), keys_.size()); }
        std::uint64_t key(int s) const noexcept { return keys_.key(static_cast<Symmetry>(s)); }
        std::uint64_t canonical() const noexcept { return keys_.canonical().key; }

      private:
        BoardKeys keys_;
    };
};

// An SGF game as the core tree: the start is the position after the SGF root node (its
// setup, and a move if it has one), each later SGF node is a node of the tree with its
// action, its comment (C), its marks (CR SQ TR MA LB) and its raw moves as text; the root's
// game-info properties are the tags. Node paths are core/walk.hpp's node_at_path, as for
// every game; the raw node of a tree node is in the map game_tree gives (record.hpp keeps it).
using Game = GameTree<GameTraits>;
static_assert(GameRules<GameTraits>);
static_assert(HasSymmetricKeys<GameTraits>);
static_assert(HasEngineSettings<GameTraits>);

// What a tree keeps of its SGF nodes: everything (the model's tree: the moves as written,
// comments, marks and labels), or their actions alone (what the rule checks, a count and a
// tree's shape need: a tree made for them and dropped, by validate and info).
enum class TreeContent : bool { actions, all };

// The core tree of one game of a collection (value warnings go to `warnings`);
// `sgf_nodes`, when given, gets for each node of the tree the SGF node it came from.
Result<Game> game_tree(const SgfCollection& sgf, std::uint32_t root,
                       std::vector<SgfWarning>* warnings = nullptr,
                       std::vector<std::uint32_t>* sgf_nodes = nullptr,
                       TreeContent content = TreeContent::all);

// The state a diagram gives (its stones, turn, order, last move and ko point).
GameState state_of(const Position& position);

// The position a diagram shows for a state of the tree: the stones, the last move (a
// suicide's too, whose stone is gone: Position::last_move_gone), the turn and the ko point
// (when it binds the player to move), with the node's marks and labels.
Position position_of(const GameState& state, std::span<const NodeMark> marks = {});

// The board size of a game (SZ of its root; 19x19 when absent).
Result<BoardSize> game_board_size(const SgfCollection& sgf, std::uint32_t root);

// The state at node `node` of `tree` (made by game_tree from `sgf`, `sgf_nodes` its map)
// replayed from the empty board with the rules checked on the way: each move that breaks
// them (ko, suicide, superko when asked), setup after moves or that leaves a group without
// liberties, two moves in a node, a value of the wrong type, is appended to `warnings`
// (when given) with its line and column. The same state as the tree's own (position_after),
// which checks nothing. Rules: those given, else those the game's RU names, else simple ko
// with every suicide reported.
GameState replay_to(const SgfCollection& sgf, const Game& tree, std::span<const std::uint32_t> sgf_nodes,
                    NodeId node, const ReplayOptions& options = {},
                    std::vector<SgfWarning>* warnings = nullptr);

// The same checks for every node of a tree, each once (the one walk, core/walk.hpp): what
// `kifu validate` does. record.hpp's check_game makes the tree and reports its values too.
void check_rules(const SgfCollection& sgf, const Game& tree, std::span<const std::uint32_t> sgf_nodes,
                 const ReplayOptions& options, std::vector<SgfWarning>& warnings);

}  // namespace kifu::go
