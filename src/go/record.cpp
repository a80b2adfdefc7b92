#include "kifu/go/record.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "kifu/go/sgf_values.hpp"

namespace kifu::go {

Record::Record(SgfCollection collection) : sgf(std::move(collection)) {
    trees_.reserve(sgf.games().size());
    for (std::size_t i = 0; i < sgf.games().size(); ++i) trees_.push_back(std::make_unique<Tree>());
}

Record record_of(SgfCollection sgf) {
    return Record(std::move(sgf));
}

const Record::Tree& Record::slot(std::size_t game) const {
    Tree& t = *trees_[game];
    std::call_once(t.made, [&] {
        std::vector<SgfWarning> warnings;
        Result<Game> tree = game_tree(sgf, sgf.games()[game], &warnings, &t.sgf_nodes);
        if (!tree) {
            Game empty(GameState{Board(BoardSize{19, 19}), {}, {}, 0});
            empty.errors.push_back(std::move(tree).error());
            t.sgf_nodes.assign(1, sgf.games()[game]);
            tree = std::move(empty);
        }
        tree->index = game;
        for (const SgfWarning& w : warnings) tree->warnings.push_back(warning_error(w));
        t.tree = std::move(*tree);
    });
    return t;
}

void Record::set_game_info(std::size_t game, std::string_view id, std::string_view text) {
    sgf.set_property(sgf.games()[game], id, sgf_escape(text));
    (void)slot(game);  // the tree made now reads the property; one made before is told here
    trees_[game]->tree->set_tag(id, text);
}

void Record::set_node_property(std::size_t game, NodeId node, std::string_view id, std::string_view text) {
    sgf.set_property(sgf_nodes(game)[node], id, sgf_escape(text));
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
    Game tree = from.game(game);
    tree.index = into.size();
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
    // The copy's tree is made now, from the original's (its errors and warnings keep the
    // original's lines and columns; the copied raw nodes have no source text).
    auto made = std::make_unique<Record::Tree>();
    std::call_once(made->made, [&] {
        made->tree = std::move(tree);
        made->sgf_nodes = std::move(map);
    });
    into.trees_.push_back(std::move(made));
}

Result<Position> position_at(const Record& record, std::size_t game, NodeId node,
                             const ReplayOptions& options, std::vector<SgfWarning>* warnings) {
    const Game& tree = record.game(game);
    if (!tree.errors.empty()) return tree.errors.front();
    const GameState state = replay_to(record.sgf, tree, record.sgf_nodes(game), node, options, warnings);
    return position_of(state, tree.nodes[node].marks());
}

Result<void> check_game(const SgfCollection& sgf, std::uint32_t root, const ReplayOptions& options,
                        std::vector<SgfWarning>& warnings) {
    std::vector<SgfWarning> found;
    std::vector<std::uint32_t> sgf_nodes;
    const Result<Game> tree = game_tree(sgf, root, &found, &sgf_nodes, TreeContent::actions);
    if (!tree) return tree.error();
    check_rules(sgf, *tree, sgf_nodes, options, found);
    in_file_order(found);
    warnings.insert(warnings.end(), std::make_move_iterator(found.begin()),
                    std::make_move_iterator(found.end()));
    return {};
}

void in_file_order(std::vector<SgfWarning>& warnings) {
    std::stable_sort(warnings.begin(), warnings.end(), [](const SgfWarning& a, const SgfWarning& b) {
        return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
    });
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
