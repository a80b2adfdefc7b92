#include "kifu/formats/registry.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../core/growing_table.hpp"
#include "format_support.hpp"
#include "kifu/chess/board_view.hpp"
#include "kifu/chess/comment_commands.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/feen/board_view.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/go/board_view.hpp"
#include "kifu/go/game.hpp"
#include "kifu/shogi/board_view.hpp"
#include "kifu/xiangqi/board_view.hpp"

namespace kifu::formats {
namespace {

std::vector<Format> core_formats() {
    std::vector<Format> table;
    add_go_formats(table);
    add_chess_formats(table);
    add_shogi_formats(table);
    add_xiangqi_formats(table);
    add_feen_formats(table);
    add_table_formats(table);
    return table;
}

// Room for the core's formats (42 with kifu::image's) and those programs add.
using FormatTable = GrowingTable<Format, 96>;
FormatTable& format_table() {
    static FormatTable formats{core_formats()};
    return formats;
}
std::span<const Format> table() noexcept {
    return format_table().items();
}

ValueInfo info_of(const Document& d) {
    return std::visit([](const auto& v) { return value_info(v); }, d.value);
}

std::string_view value_name(const Document& d) {
    return info_of(d).name;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return out;
}

// A file name without the compression suffixes the byte source undoes.
std::string_view without_compression(std::string_view name) {
    for (const std::string_view z : {".gz", ".zst", ".bz2", ".xz"})
        if (name.size() > z.size() && name.ends_with(z)) return name.substr(0, name.size() - z.size());
    return name;
}

// The node a choice names: a node path first, then a number of moves along the main line
// (a tree whose nodes are not all one move, Go's, counts moves: ADL finds its own
// main_line_after_move), else the end of the main line.
template <class Tree>
Result<NodeId> choose_node(const Tree& tree, const NodeChoice& choice) {
    if (!choice.node.empty()) return node_at_path(tree, choice.node);
    if constexpr (requires { main_line_after_move(tree, 0); }) {
        if (choice.ply)
            return main_line_after_move(tree, static_cast<int>(std::min<std::size_t>(*choice.ply, 1u << 30)));
        if (choice.sgf_move) return main_line_after_move(tree, *choice.sgf_move);
    } else {
        if (choice.ply) return main_line_node(tree, *choice.ply);
    }
    return tree.main_line_end();
}

// What a view of the position after `node` shows besides the position: the move that led
// there and the node's marks (a chess node's [%csl]/[%cal] commands among them).
// `before`: the position before the node's move, when the caller has it.
template <class Tree>
void add_node_context(Document& out, const Tree& tree, NodeId node,
                      const typename Tree::Position* before = nullptr) {
    if (node == Tree::kRoot) return;
    const auto& n = tree.nodes[node];
    if constexpr (requires { last_move_of(tree.start, n.move); })
        out.last_move = last_move_of(before ? *before : tree.position_after(n.parent), n.move);
    out.marks = node_marks(tree, node);
}

// The document of the position at a node of a record's game, with the move that led
// there and the node's marks; Go's record has its own overload (format_support.hpp).
template <class Tree>
Result<Document> node_document(const std::vector<Tree>& games, std::size_t game, NodeId node,
                               const ReadOptions&) {
    const Tree& g = games[game];
    Document out{Value{g.position_after(node)}, {}};
    add_node_context(out, g, node);
    return out;
}

// The view of the position `state` at a node (`before`: the position before its move).
template <class Tree>
Result<BoardView> node_view(const Tree& g, const typename Tree::Position& state, NodeId node,
                            const typename Tree::Position* before) {
    Document at{Value{state}, {}};
    add_node_context(at, g, node, before);
    return board_view(at);
}

Error no_such_game(std::size_t index, std::size_t count) {
    return unplaced_error(ErrorCode::out_of_range,
                          fmt::format("there is no game {}: the input holds {} game(s)", index + 1, count));
}

}  // namespace

std::string_view to_string(Game game) noexcept {
    const GameInfo* info = game_info(game);
    return info ? info->name : "any";
}

std::string_view to_string(Kind kind) noexcept {
    switch (kind) {
        case Kind::position:
            return "position";
        case Kind::move:
            return "moves";
        case Kind::record:
            return "record";
    }
    return "position";
}

Game game_of(const Document& d) {
    return info_of(d).game;
}

bool is_record(const Document& d) {
    return info_of(d).record;
}

bool append_game(const Document& record, std::size_t index, Document& into) {
    return std::visit(
        [&](const auto& from) {
            using T = std::decay_t<decltype(from)>;
            if constexpr (requires { trees_of(from); }) {
                T* to = std::get_if<T>(&into.value);
                if (to == nullptr) return false;
                append_game(from, index, *to);  // go::append_game for an SGF collection
                return true;
            } else {
                return false;
            }
        },
        record.value);
}

Document game_alone(const Document& record, std::size_t index) {
    Document out;
    std::visit(
        [&](const auto& from) {
            using T = std::decay_t<decltype(from)>;
            if constexpr (requires { trees_of(from); }) out.value = T{};
        },
        record.value);
    append_game(record, index, out);
    return out;
}

bool looks_like_placement(std::string_view field, int ranks, std::string_view alphabet) noexcept {
    return !field.empty() && std::count(field.begin(), field.end(), '/') == ranks - 1 &&
           std::all_of(field.begin(), field.end(),
                       [&](char c) { return c == '/' || alphabet.find(c) != std::string_view::npos; });
}

Error cannot_write(const Document& d, std::string_view format) {
    std::vector<std::string_view> can;
    for (const Format& f : table())
        if (f.accepts && f.accepts(d)) can.push_back(f.name);
    return unplaced_error(
        ErrorCode::unsupported,
        fmt::format(
            "{} cannot be written as {}{}", value_name(d), format,
            can.empty() ? std::string{} : fmt::format("; it can be written as {}", fmt::join(can, ", "))));
}

std::span<const Format> all_formats() noexcept {
    return table();
}

Result<void> add_formats(std::span<const Format> formats) {
    if (!format_table().append_new(formats))
        return unplaced_error(ErrorCode::unsupported, "the registry of formats is full");
    return {};
}

const Format* find_format(std::string_view name) noexcept {
    for (const Format& f : table())
        if (f.name == name) return &f;
    return nullptr;
}

std::string_view nearest_name(std::string_view name, std::span<const std::string_view> names) {
    std::string_view best;
    std::size_t best_distance = SIZE_MAX;
    for (const std::string_view candidate : names) {
        // Levenshtein distance, one row at a time.
        std::vector<std::size_t> row(candidate.size() + 1);
        for (std::size_t j = 0; j < row.size(); ++j) row[j] = j;
        for (std::size_t i = 1; i <= name.size(); ++i) {
            std::size_t diagonal = row[0];
            row[0] = i;
            for (std::size_t j = 1; j <= candidate.size(); ++j) {
                const std::size_t above = row[j];
                row[j] = std::min(
                    {row[j] + 1, row[j - 1] + 1, diagonal + (name[i - 1] == candidate[j - 1] ? 0 : 1)});
                diagonal = above;
            }
        }
        if (row.back() < best_distance) best_distance = row.back(), best = candidate;
    }
    // Further than half the name is no suggestion.
    return best_distance <= std::max<std::size_t>(2, name.size() / 2) ? best : std::string_view{};
}

const Format* format_of_file_name(std::string_view file_name) {
    const std::string name = lower(without_compression(file_name));
    for (const Format& f : table())
        for (const std::string_view ext : f.extensions)
            if (f.read && name.size() > ext.size() && std::string_view(name).ends_with(ext)) return &f;
    return nullptr;
}

Result<const Format*> detect_format(std::string_view text, std::string_view file_name, Game game) {
    const Format* best = nullptr;
    int best_score = 0;
    for (const Format& f : table())
        if (f.detect)
            if (const int score = f.detect(text);
                score > best_score ||
                (score > 0 && score == best_score && f.game == game && best->game != game))
                best_score = score, best = &f;
    if (best) return best;
    if (const Format* f = format_of_file_name(file_name)) return f;
    Scanner in(text, Scanner::Blanks::ignored);
    if (in.at_end()) return find_format("hen");  // an empty HEN is an empty 19x19 board
    return error_at(text, in.offset(), ErrorCode::unexpected_character,
                    "cannot tell the input format (HEN starts with '.', '_' or '~', SGF with '(', PGN with "
                    "'['); give --from (kifu formats lists them)");
}

std::size_t game_count(const Document& d) {
    std::size_t count = 1;
    visit_record(d, [&](const auto& games) { count = games.size(); });
    return count;
}

Result<Document> position_at(Document record, const NodeChoice& choice, const ReadOptions& options) {
    if (!is_record(record)) return record;
    return position_in(record, choice, options);
}

Result<Document> position_in(const Document& record, const NodeChoice& choice, const ReadOptions& options) {
    return std::visit(
        [&](const auto& value) -> Result<Document> {
            if constexpr (requires { trees_of(value); }) {
                const auto& games = trees_of(value);
                if (choice.game_index >= games.size()) return no_such_game(choice.game_index, games.size());
                const auto& g = games[choice.game_index];
                Result<NodeId> node = choose_node(g, choice);
                if (!node) return node.error();
                return node_document(value, choice.game_index, *node, options);
            } else {
                return unplaced_error(ErrorCode::unsupported,
                                      fmt::format("{} is not a record", value_name(record)));
            }
        },
        record.value);
}

namespace {

Result<BoardView> view_of_value(const Document& d) {
    if (const auto* p = get<go::Position>(d)) return go::board_view(*p);
    if (const auto* p = get<chess::Position>(d)) return chess::board_view(*p);
    if (const auto* p = get<chess::Epd>(d)) return chess::board_view(p->position);
    if (const auto* p = get<shogi::Position>(d)) return shogi::board_view(*p);
    if (const auto* p = get<xiangqi::Position>(d)) return xiangqi::board_view(*p);
    if (const auto* p = get<feen::Position>(d)) return feen::board_view(*p);
    return unplaced_error(ErrorCode::unsupported,
                          fmt::format("{} is not one position: choose a ply or node", value_name(d)));
}

}  // namespace

Result<BoardView> board_view(const Document& d) {
    Result<BoardView> view = view_of_value(d);
    if (!view) return view;
    if (d.last_move) view->last_move = d.last_move;
    view->marks.insert(view->marks.end(), d.marks.begin(), d.marks.end());
    return view;
}

Result<std::vector<BoardView>> main_line_views(const Document& record, std::size_t game_index) {
    Result<std::vector<BoardView>> out =
        unplaced_error(ErrorCode::unsupported,
                       fmt::format("{} is not a record: an animation needs a game", value_name(record)));
    visit_record(record, [&](const auto& games) {
        if (game_index >= games.size()) {
            out = no_such_game(game_index, games.size());
            return;
        }
        const auto& g = games[game_index];
        using Tree = std::decay_t<decltype(g)>;
        std::vector<BoardView> views;
        // The position before a move is kept only for a game whose views show the last move
        // from it (last_move_of); a Go board carries its own, and copying it is an allocation.
        constexpr bool keeps_before = requires {
            last_move_of(g.start, g.nodes[0].move);
        };
        typename Tree::Position state = g.start;
        std::optional<typename Tree::Position> before;
        for (NodeId id = Tree::kRoot;;) {
            Result<BoardView> view = node_view(g, state, id, before ? &*before : nullptr);
            if (!view) {
                out = view.error();
                return;
            }
            views.push_back(std::move(*view));
            if (g.nodes[id].children.empty()) break;
            id = g.nodes[id].children.front();
            if constexpr (keeps_before) before = state;  // the root has none
            Tree::GameTraits::play(state, g.nodes[id].move);
        }
        out = std::move(views);
    });
    return out;
}

}  // namespace kifu::formats
