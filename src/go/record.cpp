#include "kifu/go/record.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

namespace kifu::go {

Record record_of(SgfCollection sgf) {
    Record out;
    out.games.reserve(sgf.games().size());
    out.sgf_nodes.resize(sgf.games().size());
    std::vector<SgfWarning> warnings;
    for (std::size_t i = 0; i < sgf.games().size(); ++i) {
        warnings.clear();
        Result<Game> tree = game_tree(sgf, sgf.games()[i], &warnings, &out.sgf_nodes[i]);
        if (!tree) {
            Game empty(GameState{Board(BoardSize{19, 19}), {}, {}, 0});
            empty.errors.push_back(std::move(tree).error());
            out.sgf_nodes[i].assign(1, sgf.games()[i]);
            tree = std::move(empty);
        }
        tree->index = i;
        for (const SgfWarning& w : warnings) tree->warnings.push_back(warning_error(w));
        out.games.push_back(std::move(*tree));
    }
    out.sgf = std::move(sgf);
    return out;
}

Result<Record> read_record(std::string_view text, const SgfReadOptions& options) {
    Result<SgfCollection> sgf = read_sgf(text, options);
    if (!sgf) return std::move(sgf).error();
    return record_of(std::move(*sgf));
}

void append_game(const Record& from, std::size_t game, Record& into) {
    const SgfCollection& raw = from.sgf;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pending{{raw.games()[game], into.sgf.add_game()}};
    std::vector<std::string> values;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> added;
    while (!pending.empty()) {
        const auto [source, target] = pending.back();
        pending.pop_back();
        for (const auto& property : raw.properties(source)) {
            values.clear();
            for (const std::string_view v : raw.values(property)) values.emplace_back(v);
            into.sgf.set_property(target, property.id, values);
        }
        // The children are added in order; their subtrees are copied after (the stack reverses them).
        added.clear();
        for (const std::uint32_t c : raw.children(source)) added.emplace_back(c, into.sgf.add_child(target));
        pending.insert(pending.end(), added.rbegin(), added.rend());
    }
    // The tree is the same game; only its raw nodes are new. They were made in the order a
    // tree is built (depth first, children in order), so map them by walking both alike.
    Game tree = from.games[game];
    tree.index = into.games.size();
    std::vector<std::uint32_t> map(tree.size(), 0);
    const std::uint32_t root = into.sgf.games().back();
    std::vector<std::pair<NodeId, std::uint32_t>> walk{{Game::kRoot, root}};
    while (!walk.empty()) {
        const auto [node, raw_node] = walk.back();
        walk.pop_back();
        map[node] = raw_node;
        const std::vector<std::uint32_t> raw_children = into.sgf.children(raw_node);
        const auto& children = tree.nodes[node].children;
        for (std::size_t k = 0; k < children.size() && k < raw_children.size(); ++k)
            walk.emplace_back(children[k], raw_children[k]);
    }
    into.games.push_back(std::move(tree));
    into.sgf_nodes.push_back(std::move(map));
}

Result<Position> position_at(const Record& record, std::size_t game, NodeId node,
                             const ReplayOptions& options, std::vector<SgfWarning>* warnings) {
    const Game& tree = record.games[game];
    if (!tree.errors.empty()) return tree.errors.front();
    return position_at(record.sgf, record.sgf_nodes[game][node], options, warnings);
}

Result<NodeId> main_line_after_move(const Game& game, int number) {
    NodeId n = Game::kRoot;
    int moves = game.start.moves;  // the root's own moves are in the start
    while (moves < number) {
        if (game.nodes[n].children.empty())
            return Error{ErrorCode::out_of_range,
                         fmt::format("the main line has {} moves; there is no move {}", moves, number)};
        n = game.nodes[n].children.front();
        moves += static_cast<int>(game.nodes[n].move.moves.size());
    }
    return n;
}

}  // namespace kifu::go
