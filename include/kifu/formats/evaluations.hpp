#pragma once
// An engine's verdicts written into a record, in the convention of its format (Format's
// eval_notes), and as JSON Lines for every game: what kifu analyse writes, for the CLI,
// the service and Python alike.
//
// Decisions (docs/analyse.md):
// - PGN (chess and xiangqi): the verdict of the position after a move is lichess's comment
//   command in that move's comment, "[%eval 0.17,20]" (pawns from the first player's view,
//   two decimals, then the depth) or "[%eval #-3,20]" (a mate in 3 for the second player).
//   An [%eval] already there is replaced; otherwise the command goes first in the move's
//   first comment (as lichess writes it, before [%clk]), or is the move's comment. Nothing
//   else of the record changes.
// - A mated position (mate 0) gets no eval: the game is over there.
// - JSON Lines: one object a game, {"game", "positions": [...]} with each analysed node's
//   path, ply, side to move and the engine's lines (score as the engine gave it, from the
//   side to move: "cp", "mate" or "points"; depth, nodes, time, the pv in the game's plain
//   notation and as the engine wrote it), or its error.

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/json.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/engine/analysis.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

// "[%eval 0.17,20]", "[%eval #-3,20]" (no depth: "[%eval 0.17]").
std::string pgn_eval_command(const engine::FirstPlayerEval& eval, std::optional<int> depth);

// Puts a comment command into a node's comments: in place of the [%eval ...] there, else
// first in the first comment, else as the only comment.
void put_pgn_eval(std::vector<std::string>& comments, std::string_view command);

// How much a move lost, as lichess judges it: the mover's winning chances (2 / (1 +
// exp(-0.00368208 * centipawns)) - 1, a mate +-1) before the move less after it; 0.1 is an
// inaccuracy (?!), 0.2 a mistake (?), 0.3 a blunder (??). 0 when either side has no score.
double winning_chances(const engine::FirstPlayerEval& eval, bool first_view);
int judgement_nag(double loss) noexcept;            // 6, 2, 4, or 0 for a move that loses less
std::string_view judgement_word(int nag) noexcept;  // "Inaccuracy", "Mistake", "Blunder"

// Writes the verdicts into `tree` as `style` says; returns how many nodes got one.
// With `annotate`, a move other than the engine's best whose loss (above) is an inaccuracy or
// worse gets its NAG (unless it
// has a judgement of the record's own: $1-$6), the words "Mistake. Nf3 was best." after its
// eval, and the engine's best line from the position before it as a variation (up to
// kMaxVariation moves), as lichess's analysis export writes them; the verdicts must hold the
// position before each move (analyse_game's with_root).
inline constexpr std::size_t kMaxVariation = 10;
template <GameRules Rules>
std::size_t note_verdicts(EvalNotes style, GameTree<Rules>& tree,
                          std::span<const engine::NodeVerdict<Rules>> verdicts, bool annotate = false) {
    std::size_t noted = 0;
    if (annotate && style == EvalNotes::pgn_eval) {
        std::vector<const engine::Verdict<Rules>*> at(tree.size(), nullptr);
        for (const engine::NodeVerdict<Rules>& v : verdicts)
            if (v.verdict) at[v.node] = &*v.verdict;
        const std::size_t original = tree.size();
        for (NodeId id = 1; id < original; ++id) {
            const NodeId parent = tree.node(id).parent;
            if (!at[id] || !at[parent]) continue;
            const std::optional<engine::FirstPlayerEval> before = engine::first_player_eval(*at[parent]);
            std::optional<engine::FirstPlayerEval> after = engine::first_player_eval(*at[id]);
            const bool mover_first = at[parent]->first_to_move;
            if (!before) continue;
            if (!after) {  // mated: the move won outright
                continue;
            }
            const double loss = winning_chances(*before, mover_first) - winning_chances(*after, mover_first);
            const int nag = judgement_nag(loss);
            if (nag == 0) continue;
            auto& node = tree.node(id);
            const auto& best_line = at[parent]->lines.front().pv;
            // The engine's own choice is no mistake, whatever two searches of it say apart.
            if (best_line.empty() || Rules::move_word(best_line.front()) == Rules::move_word(node.move))
                continue;
            const bool judged = std::any_of(node.nags().begin(), node.nags().end(),
                                            [](std::uint8_t n) { return n >= 1 && n <= 6; });
            if (!judged) node.notes().nags.push_back(static_cast<std::uint8_t>(nag));
            typename Rules::Position p = tree.position_after(parent);
            const std::string best = listed_move<Rules>(p, best_line.front());
            std::string words = std::string(judgement_word(nag)) + ". " + best + " was best.";
            std::vector<std::string>& comments = tree.node(id).notes().comments;
            comments.push_back(std::move(words));
            NodeId from = parent;
            for (std::size_t k = 0; k < best_line.size() && k < kMaxVariation; ++k) {
                const std::string text = listed_move<Rules>(p, best_line[k]);
                from = tree.add_move(from, best_line[k], text);
                Rules::play(p, best_line[k]);
            }
        }
    }
    for (const engine::NodeVerdict<Rules>& v : verdicts) {
        if (!v.verdict || v.node == GameTree<Rules>::kRoot) continue;
        const std::optional<engine::FirstPlayerEval> eval = engine::first_player_eval(*v.verdict);
        if (!eval || eval->points) continue;
        if (style == EvalNotes::pgn_eval) {
            put_pgn_eval(tree.node(v.node).notes().comments,
                         pgn_eval_command(*eval, v.verdict->lines.front().info.depth));
            ++noted;
        }
    }
    return noted;
}

// One JSON line (no line end) of a game's verdicts.
template <GameRules Rules>
std::string verdicts_json(const GameTree<Rules>& tree, std::size_t game_index,
                          std::span<const engine::NodeVerdict<Rules>> verdicts, std::string_view source) {
    std::vector<std::string> paths(tree.size());
    std::vector<NodeId> wanted(tree.size(), 0);
    for (std::size_t i = 0; i < verdicts.size(); ++i) wanted[verdicts[i].node] = static_cast<NodeId>(i + 1);
    std::vector<std::optional<typename Rules::Position>> at(verdicts.size());
    paths[GameTree<Rules>::kRoot] = "0";
    walk(tree, [&](NodeId id, const typename Rules::Position& p) {
        const auto& n = tree.node(id);
        for (std::size_t k = 0; k < n.children.size(); ++k) paths[n.children[k]] = child_path(paths[id], k);
        if (wanted[id]) at[wanted[id] - 1] = p;
        return true;
    });
    JsonWriter w;
    w.open('{');
    w.key("game");
    w.number(static_cast<std::uint64_t>(game_index + 1));
    w.key("positions");
    w.open('[');
    for (std::size_t i = 0; i < verdicts.size(); ++i) {
        const engine::NodeVerdict<Rules>& v = verdicts[i];
        w.open('{');
        w.key("node");
        w.string(paths[v.node]);
        w.key("ply");
        w.number(static_cast<std::uint64_t>(tree.depth(v.node)));
        if (at[i]) {
            w.key("side");
            w.string(Rules::side_to_move(*at[i]));
        }
        if (v.error) {
            w.key("error");
            w.error(*v.error, source);
        }
        if (v.verdict && at[i]) {
            if (v.verdict->best_move) {
                w.key("best");
                w.string(listed_move<Rules>(*at[i], *v.verdict->best_move));
            }
            w.key("lines");
            w.open('[');
            for (const engine::Line<Rules>& line : v.verdict->lines) {
                const engine::Info& info = line.info;
                w.open('{');
                w.key("multipv");
                w.number(static_cast<std::uint64_t>(info.multipv));
                if (info.score.kind != engine::Score::Kind::none) {
                    w.key(engine::score_key(info.score.kind));
                    w.raw(info.score.kind == engine::Score::Kind::points
                              ? fmt::format("{}", info.score.value)
                              : fmt::format("{}", static_cast<long long>(info.score.value)));
                }
                if (info.score.lower_bound || info.score.upper_bound) {
                    w.key("bound");
                    w.string(info.score.lower_bound ? "lower" : "upper");
                }
                if (info.depth) {
                    w.key("depth");
                    w.number(static_cast<std::uint64_t>(*info.depth));
                }
                if (info.nodes) {
                    w.key("nodes");
                    w.number(*info.nodes);
                }
                if (info.time_ms) {
                    w.key("time_ms");
                    w.number(static_cast<std::uint64_t>(*info.time_ms));
                }
                w.key("pv");
                w.open('[');
                typename Rules::Position p = *at[i];
                for (const auto& m : line.pv) {
                    w.string(listed_move<Rules>(p, m));
                    Rules::play(p, m);
                }
                w.close(']');
                w.key("pv_engine");
                w.open('[');
                for (const std::string& m : info.pv) w.string(m);
                w.close(']');
                w.close('}');
            }
            w.close(']');
            if (!v.verdict->warnings.empty()) {
                w.key("warnings");
                w.open('[');
                for (const std::string& s : v.verdict->warnings) w.string(s);
                w.close(']');
            }
        }
        w.close('}');
    }
    w.close(']');
    w.close('}');
    return w.take();
}

}  // namespace kifu::formats
