#pragma once
// What the format entries of each game share (src/formats/*_formats.cpp).

#include <algorithm>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "kifu/core/scanner.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/formats/describe.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

void add_go_formats(std::vector<Format>& out);
void add_chess_formats(std::vector<Format>& out);
void add_shogi_formats(std::vector<Format>& out);
void add_xiangqi_formats(std::vector<Format>& out);
void add_feen_formats(std::vector<Format>& out);   // FEEN, the seed's form, txt
void add_table_formats(std::vector<Format>& out);  // CSV, for every game's records

// What each type a Document may hold is, said by its game's formats file beside its
// formats: a name for messages, its game, whether it is a record. A new type of
// formats::Value needs its line here (the registry's visit does not compile without it).
struct ValueInfo {
    std::string_view name;
    Game game;
    bool record;
};
ValueInfo value_info(const go::Position&) noexcept;
ValueInfo value_info(const go::Record&) noexcept;
ValueInfo value_info(const chess::Position&) noexcept;
ValueInfo value_info(const chess::Epd&) noexcept;
ValueInfo value_info(const std::vector<chess::Game>&) noexcept;
ValueInfo value_info(const shogi::Position&) noexcept;
ValueInfo value_info(const std::vector<shogi::Game>&) noexcept;
ValueInfo value_info(const xiangqi::Position&) noexcept;
ValueInfo value_info(const std::vector<xiangqi::Game>&) noexcept;
ValueInfo value_info(const feen::Position&) noexcept;

// How sure a position format is of a bare "startpos": every game's start, so one game's
// format is chosen by the game the caller reads (detect_format's `game`), else the first.
inline constexpr int kStartposScore = 50;

// The first blank-separated field of a trimmed text.
constexpr std::string_view first_field(std::string_view text) noexcept {
    std::size_t end = 0;
    while (end < text.size() && !is_blank(text[end])) ++end;
    return text.substr(0, end);
}

// A placement field: `ranks` ranks separated by '/', made only of `alphabet` and '/'.
bool looks_like_placement(std::string_view field, int ranks, std::string_view alphabet) noexcept;

// The value of a document as T, or nullptr.
template <class T>
const T* get(const Document& d) noexcept {
    return std::get_if<T>(&d.value);
}

// A read result as a Document.
template <class T>
Result<Document> document(Result<T> r) {
    if (!r) return std::move(r).error();
    return Document{Value{std::move(*r)}, {}};
}

// The errors of a text that reads or does not (no validity check).
template <class T>
std::vector<Error> read_errors(Result<T> r) {
    if (!r) return {std::move(r).error()};
    return {};
}

// A read's errors, and its document's warnings moved to `warnings`: the validate of a
// format whose reader finds all that it checks.
inline std::vector<Error> read_errors(Result<Document> d, std::vector<Error>& warnings) {
    if (!d) return {std::move(d).error()};
    for (Error& w : d->warnings) warnings.push_back(std::move(w));
    return {};
}

// The chess position a document holds (a position or an EPD's), or nullptr.
inline const chess::Position* chess_position_of(const Document& d) noexcept {
    if (const auto* p = get<chess::Position>(d)) return p;
    if (const auto* e = get<chess::Epd>(d)) return &e->position;
    return nullptr;
}

// What a record of Go adds to the trees every record has (registry.cpp's narrowing and
// frames are templates over the tree; these are its overloads for Go, whose tree
// positions are boards with a turn, not its position type): the position at a node with
// the moves on the way checked by the rules of the read options, and a node's view.
Result<Document> node_document(const go::Record& record, std::size_t game, NodeId node,
                               const ReadOptions& options);
Result<BoardView> node_view(const go::Game& game, const go::GameState& state, NodeId node,
                            const go::GameState* before);

// The readings of each node of game `game` of a record, by tree node: its traits' readings
// of the node's comments (core/game_rules.hpp's NodeReadings); Go's are the Sabaki values of
// its raw node (SBKV, SBKS: black's win rate in percent and score lead in points).
template <class Tree>
std::vector<NodeReadings> game_readings(const std::vector<Tree>& games, std::size_t game) {
    using Traits = typename Tree::GameTraits;
    const Tree& tree = games[game];
    std::vector<NodeReadings> out(tree.size());
    if constexpr (HasNodeReadings<Traits>)
        for (NodeId id = 0; id < tree.size(); ++id)
            if (!tree.nodes[id].comments().empty()) out[id] = Traits::readings(tree.nodes[id].comments());
    return out;
}
std::vector<NodeReadings> game_readings(const go::Record& record, std::size_t game);

// The report of game `index` of each record type (formats/describe.hpp), in its game's
// formats file.
GameReport describe_game(const go::Record& record, std::size_t index, const DescribeOptions& options);
GameReport describe_game(const std::vector<chess::Game>& games, std::size_t index,
                         const DescribeOptions& options);
GameReport describe_game(const std::vector<shogi::Game>& games, std::size_t index,
                         const DescribeOptions& options);
GameReport describe_game(const std::vector<xiangqi::Game>& games, std::size_t index,
                         const DescribeOptions& options);

// The shape of any core tree, as facts: moves of the main line, lines, nodes, the deepest
// line (in moves).
template <class Tree>
void add_tree_facts(GameReport& report, const Tree& tree) {
    std::size_t deepest = 0;
    walk(tree, [&](NodeId id, const auto&) {
        if (tree.node(id).children.empty()) deepest = std::max(deepest, tree.depth(id));
        return true;
    });
    const std::size_t lines = tree.line_count();
    report.facts.push_back({"moves", std::to_string(tree.main_line().size())});
    report.facts.push_back({"lines", fmt::format("{} (the main line and {} other)", lines, lines - 1)});
    report.facts.push_back({"nodes", fmt::format("{} (deepest line {})", tree.size(), deepest)});
}

// "a Go position cannot be written as fen" (unsupported).
Error cannot_write(const Document& d, std::string_view format);

}  // namespace kifu::formats
