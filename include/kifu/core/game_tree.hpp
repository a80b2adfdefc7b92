#pragma once
// One game tree for every record format and every game (as scalachess has one tree for
// every variant): ordered tags, a start position, and nodes that each hold a move with
// the text it was written as, its comments, NAGs and marks, and the variations that
// branch off after it. Nodes live in one vector and refer to each other by index, so a
// tree of any depth is built, copied, compared and freed without recursion.
//
// What is game-specific comes from a traits type (chess::GameTraits, go::GameTraits,
// shogi::GameTraits):
//   using Position = ...;  using Move = ...;
//   static void play(Position&, const Move&);           // the move played in place
//   static std::uint64_t key(const Position&);           // a position key (Zobrist-style)
//   static std::string write_move(const Position& before, const Move&);
//   static constexpr std::string_view game = "chess";
// walk.hpp visits every position of a tree; board_view.hpp shows one.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/error.hpp"
#include "kifu/core/index_iterator.hpp"

namespace kifu {

using NodeId = std::uint32_t;

// A mark drawn on the board at a node: SGF's CR SQ TR MA and LB, the ko point or a
// check, a square or an arrow of a PGN comment command. Cells count row-major from the
// top left of the board view (board_view.hpp).
struct NodeMark {
    enum class Kind : std::uint8_t { circle, square, triangle, cross, label, highlight, arrow };
    Kind kind = Kind::circle;
    int cell = -1;
    int to = -1;       // arrow: the cell it points to
    std::string text;  // label: its text; highlight and arrow: a colour name, when one is given
    bool operator==(const NodeMark&) const = default;
};

// How a line of play ends, where the record says so (KIF's 投了 and 中断, CSA's %TORYO and
// %CHUDAN): every line of a shogi record ends with its own word. "The side to move" is the
// side to move in the position at the end of the line.
enum class Ending : std::uint8_t {
    none,             // the record does not say
    resign,           // the side to move resigned (投了, %TORYO)
    interrupt,        // the game was stopped, unfinished (中断, %CHUDAN)
    repetition,       // a draw by repetition (千日手, %SENNICHITE)
    impasse,          // a draw by impasse (持将棋, %JISHOGI)
    timeout,          // the side to move lost on time (切れ負け, %TIME_UP)
    illegal_win,      // the side to move wins: the last move was a foul (反則勝ち)
    illegal_loss,     // the side to move loses by a foul (反則負け, %+ILLEGAL_ACTION / %-ILLEGAL_ACTION)
    illegal_move,     // the side to move played an illegal move and lost (%ILLEGAL_MOVE)
    declaration_win,  // the side to move declared a win by entering kings (入玉勝ち, %KACHI)
    win_by_default,   // the side to move wins by default (不戦勝)
    loss_by_default,  // the side to move loses by default (不戦敗)
    mate,             // the side to move is checkmated (詰み, %TSUMI)
    no_mate,          // a problem with no mate (不詰, %FUZUMI)
    max_moves,        // a draw at the move limit (%MAX_MOVES)
    draw,             // a draw agreed or declared (%HIKIWAKE)
    error,            // the game ended in an error (%ERROR)
    sealed_move,      // adjourned: the side to move sealed its move (封じ手)
};

// "resign", "interrupt", ..., "illegal-win": for messages, kifu info and kifu tree.
constexpr std::string_view to_string(Ending ending) noexcept {
    constexpr std::string_view kNames[] = {
        "none",           "resign",          "interrupt",    "repetition",   "impasse",
        "timeout",        "illegal-win",     "illegal-loss", "illegal-move", "declaration-win",
        "win-by-default", "loss-by-default", "mate",         "no-mate",      "max-moves",
        "draw",           "error",           "sealed-move"};
    return kNames[static_cast<std::size_t>(ending)];
}

// Who won a game, as its record says: what the index stores (as these numbers) and the
// filters select (formats/filter.hpp); each game's traits read it (GameRules's outcome).
enum class GameOutcome : std::uint8_t { first = 0, draw = 1, second = 2, unknown = 3 };

// The score words of PGN ("1-0", "0-1", "1/2-1/2", and "1/2" as real files write it), which
// chess and xiangqi records give.
constexpr GameOutcome outcome_of_score(std::string_view score) noexcept {
    if (score == "1-0") return GameOutcome::first;
    if (score == "0-1") return GameOutcome::second;
    if (score == "1/2-1/2" || score == "1/2") return GameOutcome::draw;
    return GameOutcome::unknown;
}

// The outcome a line's ending gives, by who is to move at its end.
constexpr GameOutcome outcome_of_ending(Ending ending, bool first_to_move) noexcept {
    const GameOutcome mover_wins = first_to_move ? GameOutcome::first : GameOutcome::second;
    const GameOutcome mover_loses = first_to_move ? GameOutcome::second : GameOutcome::first;
    switch (ending) {
        case Ending::resign:
        case Ending::timeout:
        case Ending::illegal_loss:
        case Ending::illegal_move:
        case Ending::mate:
        case Ending::loss_by_default:
            return mover_loses;
        case Ending::illegal_win:
        case Ending::declaration_win:
        case Ending::win_by_default:
            return mover_wins;
        case Ending::repetition:
        case Ending::impasse:
        case Ending::draw:
        case Ending::max_moves:
            return GameOutcome::draw;
        default:
            return GameOutcome::unknown;
    }
}

// A list whose first element is held in place and the others in a vector: the children
// of a node (the first continues the line; variations are rare), the moves of an SGF node
// (one, as a rule), so that a line of moves costs no allocation per move.
template <class T>
class SmallList {
  public:
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    const T& front() const noexcept { return first_; }
    const T& operator[](std::size_t i) const noexcept { return i == 0 ? first_ : rest_[i - 1]; }
    void push_back(T value) {
        if (size_ == 0)
            first_ = std::move(value);
        else
            rest_.push_back(std::move(value));
        ++size_;
    }
    void clear() noexcept {
        size_ = 0;
        rest_.clear();
    }

    using iterator = IndexIterator<SmallList, T>;
    iterator begin() const noexcept { return {this, 0}; }
    iterator end() const noexcept { return {this, size_}; }

    bool operator==(const SmallList& o) const noexcept {
        return size_ == o.size_ && (size_ == 0 || first_ == o.first_) && rest_ == o.rest_;
    }

  private:
    T first_{};
    std::uint32_t size_ = 0;
    std::vector<T> rest_;
};

using ChildList = SmallList<NodeId>;

// What a node of a game tree may have besides its move (GameTree::Node): comments, each
// kept apart as the source wrote it (trimmed): those before the move at the start of a
// variation, and those after it (at the root: before the first move); NAGs; marks; a name
// (SGF's N, KIF's & bookmark).
struct NodeNotes {
    std::vector<std::string> starting_comments;
    std::vector<std::string> comments;
    std::vector<std::uint8_t> nags;
    std::vector<NodeMark> marks;
    std::string name;
    bool operator==(const NodeNotes&) const = default;
};
inline const NodeNotes kNoNotes{};

// A node's notes held apart: none until the first write, copied deep, compared by value
// (none equals empty), so that a node's copies and comparisons stay the defaults.
class NodeNotesBox {
  public:
    NodeNotesBox() noexcept = default;
    NodeNotesBox(const NodeNotesBox& o)
        : notes_(o.notes_ ? std::make_unique<NodeNotes>(*o.notes_) : nullptr) {}
    NodeNotesBox(NodeNotesBox&&) noexcept = default;
    NodeNotesBox& operator=(const NodeNotesBox& o) {
        if (this != &o) notes_ = o.notes_ ? std::make_unique<NodeNotes>(*o.notes_) : nullptr;
        return *this;
    }
    NodeNotesBox& operator=(NodeNotesBox&&) noexcept = default;
    ~NodeNotesBox() = default;

    const NodeNotes& get() const noexcept { return notes_ ? *notes_ : kNoNotes; }
    NodeNotes& make() {
        if (!notes_) notes_ = std::make_unique<NodeNotes>();
        return *notes_;
    }
    bool has() const noexcept { return notes_ != nullptr; }
    bool operator==(const NodeNotesBox& o) const { return get() == o.get(); }

  private:
    std::unique_ptr<NodeNotes> notes_;
};

template <class Traits>
class GameTree {
  public:
    using GameTraits = Traits;
    using Position = typename Traits::Position;
    using Move = typename Traits::Move;

    // A node. What a plain line of moves has (the move, its text, its time, the links) is
    // held in place; what few nodes have (comments, NAGs, marks, a name) is held apart, made
    // on the first write, so that a node of a long game costs a fifth of its notes' size.
    // Read the notes through comments(), nags(), ... (empty when the node has none); write
    // them through notes().
    struct Node {
        Node() noexcept {}
        Node(Move m, std::string_view t, NodeId from) : move(std::move(m)), text(t), parent(from) {}

        Move move{};                // none at the root
        std::string text;           // the move as the source wrote it (empty at the root)
        std::int32_t time_ms = -1;  // the time the move took, in milliseconds; -1: not given
        // Set at the end of a line that the record ends with a word, and the time that took.
        Ending ending = Ending::none;
        std::int32_t ending_time_ms = -1;
        NodeId parent = 0;
        ChildList children;  // children[0] continues the line; the others are variations

        const std::vector<std::string>& starting_comments() const noexcept {
            return notes_.get().starting_comments;
        }
        const std::vector<std::string>& comments() const noexcept { return notes_.get().comments; }
        const std::vector<std::uint8_t>& nags() const noexcept { return notes_.get().nags; }
        const std::vector<NodeMark>& marks() const noexcept { return notes_.get().marks; }
        const std::string& name() const noexcept { return notes_.get().name; }
        bool has_notes() const noexcept { return notes_.has(); }
        // The notes to write into (made when the node has none).
        NodeNotes& notes() { return notes_.make(); }

        bool operator==(const Node&) const = default;

      private:
        NodeNotesBox notes_;
    };

    static constexpr NodeId kRoot = 0;

    GameTree() { nodes.emplace_back(); }
    explicit GameTree(Position start_position) : start(std::move(start_position)) { nodes.emplace_back(); }

    std::vector<std::pair<std::string, std::string>> tags;  // headers, in source order
    Position start{};
    std::string result;           // the termination as the source gave it; "" when it had none
    std::vector<Error> errors;    // where reading stopped, and contradictions found on the way
    std::vector<Error> warnings;  // what was read although the format does not define it, and doubts
    std::vector<Node> nodes;      // nodes[0] is the root: the start position
    std::size_t index = 0;        // of the game in its input
    std::uint32_t line = 0;       // where the game starts in its input

    const Node& node(NodeId id) const { return nodes[id]; }
    Node& node(NodeId id) { return nodes[id]; }
    std::size_t size() const noexcept { return nodes.size(); }

    // The value of a tag, if the game has it (the first, when it has several).
    std::optional<std::string_view> tag(std::string_view name) const {
        for (const auto& [n, v] : tags)
            if (n == name) return std::string_view(v);
        return std::nullopt;
    }
    void set_tag(std::string_view name, std::string_view value) {
        for (auto& [n, v] : tags)
            if (n == name) {
                v = value;
                return;
            }
        tags.emplace_back(name, value);
    }

    // Adds an empty node after `parent` (a new variation when it already has a child), for
    // a reader that fills its move and text in place.
    NodeId add_node(NodeId parent) {
        const auto id = static_cast<NodeId>(nodes.size());
        nodes.emplace_back().parent = parent;
        nodes[parent].children.push_back(id);
        return id;
    }

    // Adds a move after `parent`, as a new variation when it already has a child.
    // The text is copied into the node in place (a SAN fits its small-string buffer).
    NodeId add_move(NodeId parent, Move move, std::string_view text) {
        const auto id = static_cast<NodeId>(nodes.size());
        nodes.emplace_back(std::move(move), text, parent);
        nodes[parent].children.push_back(id);
        return id;
    }

    // The nodes of the main line, first move first (the root not included).
    std::vector<NodeId> main_line() const {
        std::vector<NodeId> ids;
        for (NodeId id = kRoot; !nodes[id].children.empty();) {
            id = nodes[id].children.front();
            ids.push_back(id);
        }
        return ids;
    }
    // The last node of the main line (the root when it has no move).
    NodeId main_line_end() const noexcept {
        NodeId id = kRoot;
        while (!nodes[id].children.empty()) id = nodes[id].children.front();
        return id;
    }
    // The nodes from the root's first move down to `id` (empty for the root).
    std::vector<NodeId> path_to(NodeId id) const {
        std::vector<NodeId> path;
        for (; id != kRoot; id = nodes[id].parent) path.push_back(id);
        return {path.rbegin(), path.rend()};
    }
    // How many moves lead from the root to `id`.
    std::size_t depth(NodeId id) const {
        std::size_t d = 0;
        for (; id != kRoot; id = nodes[id].parent) ++d;
        return d;
    }
    // The position after `id`'s move, replayed from the start (walk.hpp visits every
    // position of a tree without replaying).
    Position position_after(NodeId id) const {
        Position p = start;
        for (const NodeId n : path_to(id)) Traits::play(p, nodes[n].move);
        return p;
    }
    // Nodes without children: the ends of the lines of play (the main line included).
    std::size_t line_count() const {
        std::size_t leaves = 0;
        for (const Node& n : nodes) leaves += n.children.empty();
        return leaves;
    }

    bool operator==(const GameTree&) const = default;
};

// Whether two trees hold the same game: start, result, and move by move the same moves,
// comments, NAGs, marks, names, times, line endings and variations in the same order, however the nodes are
// numbered. The text a move was written as, the tags and the errors are not compared;
// `result_of` says how a tree's result is read (chess: its termination()).
template <class Traits, class ResultOf>
bool same_tree(const GameTree<Traits>& a, const GameTree<Traits>& b, ResultOf result_of) {
    if (!(a.start == b.start) || result_of(a) != result_of(b) || a.nodes.size() != b.nodes.size())
        return false;
    std::vector<std::pair<NodeId, NodeId>> pending{{GameTree<Traits>::kRoot, GameTree<Traits>::kRoot}};
    while (!pending.empty()) {
        const auto [x, y] = pending.back();
        pending.pop_back();
        const auto &p = a.nodes[x], &q = b.nodes[y];
        if (!(p.move == q.move) || p.comments() != q.comments() ||
            p.starting_comments() != q.starting_comments() || p.nags() != q.nags() ||
            p.marks() != q.marks() || p.name() != q.name() || p.time_ms != q.time_ms ||
            p.ending != q.ending || p.ending_time_ms != q.ending_time_ms ||
            p.children.size() != q.children.size())
            return false;
        for (std::size_t i = 0; i < p.children.size(); ++i)
            pending.emplace_back(p.children[i], q.children[i]);
    }
    return true;
}

}  // namespace kifu
