// kifu.Position and its per-game classes: a position Document with the game-neutral calls
// of formats/play.hpp, the board view, images, and writing through the registry.
#include <optional>
#include <string>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "kifu/chess/board_view.hpp"
#include "kifu/formats/play.hpp"
#include "kifu/formats/problems.hpp"
#include "kifu/formats/solve.hpp"

namespace kifu::python {
std::string_view own_format(const formats::Document& doc) {
    if (std::holds_alternative<chess::Epd>(doc.value)) return "epd";
    const formats::GameInfo* info = formats::game_info(formats::game_of(doc));
    return info ? info->position_format : "feen";
}

namespace {

std::string write_as(const formats::Document& doc, std::string_view format_name,
                     const formats::WriteOptions& options = {}) {
    const formats::Format& f = format_named(format_name);
    std::vector<std::string> notes;
    return take(f.write(doc, options, notes));
}

std::string notation(const Position& p) {
    return write_as(*p.doc, own_format(*p.doc));
}

formats::Document read_as(std::string_view format_name, const std::string& text) {
    const formats::Format& f = format_named(format_name);
    return take(f.read(text, {}));
}

template <class P>
P make(std::string_view format_name, const std::string& text) {
    P p;
    p.doc = std::make_shared<const formats::Document>(read_as(format_name, text));
    return p;
}

BoardView view_of(const Position& p) {
    return take(formats::board_view(*p.doc));
}

// A square as python-chess numbers them (0 = a1, 63 = h8) or by name ("e4").
std::string square_name(const py::handle& square) {
    if (py::isinstance<py::int_>(square)) {
        const int n = square.cast<int>();
        if (n < 0 || n > 63)
            throw py::value_error("kifu: a square is 0 (a1) to 63 (h8), not " + std::to_string(n));
        return std::string{static_cast<char>('a' + n % 8), static_cast<char>('1' + n / 8)};
    }
    return py::str(square).cast<std::string>();
}

// A mark list as the library reads it ("Ge6g8,Bh7"): a str as it is, or a sequence of
// items, each a str, a square, or a (from, to) pair of squares (python-chess's arrows).
std::string mark_list(const py::handle& value) {
    if (py::isinstance<py::str>(value)) return value.cast<std::string>();
    if (py::isinstance<py::int_>(value)) return square_name(value);
    std::string out;
    for (const py::handle item : value) {
        if (!out.empty()) out += ',';
        if (py::isinstance<py::tuple>(item) && py::len(item) == 2) {
            const py::tuple pair = item.cast<py::tuple>();
            out += square_name(pair[0]) + square_name(pair[1]);
        } else {
            out += square_name(item);
        }
    }
    return out;
}

py::object image(const Position& p, std::string_view format_name, const py::kwargs& kwargs) {
    const formats::Format& f = format_named(format_name);
    // The marks python-chess's chess.svg.board takes; the rest are the format's options.
    py::kwargs rest;
    std::string last_move, check, arrows, squares;
    for (const auto& [key, value] : kwargs) {
        const std::string name = py::str(key);
        if (value.is_none() &&
            (name == "arrows" || name == "squares" || name == "check" || name == "last_move"))
            continue;
        if (name == "arrows")
            arrows = mark_list(value);
        else if (name == "squares")
            squares = mark_list(value);
        else if (name == "check")
            check = square_name(value);
        else if (name == "last_move")
            last_move = py::hasattr(value, "uci") ? value.attr("uci")().cast<std::string>()
                                                  : py::str(value).cast<std::string>();
        else if (name == "coordinates" && py::isinstance<py::bool_>(value))
            rest[key] = value.cast<bool>() ? "game" : "none";
        else
            rest[key] = value;
    }
    // Coordinates are drawn unless coordinates=False, as python-chess draws them.
    if (!rest.contains("coordinates")) rest["coordinates"] = "game";
    const formats::WriteOptions options = write_options(f, rest);
    const formats::Document* doc = p.doc.get();
    std::optional<formats::Document> marked;
    if (!last_move.empty() || !check.empty() || !arrows.empty() || !squares.empty()) {
        if (formats::game_of(*p.doc) != formats::Game::chess)
            throw py::type_error(
                "kifu: arrows, squares, check and last_move are for chess positions, and this is a " +
                std::string(formats::to_string(formats::game_of(*p.doc))) + " position");
        Result<chess::RequestedMarks> marks = chess::requested_marks(
            {.last_move = last_move, .check = check, .arrows = arrows, .squares = squares});
        if (!marks) throw py::value_error("kifu: " + marks.error().message);
        // A new document of the same position (a chess position or an EPD's) with the marks.
        const chess::Position* position = std::get_if<chess::Position>(&p.doc->value);
        if (const auto* epd = std::get_if<chess::Epd>(&p.doc->value)) position = &epd->position;
        marked.emplace(formats::Document{formats::Value{*position}, {}});
        marked->last_move = p.doc->last_move;
        marked->marks = p.doc->marks;
        if (marks->last_move) marked->last_move = marks->last_move;
        marked->marks.insert(marked->marks.end(), marks->marks.begin(), marks->marks.end());
        doc = &*marked;
    }
    std::vector<std::string> notes;
    std::string out;
    {
        py::gil_scoped_release unlocked;
        Result<std::string> r = f.write(*doc, options, notes);
        if (!r) {
            py::gil_scoped_acquire locked;
            raise(r.error());
        }
        out = std::move(*r);
    }
    return written(f, options, std::move(out));
}

// Pickled as (format, text) in the game's own notation, read back as the same class.
template <class P, class Class>
void add_pickle(Class& cls) {
    cls.def(py::pickle(
        [](const Position& p) { return py::make_tuple(std::string(own_format(*p.doc)), notation(p)); },
        [](const py::tuple& state) {
            P p;
            p.doc = std::make_shared<const formats::Document>(
                read_as(state[0].cast<std::string>(), state[1].cast<std::string>()));
            return p;
        }));
}

template <class Class>
void add_common(Class& cls) {
    cls.def_property_readonly(
           "game",
           [](const Position& p) { return std::string(formats::to_string(formats::game_of(*p.doc))); },
           "The game: 'go', 'chess', 'shogi', 'xiangqi' or 'any' (a FEEN board of no known game).")
        .def_property_readonly(
            "notation", &notation,
            "The position in its game's own notation: HEN, FEN, SFEN, xiangqi FEN or FEEN.")
        .def_property_readonly(
            "feen", [](const Position& p) { return write_as(*p.doc, "feen"); },
            "The position in FEEN v1.0.0.")
        .def_property_readonly(
            "turn", [](const Position& p) { return std::string(take(formats::side_to_move(*p.doc))); },
            "The side to move: 'white'/'black' (chess), 'black'/'white' (Go, shogi), 'red'/'black' "
            "(xiangqi).")
        .def_property_readonly(
            "legal_moves", [](const Position& p) { return take(formats::legal_moves(*p.doc)); },
            "The legal moves in the game's plain notation: chess SAN, shogi USI, xiangqi ICCS, Go 'D4' and "
            "'pass'.")
        .def(
            "play",
            [](const Position& p, std::string_view move) {
                return wrap_position(take(formats::play(*p.doc, move), "<move>"));
            },
            py::arg("move"),
            "The position after a move (a new object; this one is unchanged). Chess takes SAN or UCI, shogi "
            "USI, CSA, Hosking, Hodges, Japanese or Sassersson, xiangqi ICCS, WXF, Chinese or SAN, Go 'D4', "
            "'pass' or SGF 'dp'. Raises IllegalMoveError, AmbiguousMoveError or KifuError.")
        .def_property_readonly(
            "status", [](const Position& p) { return std::string(take(formats::status(*p.doc)).outcome); },
            "'ongoing', 'checkmate', 'stalemate', 'insufficient_material', 'seventy_five_moves', "
            "'fivefold_repetition', 'no_legal_move' ('ongoing' for Go).")
        .def_property_readonly(
            "is_check", [](const Position& p) { return take(formats::status(*p.doc)).check; },
            "Whether the side to move is in check (never in Go).")
        .def_property_readonly(
            "key", [](const Position& p) { return take(formats::position_key(*p.doc)); },
            "A 64-bit position key (chess: Polyglot); equal positions have equal keys.")
        .def(
            "board",
            [](const Position& p) {
                const BoardView v = view_of(p);
                py::list rows;
                for (int r = 0; r < v.height; ++r) {
                    py::list row;
                    for (int c = 0; c < v.width; ++c) {
                        const auto& cell = v.at(c, r);
                        row.append(cell.piece.empty() ? py::object(py::none())
                                                      : py::object(py::str(cell.piece)));
                    }
                    rows.append(row);
                }
                return rows;
            },
            "The board as rows, top row first: each cell the piece (chess 'K'/'k', shogi kanji-free letters, "
            "Go 'black'/'white') or None.")
        .def(
            "piece_at",
            [](const Position& p, const std::string& square) -> py::object {
                const BoardView v = view_of(p);
                for (int r = 0; r < v.height; ++r)
                    for (int c = 0; c < v.width; ++c) {
                        const std::string name = (static_cast<std::size_t>(c) < v.file_names.size()
                                                      ? v.file_names[static_cast<std::size_t>(c)]
                                                      : "") +
                                                 (static_cast<std::size_t>(r) < v.rank_names.size()
                                                      ? v.rank_names[static_cast<std::size_t>(r)]
                                                      : "");
                        if (name == square) {
                            const auto& cell = v.at(c, r);
                            return cell.piece.empty() ? py::object(py::none())
                                                      : py::object(py::str(cell.piece));
                        }
                    }
                throw py::key_error("no square '" + square + "' on this board");
            },
            py::arg("square"),
            "The piece on a square named as the game names it ('e4', 'D4', '7g'), or None.")
        .def_property_readonly(
            "hands",
            [](const Position& p) {
                const BoardView v = view_of(p);
                py::dict out;
                for (const auto& hand : v.hands) {
                    py::dict pieces;
                    for (const auto& piece : hand.pieces) pieces[py::str(piece.piece)] = piece.count;
                    const std::string side =
                        hand.side < v.side_names.size() ? v.side_names[hand.side] : std::to_string(hand.side);
                    out[py::str(side)] = pieces;
                }
                return out;
            },
            "Pieces in hand by side (shogi, FEEN): {'black': {'P': 2}, 'white': {}}.")
        .def(
            "write",
            [](const Position& p, const std::string& format, const py::kwargs& kwargs) {
                return py::module_::import("kifu._kifu").attr("write")(p, format, **kwargs);
            },
            py::arg("format"), "The position in a format of the registry (kifu.write(self, format, ...)).")
        .def(
            "svg", [](const Position& p, const py::kwargs& kwargs) { return image(p, "svg", kwargs); },
            "A board image as SVG text (size, theme, coordinates (on unless False), crop, flip; chess: "
            "arrows, squares, check, last_move as python-chess's chess.svg.board takes them).")
        .def(
            "png", [](const Position& p, const py::kwargs& kwargs) { return image(p, "png", kwargs); },
            "A board image as PNG bytes (the options of svg()).")
        .def("_repr_svg_",
             [](const Position& p) { return image(p, "svg", py::kwargs(py::dict(py::arg("size") = 320))); })
        .def("__str__", [](const Position& p) { return write_as(*p.doc, "txt"); })
        .def("__repr__",
             [](const py::object& self) {
                 const Position& p = self.cast<const Position&>();
                 return std::string(py::str(self.get_type().attr("__name__"))) + "(" +
                        std::string(py::repr(py::str(notation(p)))) + ")";
             })
        .def("__eq__",
             [](const Position& a, const py::object& other) {
                 if (!py::isinstance<Position>(other)) return false;
                 const Position& b = other.cast<const Position&>();
                 const auto ka = formats::position_key(*a.doc), kb = formats::position_key(*b.doc);
                 if (!ka || !kb) return notation(a) == notation(b);
                 return formats::game_of(*a.doc) == formats::game_of(*b.doc) && *ka == *kb;
             })
        .def("__hash__",
             [](const Position& p) {
                 const auto k = formats::position_key(*p.doc);
                 return k ? static_cast<std::size_t>(*k) : std::hash<std::string>{}(notation(p));
             })
        .def(
            "copy", [](const py::object& self) { return self; },
            "The position itself: positions do not change.");
}

}  // namespace

namespace {
std::shared_ptr<const formats::Document> shared(formats::Document doc) {
    return std::make_shared<const formats::Document>(std::move(doc));
}
}  // namespace

py::object wrap_position(formats::Document doc) {
    py::object out;
    const bool of_a_game =
        formats::visit_game_rules(formats::game_of(doc), [&]<class Rules>(std::type_identity<Rules>) {
            out = py::cast(GamePosition<Rules>{{shared(std::move(doc))}});
        });
    return of_a_game ? out : py::cast(FeenPosition{{shared(std::move(doc))}});
}

// Go problems of a list of kifu.Game (go/problems.hpp): each as the JSON of its problem
// mode, duplicates found across the list.
std::vector<std::string> problems(const std::vector<Game>& games,
                                  const std::optional<std::string>& convention) {
    go::ProblemOptions options;
    if (convention) {
        options.convention = go::problem_convention_named(*convention);
        if (!options.convention)
            throw py::value_error("kifu.problems: convention is one of " + go::problem_convention_names() +
                                  ", not '" + *convention + "'");
    }
    std::vector<std::string> out;
    go::ProblemKeys keys;
    for (const Game& game : games) {
        const GameData& g = *game.data;
        const go::Record* record = take(formats::problem_collection(g.record()), g.source);
        go::Problem p = take(go::read_problem(*record, g.index, options), g.source);
        keys.check(p, g.source + " game " + std::to_string(g.index + 1));
        out.push_back(go::problem_json(*record, p));
    }
    return out;
}

py::dict solution(const Position& p, int plies, std::uint64_t nodes) {
    formats::SolveOptions options;
    options.max_plies = plies;
    options.max_nodes = nodes;
    Result<formats::Solution> r = formats::Solution{};
    {
        py::gil_scoped_release release;  // a long search lets other threads run
        r = formats::solve(*p.doc, 0, options);
    }
    const formats::Solution s = take(std::move(r));
    py::dict out;
    out["verdict"] = std::string(s.verdict);
    out["plies"] = s.plies;
    out["line"] = s.line;
    out["keys"] = s.keys;
    py::list alternatives;
    for (const formats::MateAlternatives& a : s.alternatives) {
        py::dict d;
        d["ply"] = a.ply;
        d["moves"] = a.moves;
        alternatives.append(d);
    }
    out["alternatives"] = alternatives;
    out["nodes"] = s.nodes;
    return out;
}

void bind_positions(py::module_& m) {
    m.def("_solve", &solution, py::arg("position"), py::arg("plies"), py::arg("nodes"));
    m.def("_problems", &problems, py::arg("games"), py::arg("convention"));

    py::class_<Position> base(
        m, "Position", "A position of any game: the common calls. kifu.read gives the class of its game.");
    add_common(base);

    py::class_<GoPosition, Position> go(m, "GoPosition", "A Go position (HEN: stones, turn, ko, marks).");
    go.def(py::init([](const std::optional<std::string>& hen) {
               return make<GoPosition>("hen", hen.value_or(""));
           }),
           py::arg("hen") = py::none(), "From HEN; an empty 19x19 board when none is given.")
        .def_property_readonly("hen", &notation, "The position in HEN.");
    add_pickle<GoPosition>(go);

    py::class_<ChessPosition, Position> chess(m, "ChessPosition", "A chess position (FEN, X-FEN castling).");
    chess
        .def(py::init([](const std::optional<std::string>& fen) {
                 return make<ChessPosition>("fen", fen.value_or("startpos"));
             }),
             py::arg("fen") = py::none(),
             "From FEN (or X-FEN, Shredder-FEN, 'startpos'); the start when none.")
        .def_property_readonly(
            "fen", [](const Position& p) { return write_as(*p.doc, "fen"); }, "The position in FEN.");
    add_pickle<ChessPosition>(chess);

    py::class_<ShogiPosition, Position> shogi(m, "ShogiPosition", "A shogi position with hands (SFEN).");
    shogi
        .def(py::init([](const std::optional<std::string>& sfen) {
                 return make<ShogiPosition>("sfen", sfen.value_or("startpos"));
             }),
             py::arg("sfen") = py::none(),
             "From SFEN or a USI position ('startpos moves 7g7f'); the start when none.")
        .def_property_readonly("sfen", &notation, "The position in SFEN.");
    add_pickle<ShogiPosition>(shogi);

    py::class_<XiangqiPosition, Position> xiangqi(m, "XiangqiPosition", "A xiangqi position (xiangqi FEN).");
    xiangqi
        .def(py::init([](const std::optional<std::string>& fen) {
                 return make<XiangqiPosition>(
                     "xfen-xiangqi",
                     fen.value_or("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"));
             }),
             py::arg("fen") = py::none(), "From a xiangqi FEN; the start when none.")
        .def_property_readonly("fen", &notation, "The position in xiangqi FEN.");
    add_pickle<XiangqiPosition>(xiangqi);

    py::class_<FeenPosition, Position> feen(m, "FeenPosition",
                                            "A FEEN position: any board, hands and styles.");
    feen.def(py::init([](const std::string& text) { return make<FeenPosition>("feen", text); }),
             py::arg("feen"));
    add_pickle<FeenPosition>(feen);
}

}  // namespace kifu::python
