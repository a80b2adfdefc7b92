// DhtmlXQ: xiangqi/dhtmlxq.hpp states the grammar; docs/dhtmlxq.md the decisions.

#include "kifu/xiangqi/dhtmlxq.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <deque>
#include <map>
#include <optional>
#include <utility>

#include "kifu/core/problem.hpp"
#include "kifu/core/text_position.hpp"
#include "piece_places.hpp"

namespace kifu::xiangqi {
namespace {

constexpr std::string_view kStandardBinit =
    "8979695949392919097717866646260600102030405060708012720323436383";

// Tags and the names the game keeps them under (PGN's where PGN has one).
constexpr std::pair<std::string_view, std::string_view> kTagNames[] = {{"title", "Title"},
                                                                       {"event", "Event"},
                                                                       {"date", "Date"},
                                                                       {"place", "Site"},
                                                                       {"round", "Round"},
                                                                       {"table", "Table"},
                                                                       {"red", "Red"},
                                                                       {"redteam", "RedTeam"},
                                                                       {"redrating", "RedRating"},
                                                                       {"redtime", "RedTime"},
                                                                       {"black", "Black"},
                                                                       {"blackteam", "BlackTeam"},
                                                                       {"blackrating", "BlackRating"},
                                                                       {"blacktime", "BlackTime"},
                                                                       {"open", "Opening"},
                                                                       {"remark", "Remark"},
                                                                       {"author", "Annotator"},
                                                                       {"type", "Type"},
                                                                       {"gametype", "GameType"},
                                                                       {"timerule", "TimeControl"},
                                                                       {"endtype", "EndType"},
                                                                       {"owner", "Owner"}};

struct Tag {
    std::string_view name;  // after "DhtmlXQ_"
    std::string_view value;
    std::size_t offset;  // of the value in the text
};

struct Block {
    std::vector<Tag> tags;
};

// The blocks of a text: [DhtmlXQ]...[/DhtmlXQ] or [DhtmlXQiFrame]...[/DhtmlXQiFrame]; tags
// outside any block make one block of the whole text.
std::vector<Block> blocks_of(std::string_view text) {
    std::vector<Block> out;
    bool open = false;
    std::size_t at = 0;
    while (true) {
        const std::size_t tag = text.find("[DhtmlXQ", at);
        if (tag == std::string_view::npos) break;
        const std::size_t close = text.find(']', tag);
        if (close == std::string_view::npos) break;
        const std::string_view name = text.substr(tag + 8, close - tag - 8);
        at = close + 1;
        if (name.empty() || name == "iFrame") {
            out.emplace_back();
            open = true;
            continue;
        }
        if (name.front() != '_') continue;
        // The value runs to the next closing tag, whatever its name.
        const std::size_t end = text.find("[/DhtmlXQ", at);
        if (!open) {
            out.emplace_back();
            open = true;
        }
        const std::size_t value_end = end == std::string_view::npos ? text.size() : end;
        out.back().tags.push_back({name.substr(1), text.substr(at, value_end - at), at});
        if (end == std::string_view::npos) break;
        const std::size_t end_close = text.find(']', end);
        const std::string_view closing =
            text.substr(end + 9, end_close == std::string_view::npos ? 0 : end_close - end - 9);
        at = end_close == std::string_view::npos ? text.size() : end_close + 1;
        // A closing [/DhtmlXQ] ends the block.
        if (closing.empty() || closing == "iFrame") open = false;
    }
    // Blocks without a tag ([DhtmlXQ] alone) are no game.
    std::erase_if(out, [](const Block& b) { return b.tags.empty(); });
    return out;
}

// "12", "3_45": numbers separated by '_'.
std::optional<std::vector<int>> numbers(std::string_view s) {
    std::vector<int> out;
    while (true) {
        const std::size_t sep = s.find('_');
        const std::string_view part = s.substr(0, sep);
        int v = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        if (part.empty() || ec != std::errc{} || end != part.data() + part.size() || v < 0)
            return std::nullopt;
        out.push_back(v);
        if (sep == std::string_view::npos) return out;
        s.remove_prefix(sep + 1);
    }
}

std::string result_of(std::string_view word) {
    if (word.find("红胜") != std::string_view::npos || word.find("红先胜") != std::string_view::npos ||
        word.find("黑负") != std::string_view::npos)
        return "1-0";
    if (word.find("黑胜") != std::string_view::npos || word.find("红负") != std::string_view::npos ||
        word.find("红先负") != std::string_view::npos)
        return "0-1";
    if (word.find("和") != std::string_view::npos) return "1/2-1/2";
    return {};
}

std::string_view result_word(std::string_view result) {
    if (result == "1-0") return "红胜";
    if (result == "0-1") return "黑胜";
    if (result == "1/2-1/2") return "和棋";
    return "未知";
}

struct Branch {
    int base = -1, start = 1;
    std::string_view moves;
    std::size_t offset = 0;
};

Result<Position> start_of(std::string_view text, const Tag* binit, std::string_view first_move) {
    const std::string_view digits = binit ? binit->value : kStandardBinit;
    if (digits.size() != 64 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return error_at(
            text, binit->offset, ErrorCode::unexpected_character,
            "a binit is 64 digits: 32 squares, two digits each (99 for a piece not on the board)");
    Position p;
    for (std::size_t k = 0; k < 32; ++k) {
        const int file = digits[2 * k] - '0', row = digits[2 * k + 1] - '0';
        if (file == 9 && row == 9) continue;
        if (file > 8)
            return error_at(text, binit->offset + 2 * k, ErrorCode::out_of_range,
                            fmt::format("file {} is off the board (0-8; 99 for no piece)", file));
        const Square s = make_square(file, row);
        if (!p.board[s].empty())
            return error_at(text, binit->offset + 2 * k, ErrorCode::duplicate,
                            fmt::format("two pieces on file {} row {}", file, row));
        p.board[s] = {kPlaceOrder[k % 16], k < 16 ? Color::red : Color::black};
    }
    if (first_move.size() >= 4) {
        // The colour of the piece moved, when the move is a move of that side (else Red, as
        // without moves: the line is cut before it anyway).
        const Square from = make_square(first_move[0] - '0', first_move[1] - '0');
        const Piece moved = first_move[0] <= '8' && from < kSquares ? p.board[from] : Piece{};
        if (!moved.empty()) {
            p.side_to_move = moved.color;
            const Move m(from, make_square(first_move[2] - '0', first_move[3] - '0'));
            if (first_move[2] > '8' || !is_legal(p, m)) p.side_to_move = Color::red;
        }
    }
    return p;
}

// A value as it can stand inside a tag: "[DhtmlXQ" and "[/DhtmlXQ" would open or close a
// tag, so their bracket is written full-width ("［DhtmlXQ"); other brackets stay.
std::string inert(std::string_view value) {
    std::string out;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string_view rest = value.substr(i);
        if (rest.starts_with("[DhtmlXQ") || rest.starts_with("[/DhtmlXQ"))
            out += "［";
        else
            out += value[i];
    }
    return out;
}

}  // namespace

bool looks_like_dhtmlxq(std::string_view text) noexcept {
    return text.find("[DhtmlXQ") != std::string_view::npos;
}

Result<std::vector<Game>> read_dhtmlxq(std::string_view text, std::vector<Error>* warnings) {
    std::vector<Game> games;
    for (const Block& block : blocks_of(text)) {
        std::map<int, Branch> branches;                       // by number
        std::map<std::pair<int, int>, std::string> comments;  // (branch, move) -> text
        const Tag* binit = nullptr;
        Game game;
        for (const Tag& t : block.tags) {
            if (t.name == "movelist") {
                branches[0] = {-1, 1, t.value, t.offset};
            } else if (t.name.starts_with("move_")) {
                const std::optional<std::vector<int>> n = numbers(t.name.substr(5));
                if (!n || n->size() != 3 || (*n)[1] < 1)
                    return error_at(text, t.offset - 1, ErrorCode::unexpected_character,
                                    fmt::format("DhtmlXQ_{} is not move_BASE_MOVE_NUMBER", t.name));
                branches[(*n)[2]] = {(*n)[0], (*n)[1], t.value, t.offset};
            } else if (t.name.starts_with("comment")) {
                const std::optional<std::vector<int>> n = numbers(t.name.substr(7));
                if (!n || n->size() > 2) continue;
                std::string c(t.value);
                for (std::size_t p = c.find("||"); p != std::string::npos; p = c.find("||", p + 1))
                    c.replace(p, 2, "\n");
                comments[n->size() == 1 ? std::pair{0, (*n)[0]} : std::pair{(*n)[0], (*n)[1]}] = std::move(c);
            } else if (t.name == "binit") {
                binit = &t;
            } else if (t.name == "result") {
                if (const std::string r = result_of(t.value); !r.empty()) {
                    game.result = r;
                    game.set_tag("Result", r);
                }
            } else {
                for (const auto& [dhtml, pgn] : kTagNames)
                    if (t.name == dhtml && !t.value.empty()) game.set_tag(pgn, t.value);
            }
        }
        std::size_t moves = 0;
        for (auto& [number, b] : branches) {
            // Digits only: some writers break long lists over lines.
            if (b.moves.size() % 4 != 0 ||
                !std::all_of(b.moves.begin(), b.moves.end(), [](char c) { return c >= '0' && c <= '9'; }))
                return error_at(text, b.offset, ErrorCode::unexpected_character,
                                "a move list is four digits a move (from file, from row, to file, to row)");
            moves += b.moves.size() / 4;
        }
        game.nodes.reserve(moves + 1);  // a node a move at most: the tree never copies itself
        const auto main = branches.find(0);
        Result<Position> start = start_of(text, binit, main == branches.end() ? "" : main->second.moves);
        if (!start) return start.error();
        game.start = *start;
        if (const auto c = comments.find({0, 0}); c != comments.end())
            game.node(Game::kRoot).notes().comments.push_back(c->second);

        // The variations that leave each (branch, move), in their numbers' order.
        std::map<std::pair<int, int>, std::vector<int>> leaving;
        for (const auto& [number, b] : branches)
            if (number != 0) leaving[{b.base, b.start}].push_back(number);
        struct Work {
            int branch;
            NodeId parent;
            LineBoard board;  // the position at the parent
        };
        std::deque<Work> work;
        if (main != branches.end()) work.push_back({0, Game::kRoot, LineBoard(game.start)});
        while (!work.empty()) {
            Work w = std::move(work.front());
            work.pop_front();
            const Branch& b = branches[w.branch];
            NodeId at = w.parent;
            // The branch's comments and variations, walked along with its moves (a lookup
            // in the maps for each move was a fifth of the reading).
            auto comment = comments.lower_bound({w.branch, b.start});
            auto leaves = leaving.lower_bound({w.branch, b.start});
            for (std::size_t k = 0; k * 4 < b.moves.size(); ++k) {
                const int ply = b.start + static_cast<int>(k);
                const std::string_view d = b.moves.substr(4 * k, 4);
                const Move move(make_square(d[0] - '0', d[1] - '0'), make_square(d[2] - '0', d[3] - '0'));
                if (d[0] > '8' || d[2] > '8' || !w.board.is_legal(move)) {
                    if (warnings)
                        warnings->push_back(error_at(
                            text, b.offset + 4 * k, ErrorCode::illegal_move,
                            w.branch == 0
                                ? fmt::format("move {} ({}) is not legal here; the main line ends before it",
                                              ply, d)
                                : fmt::format("move {} ({}) is not legal here; variation {} ends before it",
                                              ply, d, w.branch)));
                    break;
                }
                const NodeId node = game.add_move(at, move, d);
                const std::pair<int, int> here{w.branch, ply};
                while (comment != comments.end() && comment->first < here) ++comment;
                if (comment != comments.end() && comment->first == here)
                    game.node(node).notes().comments.push_back(std::move(comment->second));
                while (leaves != leaving.end() && leaves->first < here) ++leaves;
                if (leaves != leaving.end() && leaves->first == here)
                    for (const int number : leaves->second) work.push_back({number, at, w.board});
                w.board.play(move);
                at = node;
            }
        }
        games.push_back(std::move(game));
    }
    if (games.empty())
        return error_at(text, 0, ErrorCode::unexpected_end,
                        "expected a DhtmlXQ record: [DhtmlXQ_movelist] and its tags");
    return games;
}

Result<std::string> write_dhtmlxq(const Game& game, std::vector<std::string>* notes) {
    std::string out = "[DhtmlXQ]\n";
    const auto tag = [&](std::string_view name, std::string_view value) {
        out += fmt::format("[DhtmlXQ_{0}]{1}[/DhtmlXQ_{0}]\n", name, inert(value));
    };
    for (const auto& [dhtml, pgn] : kTagNames)
        if (const auto v = game.tag(pgn)) tag(dhtml, *v);
    std::string_view result = game.result;
    if (result.empty())
        if (const auto r = game.tag("Result")) result = *r;
    tag("result", result_word(result));

    // binit: each piece in its place (piece_places.hpp).
    const std::optional<std::array<Square, 32>> places = places_of(game.start.board);
    if (!places)
        return unplaced_error(ErrorCode::unsupported,
                              "DhtmlXQ's binit holds the pieces of one set: this start has more of a kind");
    std::string binit(64, '9');
    for (std::size_t k = 0; k < 32; ++k)
        if (const Square s = (*places)[k]; s != kNoSquare) {
            binit[2 * k] = static_cast<char>('0' + file_of(s));
            binit[2 * k + 1] = static_cast<char>('0' + row_of(s));
        }
    tag("binit", binit);
    const Game::Node& root = game.node(Game::kRoot);
    if (notes && game.start.side_to_move == Color::black && root.children.empty())
        notes->push_back("the side to move (Black): DhtmlXQ tells it by the first move");

    // The lines: the main line (variation 0), then each variation as it is found.
    const auto digits = [](Move m) {
        return fmt::format("{}{}{}{}", file_of(m.from()), row_of(m.from()), file_of(m.to()), row_of(m.to()));
    };
    struct Line {
        int number, base, start;
        NodeId first;
    };
    std::vector<Line> lines;
    std::deque<Line> pending;
    if (!root.children.empty()) pending.push_back({0, -1, 1, root.children[0]});
    std::string comments;
    const auto comment = [&](int line, int ply, const std::vector<std::string>& texts) {
        if (texts.empty()) return;
        std::string joined;
        for (const std::string& t : texts) joined += (joined.empty() ? "" : "||") + t;
        for (std::size_t p = joined.find('\n'); p != std::string::npos; p = joined.find('\n', p))
            joined.replace(p, 1, "||");
        const std::string name =
            line == 0 ? fmt::format("comment{}", ply) : fmt::format("comment{}_{}", line, ply);
        comments += fmt::format("[DhtmlXQ_{0}]{1}[/DhtmlXQ_{0}]\n", name, inert(joined));
    };
    comment(0, 0, root.comments());
    int next_number = 1;
    std::size_t dropped_nags = 0;
    std::string moves;
    while (!pending.empty()) {
        const Line l = pending.front();
        pending.pop_front();
        std::string list;
        int ply = l.start;
        for (NodeId n = l.first;; ++ply) {
            const Game::Node& node = game.node(n);
            list += digits(node.move);
            const Game::Node& parent = game.node(node.parent);
            if (n == parent.children[0])
                for (std::size_t k = 1; k < parent.children.size(); ++k)
                    pending.push_back({next_number++, l.number, ply, parent.children[k]});
            std::vector<std::string> texts = node.starting_comments();
            texts.insert(texts.end(), node.comments().begin(), node.comments().end());
            comment(l.number, ply, texts);
            dropped_nags += node.nags().size();
            if (node.children.empty()) break;
            n = node.children[0];
        }
        if (l.number == 0)
            moves += fmt::format("[DhtmlXQ_movelist]{}[/DhtmlXQ_movelist]\n", list);
        else
            moves += fmt::format("[DhtmlXQ_move_{0}_{1}_{2}]{3}[/DhtmlXQ_move_{0}_{1}_{2}]\n", l.base,
                                 l.start, l.number, list);
    }
    out += moves;
    out += comments;
    out += "[DhtmlXQ_generator]kifu[/DhtmlXQ_generator]\n[/DhtmlXQ]\n";
    if (notes && dropped_nags)
        notes->push_back(fmt::format("{} NAG{}", dropped_nags, dropped_nags == 1 ? "" : "s"));
    return out;
}

}  // namespace kifu::xiangqi
