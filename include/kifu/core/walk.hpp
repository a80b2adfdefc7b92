#pragma once
// Every position of a game tree, visited once, depth first and incrementally: one
// position is played forward move by move, and a copy of it is saved only where a line
// branches (for each variation that starts there), never replayed from the start.
// Everything that needs "the position at a node", "every position of a game" or "after
// N plies" goes through here or through GameTree::position_after.
//
// Node paths name a node from the root as kifu tree prints them and --node takes them:
// dot-separated steps, each "N" (go N moves down the first children) or "vK" (go to
// child K of the current node, 0-based; v0 is the main line). "0" is the root;
// "20.v1.5" is 20 moves down the main line, into its second child, then 5 more moves.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/game_tree.hpp"
#include "kifu/core/result.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu {

// The one depth-first walk, for any tree: `state` is the position at `root`; for every
// node below it in pre-order (a node, the rest of its line, then its variations in order)
// `enter(state, node)` brings the state from the parent's position to the node's, and
// `visit(node, state)` is called (for the root first, with the state as given). A copy of
// the state is saved only where a line branches, one for each variation that starts
// there; when visit returns false the node's subtree is not entered.
// `for_each_child(node, f)` calls f(child) for each child in order.
template <class Node, class State, class ForEachChild, class Enter, class Visit>
void walk_depth_first(Node root, State state, ForEachChild&& for_each_child, Enter&& enter, Visit&& visit) {
    struct Branch {
        Node node;
        State before;
    };
    std::vector<Branch> pending;
    std::vector<Node> children;
    Node id = root;
    bool go_in = visit(id, static_cast<const State&>(state));
    for (;;) {
        children.clear();
        if (go_in) for_each_child(id, [&](Node c) { children.push_back(c); });
        if (!children.empty()) {
            for (std::size_t i = children.size() - 1; i > 0; --i) pending.push_back({children[i], state});
            id = children[0];
        } else {
            if (pending.empty()) return;
            id = pending.back().node;
            state = std::move(pending.back().before);
            pending.pop_back();
        }
        enter(state, id);
        go_in = visit(id, static_cast<const State&>(state));
    }
}

// Calls visit(NodeId node, const Position& after_its_move) for the root (with the start
// position) and then for every node in pre-order: a node, the rest of its line, then its
// variations in order. When visit returns false the node's subtree is not entered.
template <class Traits, class Visit>
void walk(const GameTree<Traits>& tree, Visit&& visit) {
    walk_depth_first(
        GameTree<Traits>::kRoot, tree.start,
        [&](NodeId id, auto&& child) {
            for (const NodeId c : tree.nodes[id].children) child(c);
        },
        [&](typename Traits::Position& position, NodeId id) { Traits::play(position, tree.nodes[id].move); },
        visit);
}

// The path of child `k` of a node whose path is `parent` ("0" for the root): one step of
// node_path, for walks that build the paths as they go.
inline std::string child_path(std::string_view parent, std::size_t k) {
    if (k > 0) return (parent == "0" ? std::string{} : std::string(parent) + ".") + "v" + std::to_string(k);
    if (parent == "0") return "1";
    const std::size_t dot = parent.rfind('.');
    const std::string_view last = parent.substr(dot == std::string_view::npos ? 0 : dot + 1);
    if (last.front() == 'v') return std::string(parent) + ".1";
    std::size_t run = 0;
    for (const char c : last) run = run * 10 + static_cast<std::size_t>(c - '0');
    return std::string(parent.substr(0, parent.size() - last.size())) + std::to_string(run + 1);
}

// The path of a node, in the form node_at_path reads.
template <class Traits>
std::string node_path(const GameTree<Traits>& tree, NodeId id) {
    std::string path = "0";
    NodeId parent = GameTree<Traits>::kRoot;
    for (const NodeId n : tree.path_to(id)) {
        const auto& siblings = tree.nodes[parent].children;
        std::size_t k = 0;
        while (siblings[k] != n) ++k;
        path = child_path(path, k);
        parent = n;
    }
    return path;
}

// Follows a node path from `root` through any tree: `child_count(node)` says how many
// children a node has, `child(node, k)` gives child k. Errors point into `path`.
template <class Node, class ChildCount, class Child>
Result<Node> follow_node_path(Node root, std::string_view path, ChildCount&& child_count, Child&& child) {
    Node n = root;
    std::size_t i = 0;
    for (;;) {
        const std::size_t end = std::min(path.find('.', i), path.size());
        const std::string_view step = path.substr(i, end - i);
        const bool variation = !step.empty() && step[0] == 'v';
        Scanner in(step.substr(variation ? 1 : 0));
        const Scanner::Number k = in.read_number(1'000'000);
        if (k.digits == 0 || !in.at_end())
            return expected_at(path, i,
                               "a step of the node path: a number of moves N, or vK for variation K");
        if (variation) {
            const std::size_t children = child_count(n);
            if (k.value >= children)
                return error_at(path, i, ErrorCode::out_of_range,
                                "the node there has " + std::to_string(children) +
                                    " child(ren); there is no " + std::string(step));
            n = child(n, k.value);
        } else {
            for (std::uint32_t j = 0; j < k.value; ++j) {
                if (child_count(n) == 0)
                    return error_at(path, i, ErrorCode::out_of_range,
                                    "the line ends " + std::to_string(k.value - j) +
                                        " move(s) before the step " + std::string(step) + " does");
                n = child(n, 0);
            }
        }
        if (end == path.size()) return n;
        i = end + 1;
    }
}

// The node a path names; errors point into `path`.
template <class Traits>
Result<NodeId> node_at_path(const GameTree<Traits>& tree, std::string_view path) {
    return follow_node_path(
        GameTree<Traits>::kRoot, path, [&](NodeId n) { return tree.nodes[n].children.size(); },
        [&](NodeId n, std::size_t k) { return tree.nodes[n].children[k]; });
}

// The node of the main line after `plies` moves (0: the root); an out_of_range error,
// with no text position, past the end.
template <class Traits>
Result<NodeId> main_line_node(const GameTree<Traits>& tree, std::size_t plies) {
    NodeId n = GameTree<Traits>::kRoot;
    for (std::size_t i = 0; i < plies; ++i) {
        if (tree.nodes[n].children.empty())
            return Error{ErrorCode::out_of_range, "the main line has " + std::to_string(i) +
                                                      " move(s); there is no ply " + std::to_string(plies)};
        n = tree.nodes[n].children[0];
    }
    return n;
}

}  // namespace kifu
