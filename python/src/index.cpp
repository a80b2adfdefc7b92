// kifu.Index: the position index (index/index.hpp) from Python: build, search (positions, Go
// patterns, chess material and sub-FEN), explore, stats, and merge (how parts built apart, by Dask workers,
// become one index).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/index/chess_scan.hpp"
#include "kifu/index/export.hpp"
#include "kifu/index/index.hpp"
#include "kifu/index/pattern.hpp"

namespace kifu::python {
namespace {

struct Index {
    std::string path;
    std::optional<index::Database> db;
    index::Database& open() {
        if (!db) throw py::value_error("kifu.Index: closed");
        return *db;
    }
};

py::dict report_dict(const index::IndexReport& r) {
    py::dict d;
    d["files"] = r.files;
    d["bytes"] = r.bytes;
    d["games"] = r.games;
    d["plies"] = r.plies;
    d["added"] = r.added;
    d["known"] = r.known;
    d["duplicates"] = r.duplicates;
    d["broken"] = r.broken;
    d["messages"] = r.messages;
    return d;
}

py::dict game_dict(const index::GameSummary& g) {
    py::dict d;
    d["id"] = g.id;
    d["game"] = std::string(formats::to_string(g.game));
    d["file"] = g.file;
    d["number"] = g.number;
    d["offset"] = g.offset;
    d["first"] = g.first;
    d["second"] = g.second;
    d["date"] = g.date;
    d["event"] = g.event;
    d["result"] = g.result;
    d["plies"] = g.plies;
    if (!g.opening.empty()) d["opening"] = g.opening;
    if (g.at_position) d["ply"] = g.ply;
    if (formats::symmetric_keys(g.game)) d["symmetry"] = g.symmetry;
    return d;
}

// The filters every query takes (game_filter_of's).
index::Filter filter_of(const py::object& where, const py::object& date, const py::object& result,
                        const py::object& player, const py::object& rating) {
    index::Filter filter;
    static_cast<formats::GameFilter&>(filter) = game_filter_of(where, date, result, player, rating);
    return filter;
}

bool any_colours(const std::string& colours) {
    if (colours != "same" && colours != "any") throw py::value_error("colours: 'same' or 'any'");
    return colours == "any";
}

py::dict search_dict(const index::SearchResult& s) {
    py::dict d;
    d["count"] = s.count;
    py::list games;
    for (const auto& g : s.games) games.append(game_dict(g));
    d["games"] = games;
    return d;
}

index::PositionQuery query_of(const py::object& position, const std::string& colours, const py::object& where,
                              const py::object& date, const py::object& result, const py::object& player,
                              const py::object& rating) {
    formats::Document doc;
    if (py::isinstance<Position>(position)) {
        doc = copy_document(*position.cast<const Position&>().doc);
    } else {
        const std::string text = position.cast<std::string>();
        Result<const formats::Format*> f = formats::detect_format(text);
        if (!f) raise(f.error(), "<position>");
        doc = take((*f)->read(text, {}), "<position>");
        if (formats::is_record(doc)) doc = take(formats::position_at(std::move(doc), {}), "<position>");
    }
    index::PositionQuery q = take(index::position_query(std::move(doc)), "<position>");
    q.any_colours = any_colours(colours);
    q.filter = filter_of(where, date, result, player, rating);
    return q;
}

// A Go position from a kifu.GoPosition or HEN text.
go::Position go_position_of(const py::object& position) {
    if (py::isinstance<Position>(position)) {
        if (const auto* p = std::get_if<go::Position>(&position.cast<const Position&>().doc->value))
            return *p;
        throw py::type_error("pattern: a Go position (kifu.GoPosition or HEN text)");
    }
    return take(go::parse_hen(position.cast<std::string>()), "<pattern>");
}

std::vector<std::string> paths_of(const py::object& paths) {
    std::vector<std::string> out;
    py::object fspath = py::module_::import("os").attr("fspath");
    if (py::isinstance<py::str>(paths) || py::hasattr(paths, "__fspath__"))
        out.push_back(fspath(paths).cast<std::string>());
    else
        for (const py::handle p : paths) out.push_back(fspath(p).cast<std::string>());
    return out;
}

// What search and export find: the games that reach a position, or with position None
// those that pass the filters alone.
index::SearchResult found(Index& i, const py::object& position, std::size_t limit, std::size_t offset,
                          const std::string& colours, const py::object& where, const py::object& date,
                          const py::object& result, const py::object& player, const py::object& rating,
                          bool unique) {
    Result<index::SearchResult> r = Error{};
    if (position.is_none()) {  // the filters alone
        index::Filter filter = filter_of(where, date, result, player, rating);
        filter.unique = unique;
        if (filter.empty())
            throw py::value_error(
                "give a position, or filters (where, date, result, player, rating, unique) to select by");
        py::gil_scoped_release unlocked;
        r = i.open().select(filter, offset, limit);
    } else {
        index::PositionQuery q = query_of(position, colours, where, date, result, player, rating);
        q.filter.unique = unique;
        py::gil_scoped_release unlocked;
        r = i.open().search(q, offset, limit);
    }
    return take(std::move(r), i.path);
}

// The books of an `openings=` argument: None, a kifu.OpeningBook or a list of them.
std::vector<std::shared_ptr<const formats::OpeningBook>> books_of(const py::object& openings) {
    std::vector<std::shared_ptr<const formats::OpeningBook>> out;
    if (openings.is_none()) return out;
    if (py::isinstance<OpeningBookRef>(openings)) return {openings.cast<const OpeningBookRef&>().book};
    if (!py::isinstance<py::list>(openings) && !py::isinstance<py::tuple>(openings))
        throw py::type_error("openings: a kifu.OpeningBook or a list of them");
    for (const py::handle b : openings) {
        if (!py::isinstance<OpeningBookRef>(b))
            throw py::type_error("openings: a kifu.OpeningBook or a list of them");
        out.push_back(b.cast<const OpeningBookRef&>().book);
    }
    return out;
}

}  // namespace

void bind_index(py::module_& m) {
    py::class_<Index>(m, "Index",
                      "A position index (SQLite): which games reach a position, what was played next.")
        .def(py::init([](const py::object& path, bool create) {
                 Index i;
                 i.path = py::module_::import("os").attr("fspath")(path).cast<std::string>();
                 Result<index::Database> db = Error{};
                 {
                     py::gil_scoped_release unlocked;
                     db = index::Database::open(i.path, create);
                 }
                 i.db.emplace(take(std::move(db), i.path));
                 return i;
             }),
             py::arg("path"), py::arg("create") = true, "Opens an index (create: or creates it).")
        .def(
            "add",
            [](Index& i, const py::object& paths, unsigned threads, const py::object& openings) {
                const std::vector<std::string> files = paths_of(paths);
                index::IndexOptions options;
                options.threads = threads;
                options.openings = books_of(openings);
                Result<index::IndexReport> r = Error{};
                {
                    py::gil_scoped_release unlocked;
                    r = i.open().add(files, options);
                }
                return report_dict(take(std::move(r), i.path));
            },
            py::arg("paths"), py::kw_only(), py::arg("threads") = 1, py::arg("openings") = py::none(),
            "Indexes record files (PGN, SGF, KIF/KI2/CSA/JKF, xiangqi PGN; compressed; directories; "
            "tar/zip); openings: a kifu.OpeningBook (or a list, one a game) that names each game's opening "
            "in its stored tags. "
            "Returns the report: files, bytes, games, plies, added, known, duplicates, broken, messages.")
        .def(
            "search",
            [](Index& i, const py::object& position, std::size_t limit, std::size_t offset,
               const std::string& colours, const py::object& where, const py::object& date,
               const py::object& result, const py::object& player, const py::object& rating, bool unique) {
                return search_dict(
                    found(i, position, limit, offset, colours, where, date, result, player, rating, unique));
            },
            py::arg("position"), py::kw_only(), py::arg("limit") = 20, py::arg("offset") = 0,
            py::arg("colours") = "same", py::arg("where") = py::none(), py::arg("date") = py::none(),
            py::arg("result") = py::none(), py::arg("player") = py::none(), py::arg("rating") = py::none(),
            py::arg("unique") = false,
            "The games that reach a position (a kifu position or any position notation), or with position "
            "None those that pass the filters alone: {'count', 'games'}. "
            "where: {'White': 'Carlsen'} (contains, any case); date: a year or (from, to); result: '1-0', "
            "'B+', ...; unique: one game of each set of duplicates (kifu dedupe's moves rule)")
        .def(
            "export",
            [](Index& i, const py::object& position, const std::optional<std::string>& to,
               const std::optional<std::size_t>& limit, std::size_t offset, const std::string& colours,
               const py::object& where, const py::object& date, const py::object& result,
               const py::object& player, const py::object& rating, bool unique) {
                const formats::Format* format = nullptr;
                if (to) {
                    format = formats::find_format(*to);
                    if (!format) throw py::value_error("kifu.Index.export: no format " + *to);
                }
                const index::SearchResult r = found(i, position, limit.value_or(SIZE_MAX), offset, colours,
                                                    where, date, result, player, rating, unique);
                std::vector<std::pair<const index::GameSummary*, formats::Written>> games;
                Result<void> done = Error{};
                {
                    py::gil_scoped_release unlocked;
                    done = index::export_games(r.games, format, {},
                                               [&](index::ExportedGame&& g) -> Result<void> {
                                                   games.emplace_back(g.summary, std::move(g.written));
                                                   return {};
                                               });
                }
                if (!done) raise(done.error(), i.path);
                py::list out;
                for (const auto& [summary, written] : games) {
                    py::dict d;
                    d["file"] = summary->file;
                    d["game"] = summary->number;
                    if (written.error)
                        d["error"] = written.error->message;
                    else
                        d["text"] = written.text;
                    out.append(d);
                }
                return out;
            },
            py::arg("position"), py::kw_only(), py::arg("to") = py::none(), py::arg("limit") = py::none(),
            py::arg("offset") = 0, py::arg("colours") = "same", py::arg("where") = py::none(),
            py::arg("date") = py::none(), py::arg("result") = py::none(), py::arg("player") = py::none(),
            py::arg("rating") = py::none(), py::arg("unique") = false,
            "The games search finds (every one unless limit), read again from their files and written as "
            "`to` (None: as their files hold them): [{'file', 'game', 'text'}], or 'error' for a game that "
            "cannot be (its file changed since it was indexed).")
        .def(
            "explore",
            [](Index& i, const py::object& position, std::size_t games, const std::string& colours,
               const py::object& where, const py::object& date, const py::object& result,
               const py::object& player, const py::object& rating, const py::object& openings) {
                const index::PositionQuery q =
                    query_of(position, colours, where, date, result, player, rating);
                const std::vector<std::shared_ptr<const formats::OpeningBook>> books = books_of(openings);
                Result<index::ExploreResult> r = Error{};
                {
                    py::gil_scoped_release unlocked;
                    r = i.open().explore(q, games);
                    if (r)
                        for (const auto& book : books) index::name_openings(*r, q, *book);
                }
                const index::ExploreResult e = take(std::move(r), i.path);
                py::dict d;
                d["games"] = e.games;
                d["ended"] = e.ended;
                if (!books.empty())
                    d["opening"] = e.opening.empty() ? py::object(py::none()) : py::str(e.opening);
                py::list moves;
                for (const auto& mv : e.moves) {
                    py::dict x;
                    x["move"] = mv.move;
                    x["count"] = mv.count;
                    x["first"] = mv.first;
                    x["draws"] = mv.draws;
                    x["second"] = mv.second;
                    x["unknown"] = mv.unknown;
                    x["score"] = mv.score;
                    const auto known = [](std::uint32_t v) {
                        return v ? py::object(py::int_(v)) : py::none();
                    };
                    x["rating"] = known(mv.rating);
                    x["performance"] = known(mv.performance);
                    x["first_year"] = known(mv.first_year);
                    x["last_year"] = known(mv.last_year);
                    if (!books.empty())
                        x["opening"] = mv.opening.empty() ? py::object(py::none()) : py::str(mv.opening);
                    py::list gs;
                    for (const auto& g : mv.games) gs.append(game_dict(g));
                    x["games"] = gs;
                    moves.append(x);
                }
                d["moves"] = moves;
                return d;
            },
            py::arg("position"), py::kw_only(), py::arg("games") = 3, py::arg("colours") = "same",
            py::arg("where") = py::none(), py::arg("date") = py::none(), py::arg("result") = py::none(),
            py::arg("player") = py::none(), py::arg("rating") = py::none(), py::arg("openings") = py::none(),
            "Every move played from a position, most played first: {'games', 'ended', 'moves': [{'move', "
            "'count', 'first', 'draws', 'second', 'unknown', 'score', 'rating', 'performance', 'first_year', "
            "'last_year', 'games'}]} (rating: the mover's average, performance: theirs by the score; None "
            "where no game says); with openings (a "
            "kifu.OpeningBook), 'opening' names the position and the position after each move ('C00 French', "
            "or None).")
        .def(
            "search_pattern",
            [](Index& i, const py::object& position, const std::string& region, const std::string& colours,
               std::size_t limit, std::size_t offset, unsigned threads, const py::object& where,
               const py::object& date, const py::object& result, const py::object& player,
               const py::object& rating) {
                const index::GoPattern pattern =
                    take(index::go_pattern(go_position_of(position), region), "<region>");
                const index::Filter filter = filter_of(where, date, result, player, rating);
                const bool any = any_colours(colours);
                Result<index::PatternResult> r = Error{};
                {
                    py::gil_scoped_release unlocked;
                    r = index::search_pattern(i.open(), pattern, filter, any, offset, limit, threads);
                }
                const index::PatternResult p = take(std::move(r), i.path);
                py::dict d = search_dict({p.count, p.games});
                py::list next;
                for (const index::Continuation& c : p.continuations) {
                    py::dict x;
                    x["move"] = c.move;
                    x["count"] = c.count;
                    x["black"] = c.black;
                    x["white"] = c.white;
                    x["other"] = c.other;
                    next.append(x);
                }
                d["continuations"] = next;
                d["replayed"] = p.replayed;
                return d;
            },
            py::arg("position"), py::arg("region"), py::kw_only(), py::arg("colours") = "same",
            py::arg("limit") = 20, py::arg("offset") = 0, py::arg("threads") = 1,
            py::arg("where") = py::none(), py::arg("date") = py::none(), py::arg("result") = py::none(),
            py::arg("player") = py::none(), py::arg("rating") = py::none(),
            "The Go games holding the pattern of `position` (kifu.GoPosition or HEN; marked points match "
            "anything) in `region` ('D4-A1'), in any orientation (colours='any': colours swapped too), as "
            "kifu search --pattern: {'count', 'games', 'continuations': [{'move', 'count', 'black', 'white', "
            "'other'}], 'replayed'}.")
        .def(
            "search_material",
            [](Index& i, const std::string& material, const std::string& sub_fen, std::size_t limit,
               std::size_t offset, unsigned threads, const py::object& where, const py::object& date,
               const py::object& result, const py::object& player, const py::object& rating) {
                const index::ChessScan scan =
                    take(index::chess_scan(material, sub_fen), material.empty() ? "<sub-fen>" : "<material>");
                const index::Filter filter = filter_of(where, date, result, player, rating);
                Result<index::SearchResult> r = Error{};
                {
                    py::gil_scoped_release unlocked;
                    r = index::search_chess_scan(i.open(), scan, filter, offset, limit, threads);
                }
                return search_dict(take(std::move(r), i.path));
            },
            py::arg("material") = "", py::kw_only(), py::arg("sub_fen") = "", py::arg("limit") = 20,
            py::arg("offset") = 0, py::arg("threads") = 1, py::arg("where") = py::none(),
            py::arg("date") = py::none(), py::arg("result") = py::none(), py::arg("player") = py::none(),
            py::arg("rating") = py::none(),
            "Chess games by material ('KRvKR': exactly those pieces) and/or sub_fen (a FEN board whose "
            "pieces must all stand there), scoutfish's kinds, as kifu search --material/--sub-fen: "
            "{'count', 'games'}.")
        .def(
            "duplicate_groups",
            [](Index& i, const std::string& by, const py::object& where, const py::object& date,
               const py::object& result, const py::object& player, const py::object& rating) {
                const index::Filter filter = filter_of(where, date, result, player, rating);
                Result<formats::DuplicateRule> rule = formats::parse_duplicate_rule(by);
                if (!rule) throw py::value_error("by: " + rule.error().message);
                Result<std::vector<index::DuplicateGroup>> r = Error{};
                {
                    py::gil_scoped_release unlocked;
                    r = i.open().duplicate_groups(filter, *rule);
                }
                py::list out;
                for (const index::DuplicateGroup& g : take(std::move(r), i.path)) {
                    py::dict d;
                    d["kept"] = game_dict(g.kept);
                    py::list others;
                    for (const index::GameSummary& other : g.duplicates) others.append(game_dict(other));
                    d["duplicates"] = others;
                    out.append(d);
                }
                return out;
            },
            py::kw_only(), py::arg("by") = "moves", py::arg("where") = py::none(),
            py::arg("date") = py::none(), py::arg("result") = py::none(), py::arg("player") = py::none(),
            py::arg("rating") = py::none(),
            "The sets of duplicates across the index's collections among the games that pass the filters, "
            "as kifu search --duplicate-groups lists them: [{'kept': game, 'duplicates': [game, ...]}], by "
            "'moves' (default), 'position' or 'depth:N' (kifu dedupe's rules).")
        .def(
            "stats",
            [](Index& i) {
                const index::DatabaseStats s = take(i.open().stats(), i.path);
                py::dict d;
                d["games"] = s.games;
                d["files"] = s.files;
                d["duplicates"] = s.duplicates;
                d["chunks"] = s.chunks;
                d["postings"] = s.postings;
                d["bytes"] = s.bytes;
                return d;
            },
            "games, files, duplicates, chunks, postings, bytes.")
        .def(
            "close", [](Index& i) { i.db.reset(); }, "Closes the database.")
        .def("__enter__", [](py::object self) { return self; })
        .def("__exit__", [](Index& i, const py::args&) { i.db.reset(); })
        .def("__repr__",
             [](const Index& i) { return "kifu.Index(" + std::string(py::repr(py::str(i.path))) + ")"; });

    m.def(
        "merge_indexes",
        [](const py::object& out, const py::object& inputs) {
            const std::string target = py::module_::import("os").attr("fspath")(out).cast<std::string>();
            const std::vector<std::string> parts = paths_of(inputs);
            Result<index::IndexReport> r = Error{};
            {
                py::gil_scoped_release unlocked;
                r = index::merge(target, parts);
            }
            return report_dict(take(std::move(r), target));
        },
        py::arg("out"), py::arg("inputs"),
        "Builds a new index `out` from indexes built apart, in order (as kifu index --merge): its answers "
        "are "
        "those of one index built from all their games in that order.");
}

}  // namespace kifu::python
