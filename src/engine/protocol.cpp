#include "kifu/engine/protocol.hpp"

#include <fmt/format.h>

#include "kifu/core/scanner.hpp"

namespace kifu::engine {
std::string_view to_string(Protocol protocol) noexcept {
    switch (protocol) {
        case Protocol::uci:
            return "uci";
        case Protocol::usi:
            return "usi";
        case Protocol::ucci:
            return "ucci";
        case Protocol::gtp:
            return "gtp";
        case Protocol::katago:
            return "katago";
    }
    return "uci";
}

std::optional<Protocol> protocol_named(std::string_view name) noexcept {
    for (const Protocol p : {Protocol::uci, Protocol::usi, Protocol::ucci, Protocol::gtp, Protocol::katago})
        if (to_string(p) == name) return p;
    return std::nullopt;
}

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_blank(line[i])) ++i;
        const std::size_t start = i;
        while (i < line.size() && !is_blank(line[i])) ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

std::optional<Info> parse_info(std::string_view line) {
    const std::vector<std::string_view> w = words(line);
    if (w.empty() || w[0] != "info") return std::nullopt;
    Info info;
    bool has_score = false;
    for (std::size_t i = 1; i < w.size(); ++i) {
        const std::string_view key = w[i];
        const std::string_view next = i + 1 < w.size() ? w[i + 1] : std::string_view{};
        if (key == "string") break;
        if (key == "pv") {
            for (++i; i < w.size(); ++i) info.pv.emplace_back(w[i]);
            break;
        }
        if (key == "depth") {
            info.depth = whole_number<int>(next);
            ++i;
        } else if (key == "seldepth") {
            info.seldepth = whole_number<int>(next);
            ++i;
        } else if (key == "multipv") {
            info.multipv = whole_number<int>(next).value_or(1);
            ++i;
        } else if (key == "nodes") {
            info.nodes = whole_number<std::uint64_t>(next);
            ++i;
        } else if (key == "time") {
            info.time_ms = whole_number<int>(next);
            ++i;
        } else if (key == "score") {
            ++i;
            if (next == "cp" || next == "mate") {
                const std::string_view value = i + 1 < w.size() ? w[i + 1] : std::string_view{};
                ++i;
                if (next == "cp") {
                    if (const auto cp = whole_number<int>(value)) {
                        info.score.kind = Score::Kind::centipawns;
                        info.score.value = *cp;
                        has_score = true;
                    }
                } else if (value == "+" || value == "-") {  // USI: a mate of untold length
                    info.score.kind = Score::Kind::mate;
                    info.score.value = value == "+" ? 1000 : -1000;
                    has_score = true;
                } else if (const auto moves = whole_number<int>(value)) {
                    info.score.kind = Score::Kind::mate;
                    info.score.value = *moves;
                    has_score = true;
                }
            } else if (const auto cp = whole_number<int>(next)) {  // UCCI: a bare number
                info.score.kind = Score::Kind::centipawns;
                info.score.value = *cp;
                has_score = true;
            }
        } else if (key == "lowerbound") {
            info.score.lower_bound = true;
        } else if (key == "upperbound") {
            info.score.upper_bound = true;
        } else if (key == "nps" || key == "tbhits" || key == "hashfull" || key == "cpuload" ||
                   key == "currmovenumber" || key == "currmove" || key == "sbhits") {
            ++i;  // a value kifu does not keep
        }
    }
    if (!has_score && info.pv.empty()) return std::nullopt;
    return info;
}

std::string go_command(Protocol protocol, const Limit& limit) {
    std::string command = "go";
    if (limit.depth) command += fmt::format(" depth {}", *limit.depth);
    if (limit.nodes) command += fmt::format(" nodes {}", *limit.nodes);
    if (limit.movetime_ms) {
        // USI has no movetime: a byoyomi of that length with no main time is the same search.
        if (protocol == Protocol::usi)
            command += fmt::format(" btime 0 wtime 0 byoyomi {}", *limit.movetime_ms);
        else
            command += fmt::format(" movetime {}", *limit.movetime_ms);
    }
    return command;
}

}  // namespace kifu::engine
