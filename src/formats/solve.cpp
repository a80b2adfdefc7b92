// Mate problems of every game with checkmate (formats/solve.hpp): the mate search, then the
// solution walked out of it and checked for keys and alternatives.
#include "kifu/formats/solve.hpp"

#include <algorithm>
#include <type_traits>
#include <utility>

#include "kifu/formats/game_rules.hpp"
#include "kifu/formats/mate_search.hpp"

namespace kifu::formats {
namespace {

Error no_mate_game() {
    return Error{
        ErrorCode::unsupported,
        "expected a position of chess, shogi or xiangqi (a game with checkmate), found something else"};
}

// The longest mate asked for when no limit is given: the search's own depth.
constexpr int kLongestMate = 2001;

template <class Rules>
class Solver {
  public:
    using Position = typename Rules::Position;
    using Move = typename Rules::Move;
    using Search = MateSearch<Rules>;

    explicit Solver(const SolveOptions& options) : search_(search_options(options)), options_(options) {}

    Solution solve(const Position& start) {
        Solution out;
        int plies = -1;
        if (options_.max_plies > 0) {
            plies = search_.mate_length(start, options_.max_plies);
        } else {
            const typename Search::Proof proof = search_.prove(start, 0);
            if (proof == Search::Proof::no_mate) plies = -1;
            if (proof == Search::Proof::unknown) plies = -2;
            if (proof == Search::Proof::mate) plies = search_.mate_length(start, kLongestMate);
            // A mate proved with no limit and not within the longest: the limit's search
            // ran out of nodes or the line is longer than any it walks.
            if (proof == Search::Proof::mate && plies == -1) plies = -2;
        }
        out.verdict = plies >= 0 ? "mate" : plies == -1 ? "no_mate" : "unknown";
        if (plies > 0) walk_solution(start, plies, out);
        out.nodes = search_.nodes();
        // The solution's moves in words and as the record's line.
        GameTree<Rules> tree(start);
        Position at = start;
        NodeId node = GameTree<Rules>::kRoot;
        for (const Move& m : moves_) {
            out.line.push_back(listed_move<Rules>(at, m));
            node = tree.add_move(node, m, Rules::write_move(at, m));
            Rules::play(at, m);
        }
        out.record = Document{Value(std::vector<GameTree<Rules>>{std::move(tree)}), {}};
        return out;
    }

  private:
    static typename Search::Options search_options(const SolveOptions& options) {
        typename Search::Options o = Search::default_options();
        o.max_nodes = options.max_nodes;
        return o;
    }

    // The attacking moves of `position` that mate within `left` plies (left odd).
    std::vector<Move> mating_moves(const Position& position, int left, bool& complete) {
        std::vector<Move> out;
        for (const auto& child : search_.moves(position, true)) {
            Position next = position;
            Rules::play(next, child.move);
            const typename Search::Proof p =
                left == 1 ? (search_.mated(next) ? Search::Proof::mate : Search::Proof::no_mate)
                          : search_.prove(next, left - 1, false);
            if (p == Search::Proof::unknown) complete = false;
            if (p == Search::Proof::mate) out.push_back(child.move);
        }
        return out;
    }

    static std::vector<std::string> words(const Position& position, const std::vector<Move>& moves,
                                          std::size_t from) {
        std::vector<std::string> out;
        for (std::size_t i = from; i < moves.size(); ++i)
            out.push_back(listed_move<Rules>(position, moves[i]));
        return out;
    }

    // The solution: from the root, the attacker's first mating move at each of its turns and
    // the defence that lasts longest at each of the defender's, with the keys and
    // alternatives on the way. A node limit met on the way makes the verdict unknown.
    void walk_solution(const Position& start, int plies, Solution& out) {
        Position at = start;
        int left = plies;
        bool complete = true;
        for (int ply = 1; left > 0 && complete; ++ply) {
            if (ply % 2 == 1) {
                const std::vector<Move> mates = mating_moves(at, left, complete);
                if (mates.empty()) {
                    complete = false;
                    break;
                }
                if (ply == 1)
                    out.keys = words(at, mates, 0);
                else if (mates.size() > 1)
                    out.alternatives.push_back({ply, words(at, mates, 1)});
                moves_.push_back(mates.front());
                Rules::play(at, mates.front());
                --left;
                continue;
            }
            // The defender: the move after which the mate is longest.
            int longest = -1;
            Move chosen{};
            for (const auto& child : search_.moves(at, false)) {
                Position next = at;
                Rules::play(next, child.move);
                const int m = search_.mate_length(next, left - 1);
                if (m == -2 || m == -1) {  // out of nodes (or a proof the limit search cannot repeat)
                    complete = false;
                    break;
                }
                if (m > longest) {
                    longest = m;
                    chosen = child.move;
                }
            }
            if (!complete || longest < 0) break;  // mated here: the walk ends
            moves_.push_back(chosen);
            Rules::play(at, chosen);
            left = longest;
        }
        out.plies = plies;
        if (!complete) out.verdict = "unknown";
    }

    Search search_;
    SolveOptions options_;
    std::vector<Move> moves_;
};

}  // namespace

Result<Solution> solve(const Document& problem, std::size_t index, const SolveOptions& options) {
    Result<Solution> out = no_mate_game();
    const auto run = [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& start,
                                      int given, std::uint32_t line) {
        if constexpr (HasCheck<Rules> && std::is_constructible_v<Value, std::vector<GameTree<Rules>>>) {
            Solution s = Solver<Rules>(options).solve(start);
            s.record_plies = given;
            s.source_line = std::max<std::uint32_t>(line, 1);
            out = std::move(s);
        }
    };
    if (visit_position_rules(
            problem, [&]<class Rules>(std::type_identity<Rules> rules, const typename Rules::Position& p) {
                run(rules, p, -1, 1);
            }))
        return out;
    visit_record(problem, [&](const auto& games) {
        if (index >= games.size()) {
            out = Error{ErrorCode::unsupported, "the record has no game " + std::to_string(index + 1)};
            return;
        }
        const auto& game = games[index];
        using Rules = typename std::decay_t<decltype(game)>::GameTraits;
        run(std::type_identity<Rules>{}, game.start, static_cast<int>(game.main_line().size()), game.line);
        if (!out) return;
        // The record's own answer: its first move, and whether it ends in mate.
        typename Rules::Position at = game.start;
        for (const NodeId id : game.main_line()) {
            if (out->record_key.empty()) out->record_key = listed_move<Rules>(at, game.nodes[id].move);
            Rules::play(at, game.nodes[id].move);
        }
        out->record_mates = Rules::status(at).outcome == "checkmate";
    });
    return out;
}

}  // namespace kifu::formats
