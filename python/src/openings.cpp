// kifu.OpeningBook: an opening book read once (any record file: eco.pgn, scid.eco, lichess's
// TSV, KIF with 戦型, SGF with ON), and a game's opening named by position (docs/openings.md).

#include <cerrno>
#include <filesystem>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "kifu/formats/play.hpp"

namespace kifu::python {

py::dict opening_dict(const formats::Opening& opening, std::uint32_t ply) {
    py::dict d;
    d["code"] = std::string(opening.code());
    d["name"] = opening.name();
    d["tags"] = tags_dict(opening.tags);
    d["ply"] = ply;
    return d;
}

void bind_openings(py::module_& m) {
    py::class_<OpeningBookRef>(m, "OpeningBook",
                               "An opening book: a record file whose games end at named positions "
                               "(docs/openings.md). OpeningBook(path), or OpeningBook.installed('chess').")
        .def(
            py::init([](const py::object& path) {
                const std::string p = py::module_::import("os").attr("fspath")(path).cast<std::string>();
                if (!std::filesystem::exists(p)) {  // as kifu.read says it: FileNotFoundError
                    errno = ENOENT;
                    PyErr_SetFromErrnoWithFilename(PyExc_FileNotFoundError, p.c_str());
                    throw py::error_already_set();
                }
                Result<formats::OpeningBook> book = Error{};
                {
                    py::gil_scoped_release unlocked;
                    book = formats::OpeningBook::open(p);
                }
                return OpeningBookRef{std::make_shared<const formats::OpeningBook>(take(std::move(book), p))};
            }),
            py::arg("path"), "Reads the book in a file of any record format (compressed too).")
        .def_static(
            "installed",
            [](const std::string& game) -> std::optional<OpeningBookRef> {
                const formats::GameInfo* info = formats::game_named(game);
                if (!info) throw py::value_error("kifu.OpeningBook.installed: no game " + game);
                const std::optional<std::string> path = formats::OpeningBook::installed(info->game);
                if (!path) return std::nullopt;
                return OpeningBookRef{std::make_shared<const formats::OpeningBook>(
                    take(formats::OpeningBook::open(*path), *path))};
            },
            py::arg("game") = "chess",
            "The book Debian installs for the game (chess: pgn-extract's eco.pgn, else Scid's scid.eco), or "
            "None.")
        .def_property_readonly(
            "game",
            [](const OpeningBookRef& b) { return std::string(formats::game_info(b.book->game())->name); })
        .def("__len__", [](const OpeningBookRef& b) { return b.book->size(); })
        .def(
            "name",
            [](const OpeningBookRef& b, const Game& game) -> py::object {
                formats::OpeningMatch match;
                std::visit([&](const auto* tree) { match = formats::find_opening(*tree, *b.book); },
                           game.data->tree());
                if (!match.opening) return py::none();
                return opening_dict(*match.opening, match.ply);
            },
            py::arg("game"),
            "The game's opening: the deepest position of its main line the book names, whatever the move "
            "order: {'code', 'name', 'tags', 'ply'}, or None.")
        .def(
            "lookup",
            [](const OpeningBookRef& b, const Position& position) -> py::object {
                const Result<std::uint64_t> key = formats::position_key(*position.doc);
                if (!key || formats::game_of(*position.doc) != b.book->game()) return py::none();
                const formats::Opening* o = b.book->find(*key);
                if (!o) return py::none();
                return opening_dict(*o, o->ply);
            },
            py::arg("position"), "The name of a position, or None: {'code', 'name', 'tags', 'ply'}.")
        .def("__repr__", [](const OpeningBookRef& b) {
            return "<kifu.OpeningBook of " + std::string(formats::game_info(b.book->game())->name) + ", " +
                   std::to_string(b.book->size()) + " positions>";
        });
}

}  // namespace kifu::python
