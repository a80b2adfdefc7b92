#pragma once
// Duplicate games, for every game: each game of a collection gets one 64-bit key by a rule,
// and a game whose key an earlier game had is a duplicate of that game (kifu dedupe, convert
// --unique). The rules (docs/duplicates.md):
//
//   moves       the same main line from the same start, whatever the tags, comments and
//               variations (pgn-extract's -D)
//   position    the same final position (the game traits' key: the side to move counts)
//   depth:N     the same position after N plies (pgn-extract's --fuzzydepth N); a game of
//               fewer plies is keyed by its moves, so only its exact copies match it
//
// Games whose traits have SymmetricKeys (Go) are keyed up to the board's symmetries and a
// swap of colours: their moves by the sequence of positions they pass through under each
// symmetry (the least of those sequences' hashes), their positions by the canonical key. A
// rotated, mirrored or colour-swapped copy of a Go game is its duplicate.
//
// Keys are 64-bit hashes: two different games share one with a chance of about n^2 / 2^65
// for n games (1 in 36 million for a million games).
//
// DuplicateTable remembers the first game of each key in an open-addressed table of 12-byte
// slots, at most 3/4 full: 16 to 32 bytes a distinct game, whatever the games' text.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/chess/pgn.hpp"
#include "kifu/core/game_rules.hpp"
#include "kifu/core/game_tree.hpp"
#include "kifu/core/hash.hpp"
#include "kifu/core/result.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

struct DuplicateRule {
    enum class Kind : std::uint8_t { moves, position, depth };
    Kind kind = Kind::moves;
    std::uint32_t depth = 0;  // Kind::depth: the ply
    bool operator==(const DuplicateRule&) const = default;
};

// "moves", "position" or "depth:N" (N from 0 to 100000). Errors: unexpected_character (no
// such rule) or out_of_range (N), at line 1 and the column of the fault in `text`.
Result<DuplicateRule> parse_duplicate_rule(std::string_view text);
std::string to_string(const DuplicateRule& rule);

// A game's key, fed its main line: start(position), then for each move played(move) and
// reached(position after it); key(final position) at the end (the position after the last
// move: reached() for it may be left out). wants_moves() turns false once later moves cannot
// change the key (a depth rule past its ply): a reader may stop there.
namespace detail {
// A game's line under each symmetry of its board (nothing for a game without them).
template <class Rules, bool = HasSymmetricKeys<Rules>>
struct SymmetricLines {};
template <class Rules>
struct SymmetricLines<Rules, true> {
    std::optional<typename Rules::SymmetricKeys> keys;
    std::array<std::uint64_t, Rules::SymmetricKeys::kCount> lines{};
};
}  // namespace detail

template <GameRules Rules>
class DuplicateKeyer {
  public:
    using Position = typename Rules::Position;
    explicit DuplicateKeyer(DuplicateRule rule) noexcept : rule_(rule) {}

    void start(const Position& position) {
        ply_ = 0, seen_ = 0, at_depth_ = 0, reached_depth_ = false;
        if constexpr (HasSymmetricKeys<Rules>) {
            symmetric_.keys.emplace(position);
            symmetric_.lines.fill(kLineStart);
        } else {
            line_ = splitmix64(kLineStart ^ Rules::key(position));
        }
        look(position);
    }
    void played(const typename Rules::Move& move) {
        ++ply_;
        if constexpr (!HasSymmetricKeys<Rules>) line_ = fold(line_, Rules::move_word(move));
    }
    void reached(const Position& position) {
        if (seen_ != ply_) look(position);
    }
    bool wants_moves() const noexcept { return rule_.kind != DuplicateRule::Kind::depth || !reached_depth_; }
    std::uint32_t ply() const noexcept { return ply_; }

    std::uint64_t key(const Position& final_position) {
        reached(final_position);
        switch (rule_.kind) {
            case DuplicateRule::Kind::position:
                return splitmix64(kPositionMark ^ position_key(final_position));
            case DuplicateRule::Kind::depth:
                if (reached_depth_) return at_depth_;
                break;
            case DuplicateRule::Kind::moves:
                break;
        }
        return moves_key();
    }

  private:
    static constexpr std::uint64_t kLineStart = 0x6475706c'6963617aULL;
    static constexpr std::uint64_t kPositionMark = 0x706f7369'74696f6eULL;
    static constexpr std::uint64_t kDepthMark = 0x64657074'68000000ULL;
    static std::uint64_t fold(std::uint64_t line, std::uint64_t value) noexcept {
        return splitmix64(line ^ value);
    }

    std::uint64_t position_key(const Position& position) {
        if constexpr (HasSymmetricKeys<Rules>) {
            return symmetric_.keys->canonical();
        } else {
            return Rules::key(position);
        }
    }
    // The position at ply_ (seen once): folded into the line of each symmetry, kept at the
    // rule's depth.
    void look(const Position& position) {
        seen_ = ply_;
        if constexpr (HasSymmetricKeys<Rules>) {
            if (ply_ > 0) symmetric_.keys->update(position);
            for (int s = 0; s < Rules::SymmetricKeys::kCount; ++s) {
                std::uint64_t& line = symmetric_.lines[static_cast<std::size_t>(s)];
                line = fold(line, symmetric_.keys->key(s));
            }
        }
        if (rule_.kind == DuplicateRule::Kind::depth && ply_ == rule_.depth) {
            at_depth_ = splitmix64(kDepthMark ^ rule_.depth ^ position_key(position));
            reached_depth_ = true;
        }
    }
    std::uint64_t moves_key() const noexcept {
        if constexpr (HasSymmetricKeys<Rules>) {
            std::uint64_t least = ~std::uint64_t{0};
            for (int s = 0; s < Rules::SymmetricKeys::kCount; ++s)
                if (symmetric_.keys->allowed(s))
                    least = std::min(least, symmetric_.lines[static_cast<std::size_t>(s)]);
            return splitmix64(least ^ ply_);
        } else {
            return splitmix64(line_ ^ ply_);
        }
    }

    DuplicateRule rule_;
    std::uint32_t ply_ = 0, seen_ = 0;
    std::uint64_t at_depth_ = 0;  // the key at the rule's depth, once reached_depth_
    bool reached_depth_ = false;
    std::uint64_t line_ = kLineStart;
    [[no_unique_address]] detail::SymmetricLines<Rules> symmetric_{};
};

// The key of a game tree's main line.
template <class Tree>
std::uint64_t duplicate_key(const Tree& tree, DuplicateRule rule) {
    using Rules = typename Tree::GameTraits;
    DuplicateKeyer<Rules> keyer(rule);
    typename Tree::Position position = tree.start;
    keyer.start(position);
    for (NodeId id = Tree::kRoot; !tree.nodes[id].children.empty() && keyer.wants_moves();) {
        id = tree.nodes[id].children.front();
        Rules::play(position, tree.nodes[id].move);
        keyer.played(tree.nodes[id].move);
        keyer.reached(position);
    }
    return keyer.key(position);
}

// The key of each game of a record, in order (none for a position).
std::vector<std::uint64_t> duplicate_keys(const Document& record, DuplicateRule rule);

// The key of a chess game streamed from PGN, without a tree: its main line read (variations
// passed over; a depth rule stops the movetext at its ply). A game with an error has none.
// A reader that also reports the errors derives from it and calls its error().
class PgnDuplicateKeyer : public chess::PgnVisitor {
  public:
    explicit PgnDuplicateKeyer(DuplicateRule rule) noexcept : keyer_(rule) {}
    bool begin_game(const chess::PgnGameText&) override;
    bool begin_movetext(const chess::Position& start) override;
    bool begin_variation() override { return false; }
    void move(const chess::Position& before, chess::Move move, std::string_view) override;
    void error(const Error&) override { broken_ = true; }
    void end_game(const chess::Position& final_position) override;
    // The key of the game last read; nullopt when it had an error.
    std::optional<std::uint64_t> key() const noexcept { return key_; }
    std::uint32_t ply() const noexcept { return keyer_.ply(); }  // the plies read of its main line

  private:
    DuplicateKeyer<chess::GameTraits> keyer_;
    std::optional<std::uint64_t> key_;
    bool started_ = false, moved_ = false, broken_ = false;
};

// The first game of each key, games numbered in the order they are seen (from 0).
class DuplicateTable {
  public:
    // Game `game` has `key`: nullopt when no earlier game had it (the game is kept), else
    // the number of the first game that had it.
    std::optional<std::uint32_t> see(std::uint64_t key, std::uint32_t game);
    std::size_t size() const noexcept { return used_; }  // distinct keys
    std::size_t bytes() const noexcept { return keys_.capacity() * 8 + firsts_.capacity() * 4; }

  private:
    void grow();
    std::vector<std::uint64_t> keys_;  // 0: empty (a key of 0 is taken as 1)
    std::vector<std::uint32_t> firsts_;
    std::size_t used_ = 0;
};

}  // namespace kifu::formats
