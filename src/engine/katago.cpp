// KataGo's JSON analysis engine (docs/Analysis_Engine.md of KataGo): one JSON query a line
// in, one JSON answer a line out. engine.hpp states what kifu sends and how it reads it.

#include <algorithm>
#include <charconv>
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kifu/core/utf8.hpp"
#include "kifu/engine/engine.hpp"

namespace kifu::engine {
namespace {

using Json = nlohmann::json;

constexpr std::string_view kPerspective = "reportAnalysisWinratesAs";
constexpr std::chrono::milliseconds kTerminateGrace{2000};

// An answer, when the line is a JSON object (KataGo also logs plain lines on its stderr,
// which kifu reads with its output).
std::optional<Json> json_object(std::string_view line) {
    if (line.empty() || line.front() != '{') return std::nullopt;
    Json j = Json::parse(line.begin(), line.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) return std::nullopt;
    return j;
}

std::string text_of(const Json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string{};
}

// An option's value as JSON: a number, true or false, else the text.
Json option_value(std::string_view value) {
    if (value == "true") return true;
    if (value == "false") return false;
    if (const std::optional<long long> n = whole_number<long long>(value)) return *n;
    double d = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), d);
    if (ec == std::errc{} && end == value.data() + value.size() && std::isfinite(d)) return d;
    return std::string(value);
}

}  // namespace

Result<std::vector<std::string>> katago_command(std::vector<std::string> command) {
    const std::string setting = fmt::format("{}=SIDETOMOVE", kPerspective);
    for (std::size_t i = 0; i + 1 < command.size(); ++i) {
        if (command[i] != "-override-config") continue;
        std::string& value = command[i + 1];
        if (value.find(kPerspective) == std::string::npos) {
            value += "," + setting;
        } else if (value.find(setting) == std::string::npos) {
            return Error{ErrorCode::unsupported,
                         fmt::format("kifu reads KataGo's values from the side to move's view: its command "
                                     "may not set {} otherwise ('{}')",
                                     kPerspective, value)};
        }
        return command;
    }
    command.emplace_back("-override-config");
    command.push_back(setting);
    return command;
}

Result<void> Engine::handshake_katago(Clock::time_point deadline) {
    if (Result<void> r = send(R"({"id":"kifu-version","action":"query_version"})"); !r) return r;
    std::string version;
    Result<void> r = read_until(
        deadline, "the answer to query_version", [](std::string_view) {},
        [&](std::string_view line) {
            const std::optional<Json> j = json_object(line);
            if (!j || text_of(*j, "id") != "kifu-version") return false;
            version = text_of(*j, "version");
            return true;
        });
    if (!r) {
        if (!process_.running()) return r;
        return fault(
            "did not answer query_version in time: is it KataGo's analysis engine "
            "('katago analysis -config FILE -model FILE')?");
    }
    name_ = version.empty() ? std::string("KataGo") : "KataGo " + version;
    return {};
}

Result<Analysis> Engine::analyse_katago(const std::vector<std::string>& position_lines,
                                        std::string_view side_to_move, const Limit& limit) {
    if (!limit.nodes && !limit.movetime_ms)
        return Error{
            ErrorCode::unsupported,
            fmt::format("engine '{}' searches by visits (--nodes) or by time (--movetime), not by depth",
                        name_)};
    // The query, from the GTP lines of Go's traits (engine_position, engine_settings).
    Json query = Json::object();
    const std::string id = fmt::format("kifu-{}", ++queries_);
    query["id"] = id;
    Json stones = Json::array(), moves = Json::array();
    Json* into = &moves;
    int size = 0;
    for (const std::string& line : position_lines) {
        const std::vector<std::string_view> w = words(line);
        if (w.empty()) continue;
        if (w[0] == "#" && w.size() > 1) {
            into = w[1] == "stones" ? &stones : &moves;
        } else if (w[0] == "boardsize" && w.size() == 2) {
            size = whole_number<int>(w[1]).value_or(0);
        } else if (w[0] == "komi" && w.size() == 2) {
            query["komi"] = option_value(w[1]);
        } else if (w[0] == "play" && w.size() == 3) {
            into->push_back(Json::array({w[1] == "black" || w[1] == "B" ? "B" : "W", std::string(w[2])}));
        }
    }
    if (size <= 0)
        return Error{ErrorCode::unsupported, "KataGo analyses Go positions: the position has no board size"};
    query["boardXSize"] = size;
    query["boardYSize"] = size;
    query["initialStones"] = std::move(stones);
    // KataGo takes the player to move from the last move; with none, from initialPlayer.
    if (moves.empty()) query["initialPlayer"] = side_to_move == "white" ? "W" : "B";
    query["moves"] = std::move(moves);
    query["rules"] = "tromp-taylor";
    Json overrides = Json::object();
    for (const auto& [option, value] : spec_.options) {
        if (option == "rules")
            query["rules"] = value;
        else
            overrides[option] = option_value(value);
    }
    if (limit.nodes) query["maxVisits"] = *limit.nodes;
    if (limit.movetime_ms) overrides["maxTime"] = *limit.movetime_ms / 1000.0;
    if (!overrides.empty()) query["overrideSettings"] = std::move(overrides);
    if (Result<void> r = send(query.dump()); !r) return r.error();

    std::optional<KataGoAnswer> answer;
    const auto done = [&](std::string_view line) {
        answer = read_katago_answer(line, id, limit.multipv);
        return answer.has_value();
    };
    const std::chrono::milliseconds timeout = search_timeout(limit);
    Result<void> r = read_until(
        Clock::now() + timeout, "its answer", [](std::string_view) {}, done);
    if (!r && process_.running()) {  // past the deadline: terminate the query, then its answer
        const Json terminate = {{"id", id + "-stop"}, {"action", "terminate"}, {"terminateId", id}};
        if (Result<void> s = send(terminate.dump()); !s) return s.error();
        r = read_until(
            Clock::now() + kTerminateGrace, "its answer", [](std::string_view) {}, done);
        if (!r && process_.running())
            return fault(fmt::format("hung: no answer {} ms after the search's deadline and 'terminate'",
                                     timeout.count() + kTerminateGrace.count()));
    }
    if (!r) return r.error();
    if (!answer->error.empty())
        return Error{ErrorCode::io_error, fmt::format("engine '{}' refused the position: {}", name_,
                                                      utf8::prefix(answer->error, 200))};
    if (answer->no_results)
        return Error{ErrorCode::io_error,
                     fmt::format("engine '{}' gave no result within {} ms (its query was terminated)", name_,
                                 timeout.count())};
    return std::move(answer->analysis);
}

std::optional<KataGoAnswer> read_katago_answer(std::string_view line, std::string_view id, int multipv) {
    std::optional<Json> j = json_object(line);
    if (!j) return std::nullopt;
    KataGoAnswer out;
    const std::string answered = text_of(*j, "id");
    if (j->contains("error") && (answered.empty() || answered == id)) {
        out.error = text_of(*j, "error");
        if (out.error.empty()) out.error = "an error";
        if (const std::string field = text_of(*j, "field"); !field.empty())
            out.error += fmt::format(" (its field '{}')", field);
        return out;
    }
    if (answered != id || j->contains("warning")) return std::nullopt;
    if (const auto during = j->find("isDuringSearch"); during != j->end() && during->is_boolean() && *during)
        return std::nullopt;
    // The moves it considered, best first ("order" 0); each a line with its pv.
    const auto infos = j->find("moveInfos");
    if (j->contains("noResults") || infos == j->end() || !infos->is_array()) {
        out.no_results = true;
        return out;
    }
    std::vector<std::pair<long long, const Json*>> considered;
    for (const Json& m : *infos) {
        if (!m.is_object()) continue;
        const auto order = m.find("order");
        if (order != m.end() && order->is_number_integer())
            considered.emplace_back(order->get<long long>(), &m);
    }
    std::stable_sort(considered.begin(), considered.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    Analysis& analysis = out.analysis;
    for (const auto& [order, m] : considered) {
        if (static_cast<int>(analysis.lines.size()) >= multipv) break;
        Info info;
        info.multipv = static_cast<int>(analysis.lines.size()) + 1;
        if (const auto v = m->find("visits"); v != m->end() && v->is_number_unsigned())
            info.nodes = v->get<std::uint64_t>();
        if (const auto lead = m->find("scoreLead");
            lead != m->end() && lead->is_number() && std::isfinite(lead->get<double>())) {
            info.score.kind = Score::Kind::points;
            info.score.value = lead->get<double>();
        }
        if (const auto w = m->find("winrate");
            w != m->end() && w->is_number() && std::isfinite(w->get<double>()))
            info.score.winrate = std::clamp(w->get<double>(), 0.0, 1.0);
        if (const auto pv = m->find("pv"); pv != m->end() && pv->is_array()) {
            for (const Json& move : *pv)
                if (move.is_string()) info.pv.push_back(move.get<std::string>());
        } else if (const std::string move = text_of(*m, "move"); !move.empty()) {
            info.pv.push_back(move);
        }
        analysis.lines.push_back(std::move(info));
    }
    if (!analysis.lines.empty() && !analysis.lines.front().pv.empty())
        analysis.best_move = analysis.lines.front().pv.front();
    return out;
}

}  // namespace kifu::engine
