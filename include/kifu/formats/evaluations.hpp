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
// - KIF, KI2 and JKF (shogi): ShogiGUI's analysis line in the move's comment, as ShogiHome
//   reads and writes it: "*解析 0 時間 00:01.2 深さ 20/31 ノード数 123456 評価値 35 読み筋
//   ▲７六歩(77) △３四歩(33)" (KIF writes it "**解析 ..."); with several lines, each its own
//   comment line with "候補K" after the "0". The value is centipawns from black's view
//   (sente's), a mate +-30000 (ShogiHome's and Floodgate's convention); ↑/↓ mark a lower or
//   upper bound as ShogiGUI does.
// - CSA: Floodgate's "'** 35 +7776FU -3334FU" (the score from black's view, then the line),
//   the best line only.
// - Either replaces the lines of its own form that the node has (an earlier analysis) and
//   goes first; the game's own comments ("*対局 ..." of a player's search) stay.
// - SGF (Go): Sabaki's SBKV (black's win rate in percent) and SBKS (black's score lead in
//   points), two decimals, on the node of the position analysed: written into the raw layer
//   (go::Record::set_node_property), not through the tree.
// - A mated position (mate 0) gets no eval: the game is over there.
// - JSON Lines: one object a game, {"game", "positions": [...]} with each analysed node's
//   path, ply, side to move and the engine's lines (score as the engine gave it, from the
//   side to move: "cp", "mate" or "points", and "winrate" (0..1) where the engine gives one;
//   depth, nodes, time, the pv in the game's plain
//   notation and as the engine wrote it), or its error.

#include <algorithm>
#include <concepts>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/json.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/engine/analysis.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/go/record.hpp"

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

// What a game's traits may give for the comment forms above: the moves of an engine's line
// as its records write them ("kif", "csa"); without it a comment has the score only.
template <class Rules>
concept HasLineText = requires(const typename Rules::Position& p,
                               std::span<const typename Rules::Move> line) {
    { Rules::line_text(p, line, std::string_view{}) } -> std::convertible_to<std::string>;
};

// The comment of one of an engine's lines in a comment form (shogigui_comment,
// floodgate_comment), for a position whose side to move is the first player or not;
// `candidate` is 0 when the verdict has one line, else its multipv; `line` is the moves in
// the form's notation. "" when the line has no score (or a Go score, points).
std::string engine_comment(EvalNotes style, const engine::Info& info, bool first_to_move, int candidate,
                           std::string_view line);
// Whether a comment is one of that form's (an earlier analysis, replaced by a new one).
bool is_engine_comment(EvalNotes style, std::string_view comment) noexcept;
// Puts `lines` first in `comments`, in place of the form's comments there.
void put_engine_comments(std::vector<std::string>& comments, EvalNotes style, std::vector<std::string> lines);

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
        } else if (style == EvalNotes::shogigui_comment || style == EvalNotes::floodgate_comment) {
            const typename Rules::Position at = tree.position_after(v.node);
            const std::string_view notation = style == EvalNotes::shogigui_comment ? "kif" : "csa";
            const std::size_t count = style == EvalNotes::floodgate_comment ? 1 : v.verdict->lines.size();
            std::vector<std::string> lines;
            for (std::size_t k = 0; k < count; ++k) {
                const engine::Line<Rules>& line = v.verdict->lines[k];
                std::string words;
                if constexpr (HasLineText<Rules>) words = Rules::line_text(at, line.pv, notation);
                std::string comment = engine_comment(style, line.info, v.verdict->first_to_move,
                                                     count > 1 ? line.info.multipv : 0, words);
                if (!comment.empty()) lines.push_back(std::move(comment));
            }
            put_engine_comments(tree.node(v.node).notes().comments, style, std::move(lines));
            ++noted;
        }
    }
    return noted;
}

// Sabaki's values of a verdict's best line, {"SBKV", "55.20"} and {"SBKS", "-3.50"}, where
// the engine gave a win rate and a score lead in points; none else.
template <GameRules Rules>
std::vector<std::pair<std::string_view, std::string>> sabaki_values(const engine::Verdict<Rules>& verdict) {
    std::vector<std::pair<std::string_view, std::string>> out;
    if (verdict.lines.empty()) return out;
    const engine::Score& s = verdict.lines.front().info.score;
    if (s.winrate) {
        const double black = verdict.first_to_move ? *s.winrate : 1.0 - *s.winrate;
        out.emplace_back("SBKV", fmt::format("{:.2f}", 100.0 * black));
    }
    if (s.kind == engine::Score::Kind::points) {
        const double lead = verdict.first_to_move ? s.value : -s.value;
        out.emplace_back("SBKS", fmt::format("{:.2f}", lead == 0 ? 0.0 : lead));
    }
    return out;
}

// The verdicts of game `game` of an SGF record, written into its raw layer as Sabaki's
// values (SGF is written from the raw layer); returns how many nodes got them.
std::size_t note_verdicts(go::Record& record, std::size_t game,
                          std::span<const engine::NodeVerdict<go::GameTraits>> verdicts);

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
                if (info.score.winrate) {
                    w.key("winrate");
                    w.raw(fmt::format("{}", *info.score.winrate));
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
