#pragma once
// What engines say, as typed values, for the protocols kifu drives: UCI (chess; also
// Fairy-Stockfish's variants), USI (shogi), UCCI (xiangqi), GTP (Go) and KataGo's JSON
// analysis engine (Go; engine.hpp reads its JSON).
//
// Grammar of a search report (UCI, USI and UCCI alike; docs/analyse.md):
//   info [depth D] [seldepth S] [multipv K] [score (cp N | mate [+-]N | N) [lowerbound |
//        upperbound]] [nodes N] [time MS] [nps N] ... [pv MOVE...]
//   bestmove MOVE [ponder MOVE]
// UCCI writes its score as a bare number ("score 35"); USI may write "mate +" or "mate -"
// (a mate whose length it does not give). Words kifu does not know are skipped with their
// value where the protocol defines one; "string" ends the line's reading.

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace kifu::engine {

enum class Protocol : std::uint8_t { uci, usi, ucci, gtp, katago };

// "uci", "usi", "ucci", "gtp", "katago".
std::string_view to_string(Protocol protocol) noexcept;
std::optional<Protocol> protocol_named(std::string_view name) noexcept;

// How long a search runs: by depth, by nodes, or by time per move; at least one.
struct Limit {
    std::optional<int> depth{};
    std::optional<std::uint64_t> nodes{};
    std::optional<int> movetime_ms{};
    int multipv = 1;  // the best K lines
};

// A score from the side to move's view, as the engine gives it.
struct Score {
    enum class Kind : std::uint8_t { none, centipawns, mate, points };
    Kind kind = Kind::none;
    // centipawns: hundredths of a pawn; mate: moves to mate, negative when the side to move
    // is mated (0: mated now; USI's "mate +"/"mate -" are +-1000 moves, "some mate"); points:
    // Go's score lead in points.
    double value = 0;
    bool lower_bound = false;
    bool upper_bound = false;
    std::optional<double> winrate;  // 0..1, where the engine gives one (Go engines)

    bool operator==(const Score&) const = default;
};

// The name of a score's kind where kifu writes it (JSON, Python, kifu bestmove): "cp",
// "mate", "points"; "" for none.
constexpr std::string_view score_key(Score::Kind kind) noexcept {
    constexpr std::string_view kKeys[] = {"", "cp", "mate", "points"};
    return kKeys[static_cast<int>(kind)];
}

// A whole number (a leading '+' allowed), or nullopt for anything else.
template <class T>
std::optional<T> whole_number(std::string_view word) noexcept {
    if (!word.empty() && word.front() == '+') word.remove_prefix(1);
    T value{};
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (ec != std::errc{} || end != word.data() + word.size()) return std::nullopt;
    return value;
}

// One line of a search report: the latest the engine gave for its line `multipv`.
struct Info {
    int multipv = 1;
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<std::uint64_t> nodes;
    std::optional<int> time_ms;
    Score score;
    std::vector<std::string> pv;  // in the protocol's move form

    bool operator==(const Info&) const = default;
};

// Reads an "info" line of UCI, USI or UCCI; nullopt for any other line, or an info line that
// carries neither a score nor a pv (currmove, string, hashfull alone).
std::optional<Info> parse_info(std::string_view line);

// The command that starts a search within `limit` (UCI, USI, UCCI).
std::string go_command(Protocol protocol, const Limit& limit);

// The words of a text, split at blanks and line ends.
std::vector<std::string_view> words(std::string_view line);

}  // namespace kifu::engine
