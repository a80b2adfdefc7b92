#pragma once
// The game interface: what the traits of every game give (chess::GameTraits, go::GameTraits,
// shogi::GameTraits, xiangqi::GameTraits, each checked by a static_assert beside it). Code
// that works for every such game is a template over GameRules, reached through
// formats::visit_game_rules, the one place that turns a game into its traits; it never
// branches on the game itself. (Go's Move is an SGF node's action, setup included; the moves
// it generates are single moves.)
//
// The 16-bit move word: each game's move fits 16 bits in its own layout (chess: from 6, to 6,
// promotion 2, kind 2; shogi: to 7, from or the dropped piece 7, promotion 1; xiangqi: from
// 7, to 7; Go: column 6, row 6, colour 3); move_word gives them and move_of_word takes them back, so a list
// of moves can be kept as words (the position index does).

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/game_tree.hpp"
#include "kifu/core/result.hpp"

namespace kifu {

// How a position stands: one word ("ongoing", "checkmate", "stalemate", ...: formats/play.hpp
// lists them) and whether the side to move is in check.
struct PositionStatus {
    std::string_view outcome = "ongoing";
    bool check = false;
};

template <class T>
concept GameRules = requires(typename T::Position& position, const typename T::Position& before,
                             typename T::Move move, std::uint16_t word, std::string_view text,
                             const GameTree<T>& tree, std::span<const typename T::Move> moves) {
    { T::game } -> std::convertible_to<std::string_view>;  // its name in formats::all_games()
    T::play(position, move);
    { T::key(before) } -> std::same_as<std::uint64_t>;                    // equal positions, equal keys
    { T::write_move(before, move) } -> std::convertible_to<std::string>;  // its plain notation
    // The move as its engines' protocol writes it: UCI, USI, UCCI's ICCS, GTP's vertex.
    { T::engine_move(before, move) } -> std::convertible_to<std::string>;
    // The protocol its engines speak ("uci", "usi", "ucci", "gtp": engine/protocol.hpp), and
    // the lines of it that put an engine at the position `moves` lead to from `before`.
    { T::engine_protocol } -> std::convertible_to<std::string_view>;
    { T::engine_position(before, moves) } -> std::same_as<Result<std::vector<std::string>>>;
    { T::legal_moves(before).size() } -> std::convertible_to<std::size_t>;
    { *T::legal_moves(before).begin() } -> std::convertible_to<typename T::Move>;
    { T::perft(before, 1) } -> std::same_as<std::uint64_t>;
    { T::move_word(move) } -> std::same_as<std::uint16_t>;
    { T::move_of_word(word) } -> std::same_as<typename T::Move>;
    // A position given as text: its own notation, "startpos" (and what else the game takes).
    { T::read_position(text) } -> std::same_as<Result<typename T::Position>>;
    { T::write_position(before) } -> std::convertible_to<std::string>;
    { T::side_to_move(before) } -> std::convertible_to<std::string_view>;  // its colour: "white", "red"
    // A move in any notation of the game; errors with the column in `text`.
    { T::parse_move(before, text) } -> std::same_as<Result<typename T::Move>>;
    // How the position stands: "ongoing", "checkmate", ... (formats/play.hpp), and check.
    { T::status(before) } -> std::same_as<PositionStatus>;
    // A move in every notation the game lists moves in, blank-separated ("e4 e2e4").
    { T::move_notations(before, move) } -> std::convertible_to<std::string>;
    // What to say of a position beside its moves: why there are none, a draw that stands;
    // "" for nothing.
    { T::status_note(before) } -> std::convertible_to<std::string>;
    // Who won, as the record says: its result (PGN's marker or Result tag, SGF's RE) or the
    // ending it records (KIF's 投了 by the side to move).
    { T::outcome(tree) } -> std::same_as<GameOutcome>;
};

// Optional: traits whose positions are alike up to symmetries of the board (Go: 8 of them and
// a swap of colours) name a `SymmetricKeys` class: made from a position and brought to the
// next by update(position), it gives kCount keys, key(s) for each symmetry s that allowed(s),
// and canonical(), the one key of all of them (formats/duplicates.hpp finds games so).
template <class T>
concept HasSymmetricKeys = requires(const typename T::Position& position, typename T::SymmetricKeys& keys) {
    typename T::SymmetricKeys;
    { T::SymmetricKeys::kCount } -> std::convertible_to<int>;
    keys.update(position);
    { keys.key(0) } -> std::same_as<std::uint64_t>;
    { keys.allowed(0) } -> std::same_as<bool>;
    { keys.canonical() } -> std::same_as<std::uint64_t>;
};

// What a position holds that its game can only lose: `kept`, up to 16 things that once gone
// never come back (chess: the pawns on their first squares), and `count`, a number that never
// grows (chess: the men on the board; a promotion keeps the count). A position can follow
// another in a game only if its `kept` bits are among the other's and its count is at most
// the other's: the opening finder stops where no named position can follow any more.
struct Progress {
    std::uint16_t kept = 0;
    std::uint8_t count = 0;
};

// Optional: traits that give progress(position) (formats/openings.hpp stops early by it).
template <class T>
concept HasProgress = requires(const typename T::Position& position) {
    { T::progress(position) } -> std::same_as<Progress>;
};

// Optional: traits whose engines need more than the position name engine_settings(tags):
// the protocol lines a record's tags give (Go: GTP's komi from KM), sent after the position.
template <class T>
concept HasEngineSettings = requires(const std::vector<std::pair<std::string, std::string>>& tags) {
    { T::engine_settings(tags) } -> std::same_as<std::vector<std::string>>;
};

// What a node says in numbers, where a game's records write them (PGN's [%clk] and [%eval]
// comment commands, ShogiGUI's and Floodgate's analysis comments, Sabaki's SBKV and SBKS).
struct NodeReadings {
    std::optional<double> clock;     // seconds on the mover's clock after the move
    std::optional<double> eval;      // from the first player's side, in pawns (Go: points of
                                     // lead); a mate is +-1000
    std::optional<double> win_rate;  // the first player's, 0..1, where the engine gave one (Go)
};

// Optional: traits whose records carry readings in comments give readings(comments).
template <class T>
concept HasNodeReadings = requires(const std::vector<std::string>& comments) {
    { T::readings(comments) } -> std::same_as<NodeReadings>;
};

// Optional: traits whose records draw marks in comments (PGN's [%csl] and [%cal]) give
// comment_marks(comment), the marks of one comment.
template <class T>
concept HasCommentMarks = requires(std::string_view comment) {
    { T::comment_marks(comment) } -> std::same_as<std::vector<NodeMark>>;
};

// The marks a node's board shows: the node's own (SGF's, a KIF's), then those its comments
// draw where its game's records draw them there.
template <class Tree>
std::vector<NodeMark> node_marks(const Tree& tree, NodeId node) {
    using Traits = typename Tree::GameTraits;
    const auto& n = tree.nodes[node];
    std::vector<NodeMark> out = n.marks();
    if constexpr (HasCommentMarks<Traits>)
        for (const std::string& comment : n.comments())
            for (NodeMark& m : Traits::comment_marks(comment)) out.push_back(std::move(m));
    return out;
}

// A legal move as a position lists it: the game's plain notation (chess SAN, shogi USI,
// xiangqi ICCS), or list_move where the traits have one because their write_move is the tree's
// word and says more (Go: "D4", where a tree's node writes "B D4").
template <GameRules Rules>
std::string listed_move(const typename Rules::Position& before, const typename Rules::Move& move) {
    if constexpr (requires { Rules::list_move(before, move); })
        return Rules::list_move(before, move);
    else
        return Rules::write_move(before, move);
}

// "HEAD moves M1 M2 ...": the position line of UCI, USI and UCCI (engine_position), each move
// in the engine's form (engine_move) from the position before it; HEAD alone without moves.
template <class Rules>
std::string engine_position_line(std::string head, typename Rules::Position position,
                                 std::span<const typename Rules::Move> moves) {
    if (!moves.empty()) head += " moves";
    for (const auto& move : moves) {
        head += ' ';
        head += Rules::engine_move(position, move);
        Rules::play(position, move);
    }
    return head;
}

// The move words of a Move that is itself 16 bits (raw() and from_raw()): traits derive from
// this to give move_word and move_of_word.
template <class Move>
struct RawMoveWords {
    static std::uint16_t move_word(Move move) noexcept { return move.raw(); }
    static Move move_of_word(std::uint16_t word) noexcept { return Move::from_raw(word); }
};

// A move read in the first of `notations` (in order) that reads it; when none does, the most
// telling of their errors (says_more). `parse(notation)` reads the text in one of them.
template <class Move, class Notations, class Parse>
Result<Move> parse_in_any(const Notations& notations, Parse&& parse) {
    std::optional<Error> best;
    for (const auto notation : notations) {
        Result<Move> m = parse(notation);
        if (m) return m;
        if (!best || says_more(m.error(), *best)) best = m.error();
    }
    return *best;
}

}  // namespace kifu
