// The module kifu._kifu: errors, the registry (formats, detect, read, validate, write) and
// the per-area bindings. kifu/__init__.py re-exports it with the Python-side conveniences.
#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/formats/options.hpp"
#include "kifu/formats/write.hpp"
#include "kifu/image/formats.hpp"
#include "kifu/index/inputs.hpp"
#include "kifu/version.hpp"

namespace kifu::python {
namespace {

py::object error_class(ErrorCode code) {
    // Kept for the life of the process: a static py::object would be released after the
    // interpreter is gone.
    static const py::object* module = new py::object(py::module_::import("kifu._errors"));
    switch (code) {
        case ErrorCode::illegal_move:
            return module->attr("IllegalMoveError");
        case ErrorCode::ambiguous_move:
            return module->attr("AmbiguousMoveError");
        default:
            return module->attr("KifuError");
    }
}

// The document a Python object stands for: a position, a game (alone), or a list of games.
std::shared_ptr<const formats::Document> document_of(const py::handle& object) {
    if (py::isinstance<Position>(object)) return object.cast<const Position&>().doc;
    const auto check_record = [](const GameData& g) {
        if (!formats::is_record(g.record())) throw py::type_error("kifu.write: not a game of a record");
    };
    if (py::isinstance<Game>(object)) {
        const GameData& g = *object.cast<const Game&>().data;
        check_record(g);
        return std::make_shared<const formats::Document>(formats::game_alone(g.record(), g.index));
    }
    if (py::isinstance<py::list>(object) || py::isinstance<py::tuple>(object)) {
        formats::Document doc{go::Position{}, {}};
        bool first = true;
        for (const py::handle item : object) {
            if (!py::isinstance<Game>(item))
                throw py::type_error("kifu.write: a list holds kifu.Game objects only");
            const GameData& g = *item.cast<const Game&>().data;
            if (!first && formats::game_of(g.record()) != formats::game_of(doc))
                throw py::type_error("kifu.write: the games of a list must all be of one game");
            check_record(g);
            if (first)
                doc = formats::game_alone(g.record(), g.index);
            else if (!formats::append_game(g.record(), g.index, doc))
                throw py::type_error("kifu.write: the games of a list must all be of one game");
            first = false;
        }
        if (first) throw py::value_error("kifu.write: an empty list of games");
        return std::make_shared<const formats::Document>(std::move(doc));
    }
    throw py::type_error("kifu.write: expected a kifu position, a kifu.Game or a list of them");
}

}  // namespace

formats::Document copy_document(const formats::Document& doc) {
    return std::visit(
        [&](const auto& v) -> formats::Document {
            if constexpr (std::is_copy_constructible_v<std::decay_t<decltype(v)>>)
                return formats::Document{v, doc.warnings, doc.last_move, doc.marks};
            else
                throw py::type_error("an SGF collection cannot be copied");
        },
        doc.value);
}

py::object error_object(const Error& error, std::string_view source, std::string_view severity) {
    py::object e = error_class(error.code)(error.format(source, severity));
    e.attr("message") = visible_text(error.message);
    e.attr("line") = error.line;
    e.attr("column") = error.column;
    e.attr("offset") = error.offset;
    e.attr("code") = std::string(to_string(error.code));
    e.attr("source") = std::string(source);
    e.attr("severity") = std::string(severity);
    return e;
}

void raise(const Error& error, std::string_view source) {
    py::object e = error_object(error, source);
    PyErr_SetObject(e.get_type().ptr(), e.ptr());
    throw py::error_already_set();
}

std::string read_file(const std::string& path) {
    std::string text;
    {
        py::gil_scoped_release unlocked;
        Result<std::unique_ptr<ByteSource>> source = open_byte_source(path);
        if (source) {
            Result<std::string> all = read_all(**source);
            if (all) {
                text = std::move(*all);
            } else {
                py::gil_scoped_acquire locked;
                raise(all.error(), path);
            }
        } else {
            py::gil_scoped_acquire locked;
            raise(source.error(), path);
        }
    }
    return text;
}

const formats::Format& format_named(std::string_view name) {
    if (const formats::Format* f = formats::find_format(name)) return *f;
    std::vector<std::string_view> names;
    for (const formats::Format& f : formats::all_formats()) names.push_back(f.name);
    const std::string_view near = formats::nearest_name(name, names);
    raise(Error{ErrorCode::unsupported,
                "expected a format kifu knows (kifu.formats()), found '" + std::string(name) + "'" +
                    (near.empty() ? std::string{} : "; did you mean '" + std::string(near) + "'?")});
}

// The rows of an options table (formats/options.hpp) as dicts.
template <class Options>
py::list option_rows(std::span<const formats::OptionSpec<Options>> specs) {
    py::list out;
    for (const formats::OptionSpec<Options>& o : specs) {
        py::dict d;
        d["name"] = std::string(o.name);
        d["kind"] = o.kind == formats::OptionKind::flag      ? "flag"
                    : o.kind == formats::OptionKind::flag_on ? "flag_on"
                                                             : "text";
        d["help"] = std::string(o.help);
        d["example"] = std::string(o.example);
        d["applies_to"] = std::string(o.applies_to);
        py::list choices;
        if (o.choices)
            for (const std::string& c : o.choices()) choices.append(c);
        d["choices"] = choices;
        out.append(d);
    }
    return out;
}

formats::WriteOptions write_options(const formats::Format& format, const py::kwargs& kwargs) {
    formats::WriteOptions o;
    for (const auto& [key, value] : kwargs) {
        const std::string name = py::str(key);
        if (const formats::WriteOptionSpec* spec = formats::find_write_option(name)) {
            if (Result<void> ok = formats::check_applies(format, *spec); !ok)
                throw py::type_error("kifu.write: " + ok.error().message);
            const bool on = spec->kind != formats::OptionKind::text && PyObject_IsTrue(value.ptr()) == 1;
            const std::string text = spec->kind == formats::OptionKind::text
                                         ? py::str(value).cast<std::string>()
                                     : on ? "true"
                                          : "false";
            if (Result<void> ok = formats::set_write_option(o, name, text); !ok)
                throw py::value_error(ok.error().message);
            continue;
        }
        std::vector<std::string_view> names;
        for (const formats::WriteOptionSpec& spec : formats::write_option_specs()) names.push_back(spec.name);
        const std::string_view near = formats::nearest_name(name, names);
        throw py::type_error("kifu.write: no option '" + name + "'" +
                             (near.empty() ? std::string{} : "; did you mean '" + std::string(near) + "'?"));
    }
    return o;
}

py::object written(const formats::Format& format, const formats::WriteOptions& options, std::string text) {
    if (format.takes(formats::kBinary) || options.shift_jis) return py::bytes(text);
    return py::str(text);
}

py::object wrap_document(formats::Document doc, std::string format, std::string source) {
    if (!formats::is_record(doc)) return wrap_position(std::move(doc));
    auto record = std::make_shared<const formats::Document>(std::move(doc));
    py::list games;
    const std::size_t n = formats::game_count(*record);
    for (std::size_t i = 0; i < n; ++i) games.append(py::cast(Game{make_game(record, i, format, source)}));
    return games;
}

namespace {

// The read options of formats/options.hpp from keyword arguments of the same names (None:
// not given); `format` must take each one given.
formats::ReadOptions read_options(const formats::Format& format, const py::dict& given) {
    formats::ReadOptions o;
    for (const auto& [key, value] : given) {
        const std::string name = py::str(key);
        if (value.is_none()) continue;
        const formats::ReadOptionSpec* spec = formats::find_read_option(name);
        if (!spec) throw py::type_error("kifu: " + formats::set_read_option(o, name, "").error().message);
        if (const Result<void> ok = formats::check_applies(format, *spec); !ok)
            throw py::type_error("kifu: the option " + ok.error().message);
        std::string text;
        if (spec->kind == formats::OptionKind::flag) {
            if (!py::isinstance<py::bool_>(value))
                throw py::type_error("kifu: " + name + " is True or False");
            text = value.cast<bool>() ? "true" : "false";
        } else {
            if (!py::isinstance<py::str>(value)) throw py::type_error("kifu: " + name + " is a str");
            text = value.cast<std::string>();
        }
        if (const Result<void> ok = formats::set_read_option(o, name, text); !ok)
            throw py::value_error("kifu: " + ok.error().message);
    }
    return o;
}

const formats::Format& reading_format(std::string_view text, const py::object& format,
                                      std::string_view source, std::string_view file_name) {
    if (!format.is_none()) {
        const formats::Format& f = format_named(format.cast<std::string>());
        if (!f.can_read())
            raise(
                Error{ErrorCode::unsupported, "kifu writes " + std::string(f.name) + " but does not read it"},
                source);
        return f;
    }
    Result<const formats::Format*> detected = formats::detect_format(text, file_name);
    if (!detected) raise(detected.error(), source);
    return **detected;
}

py::object read_text(const std::string& text, const py::object& format, const std::string& source,
                     const std::string& file_name, const py::dict& given) {
    const formats::Format& f = reading_format(text, format, source, file_name);
    const formats::ReadOptions options = read_options(f, given);
    Result<formats::Document> doc = Error{};
    {
        py::gil_scoped_release unlocked;
        doc = f.read(text, options);
    }
    return wrap_document(take(std::move(doc), source), std::string(f.name), source);
}

}  // namespace
}  // namespace kifu::python

PYBIND11_MODULE(_kifu, m) {
    using namespace kifu;
    using namespace kifu::python;
    m.doc() = "kifu: read, validate, convert and write board-game notation (Go, chess, shogi, xiangqi)";
    // kifu.write and kifu.read take images: svg, png and gif join the registry first.
    image::add_formats();

    m.def(
        "formats",
        []() {
            py::list out;
            for (const formats::Format& f : formats::all_formats()) {
                py::dict d;
                d["name"] = std::string(f.name);
                d["game"] = std::string(formats::to_string(f.game));
                d["kind"] = std::string(formats::to_string(f.kind));
                d["description"] = std::string(f.description);
                py::list ext;
                for (const std::string_view e : f.extensions) ext.append(std::string(e));
                d["extensions"] = ext;
                d["reads"] = f.can_read();
                d["writes"] = f.can_write();
                py::list read_options;
                for (const formats::ReadOptionSpec& o : formats::read_option_specs())
                    if (f.can_read() && f.takes(o.applies)) read_options.append(std::string(o.name));
                d["read_options"] = read_options;
                py::list write_options;
                for (const formats::WriteOptionSpec& o : formats::write_option_specs())
                    if (f.can_write() && f.takes(o.applies)) write_options.append(std::string(o.name));
                d["write_options"] = write_options;
                out.append(d);
            }
            return out;
        },
        "Every format kifu knows, as dicts: name, game, kind, description, extensions, reads, writes,\n"
        "read_options (the keyword arguments kifu.read and kifu.validate take for it), write_options (those "
        "kifu.write takes for it).");

    m.def(
        "games",
        []() {
            py::list out;
            const auto names = [](std::string_view blank_separated) {
                py::list l;
                while (!blank_separated.empty()) {
                    const std::size_t blank = blank_separated.find(' ');
                    l.append(std::string(blank_separated.substr(0, blank)));
                    blank_separated = blank == std::string_view::npos ? std::string_view()
                                                                      : blank_separated.substr(blank + 1);
                }
                return l;
            };
            for (const formats::GameInfo& g : formats::all_games()) {
                py::dict d;
                d["name"] = std::string(g.name);
                d["first"] = std::string(g.first);
                d["second"] = std::string(g.second);
                d["position_format"] = std::string(g.position_format);
                d["record_format"] = std::string(g.record_format);
                d["first_tags"] = names(g.first_tags);
                d["second_tags"] = names(g.second_tags);
                d["date_tags"] = names(g.date_tags);
                d["event_tags"] = names(g.event_tags);
                d["rating_tags"] = names(g.rating_tags);
                d["opening_tags"] = names(g.opening_tags);
                d["table_tags"] = names(g.table_tags);
                out.append(d);
            }
            return out;
        },
        "The games kifu knows, as dicts: name, first and second (the players, the one who moves first "
        "first), position_format and record_format (its own), and the tags its records name the players, "
        "date, event, ratings and opening by (first_tags, ..., opening_tags: lists, the usual first), "
        "table_tags (the tags kifu.rows(frame=True) and CSV put first).");

    m.def(
        "read_options", []() { return option_rows(formats::read_option_specs()); },
        "The read options kifu.read and kifu.validate take (the CLI's --NAME, the service's NAME=), as "
        "dicts: name, kind ('flag' or 'text'), help, applies_to, example (a value it takes), choices.");
    m.def(
        "write_options", []() { return option_rows(formats::write_option_specs()); },
        "The write options kifu.write takes (the CLI's --NAME, or --no-NAME for a 'flag_on' option; the "
        "service's NAME=), as dicts: name, kind ('flag', 'flag_on': on unless turned off, or 'text'), help, "
        "applies_to, example, choices. An image's (size, theme, coordinates, crop, flip) are rows too.");

    m.def(
        "detect",
        [](py::bytes data, const std::string& file_name) {
            const std::string text = data;
            Result<const formats::Format*> f = formats::detect_format(text, file_name);
            if (!f) raise(f.error());
            return std::string((*f)->name);
        },
        py::arg("text"), py::arg("file_name") = "",
        "The name of the format of a text (bytes): the surest detector, else the file name's extension.");

    m.def("_read_text",
          [](py::bytes data, const py::object& format, const std::string& source, const py::dict& options) {
              return read_text(std::string(data), format, source, "", options);
          });
    m.def("_read_path", [](const std::string& path, const py::object& format, const py::dict& options) {
        return read_text(read_file(path), format, path, path, options);
    });

    m.def("_validate", [](py::bytes data, const py::object& format, const std::string& source,
                          const std::string& file_name, const py::dict& given) {
        const std::string text = data;
        const formats::Format& f = reading_format(text, format, source, file_name);
        std::vector<Error> warnings, errors;
        const formats::ReadOptions options = read_options(f, given);
        {
            py::gil_scoped_release unlocked;
            errors = f.validate(text, options, warnings);
        }
        py::list e, w;
        for (const Error& x : errors) e.append(error_object(x, source));
        for (const Error& x : warnings) w.append(error_object(x, source, "warning"));
        return py::make_tuple(e, w);
    });

    m.def("_read_file", [](const std::string& path) { return py::bytes(read_file(path)); });
    // A directory's record files, as kifu index and the commands read it.
    m.def("_record_files", [](const std::string& directory) {
        Result<std::vector<std::string>> files = index::record_files(directory);
        if (!files) raise(files.error(), directory);
        py::list out;
        for (const std::string& f : *files) out.append(f);
        return out;
    });
    m.attr("__version__") = std::string(version);

    m.def(
        "write",
        [](const py::object& object, const std::string& format, const py::object& ply, const py::object& node,
           const py::kwargs& kwargs) {
            const formats::Format& f = format_named(format);
            if (!f.can_write())
                raise(Error{ErrorCode::unsupported, "kifu reads " + format + " but does not write it"});
            formats::WriteOptions options = write_options(f, kwargs);
            std::shared_ptr<const formats::Document> held = document_of(object);
            // Narrowed and written as `kifu convert` does (formats/write.hpp): a record in a
            // position format gives its chosen position (the end of the main line by
            // default), and any record narrows when ply or node is given.
            formats::NodeChoice choice;
            if (!ply.is_none()) {
                const py::int_ largest(std::numeric_limits<std::size_t>::max());
                if (!py::isinstance<py::int_>(ply) || ply < py::int_(0) || ply > largest)
                    throw py::value_error("kifu.write: ply is a whole number of 0 or more, not " +
                                          py::repr(ply).cast<std::string>());
                choice.ply = ply.cast<std::size_t>();
            }
            if (!node.is_none()) choice.node = node.cast<std::string>();
            const bool given = !ply.is_none() || !node.is_none();
            if (given && !formats::is_record(*held))
                throw py::type_error(
                    "kifu.write: ply and node narrow a game to a position; this is a position");
            std::vector<formats::Written> out;
            {
                py::gil_scoped_release unlocked;
                out = formats::write_document(*held, f, choice, given, false, {}, options,
                                              formats::LineEnd::as_written);
            }
            formats::Written& w = out.front();
            if (w.error) raise(*w.error);
            if (!w.notes.empty()) {
                py::object warn = py::module_::import("warnings").attr("warn");
                for (const std::string& n : w.notes)
                    warn(f.name.data() + std::string(": ") + n,
                         py::module_::import("kifu._errors").attr("DroppedWarning"), 2);
            }
            std::string text = std::move(w.text);
            return written(f, options, std::move(text));
        },
        py::arg("obj"), py::arg("format"), py::kw_only(), py::arg("ply") = py::none(),
        py::arg("node") = py::none());

    bind_positions(m);
    bind_games(m);
    bind_streams(m);
    bind_index(m);
    bind_openings(m);
    bind_engines(m);
}
