// kifu._kifu's engines: a process of any protocol (engine/engine.hpp) with the shape python-chess
// users know; kifu/engine.py wraps it (Engine.popen, a context manager, Limit).
#include <memory>
#include <mutex>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "kifu/engine/analysis.hpp"
#include "kifu/formats/evaluations.hpp"

namespace kifu::python {
namespace {

struct EngineHandle {
    std::unique_ptr<engine::Engine> engine;
    std::mutex mutex;  // one search at a time: a second thread waits

    engine::Engine& get() {
        if (!engine) throw py::value_error("kifu.engine: the engine has been closed");
        return *engine;
    }
};

engine::Limit limit_of(std::optional<int> depth, std::optional<std::uint64_t> nodes,
                       std::optional<double> time, int multipv) {
    engine::Limit limit;
    limit.depth = depth;
    limit.nodes = nodes;
    if (time) limit.movetime_ms = static_cast<int>(*time * 1000 + 0.5);
    limit.multipv = multipv;
    if (!limit.depth && !limit.nodes && !limit.movetime_ms)
        throw py::value_error("kifu.engine: a limit needs a depth, nodes or a time");
    return limit;
}

py::dict score_dict(const engine::Score& s) {
    py::dict d;
    if (s.kind == engine::Score::Kind::points)
        d["points"] = s.value;
    else if (s.kind != engine::Score::Kind::none)
        d[py::str(std::string(engine::score_key(s.kind)))] = static_cast<long long>(s.value);
    if (s.winrate) d["winrate"] = *s.winrate;
    if (s.lower_bound) d["bound"] = "lower";
    if (s.upper_bound) d["bound"] = "upper";
    return d;
}

template <class Rules>
py::list verdict_lines(const engine::Verdict<Rules>& v, const typename Rules::Position& at) {
    py::list lines;
    for (const engine::Line<Rules>& line : v.lines) {
        py::dict d;
        d["multipv"] = line.info.multipv;
        d["score"] = score_dict(line.info.score);
        if (line.info.depth) d["depth"] = *line.info.depth;
        if (line.info.seldepth) d["seldepth"] = *line.info.seldepth;
        if (line.info.nodes) d["nodes"] = *line.info.nodes;
        if (line.info.time_ms) d["time"] = *line.info.time_ms / 1000.0;
        py::list pv;
        typename Rules::Position p = at;
        for (const auto& m : line.pv) {
            pv.append(listed_move<Rules>(p, m));
            Rules::play(p, m);
        }
        d["pv"] = pv;
        d["pv_engine"] = line.info.pv;
        if (v.best_move) d["best"] = listed_move<Rules>(at, *v.best_move);
        if (!v.warnings.empty()) d["warnings"] = v.warnings;
        lines.append(d);
    }
    return lines;
}

}  // namespace

void bind_engines(py::module_& m) {
    m.def(
        "engine_protocol",
        [](const std::string& game) {
            const formats::GameInfo* info = formats::game_named(game);
            if (!info) throw py::value_error("kifu.engine: no game is named '" + game + "'");
            std::string protocol;
            formats::visit_game_rules(info->game,
                                      [&](auto rules) { protocol = decltype(rules)::type::engine_protocol; });
            return protocol;
        },
        py::arg("game"));
    py::class_<EngineHandle>(m, "_Engine")
        .def(
            py::init([](std::vector<std::string> command, const std::string& protocol,
                        std::vector<std::pair<std::string, std::string>> options,
                        std::optional<double> timeout) {
                engine::EngineSpec spec;
                spec.command = std::move(command);
                const std::optional<engine::Protocol> p = engine::protocol_named(protocol);
                if (!p)
                    throw py::value_error(
                        "kifu.engine: the protocol is uci, usi, ucci, gtp or katago, not '" + protocol + "'");
                spec.protocol = *p;
                spec.options = std::move(options);
                if (timeout)
                    spec.search_timeout = std::chrono::milliseconds(static_cast<long long>(*timeout * 1000));
                Result<engine::Engine> e = [&] {
                    py::gil_scoped_release release;
                    return engine::Engine::start(spec);
                }();
                auto handle = std::make_unique<EngineHandle>();
                handle->engine = std::make_unique<engine::Engine>(take(std::move(e), spec.command.front()));
                return handle;
            }),
            py::arg("command"), py::arg("protocol"), py::arg("options"), py::arg("timeout"))
        .def_property_readonly("name", [](EngineHandle& h) { return h.get().name(); })
        .def_property_readonly("protocol",
                               [](EngineHandle& h) { return std::string(to_string(h.get().protocol())); })
        .def_property_readonly("options",
                               [](EngineHandle& h) {
                                   py::dict d;
                                   for (const engine::OptionDeclaration& o : h.get().declared_options()) {
                                       py::dict one;
                                       one["type"] = o.type;
                                       one["default"] = o.default_value;
                                       if (o.min) one["min"] = *o.min;
                                       if (o.max) one["max"] = *o.max;
                                       if (!o.values.empty()) one["values"] = o.values;
                                       d[py::str(o.name)] = one;
                                   }
                                   return d;
                               })
        .def_property_readonly("pid", [](EngineHandle& h) { return h.engine ? h.engine->pid() : -1; })
        .def(
            "analyse",
            [](EngineHandle& h, const Position& position, std::optional<int> depth,
               std::optional<std::uint64_t> nodes, std::optional<double> time, int multipv) {
                const engine::Limit limit = limit_of(depth, nodes, time, multipv);
                py::list out;
                const bool known =
                    formats::visit_position_rules(*position.doc, [&](auto rules, const auto& p) {
                        using Rules = typename decltype(rules)::type;
                        Result<engine::Verdict<Rules>> v = [&] {
                            py::gil_scoped_release release;
                            std::lock_guard lock(h.mutex);
                            return engine::analyse_position<Rules>(
                                h.get(), p, std::span<const typename Rules::Move>{}, limit);
                        }();
                        out = verdict_lines<Rules>(take(std::move(v), h.get().name()), p);
                    });
                if (!known) throw py::type_error("kifu.engine: no engine plays this position's game");
                return out;
            },
            py::arg("position"), py::arg("depth") = py::none(), py::arg("nodes") = py::none(),
            py::arg("time") = py::none(), py::arg("multipv") = 1)
        .def(
            "analyse_game",
            [](EngineHandle& h, const Game& game, std::optional<int> depth,
               std::optional<std::uint64_t> nodes, std::optional<double> time, int multipv, bool all_lines) {
                const engine::Limit limit = limit_of(depth, nodes, time, multipv);
                std::string json;
                std::visit(
                    [&](const auto* tree) {
                        using Rules = typename std::remove_cvref_t<decltype(*tree)>::GameTraits;
                        py::gil_scoped_release release;
                        std::lock_guard lock(h.mutex);
                        const auto verdicts = engine::analyse_game<Rules>(h.get(), *tree, limit, all_lines);
                        json = formats::verdicts_json<Rules>(*tree, game.data->number, verdicts,
                                                             game.data->source);
                    },
                    game.data->tree());
                return py::module_::import("json").attr("loads")(json);
            },
            py::arg("game"), py::arg("depth") = py::none(), py::arg("nodes") = py::none(),
            py::arg("time") = py::none(), py::arg("multipv") = 1, py::arg("all_lines") = false)
        .def("quit", [](EngineHandle& h) {
            if (!h.engine) return;
            py::gil_scoped_release release;
            std::lock_guard lock(h.mutex);
            h.engine->quit();
            h.engine.reset();
        });
}

}  // namespace kifu::python
