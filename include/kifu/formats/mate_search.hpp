#pragma once
// A mate search over any game's traits: df-pn (depth-first proof-number search, Nagai 2002),
// the search of the tsume solvers, over the game interface's legal moves, play and key.
//
// The side to move at the root attacks; it mates when every line ends with the defender to
// move, in check and without a move. Decisions (docs/problems.md):
// - Problem rules come from the traits: `mate_problems_check` (shogi: every attacking move
//   of a tsume is a check) limits the attacker to checks; `useless_interposition(before,
//   move)` (shogi: a drop between a far checker and the king that nothing of the defender's
//   guards) takes a defence out of the search, and a defender whose only defences are such
//   drops is mated, as tsume convention counts it.
// - A position that repeats one on the line searched is no mate for the attacker (a
//   perpetual check loses in shogi and is a draw in chess and xiangqi). Such a result holds
//   for that line only and is not stored, so a proof never rests on it; a disproof may (the
//   graph-history interaction df-pn is known for), which the node limit bounds.
// - prove(position, plies) with plies > 0 asks for a mate within that many plies: the
//   entries of such searches are kept apart by the plies left, so that a proof within 7
//   never stands for one within 5. The mate's length is the least odd number of plies that
//   proves: the attacker's shortest mate against the defender's longest defence.
// - Memory: the table of proof numbers holds at most `max_entries` positions (24 bytes and
//   the hash map's node each); when full it is emptied and the search goes on.

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kifu/core/game_rules.hpp"

namespace kifu::formats {

// The games with check, and so with mate: their traits say whether the side to move is in
// check (chess, shogi, xiangqi; Go has neither).
template <class Rules>
concept HasCheck = requires(const typename Rules::Position& position) {
    { Rules::in_check(position) } -> std::same_as<bool>;
};

template <GameRules Rules>
requires HasCheck<Rules>
class MateSearch {
  public:
    using Position = typename Rules::Position;
    using Move = typename Rules::Move;

    struct Options {
        bool checks_only = false;  // the attacker may only check (the traits' default)
        std::uint64_t max_nodes = 20'000'000;
        std::size_t max_entries = 4'000'000;
    };
    static Options default_options() {
        Options o;
        if constexpr (requires { Rules::mate_problems_check; }) o.checks_only = Rules::mate_problems_check;
        return o;
    }

    enum class Proof : std::uint8_t { mate, no_mate, unknown };

    struct Child {
        Move move{};
        std::uint64_t key = 0;
        std::uint64_t pn = 1, dn = 1;  // its numbers before it is searched (see children)
    };

    explicit MateSearch(Options options = default_options()) : options_(options) {}

    // Whether the side to move at `position` (the attacker) mates, within `plies` when it is
    // above 0. `attacker_to_move` false asks it of a position where the defender is to move
    // (whether every defence loses).
    Proof prove(const Position& position, int plies, bool attacker_to_move = true) {
        limited_ = plies > 0;
        path_.clear();
        if (nodes_ >= options_.max_nodes) return Proof::unknown;
        const Entry e = search(position, Rules::key(position), attacker_to_move, kInfinity, kInfinity,
                               limited_ ? plies : 0);
        if (e.pn == 0) return Proof::mate;
        if (e.dn == 0) return Proof::no_mate;
        return Proof::unknown;
    }

    // The least number of plies, up to `max_plies` (odd for the attacker to move, even for
    // the defender), within which the side to move mates (or is mated): -1 when there is no
    // mate within them, -2 when the node limit came first.
    int mate_length(const Position& position, int max_plies, bool attacker_to_move = true) {
        if (!attacker_to_move && mated(position)) return 0;
        for (int n = attacker_to_move ? 1 : 2; n <= max_plies; n += 2) {
            const Proof p = prove(position, n, attacker_to_move);
            if (p == Proof::mate) return n;
            if (p == Proof::unknown) return -2;
        }
        return -1;
    }

    // The moves of `position` the search looks at: the attacker's (checks, where the rules
    // want them) or the defender's (without useless interpositions).
    std::vector<Child> moves(const Position& position, bool attacker_to_move) const {
        std::vector<Child> out;
        children(position, attacker_to_move, out);
        return out;
    }

    // Whether the defender to move at `position` is mated: in check, with no defence the
    // search counts.
    bool mated(const Position& position) const {
        bool defended = false;
        each_move(position, false, [&](const Move&, const Position&) { defended = true; });
        return !defended && in_check(position);
    }

    std::uint64_t nodes() const noexcept { return nodes_; }

  private:
    // Proof and disproof numbers: 0 and kInfinity are exact (proved, disproved); sums stop
    // short of kInfinity, so that only a proof or a disproof ends the root's search.
    static constexpr std::uint64_t kInfinity = std::numeric_limits<std::uint64_t>::max() / 4;
    // The longest line searched (the longest tsume known, Microcosmos, has 1,525 plies).
    static constexpr std::size_t kMaxDepth = 2000;

    struct Entry {
        std::uint64_t pn = 1;
        std::uint64_t dn = 1;
    };

    static std::uint64_t saturated(std::uint64_t n) { return std::min<std::uint64_t>(n, kInfinity - 1); }

    static bool in_check(const Position& position) { return Rules::in_check(position); }

    // The moves the search counts for the attacker (checks, where the rules want them) or
    // the defender (without useless interpositions) at `position`.
    template <class Each>
    void each_move(const Position& position, bool attacker, Each&& each) const {
        for (const auto& move : Rules::legal_moves(position)) {
            if constexpr (requires { Rules::useless_interposition(position, move); })
                if (!attacker && Rules::useless_interposition(position, move)) continue;
            Position next = position;
            Rules::play(next, move);
            if (attacker && options_.checks_only && !in_check(next)) continue;
            each(move, next);
        }
    }

    // The children of `position`. With `evaluate`, each child's numbers before it is
    // searched come from its own moves counted (df-pn+'s start): a defender with no move is
    // mated (or stalemated), an attacker with none has failed, and otherwise a defender with
    // more replies is harder to prove (pn = their count), an attacker with more moves harder
    // to disprove (dn = their count). The search evaluates the attacker's children only: a
    // defender in check has few moves, the attacker many (one run each of the two ways on
    // tsume of 7 to 13 plies: 0.06-0.31 s against 0.01-0.17 s of wall time, a like number of
    // nodes; not an alternating measurement).
    void children(const Position& position, bool attacker, std::vector<Child>& out,
                  bool evaluate = false) const {
        each_move(position, attacker, [&](const Move& move, const Position& next) {
            Child c;
            c.move = move;
            c.key = Rules::key(next);
            if (evaluate) {
                std::uint64_t replies = 0;
                each_move(next, !attacker, [&](const Move&, const Position&) { ++replies; });
                if (replies == 0)
                    std::tie(c.pn, c.dn) = attacker && in_check(next)
                                               ? std::pair<std::uint64_t, std::uint64_t>{0, kInfinity}
                                               : std::pair<std::uint64_t, std::uint64_t>{kInfinity, 0};
                else if (attacker)
                    c.pn = replies;
                else
                    c.dn = replies;
            }
            out.push_back(c);
        });
    }

    // The table's key of a position with `left` plies to go (0: no limit).
    static std::uint64_t table_key(std::uint64_t key, int left) {
        return left == 0 ? key : key ^ (static_cast<std::uint64_t>(left) * 0x9E3779B97F4A7C15ULL);
    }

    Entry lookup(const Child& child, int left) const {
        if (std::find(path_.begin(), path_.end(), child.key) != path_.end()) return {kInfinity, 0};
        const auto it = table_.find(table_key(child.key, left));
        return it == table_.end() ? Entry{child.pn, child.dn} : it->second;
    }

    void store(std::uint64_t key, int left, Entry e) {
        if (table_.size() >= options_.max_entries) table_.clear();
        table_[table_key(key, left)] = e;
    }

    // MID of df-pn: searches `position` (its key `key`, which the parent has made) until its
    // proof number reaches `th_pn` or its disproof number `th_dn`, and returns (and stores) its
    // numbers. `left`: plies to go, 0 for no limit (a limited search never passes 0: a node at
    // its last ply ends there).
    Entry search(const Position& position, std::uint64_t key, bool attacker, std::uint64_t th_pn,
                 std::uint64_t th_dn, int left) {
        ++nodes_;
        // The children's list of this depth, kept from one node to the next (a deque: the
        // lists of the nodes above stay where they are while deeper ones are added).
        if (frames_.size() <= path_.size()) frames_.resize(path_.size() + 1);
        std::vector<Child>& kids = frames_[path_.size()];
        kids.clear();
        children(position, attacker, kids, attacker);
        const int next_left = limited_ ? left - 1 : 0;
        Entry here;
        if (kids.empty()) {
            // The attacker without a check has failed; the defender without a defence is mated
            // if it is in check (a stalemate is no mate).
            here = attacker || !in_check(position) ? Entry{kInfinity, 0} : Entry{0, kInfinity};
            store(key, left, here);
            return here;
        }
        if (limited_ && left == 1 && !attacker) {  // the defender has a move, and no plies remain
            here = {kInfinity, 0};
            store(key, left, here);
            return here;
        }
        if (limited_ && left == 1 && attacker) {  // a mate in one, or nothing
            const bool mates =
                std::any_of(kids.begin(), kids.end(), [](const Child& c) { return c.pn == 0; });
            here = mates ? Entry{0, kInfinity} : Entry{kInfinity, 0};
            store(key, left, here);
            return here;
        }
        if (path_.size() >= kMaxDepth) {  // deeper than any known problem: no mate on this line
            here = {kInfinity, 0};
            store(key, left, here);
            return here;
        }
        path_.push_back(key);
        for (;;) {
            // The node's numbers from its children's: the attacker needs one child proved, the
            // defender all of them.
            std::uint64_t sum = 0;
            std::uint64_t least = kInfinity, second = kInfinity;
            std::size_t best = 0;
            std::uint64_t best_other = 0;  // the best child's number that is summed
            for (std::size_t i = 0; i < kids.size(); ++i) {
                const Entry e = lookup(kids[i], next_left);
                const std::uint64_t mine = attacker ? e.pn : e.dn;   // the least of these counts
                const std::uint64_t other = attacker ? e.dn : e.pn;  // the sum of these
                sum = other == kInfinity || sum == kInfinity ? kInfinity : saturated(sum + other);
                if (mine < least) {
                    second = least;
                    least = mine;
                    best = i;
                    best_other = other;
                } else if (mine < second) {
                    second = mine;
                }
            }
            here = attacker ? Entry{least, sum} : Entry{sum, least};
            if (here.pn >= th_pn || here.dn >= th_dn || nodes_ >= options_.max_nodes) break;
            // The best child's thresholds: it may grow until it is no longer the best, and its
            // summed number until the node's reaches its own threshold. Both start above the
            // child's numbers (sums are exact below kInfinity - 1), so every call makes progress.
            const std::uint64_t th_mine =
                std::min(attacker ? th_pn : th_dn, std::min(second, kInfinity - 1) + 1);
            const std::uint64_t th_sum = attacker ? th_dn : th_pn;
            const std::uint64_t th_other =
                th_sum == kInfinity ? kInfinity : std::min(kInfinity, th_sum - sum + best_other);
            Position next = position;
            Rules::play(next, kids[best].move);
            if (attacker)
                search(next, kids[best].key, false, th_mine, th_other, next_left);
            else
                search(next, kids[best].key, true, th_other, th_mine, next_left);
        }
        path_.pop_back();
        store(key, left, here);
        return here;
    }

    Options options_;
    bool limited_ = false;
    std::uint64_t nodes_ = 0;
    std::vector<std::uint64_t> path_;
    std::deque<std::vector<Child>> frames_;  // the children of the node at each depth of the path
    std::unordered_map<std::uint64_t, Entry> table_;
};

}  // namespace kifu::formats
