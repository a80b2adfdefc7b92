#include "kifu/chess/comment_commands.hpp"

#include <charconv>

namespace kifu::chess {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::optional<double> number(std::string_view s) {
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

// H:MM:SS(.f), M:SS or seconds.
std::optional<double> duration(std::string_view s) {
    double total = 0;
    int parts = 0;
    while (true) {
        const std::size_t colon = s.find(':');
        const auto v = number(s.substr(0, colon));
        if (!v || *v < 0 || ++parts > 3) return std::nullopt;
        total = total * 60 + *v;
        if (colon == std::string_view::npos) return total;
        s.remove_prefix(colon + 1);
    }
}

std::optional<Evaluation> evaluation(std::string_view s) {
    Evaluation e;
    const std::size_t comma = s.find(',');
    if (comma != std::string_view::npos) {
        const auto d = number(trim(s.substr(comma + 1)));
        if (!d || *d < 0 || *d > 1000 || *d != static_cast<int>(*d)) return std::nullopt;
        e.depth = static_cast<int>(*d);
        s = trim(s.substr(0, comma));
    }
    if (!s.empty() && s.front() == '#') {
        int m = 0;
        std::string_view digits = s.substr(1);
        if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), m);
        if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
        e.mate = m;
        return e;
    }
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    e.pawns = number(s);
    if (!e.pawns) return std::nullopt;
    return e;
}

void split_list(std::string_view s, std::vector<std::string>& into) {
    while (!s.empty()) {
        const std::size_t comma = s.find(',');
        const std::string_view item = trim(s.substr(0, comma));
        if (!item.empty()) into.emplace_back(item);
        if (comma == std::string_view::npos) break;
        s.remove_prefix(comma + 1);
    }
}

}  // namespace

CommentCommands parse_comment_commands(std::string_view comment) {
    CommentCommands out;
    std::string rest;
    std::size_t i = 0;
    while (i < comment.size()) {
        const std::size_t open = comment.find("[%", i);
        if (open == std::string_view::npos) break;
        const std::size_t close = comment.find(']', open);
        if (close == std::string_view::npos) break;
        const std::string_view body = trim(comment.substr(open + 2, close - open - 2));
        const std::size_t space = body.find_first_of(" \t");
        const std::string_view name = body.substr(0, space);
        const std::string_view value = space == std::string_view::npos ? "" : trim(body.substr(space + 1));
        bool known = true;
        if (name == "clk") {
            out.clock = duration(value);
            known = out.clock.has_value();
        } else if (name == "emt") {
            out.elapsed = duration(value);
            known = out.elapsed.has_value();
        } else if (name == "eval") {
            out.eval = evaluation(value);
            known = out.eval.has_value();
        } else if (name == "csl") {
            split_list(value, out.squares);
        } else if (name == "cal") {
            split_list(value, out.arrows);
        } else {
            known = false;
        }
        rest.append(comment.substr(i, open - i));
        if (!known) rest.append(comment.substr(open, close + 1 - open));  // kept as text
        i = close + 1;
    }
    rest.append(comment.substr(std::min(i, comment.size())));
    // Commands leave doubled blanks behind: squeeze them.
    std::string squeezed;
    for (const char c : trim(rest)) {
        if (c == ' ' && !squeezed.empty() && squeezed.back() == ' ') continue;
        squeezed.push_back(c);
    }
    out.text = std::move(squeezed);
    return out;
}

NodeReadings comment_readings(const std::vector<std::string>& comments) {
    NodeReadings out;
    for (const std::string& c : comments) {
        if (c.find("[%") == std::string::npos) continue;  // most comments hold no command
        const CommentCommands cc = parse_comment_commands(c);
        if (cc.clock) out.clock = cc.clock;
        if (cc.eval && cc.eval->pawns) out.eval = cc.eval->pawns;
        if (cc.eval && cc.eval->mate) out.eval = *cc.eval->mate > 0 ? 1000.0 : -1000.0;
    }
    return out;
}

}  // namespace kifu::chess
