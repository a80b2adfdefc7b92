// A game's nodes for a record viewer (formats/viewer.hpp).
#include "kifu/formats/viewer.hpp"

#include <cmath>

#include <fmt/format.h>

#include "format_support.hpp"
#include "kifu/core/json.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/formats/game_rules.hpp"

namespace kifu::formats {
namespace {

template <class Traits>
constexpr bool move_text_is_raw() {
    if constexpr (requires { Traits::move_text_is_raw; })
        return Traits::move_text_is_raw;
    else
        return false;
}

// NodeMark::Kind's words, in its order.
constexpr std::string_view kMarkKinds[] = {"circle", "square",    "triangle", "cross",
                                           "label",  "highlight", "arrow"};
std::string_view mark_kind(NodeMark::Kind kind) noexcept {
    const auto i = static_cast<std::size_t>(kind);
    return i < std::size(kMarkKinds) ? kMarkKinds[i] : "mark";
}

// A number with the digits a reader needs (a clock's tenths, a win rate's hundredths).
void decimal(JsonWriter& j, double x) {
    j.raw(fmt::format("{}", std::round(x * 1000.0) / 1000.0 + 0.0));
}

template <class Tree>
std::string nodes_json(const Tree& tree, const std::vector<NodeReadings>& readings) {
    using Traits = typename Tree::GameTraits;
    const GameInfo& info = info_of<Traits>();
    JsonWriter j;
    j.open('{');
    j.key("moves_per_number");
    j.number(static_cast<std::uint64_t>(info.moves_per_number));
    j.key("sides");
    j.open('[');
    j.string(info.first);
    j.string(info.second);
    j.close(']');
    j.key("colours");
    j.open('[');
    j.string(info.first_colour);
    j.string(info.second_colour);
    j.close(']');
    j.key("nodes");
    j.open('[');
    // Paths and plies are made as the walk goes (a node's parent comes first); the position
    // before each move is the walk's position at its parent.
    std::vector<std::string> paths(tree.size());
    std::vector<std::uint32_t> plies(tree.size(), 0);
    paths[Tree::kRoot] = "0";
    std::vector<std::string> written(tree.size());     // each move's text
    std::vector<std::string_view> sides(tree.size());  // the side that made it
    walk(tree, [&](NodeId id, const typename Traits::Position& after) {
        const auto& n = tree.nodes[id];
        for (std::size_t k = 0; k < n.children.size(); ++k) {
            const NodeId c = n.children[k];
            paths[c] = child_path(paths[id], k);
            plies[c] = plies[id] + 1;
            const auto& child = tree.nodes[c];
            if (!move_text_is_raw<Traits>() && !child.text.empty())
                written[c] = child.text;
            else if constexpr (requires { Traits::display_move(after, child.move); })
                written[c] = Traits::display_move(after, child.move);
            else
                written[c] = Traits::write_move(after, child.move);
            // The side that moves is the side to move before it: the position at the parent.
            sides[c] = Traits::side_to_move(after);
        }
        return true;
    });
    for (NodeId id = 0; id < tree.size(); ++id) {
        const auto& n = tree.nodes[id];
        j.open('{');
        if (id != Tree::kRoot) {
            j.key("parent");
            j.number(static_cast<std::uint64_t>(n.parent));
        }
        j.key("children");
        j.open('[');
        for (const NodeId c : n.children) j.number(static_cast<std::uint64_t>(c));
        j.close(']');
        j.key("path");
        j.string(paths[id]);
        j.key("ply");
        j.number(static_cast<std::uint64_t>(plies[id]));
        if (id != Tree::kRoot) {
            j.key("side");
            j.string(sides[id]);
            j.key("move");
            j.string(written[id]);
        }
        const auto strings = [&](std::string_view name, const std::vector<std::string>& list) {
            if (list.empty()) return;
            j.key(name);
            j.open('[');
            for (const std::string& s : list) j.string(s);
            j.close(']');
        };
        strings("before", n.starting_comments());
        strings("comments", n.comments());
        if (!n.nags().empty()) {
            j.key("nags");
            j.open('[');
            for (const std::uint8_t nag : n.nags()) j.number(static_cast<std::uint64_t>(nag));
            j.close(']');
        }
        if (const std::vector<NodeMark> marks = node_marks(tree, id); !marks.empty()) {
            j.key("marks");
            j.open('[');
            for (const NodeMark& m : marks) {
                j.open('{');
                j.key("kind");
                j.string(mark_kind(m.kind));
                j.key("cell");
                j.raw(fmt::format("{}", m.cell));
                if (m.to >= 0) {
                    j.key("to");
                    j.raw(fmt::format("{}", m.to));
                }
                if (!m.text.empty()) {
                    j.key("text");
                    j.string(m.text);
                }
                j.close('}');
            }
            j.close(']');
        }
        if (n.time_ms >= 0) {
            j.key("time");
            decimal(j, n.time_ms / 1000.0);
        }
        const NodeReadings& r = readings[id];
        if (r.clock) {
            j.key("clock");
            decimal(j, *r.clock);
        }
        if (r.eval) {
            j.key("eval");
            decimal(j, *r.eval);
        }
        if (r.win_rate) {
            j.key("win_rate");
            decimal(j, *r.win_rate);
        }
        // The first player's chances, -1 to 1, that a graph plots: the win rate where the
        // record gives one, else the evaluation on the game's logistic scale.
        if (r.win_rate || r.eval) {
            j.key("chances");
            decimal(j, r.win_rate ? 2.0 * *r.win_rate - 1.0
                                  : 2.0 / (1.0 + std::exp(-*r.eval / info.eval_scale)) - 1.0);
        }
        if (n.ending != Ending::none) {
            j.key("ending");
            j.string(to_string(n.ending));
        }
        j.close('}');
    }
    j.close(']');
    j.close('}');
    return j.take();
}

}  // namespace

Result<std::string> game_nodes_json(const Document& record, std::size_t game) {
    return std::visit(
        [&](const auto& value) -> Result<std::string> {
            if constexpr (requires { trees_of(value); }) {
                const auto& games = trees_of(value);
                if (game >= games.size())
                    return Error{
                        ErrorCode::out_of_range,
                        fmt::format("there is no game {}: the record holds {}", game + 1, games.size())};
                return nodes_json(games[game], game_readings(value, game));
            } else {
                return Error{ErrorCode::unsupported, "a position has no game tree"};
            }
        },
        record.value);
}

std::string game_list_json(const Document& record, std::size_t limit) {
    JsonWriter j;
    j.open('[');
    visit_record(record, [&](const auto& games) {
        using Traits = typename std::decay_t<decltype(games[0])>::GameTraits;
        const GameInfo& info = info_of<Traits>();
        for (std::size_t g = 0; g < games.size() && g < limit; ++g) {
            const auto& tree = games[g];
            j.open('{');
            const auto tag = [&](std::string_view key, std::string_view names) {
                const std::string_view v = names.empty() ? std::string_view{} : named_tag(tree.tags, names);
                if (v.empty()) return;
                j.key(key);
                j.string(v);
            };
            tag("first", info.first_tags);
            tag("second", info.second_tags);
            tag("result", info.result_tag);
            tag("date", info.date_tags);
            tag("event", info.event_tags);
            j.key("plies");
            j.number(static_cast<std::uint64_t>(tree.main_line().size()));
            j.close('}');
        }
    });
    j.close(']');
    return j.take();
}

}  // namespace kifu::formats
