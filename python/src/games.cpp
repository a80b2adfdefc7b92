// kifu.Game and kifu.GameNode: one game of a record, as the core game tree (the same for
// every game), with its nodes, the walk over every position, and writing through the registry.
#include <optional>
#include <string>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "kifu/chess/comment_commands.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/formats/describe.hpp"
#include "kifu/formats/game_rules.hpp"

namespace kifu::python {
namespace {

// Calls f(tree) with the game's tree, whatever its game.
template <class F>
decltype(auto) with_tree(const GameData& g, F&& f) {
    return std::visit([&](const auto* tree) -> decltype(auto) { return f(*tree); }, g.tree());
}

// The last node of the main line (the root when it has no move).
NodeId line_end(const GameData& g) {
    return with_tree(g, [](const auto& t) {
        NodeId id = 0;
        while (!t.nodes[id].children.empty()) id = t.nodes[id].children.front();
        return id;
    });
}

template <class Tree>
bool is_chess(const Tree&) {
    return std::is_same_v<Tree, chess::Game>;
}

// The position after a node, with the move that led to it and the node's marks (what an
// image of it shows), through the registry's position_in.
py::object node_position(const GameData& g, NodeId id) {
    formats::NodeChoice choice;
    choice.game_index = g.index;
    choice.node = with_tree(g, [&](const auto& tree) { return node_path(tree, id); });
    return wrap_position(take(formats::position_in(g.record(), choice), g.source));
}

std::string move_text(const GameData& g, NodeId id) {
    return with_tree(g, [&](const auto& tree) -> std::string {
        using Tree = std::decay_t<decltype(tree)>;
        if (id == Tree::kRoot) return "";
        if constexpr (std::is_same_v<Tree, go::Game>)
            return go::GameTraits::write_move(tree.start, tree.nodes[id].move);
        else
            return tree.nodes[id].text;
    });
}

// The comment commands of a chess node ([%clk], [%eval], [%emt]); none for other games.
chess::CommentCommands commands(const GameData& g, NodeId id) {
    chess::CommentCommands all;
    with_tree(g, [&](const auto& tree) {
        if (!is_chess(tree)) return 0;
        std::string text;
        for (const std::string& c : tree.nodes[id].comments()) {
            chess::CommentCommands one = chess::parse_comment_commands(c);
            if (one.clock) all.clock = one.clock;
            if (one.elapsed) all.elapsed = one.elapsed;
            if (one.eval) all.eval = one.eval;
            if (!one.text.empty()) text += (text.empty() ? "" : "\n") + one.text;
        }
        all.text = std::move(text);
        return 0;
    });
    return all;
}

GameNode node(const Game& g, NodeId id) {
    return GameNode{g.data, id};
}
GameNode node(const GameNode& n, NodeId id) {
    return GameNode{n.data, id};
}

py::list mainline(const Game& g) {
    py::list out;
    with_tree(*g.data, [&](const auto& tree) {
        for (const NodeId id : tree.main_line()) out.append(node(g, id));
        return 0;
    });
    return out;
}

std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : "\n") + p;
    return out;
}

}  // namespace

formats::Document state_document(const chess::Position& p, std::span<const NodeMark>) {
    return {p, {}};
}
formats::Document state_document(const shogi::Position& p, std::span<const NodeMark>) {
    return {p, {}};
}
formats::Document state_document(const xiangqi::Position& p, std::span<const NodeMark>) {
    return {p, {}};
}
formats::Document state_document(const go::GameState& s, std::span<const NodeMark> marks) {
    return {go::position_of(s, marks), {}};
}

template <class Tags>
py::dict tags_dict_of(const Tags& tags) {
    py::dict d;
    for (const auto& [name, value] : tags) {
        py::str key(name.data(), name.size());
        if (!d.contains(key)) d[key] = py::str(value.data(), value.size());
    }
    return d;
}

py::dict tags_dict(const std::vector<std::pair<std::string, std::string>>& tags) {
    return tags_dict_of(tags);
}

py::dict tags_dict(const std::vector<std::pair<std::string_view, std::string_view>>& tags) {
    return tags_dict_of(tags);
}

std::string game_name(const GameData& g) {
    if (g.unbuilt()) return "chess";
    return std::string(formats::to_string(formats::game_of(g.record())));
}

void GameData::build() const {
    if (built_.load(std::memory_order_acquire)) return;
    const auto make = [this] {
        formats::Document doc{std::vector<chess::Game>{}, {}};
        std::get<std::vector<chess::Game>>(doc.value).push_back(recording_->build());
        record_ = std::make_shared<const formats::Document>(std::move(doc));
        tree_ = &std::get<std::vector<chess::Game>>(record_->value)[0];
        built_.store(true, std::memory_order_release);
    };
    if (PyGILState_Check()) {
        py::gil_scoped_release unlocked;
        std::call_once(once_, make);
    } else {
        std::call_once(once_, make);
    }
}

const formats::Document& GameData::record() const {
    build();
    return *record_;
}

TreeRef GameData::tree() const {
    build();
    return tree_;
}

std::shared_ptr<GameData> make_game(std::shared_ptr<const formats::Document> record, std::size_t index,
                                    std::string format, std::string source) {
    auto g = std::make_shared<GameData>();
    g->index = index;
    g->number = index;
    g->format = std::move(format);
    g->source = std::move(source);
    std::visit(
        [&](const auto& value) {
            if constexpr (requires { formats::trees_of(value); })
                g->set_record(record, &formats::trees_of(value)[index]);
            else
                throw py::type_error("not a record");
        },
        record->value);
    return g;
}

void bind_games(py::module_& m) {
    py::class_<GameNode>(m, "GameNode",
                         "A node of a game tree: the move that led to it, its comments and variations.")
        .def_property_readonly(
            "move", [](const GameNode& n) { return move_text(*n.data, n.id); },
            "The move as the record wrote it (chess SAN, shogi and xiangqi as written; Go 'B D4'); '' at the "
            "root.")
        .def_property_readonly(
            "ply",
            [](const GameNode& n) {
                return with_tree(*n.data, [&](const auto& t) { return t.depth(n.id); });
            },
            "How many moves lead from the start to this node.")
        .def_property_readonly(
            "path",
            [](const GameNode& n) {
                return with_tree(*n.data, [&](const auto& t) { return node_path(t, n.id); });
            },
            "The node's path, as kifu tree prints it and --node takes it ('20.v1.5').")
        .def_property_readonly(
            "comment",
            [](const GameNode& n) {
                const chess::CommentCommands c = commands(*n.data, n.id);
                return with_tree(*n.data, [&](const auto& t) {
                    return is_chess(t) ? c.text : join(t.nodes[n.id].comments());
                });
            },
            "The comments after the move, joined by newlines (chess: without their [%...] commands).")
        .def_property_readonly(
            "comments",
            [](const GameNode& n) {
                return with_tree(*n.data, [&](const auto& t) { return t.nodes[n.id].comments(); });
            },
            "The comments after the move, each as written.")
        .def_property_readonly(
            "starting_comment",
            [](const GameNode& n) {
                return with_tree(*n.data,
                                 [&](const auto& t) { return join(t.nodes[n.id].starting_comments()); });
            },
            "The comments before the move, at the start of a variation.")
        .def_property_readonly(
            "nags",
            [](const GameNode& n) {
                return with_tree(*n.data, [&](const auto& t) {
                    std::vector<int> out(t.nodes[n.id].nags().begin(), t.nodes[n.id].nags().end());
                    return out;
                });
            },
            "Numeric annotation glyphs ($1 = '!').")
        .def_property_readonly(
            "clock", [](const GameNode& n) { return commands(*n.data, n.id).clock; },
            "The clock after the move in seconds ([%clk]), or None.")
        .def_property_readonly(
            "emt", [](const GameNode& n) { return commands(*n.data, n.id).elapsed; },
            "The time the move took in seconds ([%emt]), or None.")
        .def_property_readonly(
            "eval",
            [](const GameNode& n) -> std::optional<double> {
                const auto e = commands(*n.data, n.id).eval;
                return e ? e->pawns : std::nullopt;
            },
            "The engine evaluation in pawns from white's side ([%eval]), or None.")
        .def_property_readonly(
            "mate",
            [](const GameNode& n) -> std::optional<int> {
                const auto e = commands(*n.data, n.id).eval;
                return e ? e->mate : std::nullopt;
            },
            "Moves to mate of [%eval #N] (negative: black mates), or None.")
        .def_property_readonly(
            "time",
            [](const GameNode& n) -> std::optional<double> {
                const int ms = with_tree(*n.data, [&](const auto& t) { return t.nodes[n.id].time_ms; });
                return ms < 0 ? std::nullopt : std::optional<double>(ms / 1000.0);
            },
            "The time the move took in seconds as the record gives it (KIF, CSA), or None.")
        .def_property_readonly(
            "name",
            [](const GameNode& n) {
                return with_tree(*n.data, [&](const auto& t) { return t.nodes[n.id].name(); });
            },
            "The node's name (SGF N, KIF bookmark).")
        .def_property_readonly(
            "ending",
            [](const GameNode& n) -> std::optional<std::string> {
                const Ending e = with_tree(*n.data, [&](const auto& t) { return t.nodes[n.id].ending; });
                return e == Ending::none ? std::nullopt
                                         : std::optional<std::string>(std::string(to_string(e)));
            },
            "How the record ends the line here ('resign', 'interrupt', ...), or None.")
        .def_property_readonly(
            "marks",
            [](const GameNode& n) {
                py::list out;
                constexpr const char* kKinds[] = {"circle", "square",    "triangle", "cross",
                                                  "label",  "highlight", "arrow"};
                with_tree(*n.data, [&](const auto& t) {
                    for (const NodeMark& mk : t.nodes[n.id].marks())
                        out.append(
                            py::make_tuple(kKinds[static_cast<int>(mk.kind)], mk.cell, mk.to, mk.text));
                    return 0;
                });
                return out;
            },
            "Marks as (kind, cell, to, text): cells count row-major from the board's top left.")
        .def_property_readonly(
            "parent",
            [](const GameNode& n) -> std::optional<GameNode> {
                if (n.id == 0) return std::nullopt;
                return node(n, with_tree(*n.data, [&](const auto& t) { return t.nodes[n.id].parent; }));
            },
            "The node before, or None at the root.")
        .def_property_readonly(
            "variations",
            [](const GameNode& n) {
                std::vector<GameNode> out;
                with_tree(*n.data, [&](const auto& t) {
                    for (const NodeId c : t.nodes[n.id].children) out.push_back(node(n, c));
                    return 0;
                });
                return out;
            },
            "The moves that follow, the main continuation first.")
        .def(
            "next",
            [](const GameNode& n) -> std::optional<GameNode> {
                const auto& children = with_tree(
                    *n.data, [&](const auto& t) -> const ChildList& { return t.nodes[n.id].children; });
                if (children.empty()) return std::nullopt;
                return node(n, children.front());
            },
            "The main continuation, or None at the end of a line.")
        .def(
            "is_mainline",
            [](const GameNode& n) {
                return with_tree(*n.data, [&](const auto& t) {
                    for (NodeId id = n.id; id != 0; id = t.nodes[id].parent)
                        if (t.nodes[t.nodes[id].parent].children.front() != id) return false;
                    return true;
                });
            },
            "Whether the node is on the main line.")
        .def(
            "position", [](const GameNode& n) { return node_position(*n.data, n.id); },
            "The position after the move, with the move and the node's marks (for images).")
        .def(
            "game", [](const GameNode& n) { return Game{n.data}; }, "The game the node belongs to.")
        .def("__eq__",
             [](const GameNode& a, const py::object& b) {
                 return py::isinstance<GameNode>(b) && b.cast<const GameNode&>().data == a.data &&
                        b.cast<const GameNode&>().id == a.id;
             })
        .def("__hash__", [](const GameNode& n) { return std::hash<const void*>{}(n.data.get()) ^ n.id; })
        // A node pickles as its game (written in its format) and its path in it: what a
        // Dask worker needs to hand a node back.
        .def(py::pickle(
            [](const GameNode& n) {
                return py::make_tuple(Game{n.data},
                                      with_tree(*n.data, [&](const auto& t) { return node_path(t, n.id); }));
            },
            [](const py::tuple& state) {
                const Game game = state[0].cast<Game>();
                const std::string path = state[1].cast<std::string>();
                const NodeId id =
                    take(with_tree(*game.data, [&](const auto& t) { return node_at_path(t, path); }), "node");
                return node(game, id);
            }))
        .def("__repr__", [](const GameNode& n) {
            return "<GameNode " + with_tree(*n.data, [&](const auto& t) { return node_path(t, n.id); }) +
                   " " + std::string(py::repr(py::str(move_text(*n.data, n.id)))) + ">";
        });

    py::class_<Game>(m, "Game", "One game of a record: tags, a start position, and a tree of moves.")
        .def_property_readonly(
            "game", [](const Game& g) { return game_name(*g.data); }, "'go', 'chess', 'shogi' or 'xiangqi'.")
        .def_property_readonly(
            "format", [](const Game& g) { return g.data->format; }, "The format it was read as.")
        .def_property_readonly(
            "source", [](const Game& g) { return g.data->source; }, "The file it came from, or '<text>'.")
        .def_property_readonly(
            "index", [](const Game& g) { return g.data->number; },
            "Its index in its input, 0-based (a byte range of a PGN file: in the range).")
        .def_property_readonly(
            "offset", [](const Game& g) { return g.data->offset; },
            "Its byte offset in its file (PGN), or None.")
        .def_property_readonly(
            "line",
            [](const Game& g) {
                if (const chess::PgnRecording* r = g.data->unbuilt()) return r->line();
                return with_tree(*g.data, [](const auto& t) { return t.line; });
            },
            "The line where it starts in its input.")
        .def_property_readonly(
            "tags",
            [](const Game& g) {
                if (const chess::PgnRecording* r = g.data->unbuilt()) return tags_dict(r->tags());
                return with_tree(*g.data, [](const auto& t) { return tags_dict(t.tags); });
            },
            "The tags (PGN headers, SGF game information, KIF header lines) in source order; the first of a "
            "repeated name.")
        .def_property_readonly(
            "result",
            [](const Game& g) {
                if (const chess::PgnRecording* r = g.data->unbuilt()) return std::string(r->result());
                return with_tree(*g.data, [](const auto& t) { return t.result; });
            },
            "The result as the record gives it ('1-0', 'B+R', ...), '' when it gives none.")
        .def_property_readonly(
            "root", [](const Game& g) { return node(g, 0); }, "The root node (the start position).")
        .def("mainline", &mainline, "The nodes of the main line, first move first.")
        .def(
            "mainline_moves",
            [](const Game& g) {
                std::vector<std::string> out;
                with_tree(*g.data, [&](const auto& t) {
                    for (const NodeId id : t.main_line()) out.push_back(move_text(*g.data, id));
                    return 0;
                });
                return out;
            },
            "The moves of the main line as written.")
        .def(
            "end", [](const Game& g) { return node(g, line_end(*g.data)); },
            "The last node of the main line.")
        .def_property_readonly(
            "plies",
            [](const Game& g) {
                if (const chess::PgnRecording* r = g.data->unbuilt()) return r->plies();
                return with_tree(*g.data, [&](const auto& t) { return t.depth(line_end(*g.data)); });
            },
            "Moves in the main line.")
        .def_property_readonly(
            "start", [](const Game& g) { return node_position(*g.data, 0); }, "The start position.")
        .def(
            "final", [](const Game& g) { return node_position(*g.data, line_end(*g.data)); },
            "The position at the end of the main line.")
        .def(
            "walk",
            [](const Game& g) {
                py::list out;
                with_tree(*g.data, [&](const auto& tree) {
                    walk(tree, [&](NodeId id, const auto& position) {
                        out.append(py::make_tuple(
                            node(g, id), wrap_position(state_document(position, tree.nodes[id].marks()))));
                        return true;
                    });
                    return 0;
                });
                return out;
            },
            "Every node with the position after it, in pre-order (a node, the rest of its line, then its "
            "variations), each move played once.")
        .def_property_readonly(
            "errors",
            [](const Game& g) {
                py::list out;
                const auto append = [&](const std::vector<Error>& errors) {
                    for (const Error& e : errors) out.append(error_object(e, g.data->source));
                };
                if (const chess::PgnRecording* r = g.data->unbuilt())
                    append(r->errors());
                else
                    with_tree(*g.data, [&](const auto& t) { append(t.errors); });
                return out;
            },
            "Where reading stopped and contradictions found (KifuError objects, not raised).")
        .def_property_readonly(
            "warnings",
            [](const Game& g) {
                py::list out;
                const auto append = [&](const std::vector<Error>& warnings) {
                    for (const Error& e : warnings) out.append(error_object(e, g.data->source, "warning"));
                };
                if (const chess::PgnRecording* r = g.data->unbuilt())
                    append(r->warnings());
                else
                    with_tree(*g.data, [&](const auto& t) { append(t.warnings); });
                return out;
            },
            "What was read although the format does not define it, and doubts (KifuError objects).")
        .def(
            "describe",
            [](const Game& g, const std::string& dead) {
                formats::GameReport report;
                {
                    const formats::Document& record = g.data->record();
                    py::gil_scoped_release unlocked;
                    report = formats::describe_game(record, g.data->index, {.read = {}, .dead = dead});
                }
                py::list facts, errors, warnings;
                for (const formats::GameReport::Fact& f : report.facts)
                    facts.append(py::make_tuple(f.label, f.text));
                for (const Error& e : report.errors) errors.append(error_object(e, g.data->source));
                for (const Error& e : report.warnings)
                    warnings.append(error_object(e, g.data->source, "warning"));
                py::dict out;
                out["facts"] = facts;
                out["errors"] = errors;
                out["warnings"] = warnings;
                out["text"] = formats::report_text(report);
                return out;
            },
            py::arg("dead") = "",
            "What the game says about itself, as `kifu info` says it: {'facts': [(label, text), ...] in "
            "order "
            "(tags, start, moves, lines, nodes, result, how the main line ends, what kifu judges; Go: size, "
            "prisoners, rule set, count), 'errors', 'warnings' (KifuError objects), 'text' (as kifu info "
            "prints it)}. dead: Go only, the dead stones for the count ('dd,ee' or 'D16 E15') instead of "
            "TB/TW.")
        .def(
            "write",
            [](const Game& g, const std::string& format, const py::kwargs& kwargs) {
                return py::module_::import("kifu._kifu").attr("write")(g, format, **kwargs);
            },
            py::arg("format"), "The game in a format of the registry (kifu.write(self, format, ...)).")
        .def("_repr_svg_",
             [](const Game& g) { return node_position(*g.data, line_end(*g.data)).attr("_repr_svg_")(); })
        .def("__repr__",
             [](const Game& g) {
                 std::string tags;
                 const auto add = [&](const auto& all) {
                     int n = 0;
                     for (const auto& [name, value] : all)
                         if (n++ < 3)
                             tags += " " + std::string(name) + "=" +
                                     std::string(py::repr(py::str(value.data(), value.size())));
                 };
                 std::size_t plies = 0;
                 if (const chess::PgnRecording* r = g.data->unbuilt()) {
                     add(r->tags());
                     plies = r->plies();
                 } else {
                     with_tree(*g.data, [&](const auto& t) {
                         add(t.tags);
                         plies = t.main_line().size();
                     });
                 }
                 return "<Game " + game_name(*g.data) + tags + " plies=" + std::to_string(plies) + ">";
             })
        .def(py::pickle(
            [](const Game& g) {
                py::object text = py::module_::import("kifu._kifu").attr("write")(g, g.data->format);
                return py::make_tuple(g.data->format, text, g.data->source);
            },
            [](const py::tuple& state) {
                const std::string format = state[0].cast<std::string>();
                const formats::Format& f = format_named(format);
                const std::string text = py::isinstance<py::bytes>(state[1]) ? state[1].cast<std::string>()
                                                                             : state[1].cast<std::string>();
                formats::Document doc = take(f.read(text, {}));
                auto record = std::make_shared<const formats::Document>(std::move(doc));
                return Game{make_game(record, 0, format, state[2].cast<std::string>())};
            }));
}

}  // namespace kifu::python
