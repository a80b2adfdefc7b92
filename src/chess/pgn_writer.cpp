#include "kifu/chess/pgn_writer.hpp"

#include <array>

#include <fmt/format.h>

#include "kifu/chess/comment_commands.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/san.hpp"

namespace kifu::chess {
namespace {

constexpr std::array<std::string_view, 7> kSevenTagRoster = {"Event", "Site",  "Date",  "Round",
                                                             "White", "Black", "Result"};

bool is_standard_start(const Position& p) {
    return p == Position::start();
}

// Movetext with lines kept under the width: tokens go on the line while they fit.
class Lines {
  public:
    Lines(std::string& out, std::size_t width) : out_(out), width_(width) {}
    // `syntax`: a movetext token, where "(" and ")" are parentheses (not comment text).
    void token(std::string_view t, bool syntax = true) {
        // No space after "(" or before ")", as the standard's own examples write them.
        const bool glued = after_open_ || (syntax && t == ")");
        after_open_ = syntax && t == "(";
        if (column_ > 0 && column_ + (glued ? 0 : 1) + t.size() > width_) {
            out_.push_back('\n');
            column_ = 0;
        } else if (column_ > 0 && !glued) {
            out_.push_back(' ');
            ++column_;
        }
        out_.append(t);
        column_ += t.size();
    }
    // A comment may be broken across lines at single spaces (a line break in a comment
    // reads back as a space).
    void comment(std::string_view text) {
        if (text.find('}') != std::string_view::npos) {  // cannot go in braces: a ';' comment to the line end
            std::string c = ";";
            for (const char ch : text) c.push_back(ch == '\n' || ch == '\r' ? ' ' : ch);
            token(c, false);
            out_.push_back('\n');
            column_ = 0;
            return;
        }
        std::string word = "{";
        for (std::size_t i = 0; i <= text.size(); ++i) {
            const auto blank = [&](std::size_t k) {
                return text[k] == ' ' || text[k] == '\t' || text[k] == '\r' || text[k] == '\n';
            };
            // Only a space with no other blank beside it may become a line break: reading
            // turns a line break and the blanks around it into one space.
            const bool single_space = i < text.size() && text[i] == ' ' && i > 0 && !blank(i - 1) &&
                                      i + 1 < text.size() && !blank(i + 1);
            if (i == text.size()) {
                word.push_back('}');
                glue(word);
            } else if (single_space) {
                glue(word);
                word.clear();
            } else {
                word.push_back(text[i]);
            }
        }
    }
    void end_line() {
        if (column_ > 0) out_.push_back('\n');
        column_ = 0;
    }

  private:
    void glue(const std::string& piece) { token(piece, false); }
    std::string& out_;
    std::size_t width_;
    std::size_t column_ = 0;
    bool after_open_ = false;
};

void append_tag(std::string& out, std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    for (const char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    out += "\"]\n";
}

}  // namespace

void append_pgn(std::string& out, const Game& game, const PgnWriteOptions& options) {
    const std::string_view result = termination(game);
    for (const std::string_view name : kSevenTagRoster) {
        const auto value = game.tag(name);
        if (name == "Result")
            append_tag(out, name, result);
        else
            append_tag(out, name, value ? *value : (name == "Date" ? "????.??.??" : "?"));
    }
    bool has_fen = false;
    for (const auto& [name, value] : game.tags) {
        bool roster = false;
        for (const std::string_view r : kSevenTagRoster) roster = roster || name == r;
        if (roster) continue;
        has_fen = has_fen || name == "FEN";
        append_tag(out, name, value);
    }
    if (!has_fen && !is_standard_start(game.start)) {
        append_tag(out, "SetUp", "1");
        append_tag(out, "FEN", write_fen(game.start));
    }
    out += '\n';

    Lines lines(out, options.line_width);
    const auto& nodes = game.nodes;
    if (options.nags)  // NAGs before the first move (rare, but kept)
        for (const std::uint8_t nag : nodes[Game::kRoot].nags) lines.token(fmt::format("${}", nag));
    if (options.comments && !nodes[Game::kRoot].comment.empty()) lines.comment(nodes[Game::kRoot].comment);
    struct Frame {
        NodeId parent;
        NodeId node;
        Position before;
        std::size_t next_alternative;
        bool force_number;
        bool written;
    };
    std::vector<Frame> stack;
    if (!nodes[Game::kRoot].children.empty())
        stack.push_back({Game::kRoot, nodes[Game::kRoot].children[0], game.start, 1, true, false});
    std::string token;
    while (!stack.empty()) {
        Frame& f = stack.back();
        const GameNode& n = nodes[f.node];
        if (!f.written) {
            if (options.comments && !n.starting_comment.empty()) {
                lines.comment(n.starting_comment);
                f.force_number = true;
            }
            // The move number and its move stay together on one line.
            token.clear();
            if (f.before.side_to_move() == Color::white)
                token = fmt::format("{}. ", f.before.fullmove_number());
            else if (f.force_number)
                token = fmt::format("{}... ", f.before.fullmove_number());
            token += write_san(f.before, n.move);
            lines.token(token);
            if (options.nags)
                for (const std::uint8_t nag : n.nags) lines.token(fmt::format("${}", nag));
            f.force_number = false;
            if (options.comments && !n.comment.empty()) {
                lines.comment(n.comment);
                f.force_number = true;
            }
            f.written = true;
            f.next_alternative = nodes[f.parent].children[0] == f.node ? 1 : SIZE_MAX;
        }
        const std::vector<NodeId>& siblings = nodes[f.parent].children;
        if (options.variations && f.next_alternative < siblings.size()) {
            const NodeId alternative = siblings[f.next_alternative++];
            lines.token("(");
            f.force_number = true;
            const Position before = f.before;
            const NodeId parent = f.parent;
            stack.push_back({parent, alternative, before, SIZE_MAX, true, false});
            continue;
        }
        if (n.children.empty()) {
            stack.pop_back();
            if (!stack.empty()) lines.token(")");
            continue;
        }
        f.before.play(n.move);
        f.parent = f.node;
        f.node = n.children[0];
        f.written = false;
    }
    lines.token(result);
    lines.end_line();
    out += '\n';
}

std::string write_pgn(const Game& game, const PgnWriteOptions& options) {
    std::string out;
    append_pgn(out, game, options);
    return out;
}

void append_json_string(std::string& out, std::string_view text) {
    out += '"';
    for (const char c : text) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20)
                    out += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
                else
                    out += c;
        }
    }
    out += '"';
}

namespace {

void append_number(std::string& out, double v) {
    out += fmt::format("{}", v);
}

void append_move_json(std::string& out, const Position& before, const GameNode& n) {
    out += "{\"ply\":";
    out += fmt::format("{}",
                       (before.fullmove_number() - 1) * 2 + (before.side_to_move() == Color::black ? 2 : 1));
    out += ",\"san\":";
    append_json_string(out, write_san(before, n.move));
    out += ",\"uci\":";
    append_json_string(out, write_uci(before, n.move));
    if (!n.starting_comment.empty()) {
        out += ",\"starting_comment\":";
        append_json_string(out, n.starting_comment);
    }
    if (!n.nags.empty()) {
        out += ",\"nags\":[";
        for (std::size_t i = 0; i < n.nags.size(); ++i) out += fmt::format("{}{}", i ? "," : "", n.nags[i]);
        out += ']';
    }
    if (!n.comment.empty()) {
        const CommentCommands c = parse_comment_commands(n.comment);
        out += ",\"comment\":";
        append_json_string(out, c.text);
        if (c.clock) {
            out += ",\"clock\":";
            append_number(out, *c.clock);
        }
        if (c.elapsed) {
            out += ",\"emt\":";
            append_number(out, *c.elapsed);
        }
        if (c.eval) {
            out += ",\"eval\":{";
            if (c.eval->mate)
                out += fmt::format("\"mate\":{}", *c.eval->mate);
            else
                out += fmt::format("\"pawns\":{}", *c.eval->pawns);
            if (c.eval->depth) out += fmt::format(",\"depth\":{}", *c.eval->depth);
            out += '}';
        }
        for (const auto& [key, list] : {std::pair{"squares", &c.squares}, std::pair{"arrows", &c.arrows}}) {
            if (list->empty()) continue;
            out += fmt::format(",\"{}\":[", key);
            for (std::size_t i = 0; i < list->size(); ++i) {
                if (i) out += ',';
                append_json_string(out, (*list)[i]);
            }
            out += ']';
        }
    }
}

}  // namespace

void append_game_json(std::string& out, const Game& game) {
    out += fmt::format("{{\"index\":{},\"line\":{},\"tags\":{{", game.index, game.line);
    for (std::size_t i = 0; i < game.tags.size(); ++i) {
        if (i) out += ',';
        append_json_string(out, game.tags[i].first);
        out += ':';
        append_json_string(out, game.tags[i].second);
    }
    out += "},\"start\":";
    append_json_string(out, write_fen(game.start));
    if (!game.nodes[Game::kRoot].comment.empty()) {
        out += ",\"comment\":";
        append_json_string(out, game.nodes[Game::kRoot].comment);
    }
    out += ",\"moves\":[";
    struct Frame {
        NodeId parent;
        NodeId node;
        Position before;
        std::size_t next_alternative;
        bool written;
        bool opened_variations;
    };
    const auto& nodes = game.nodes;
    std::vector<Frame> stack;
    Position final_position = game.start;
    if (!nodes[Game::kRoot].children.empty())
        stack.push_back({Game::kRoot, nodes[Game::kRoot].children[0], game.start, 1, false, false});
    while (!stack.empty()) {
        Frame& f = stack.back();
        const GameNode& n = nodes[f.node];
        if (!f.written) {
            append_move_json(out, f.before, n);
            f.written = true;
            f.opened_variations = false;
            f.next_alternative = nodes[f.parent].children[0] == f.node ? 1 : SIZE_MAX;
        }
        const std::vector<NodeId>& siblings = nodes[f.parent].children;
        if (f.next_alternative < siblings.size()) {
            out += f.opened_variations ? ",[" : ",\"variations\":[[";
            f.opened_variations = true;
            const NodeId alternative = siblings[f.next_alternative++];
            const Position before = f.before;
            const NodeId parent = f.parent;
            stack.push_back({parent, alternative, before, SIZE_MAX, false, false});
            continue;
        }
        if (f.opened_variations) out += ']';
        out += '}';
        if (n.children.empty()) {
            if (stack.size() == 1) {
                final_position = f.before;
                final_position.play(n.move);
            }
            stack.pop_back();
            if (!stack.empty()) out += ']';
            continue;
        }
        out += ',';
        f.before.play(n.move);
        f.parent = f.node;
        f.node = n.children[0];
        f.written = false;
    }
    out += "],\"result\":";
    append_json_string(out, game.result);
    out += ",\"final_fen\":";
    append_json_string(out, write_fen(final_position));
    out += ",\"errors\":[";
    for (std::size_t i = 0; i < game.errors.size(); ++i) {
        const Error& e = game.errors[i];
        out += fmt::format("{}{{\"line\":{},\"column\":{},\"code\":", i ? "," : "", e.line, e.column);
        append_json_string(out, to_string(e.code));
        out += ",\"message\":";
        append_json_string(out, e.message);
        out += '}';
    }
    out += "]}\n";
}

}  // namespace kifu::chess
