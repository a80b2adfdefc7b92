#include "kifu/engine/engine.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

namespace kifu::engine {
namespace {

constexpr std::size_t kLastLines = 3;
constexpr std::chrono::milliseconds kStopGrace{1000};
constexpr std::chrono::milliseconds kCommandTimeout{10'000};

std::string lowered(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// "option name Hash type spin default 16 min 1 max 33554432" (UCI, USI), "option Hash type
// spin ..." (UCCI): the name runs up to "type".
std::optional<OptionDeclaration> parse_option(std::string_view line) {
    const std::vector<std::string_view> w = words(line);
    if (w.size() < 2 || w[0] != "option") return std::nullopt;
    std::size_t i = w[1] == "name" ? 2 : 1;
    OptionDeclaration o;
    std::string* field = &o.name;
    for (; i < w.size(); ++i) {
        const std::string_view word = w[i];
        if (word == "type") {
            field = &o.type;
        } else if (word == "default") {
            field = &o.default_value;
        } else if ((word == "min" || word == "max") && i + 1 < w.size()) {
            (word == "min" ? o.min : o.max) = whole_number<long long>(w[++i]);
            field = nullptr;
        } else if (word == "var") {
            o.values.emplace_back();
            field = &o.values.back();
        } else if (field) {
            if (!field->empty()) field->push_back(' ');
            field->append(word);
        }
    }
    if (o.name.empty()) return std::nullopt;
    if (o.default_value == "<empty>") o.default_value.clear();
    return o;
}

std::string_view handshake_word(Protocol p) {
    switch (p) {
        case Protocol::usi:
            return "usi";
        case Protocol::ucci:
            return "ucci";
        default:
            return "uci";
    }
}

Clock::time_point after(std::chrono::milliseconds ms) {
    return Clock::now() + ms;
}

}  // namespace

Engine::Engine(EngineSpec spec, ChildProcess process) : spec_(std::move(spec)), process_(std::move(process)) {
    name_ = spec_.command.empty() ? std::string("engine") : spec_.command.front();
}

Engine::~Engine() {
    if (process_.running()) quit();
}

Result<Engine> Engine::start(EngineSpec spec) {
    if (spec.protocol == Protocol::katago) {
        Result<std::vector<std::string>> command = katago_command(std::move(spec.command));
        if (!command) return command.error();
        spec.command = std::move(*command);
    }
    Result<ChildProcess> process = ChildProcess::start(spec.command);
    if (!process) return process.error();
    Engine engine(std::move(spec), std::move(*process));
    if (Result<void> r = engine.handshake(); !r) return r.error();
    return engine;
}

Result<void> Engine::restart() {
    process_.end();
    last_lines_.clear();
    declared_.clear();
    gtp_commands_.clear();
    position_options_.clear();
    multipv_ = 1;
    Result<ChildProcess> process = ChildProcess::start(spec_.command);
    if (!process) return process.error();
    process_ = std::move(*process);
    return handshake();
}

void Engine::quit() {
    if (process_.running()) (void)process_.write_line("quit", after(std::chrono::milliseconds(100)));
    // A moment to leave of its own accord, then ChildProcess::end's SIGTERM and SIGKILL.
    std::string line;
    const Clock::time_point until = after(std::chrono::milliseconds(300));
    while (process_.running() && process_.read_line(line, until) == ChildProcess::Read::line) {
    }
    process_.end();
}

Error Engine::fault(std::string what) {
    // What it said last, up to a moment: an engine that failed to start says why.
    std::string line;
    const Clock::time_point until = after(std::chrono::milliseconds(100));
    while (process_.running() && process_.read_line(line, until) == ChildProcess::Read::line) {
        if (last_lines_.size() == kLastLines) last_lines_.erase(last_lines_.begin());
        last_lines_.push_back(line);
    }
    const std::string ended = process_.end();
    std::string message = fmt::format("engine '{}': {}", name_, what);
    if (!ended.empty()) message += fmt::format(" ({})", ended);
    if (last_lines_.empty())
        message += "; it said nothing";
    else
        message += fmt::format("; it last said: \"{}\"", utf8::prefix(last_lines_.back(), 200));
    return Error{ErrorCode::io_error, std::move(message)};
}

Result<void> Engine::send(std::string_view line) {
    if (Result<void> r = process_.write_line(line, after(kCommandTimeout)); !r)
        return fault(fmt::format("cannot send '{}': {}", utf8::prefix(line, 60), r.error().message));
    return {};
}

Result<void> Engine::read_until(Clock::time_point deadline, std::string_view waiting_for,
                                const std::function<void(std::string_view)>& each,
                                const std::function<bool(std::string_view)>& done) {
    std::string line;
    for (;;) {
        switch (process_.read_line(line, deadline)) {
            case ChildProcess::Read::closed:
                return fault(fmt::format("ended while kifu waited for {}", waiting_for));
            case ChildProcess::Read::timeout:
                return Error{ErrorCode::io_error, std::string(waiting_for)};  // the caller decides
            case ChildProcess::Read::line:
                break;
        }
        if (last_lines_.size() == kLastLines) last_lines_.erase(last_lines_.begin());
        last_lines_.push_back(line);
        each(std::string_view(line));
        if (done(std::string_view(line))) return {};
    }
}

Result<void> Engine::ready(Clock::time_point deadline) {
    if (Result<void> r = send("isready"); !r) return r;
    Result<void> r = read_until(
        deadline, "readyok", [](std::string_view) {}, [](std::string_view l) { return l == "readyok"; });
    if (!r && process_.running()) return fault("did not answer 'isready' with 'readyok' in time");
    return r;
}

Result<void> Engine::handshake() {
    if (spec_.protocol == Protocol::katago)  // its network loads first: a minute or two on a CPU
        return handshake_katago(
            after(std::max<std::chrono::milliseconds>(spec_.handshake_timeout, std::chrono::seconds(120))));
    const Clock::time_point deadline = after(spec_.handshake_timeout);
    if (spec_.protocol == Protocol::gtp) {
        Result<std::string> version = gtp("protocol_version", deadline);
        if (!version) return version.error();
        if (Result<std::string> n = gtp("name", deadline); n && !n->empty()) name_ = *n;
        Result<std::string> commands = gtp("list_commands", deadline);
        if (!commands) return commands.error();
        for (const std::string_view w : words(*commands)) gtp_commands_.emplace_back(w);
        std::sort(gtp_commands_.begin(), gtp_commands_.end());
        if (!spec_.options.empty())
            return fault(fmt::format("GTP engines declare no options, and '--option {}' was given",
                                     spec_.options.front().first));
        return {};
    }
    const std::string_view word = handshake_word(spec_.protocol);
    if (Result<void> r = send(word); !r) return r;
    const std::string ok = std::string(word) + "ok";
    Result<void> r = read_until(
        deadline, ok,
        [&](std::string_view line) {
            if (line.starts_with("id name ")) name_ = std::string(line.substr(8));
            if (std::optional<OptionDeclaration> o = parse_option(line)) declared_.push_back(std::move(*o));
        },
        [&](std::string_view line) { return line == ok; });
    if (!r) {
        if (!process_.running()) return r;
        return fault(fmt::format("did not answer '{}' with '{}' within {} ms: is it a {} engine?", word, ok,
                                 spec_.handshake_timeout.count(), to_string(spec_.protocol)));
    }
    for (const auto& [option, value] : spec_.options)
        if (Result<void> set = set_option(option, value); !set) return set;
    if (Result<void> rd = ready(deadline); !rd) return rd;
    return {};
}

const OptionDeclaration* Engine::declared(std::string_view option) const noexcept {
    const std::string want = lowered(option);
    for (const OptionDeclaration& o : declared_)
        if (lowered(o.name) == want) return &o;
    return nullptr;
}

Result<void> Engine::set_option(std::string_view option, std::string_view value) {
    const OptionDeclaration* o = declared(option);
    const auto refuse = [&](std::string why) {
        process_.end();
        return Error{ErrorCode::unsupported, fmt::format("engine '{}': {}", name_, why)};
    };
    if (!o) {
        std::vector<std::string> names;
        for (const OptionDeclaration& d : declared_) names.push_back(d.name);
        return refuse(fmt::format("it has no option '{}' (it has: {})", option, fmt::join(names, ", ")));
    }
    if (o->type == "spin") {
        const std::optional<long long> v = whole_number<long long>(value);
        if (!v || (o->min && *v < *o->min) || (o->max && *v > *o->max))
            return refuse(fmt::format("its option '{}' takes a whole number from {} to {}, not '{}'", o->name,
                                      o->min.value_or(0), o->max.value_or(0), value));
    } else if (o->type == "check") {
        if (value != "true" && value != "false")
            return refuse(fmt::format("its option '{}' takes true or false, not '{}'", o->name, value));
    } else if (o->type == "combo") {
        if (std::find(o->values.begin(), o->values.end(), value) == o->values.end())
            return refuse(fmt::format("its option '{}' takes one of {}, not '{}'", o->name,
                                      fmt::join(o->values, ", "), value));
    }
    if (lowered(o->name) == "multipv")
        if (const std::optional<long long> v = whole_number<long long>(value))
            multipv_ = static_cast<int>(*v);
    const std::string line = spec_.protocol == Protocol::ucci
                                 ? fmt::format("setoption {} {}", o->name, value)
                                 : fmt::format("setoption name {} value {}", o->name, value);
    return send(line);
}

Result<void> Engine::new_game() {
    if (!process_.running()) return fault("is not running");
    if (spec_.protocol == Protocol::uci) {
        if (Result<void> r = send("ucinewgame"); !r) return r;
    } else if (spec_.protocol == Protocol::usi) {
        if (Result<void> r = send("usinewgame"); !r) return r;
    } else {
        return {};
    }
    return ready(after(kCommandTimeout));
}

Result<std::string> Engine::gtp(std::string_view command, Clock::time_point deadline) {
    if (Result<void> r = send(command); !r) return r.error();
    // A response: "= text" or "? text", more lines, then an empty line.
    std::string body;
    bool started = false;
    bool failed = false;
    Result<void> r = read_until(
        deadline, fmt::format("the answer to '{}'", command),
        [&](std::string_view line) {
            if (!started) {
                if (line.empty()) return;
                if (line[0] != '=' && line[0] != '?') return;  // chatter before the answer
                started = true;
                failed = line[0] == '?';
                std::size_t i = 1;
                while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;  // an id
                while (i < line.size() && line[i] == ' ') ++i;
                body = std::string(line.substr(i));
            } else if (!line.empty()) {
                body += '\n';
                body += line;
            }
        },
        [&](std::string_view line) { return started && line.empty(); });
    if (!r) {
        if (!process_.running()) return r.error();
        return fault(fmt::format("did not answer '{}' in time", utf8::prefix(command, 60)));
    }
    if (failed)
        return Error{ErrorCode::io_error, fmt::format("engine '{}' refused '{}': {}", name_, command, body)};
    return body;
}

Result<Analysis> Engine::analyse(const std::vector<std::string>& position_lines,
                                 std::string_view side_to_move, const Limit& limit) {
    if (!process_.running())
        if (Result<void> r = restart(); !r) return r.error();
    if (!limit.depth && !limit.nodes && !limit.movetime_ms)
        return Error{ErrorCode::unsupported,
                     "a search needs a limit: a depth, a number of nodes or a move time"};
    if (spec_.protocol == Protocol::gtp) return analyse_gtp(position_lines, side_to_move, limit);
    if (spec_.protocol == Protocol::katago) return analyse_katago(position_lines, side_to_move, limit);
    if (limit.multipv != multipv_) {
        if (!declared("MultiPV"))
            return Error{ErrorCode::unsupported,
                         fmt::format("engine '{}' has no MultiPV option: it gives one line", name_)};
        if (Result<void> r = set_option("MultiPV", std::to_string(limit.multipv)); !r) return r.error();
        if (Result<void> r = ready(after(kCommandTimeout)); !r) return r.error();
    }
    // A position's own options ("setoption name UCI_Chess960 value true" among its lines):
    // set while it is searched, back to the engine's default for one that does not set them.
    constexpr std::string_view kSet = "setoption name ";
    std::map<std::string, std::string> wanted;
    for (const std::string& line : position_lines) {
        if (!line.starts_with(kSet)) continue;
        const std::size_t at = line.find(" value ");
        const std::size_t end = at == std::string::npos ? line.size() : at;
        wanted[line.substr(kSet.size(), end - kSet.size())] =
            at == std::string::npos ? "" : line.substr(at + 7);
    }
    bool changed = false;
    for (const auto& [option, value] : position_options_)
        if (!wanted.contains(option))
            if (const OptionDeclaration* o = declared(option)) {
                if (Result<void> r = set_option(o->name, o->default_value); !r) return r.error();
                changed = true;
            }
    for (const auto& [option, value] : wanted) {
        const auto held = position_options_.find(option);
        if (held != position_options_.end() && held->second == value) continue;
        if (!declared(option))
            return Error{
                ErrorCode::unsupported,
                fmt::format("engine '{}' has no option {}, which this position needs", name_, option)};
        if (Result<void> r = set_option(option, value); !r) return r.error();
        changed = true;
    }
    position_options_ = std::move(wanted);
    if (changed)
        if (Result<void> r = ready(after(kCommandTimeout)); !r) return r.error();
    for (const std::string& line : position_lines)
        if (!line.starts_with(kSet))
            if (Result<void> r = send(line); !r) return r.error();
    if (Result<void> r = send(go_command(spec_.protocol, limit)); !r) return r.error();

    const std::chrono::milliseconds timeout = search_timeout(limit);
    std::map<int, Info> lines;
    Analysis analysis;
    const auto each = [&](std::string_view line) {
        std::optional<Info> info = parse_info(line);
        if (!info) return;
        Info& held = lines[info->multipv];
        const bool bound = info->score.lower_bound || info->score.upper_bound;
        const bool held_exact =
            held.score.kind != Score::Kind::none && !held.score.lower_bound && !held.score.upper_bound;
        if (bound && held_exact) return;
        if (info->score.kind == Score::Kind::none) {  // a pv alone: keep the score held
            held.pv = std::move(info->pv);
            return;
        }
        if (info->pv.empty() && !held.pv.empty()) info->pv = held.pv;
        held = std::move(*info);
    };
    const auto done = [&](std::string_view line) {
        if (!line.starts_with("bestmove")) return false;
        const std::vector<std::string_view> w = words(line);
        if (w.size() >= 2) analysis.best_move = std::string(w[1]);
        if (w.size() >= 4 && w[2] == "ponder") analysis.ponder = std::string(w[3]);
        return true;
    };
    Result<void> r = read_until(after(timeout), "bestmove", each, done);
    if (!r && process_.running()) {  // past the deadline: stop it, then a second for its answer
        if (Result<void> s = send("stop"); !s) return s.error();
        r = read_until(after(kStopGrace), "bestmove", each, done);
        if (!r && process_.running())
            return fault(fmt::format("hung: no best move {} ms after the search's deadline and 'stop'",
                                     timeout.count() + kStopGrace.count()));
    }
    if (!r) return r.error();
    const std::string& best = analysis.best_move;
    if (best == "(none)" || best == "0000" || best == "resign" || best == "win" || best == "none")
        analysis.best_move.clear();
    for (auto& [k, info] : lines)
        if (k >= 1 && k <= limit.multipv) analysis.lines.push_back(std::move(info));
    return analysis;
}

std::chrono::milliseconds Engine::search_timeout(const Limit& limit) const {
    if (spec_.search_timeout.count() > 0) return spec_.search_timeout;
    if (limit.movetime_ms) return std::chrono::milliseconds(2 * *limit.movetime_ms + 5000);
    return std::chrono::milliseconds(120'000);
}

Result<Analysis> Engine::analyse_gtp(const std::vector<std::string>& position_lines,
                                     std::string_view side_to_move, const Limit& limit) {
    const Clock::time_point deadline = after(search_timeout(limit));
    for (const std::string& line : position_lines)
        if (!line.starts_with('#'))  // a GTP comment: the engine answers none
            if (Result<std::string> r = gtp(line, deadline); !r) return r.error();
    const auto has = [&](std::string_view c) {
        return std::binary_search(gtp_commands_.begin(), gtp_commands_.end(), c);
    };
    Analysis analysis;
    const std::string colour(side_to_move);
    if (const std::string top = "top_moves_" + colour; has(top)) {
        Result<std::string> moves = gtp(top, deadline);
        if (!moves) return moves.error();
        const std::vector<std::string_view> w = words(*moves);
        for (std::size_t i = 0; i + 1 < w.size() && static_cast<int>(analysis.lines.size()) < limit.multipv;
             i += 2) {
            Info info;
            info.multipv = static_cast<int>(analysis.lines.size()) + 1;
            info.pv.emplace_back(w[i]);
            analysis.lines.push_back(std::move(info));
        }
    }
    if (analysis.lines.empty()) {
        const std::string command = (has("reg_genmove") ? "reg_genmove " : "genmove ") + colour;
        Result<std::string> move = gtp(command, deadline);
        if (!move) return move.error();
        Info info;
        info.pv.push_back(lowered(*move) == "resign" ? std::string{} : *move);
        if (info.pv.front().empty()) info.pv.clear();
        analysis.lines.push_back(std::move(info));
    }
    if (!analysis.lines.front().pv.empty()) analysis.best_move = analysis.lines.front().pv.front();
    if (has("estimate_score")) {
        Result<std::string> estimate = gtp("estimate_score", deadline);
        if (!estimate) return estimate.error();
        // "B+5.5 (upper bound: ...)", "W+0.5", "0": the lead of that colour.
        const std::vector<std::string_view> w = words(*estimate);
        if (!w.empty()) {
            const std::string_view s = w[0];
            double lead = 0;
            bool known = s == "0";
            if (s.size() > 2 && (s[0] == 'B' || s[0] == 'W') && s[1] == '+') {
                const std::string text(s.substr(2));
                char* end = nullptr;
                lead = std::strtod(text.c_str(), &end);
                known = end && *end == '\0';
                const bool black_leads = s[0] == 'B';
                if (black_leads != (colour == "black")) lead = -lead;
            }
            if (known) {
                analysis.lines.front().score.kind = Score::Kind::points;
                analysis.lines.front().score.value = lead;
            }
        }
    }
    return analysis;
}

}  // namespace kifu::engine
