// Judging the lines of a record (record.hpp): fourfold repetitions and perpetual checks on
// every line, found in one walk of the tree with a count per position key along the path;
// entering-king declarations and impasses at the ends of lines, counted by their rules.

#include <unordered_map>

#include <fmt/format.h>

#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/record.hpp"
#include "kifu/shogi/status.hpp"

namespace kifu::shogi {
namespace {

std::string_view side(Color c) {
    return c == Color::black ? "Black" : "White";
}

// The repetition at `node` (whose position stands a fourth time): 千日手 or perpetual check,
// told by the checks of the path (computed only now: fourfold repetitions are rare).
LineFinding repetition(const Game& game, NodeId node) {
    const std::vector<NodeId> path = game.path_to(node);
    std::vector<HistoryEntry> history;
    Position p = game.start;
    history.push_back({repetition_key(p), in_check(p, p.side_to_move())});
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        p.play(game.node(path[i]).move);
        history.push_back({repetition_key(p), in_check(p, p.side_to_move())});
    }
    p.play(game.node(node).move);
    const GameStatus status = game_status(p, history);
    LineFinding f{node, {}, false};
    if (status.outcome == Outcome::perpetual_check)
        f.message =
            fmt::format("連続王手の千日手 (perpetual check) after move {}: {} gave every check and loses",
                        path.size(), side(status.loser));
    else
        f.message = fmt::format(
            "千日手 (repetition) after move {}: the position stands a fourth time, a draw", path.size());
    return f;
}

// The end of a line: what its word says, judged where a rule can judge it.
void judge_ending(const Game& game, NodeId leaf, const Position& end, bool repeated,
                  std::vector<LineFinding>& out) {
    const Ending ending = game.node(leaf).ending;
    const std::size_t plies = game.depth(leaf);
    if (ending == Ending::repetition && !repeated)
        out.push_back(
            {leaf,
             fmt::format("the line of {} moves ends with 千日手, but no position of it stands four times",
                         plies),
             true});
    if (ending == Ending::declaration_win) {
        const EnteringKingCount c = entering_king_count(end);
        const Color us = end.side_to_move();
        std::string why;
        const bool holds = declaration_holds(end, &why);
        out.push_back(
            {leaf,
             fmt::format(
                 "入玉宣言 (entering-king declaration) by {} after move {}: {} points and {} pieces in "
                 "the camp, king {}in it: {} by the 27-point rule{}",
                 side(us), plies, c.camp_points[index(us)], c.camp_pieces[index(us)],
                 c.king_in_camp[index(us)] ? "" : "not ", holds ? "it holds" : "it fails",
                 holds ? "" : " (" + why + ")"),
             !holds});
    }
    if (ending == Ending::impasse) {
        const EnteringKingCount c = entering_king_count(end);
        const int black = c.points[index(Color::black)], white = c.points[index(Color::white)];
        const std::string verdict = black >= 24 && white >= 24 ? "a draw"
                                    : black < 24 && white < 24 ? "both under 24"
                                    : black < 24               ? "Black loses"
                                                               : "White loses";
        out.push_back(
            {leaf,
             fmt::format("持将棋 (impasse) after move {}: Black {} points, White {}: {} by the 24-point rule",
                         plies, black, white, verdict),
             false});
    }
}

}  // namespace

void add_judgements(std::vector<Game>& games) {
    for (Game& g : games)
        for (LineFinding& f : judge_lines(g))
            if (f.contradicts) g.warnings.push_back(Error{ErrorCode::conflict, std::move(f.message)});
}

std::vector<LineFinding> judge_lines(const Game& game) {
    std::vector<LineFinding> out;
    // Depth first, with an explicit stack: the position is made and unmade along the path,
    // and `seen` counts each position key on it.
    struct Frame {
        NodeId node;
        std::size_t next_child;
        Position::Undo undo;
        std::uint64_t key;
        bool repeated;  // a fourfold repetition on the path down to here
    };
    std::unordered_map<std::uint64_t, int> seen;
    seen.reserve(game.size());
    Position p = game.start;
    const std::uint64_t root_key = repetition_key(p);
    ++seen[root_key];
    std::vector<Frame> stack{{Game::kRoot, 0, {}, root_key, false}};
    while (!stack.empty()) {
        Frame& f = stack.back();
        const Game::Node& n = game.node(f.node);
        if (f.next_child == 0 && n.children.empty()) judge_ending(game, f.node, p, f.repeated, out);
        if (f.next_child < n.children.size()) {
            const NodeId child = n.children[f.next_child++];
            const bool repeated_above = f.repeated;
            const Move m = game.node(child).move;
            const Position::Undo undo = p.make(m);
            const std::uint64_t key = repetition_key(p);
            const int count = ++seen[key];
            bool repeated = repeated_above;
            if (count == 4 && !repeated_above) {
                LineFinding finding = repetition(game, child);
                // The record should end this line here, with 千日手 (or a win for the side that did not
                // check).
                const Game::Node& c = game.node(child);
                finding.contradicts = !c.children.empty() ||
                                      (c.ending != Ending::repetition && c.ending != Ending::illegal_win &&
                                       c.ending != Ending::illegal_loss && c.ending != Ending::resign);
                out.push_back(std::move(finding));
                repeated = true;
            }
            stack.push_back({child, 0, undo, key, repeated});
            continue;
        }
        if (f.node != Game::kRoot) {
            if (--seen[f.key] == 0) seen.erase(f.key);
            p.unmake(n.move, f.undo);
        }
        stack.pop_back();
    }
    return out;
}

}  // namespace kifu::shogi
