#include "kifu/chess/pgn_writer.hpp"

#include <array>
#include <charconv>
#include <concepts>
#include <cstring>

#include <fmt/format.h>

#include "kifu/chess/comment_commands.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/san.hpp"
#include "kifu/core/json.hpp"
#include "pgn_tokenizer.hpp"

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
    Lines() = default;
    void reset(std::string& out, std::size_t width) {
        out_ = &out;
        width_ = width;
        column_ = 0;
        after_open_ = false;
    }
    // `syntax`: a movetext token, where "(" and ")" are parentheses (not comment text).
    void token(std::string_view t, bool syntax = true) {
        // No space after "(" or before ")", as the standard's own examples write them.
        const bool glued = after_open_ || (syntax && t == ")");
        after_open_ = syntax && t == "(";
        if (column_ > 0 && column_ + (glued ? 0 : 1) + t.size() > width_) {
            out_->push_back('\n');
            column_ = 0;
        } else if (column_ > 0 && !glued) {
            out_->push_back(' ');
            ++column_;
        }
        out_->append(t);
        column_ += t.size();
    }
    // A comment may be broken across lines at single spaces (a line break in a comment
    // reads back as a space).
    void comment(std::string_view text) {
        if (text.find('}') != std::string_view::npos) {  // cannot go in braces: a ';' comment to the line end
            std::string c = ";";
            for (const char ch : text) c.push_back(ch == '\n' || ch == '\r' ? ' ' : ch);
            token(c, false);
            out_->push_back('\n');
            column_ = 0;
            return;
        }
        std::string word = "{";
        bool in_command = false;  // inside [%clk 0:05:00]: a command is never broken
        for (std::size_t i = 0; i <= text.size(); ++i) {
            const auto blank = [&](std::size_t k) {
                return text[k] == ' ' || text[k] == '\t' || text[k] == '\r' || text[k] == '\n';
            };
            if (i < text.size() && text[i] == '[' && i + 1 < text.size() && text[i + 1] == '%')
                in_command = true;
            if (i < text.size() && text[i] == ']') in_command = false;
            // Only a space with no other blank beside it may become a line break: reading
            // turns a line break and the blanks around it into one space.
            const bool single_space = !in_command && i < text.size() && text[i] == ' ' && i > 0 &&
                                      !blank(i - 1) && i + 1 < text.size() && !blank(i + 1);
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
        if (column_ > 0) out_->push_back('\n');
        column_ = 0;
    }

  private:
    void glue(const std::string& piece) { token(piece, false); }
    std::string* out_ = nullptr;
    std::size_t width_ = 79;
    std::size_t column_ = 0;
    bool after_open_ = false;
};

// Any integer: a mate score is negative when black mates ([%eval #-3]).
template <std::integral Integer>
void append_decimal(std::string& out, Integer value) {
    char digits[21];
    const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, value);
    out.append(digits, end);
}

const std::string& nag_token(std::string& token, std::uint8_t nag) {
    token.assign(1, '$');
    append_decimal(token, nag);
    return token;
}

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

// ---------------------------------------------------------------------------------
// PGN

struct PgnExporter::State {
    struct Line {
        bool force_number = true;  // "N..." before a black move: after a comment or a variation
        bool opened = false;       // its "(" is written (not until it holds something)
    };
    std::string* out = nullptr;
    PgnWriteOptions options;
    bool drop_broken = false;
    std::size_t mark = 0;  // where the game began in `out`
    bool failed = false;
    std::vector<std::pair<std::string, std::string>> tags;
    std::size_t tag_count = 0;
    std::string result_tag;                     // the Result tag, when it is an outcome
    std::size_t result_at = std::string::npos;  // where its value stands in `out`
    std::string marker;                         // the termination marker read
    std::vector<Line> lines;                    // lines[0] is the main line
    std::size_t skipped = 0;                    // depth of variations left out (--no-variations)
    Lines text;
    std::string token;

    // A variation is written from its first content on: empty ones vanish.
    void open(Line& line) {
        if (lines.size() > 1 && !line.opened) {
            text.token("(");
            line.opened = true;
        }
    }
};

PgnExporter::PgnExporter(std::string& out, const PgnWriteOptions& options, bool drop_broken)
    : state_(std::make_unique<State>()) {
    state_->out = &out;
    state_->options = options;
    state_->drop_broken = drop_broken;
}
PgnExporter::~PgnExporter() = default;

bool PgnExporter::begin_game(const PgnGameText&) {
    State& s = *state_;
    s.mark = s.out->size();
    s.failed = false;
    s.tag_count = 0;
    s.result_tag.clear();
    s.result_at = std::string::npos;
    s.marker.clear();
    s.lines.assign(1, {});
    s.skipped = 0;
    return true;
}

void PgnExporter::tag(std::string_view name, std::string_view value) {
    State& s = *state_;
    if (s.failed) return;
    if (s.tag_count == s.tags.size()) s.tags.emplace_back();
    s.tags[s.tag_count].first.assign(name);  // the strings keep their room game after game
    s.tags[s.tag_count].second.assign(value);
    ++s.tag_count;
    if (name == "Result" && pgn::is_result(value)) s.result_tag = value == "1/2" ? "1/2-1/2" : value;
}

bool PgnExporter::begin_movetext(const Position& start) {
    State& s = *state_;
    if (s.failed) return true;
    std::string& out = *s.out;
    const auto find = [&s](std::string_view name) -> const std::string* {
        for (std::size_t i = 0; i < s.tag_count; ++i)
            if (s.tags[i].first == name) return &s.tags[i].second;
        return nullptr;
    };
    for (const std::string_view name : kSevenTagRoster) {
        if (name == "Result") {
            // The tag as the source gives it, when it is an outcome; else the marker, known
            // only at the end: "*" for now, replaced then (end_game).
            out += "[Result \"";
            s.result_at = out.size();
            out += s.result_tag.empty() ? "*" : s.result_tag;
            out += "\"]\n";
            continue;
        }
        const std::string* value = find(name);
        append_tag(out, name, value ? std::string_view(*value) : (name == "Date" ? "????.??.??" : "?"));
    }
    bool has_fen = false;
    const bool has_setup = find("SetUp") != nullptr;
    for (std::size_t i = 0; i < s.tag_count; ++i) {
        const auto& [name, value] = s.tags[i];
        bool roster = false;
        for (const std::string_view r : kSevenTagRoster) roster = roster || name == r;
        if (roster) continue;
        if (name == "FEN") {
            has_fen = true;
            // The standard has SetUp "1" go with every FEN tag; many files leave it out.
            if (!has_setup) append_tag(out, "SetUp", "1");
        }
        append_tag(out, name, value);
    }
    if (!has_fen && !is_standard_start(start)) {
        if (!has_setup) append_tag(out, "SetUp", "1");
        append_tag(out, "FEN", write_fen(start));
    }
    out += '\n';
    s.text.reset(out, s.options.line_width);
    return true;
}

void PgnExporter::move(const Position& before, Move move, std::string_view) {
    State& s = *state_;
    if (s.failed || s.skipped) return;
    State::Line& line = s.lines.back();
    s.open(line);
    // The move number and its move stay together on one line: one token, put together in
    // a buffer of its own.
    char token[48];
    char* p = token;
    const bool white = before.side_to_move() == Color::white;
    if (white || line.force_number) {
        p = std::to_chars(p, token + 16, before.fullmove_number()).ptr;
        const std::string_view dots = white ? ". " : "... ";
        std::memcpy(p, dots.data(), dots.size());
        p += dots.size();
    }
    p += san_chars(before, move, p);
    s.text.token(std::string_view(token, static_cast<std::size_t>(p - token)));
    line.force_number = false;
}

void PgnExporter::comment(std::string_view text, CommentKind) {
    State& s = *state_;
    if (s.failed || s.skipped || !s.options.comments) return;
    const std::string c = normalize_comment(text);
    if (c.empty()) return;
    s.open(s.lines.back());
    s.text.comment(c);
    s.lines.back().force_number = true;
}

void PgnExporter::nag(int nag) {
    State& s = *state_;
    if (s.failed || s.skipped || !s.options.nags) return;
    s.open(s.lines.back());
    s.text.token(nag_token(s.token, static_cast<std::uint8_t>(nag)));
}

bool PgnExporter::begin_variation() {
    State& s = *state_;
    // Variations left out are still read: their moves are checked all the same.
    if (s.skipped || !s.options.variations)
        ++s.skipped;
    else
        s.lines.emplace_back();
    return true;
}

void PgnExporter::end_variation() {
    State& s = *state_;
    if (s.skipped) {
        --s.skipped;
        return;
    }
    const bool opened = s.lines.back().opened;
    s.lines.pop_back();
    if (s.failed || !opened) return;
    s.text.token(")");
    s.lines.back().force_number = true;
}

void PgnExporter::result(std::string_view marker) {
    state_->marker = marker;
}

void PgnExporter::error(const Error&) {
    State& s = *state_;
    if (!s.drop_broken || s.failed) return;
    s.out->resize(s.mark);
    s.failed = true;
}

void PgnExporter::end_game(const Position&) {
    State& s = *state_;
    if (s.failed) return;
    if (s.result_at == std::string::npos) begin_movetext(Position::start());  // a game that ended in its tags
    const std::string_view termination = !s.marker.empty()       ? std::string_view(s.marker)
                                         : !s.result_tag.empty() ? std::string_view(s.result_tag)
                                                                 : std::string_view("*");
    if (s.result_tag.empty() && termination != "*") s.out->replace(s.result_at, 1, termination);
    s.text.token(termination);
    s.text.end_line();
    *s.out += '\n';
}

void append_pgn(std::string& out, const Game& game, const PgnWriteOptions& options) {
    PgnExporter exporter(out, options);
    accept(game, exporter);
}

std::string write_pgn(const Game& game, const PgnWriteOptions& options) {
    std::string out;
    append_pgn(out, game, options);
    return out;
}

namespace {

void append_number(std::string& out, double v) {
    char digits[32];
    const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, v);
    out.append(digits, end);
}

void append_string_list(std::string& out, std::string_view key, const std::vector<std::string>& list) {
    if (list.empty()) return;
    out += ",\"";
    out += key;
    out += "\":[";
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (i) out += ',';
        append_json_string(out, list[i]);
    }
    out += ']';
}

// The fields of a group of comments, each after a ',': "comments" (their texts without
// the commands, the empty ones left out), then the commands of all of them as typed
// values (a command given twice: the last holds).
void append_comment_fields(std::string& out, const std::vector<std::string>& comments) {
    if (comments.empty()) return;
    CommentCommands all;
    std::vector<std::string> texts;
    for (const std::string& comment : comments) {
        CommentCommands c = parse_comment_commands(comment);
        if (!c.text.empty()) texts.push_back(std::move(c.text));
        if (c.clock) all.clock = c.clock;
        if (c.elapsed) all.elapsed = c.elapsed;
        if (c.eval) all.eval = c.eval;
        all.squares.insert(all.squares.end(), c.squares.begin(), c.squares.end());
        all.arrows.insert(all.arrows.end(), c.arrows.begin(), c.arrows.end());
    }
    append_string_list(out, "comments", texts);
    if (all.clock) {
        out += ",\"clock\":";
        append_number(out, *all.clock);
    }
    if (all.elapsed) {
        out += ",\"emt\":";
        append_number(out, *all.elapsed);
    }
    if (all.eval) {
        out += ",\"eval\":{";
        if (all.eval->mate) {
            out += "\"mate\":";
            append_decimal(out, *all.eval->mate);
        } else {
            out += "\"pawns\":";
            append_number(out, *all.eval->pawns);
        }
        if (all.eval->depth) {
            out += ",\"depth\":";
            append_decimal(out, *all.eval->depth);
        }
        out += '}';
    }
    append_string_list(out, "squares", all.squares);
    append_string_list(out, "arrows", all.arrows);
}

void append_problems_json(std::string& out, std::string_view key, const std::vector<Error>& problems) {
    out += ",\"";
    out += key;
    out += "\":[";
    for (std::size_t i = 0; i < problems.size(); ++i) {
        const Error& e = problems[i];
        out += i ? ",{\"line\":" : "{\"line\":";
        append_decimal(out, e.line);
        out += ",\"column\":";
        append_decimal(out, e.column);
        out += ",\"code\":";
        append_json_string(out, to_string(e.code));
        out += ",\"message\":";
        append_json_string(out, e.message);
        out += '}';
    }
    out += ']';
}

// How the main line ends: "outcome" always, "check" when the side to move is in check,
// "claims" when a draw may be claimed.
void append_status_json(std::string& out, const Position& start, const std::vector<Move>& main_line,
                        const Position& final_position) {
    const GameStatus status = final_status(start, main_line, final_position);
    out += ",\"outcome\":\"";
    out += to_string(status.outcome);
    out += '"';
    if (status.check) out += ",\"check\":true";
    if (status.outcome == Outcome::ongoing && (status.threefold_claim || status.fifty_move_claim)) {
        out += ",\"claims\":[";
        if (status.threefold_claim) out += "\"threefold_repetition\"";
        if (status.fifty_move_claim) out += status.threefold_claim ? ",\"fifty_moves\"" : "\"fifty_moves\"";
        out += ']';
    }
}

}  // namespace

// ---------------------------------------------------------------------------------
// JSON Lines

struct JsonExporter::State {
    // One line of play being written: its last move's object stays open until the next
    // move (or the line's end), so that its variations, and the comments and NAGs that
    // follow them in the source, all land in it. Variations are written inside it as
    // they come; the comment fields go last, when it closes.
    struct Line {
        bool has_move = false;
        bool variations_open = false;       // ',"variations":[' written for the open move
        std::vector<std::string> starting;  // comments before the line's first move
        std::vector<std::string> comments;  // after the open move
        std::vector<std::uint8_t> nags;
        std::vector<std::string> carried;  // starting comments of the open move
        void clear() {
            has_move = variations_open = false;
            starting.clear();
            comments.clear();
            nags.clear();
            carried.clear();
        }
    };
    std::string* out = nullptr;
    bool drop_broken = false;
    JsonWriteOptions options;
    std::size_t mark = 0;
    bool failed = false;
    bool first_tag = true;
    bool started = false;     // the tags are closed and the start written
    bool moves_open = false;  // ',"moves":[' written
    std::vector<Line> lines;  // lines[0] is the main line; kept (with their room) from game to game
    std::size_t depth = 0;    // lines[0..depth] are open
    std::string marker;
    Position start;
    std::vector<Move> main_line;  // for the repetitions at the end
    std::vector<Error> errors, warnings;

    Line& top() { return lines[depth]; }
    void close_move(Line& line) {
        if (line.variations_open) *out += ']';
        append_fields(line);
        *out += '}';
    }
    void append_fields(Line& line) {
        std::string& o = *out;
        if (!line.carried.empty()) {
            o += ",\"starting\":{";
            const std::size_t body = o.size();
            append_comment_fields(o, line.carried);
            if (o.size() > body) o.erase(body, 1);  // the first field's comma
            o += '}';
        }
        if (!line.nags.empty()) {
            o += ",\"nags\":[";
            for (std::size_t i = 0; i < line.nags.size(); ++i) {
                if (i) o += ',';
                append_decimal(o, line.nags[i]);
            }
            o += ']';
        }
        append_comment_fields(o, line.comments);
        line.comments.clear();
        line.nags.clear();
        line.carried.clear();
        line.variations_open = false;
    }
    // The game's own comments (before the first move), then the list of moves.
    void open_moves() {
        if (moves_open) return;
        append_comment_fields(*out, lines[0].starting);
        lines[0].starting.clear();
        *out += ",\"moves\":[";
        moves_open = true;
    }
};

JsonExporter::JsonExporter(std::string& out, bool drop_broken, const JsonWriteOptions& options)
    : state_(std::make_unique<State>()) {
    state_->out = &out;
    state_->drop_broken = drop_broken;
    state_->options = options;
}
JsonExporter::~JsonExporter() = default;

bool JsonExporter::begin_game(const PgnGameText& game) {
    State& s = *state_;
    s.mark = s.out->size();
    s.failed = false;
    s.first_tag = true;
    s.started = false;
    s.moves_open = false;
    if (s.lines.empty()) s.lines.emplace_back();
    s.lines[0].clear();
    s.depth = 0;
    s.marker.clear();
    s.main_line.clear();
    s.errors.clear();
    s.warnings.clear();
    std::string& out = *s.out;
    out += "{\"index\":";
    append_decimal(out, game.index);
    out += ",\"line\":";
    append_decimal(out, game.line);
    out += ",\"tags\":{";
    return true;
}

void JsonExporter::tag(std::string_view name, std::string_view value) {
    State& s = *state_;
    if (s.failed) return;
    if (!s.first_tag) *s.out += ',';
    s.first_tag = false;
    append_json_string(*s.out, name);
    *s.out += ':';
    append_json_string(*s.out, value);
}

bool JsonExporter::begin_movetext(const Position& start) {
    State& s = *state_;
    if (s.failed) return true;
    s.start = start;
    s.started = true;
    *s.out += "},\"start\":";
    append_json_string(*s.out, write_fen(start));
    return true;
}

void JsonExporter::move(const Position& before, Move move, std::string_view) {
    State& s = *state_;
    if (s.failed) return;
    std::string& out = *s.out;
    State::Line& line = s.top();
    if (s.depth == 0) {
        s.open_moves();
        s.main_line.push_back(move);
    }
    // The fields every move has, assembled in one buffer (SAN and UCI need no escapes),
    // with what closes the move before when it has nothing more (the common case).
    char text[96];
    char* p = text;
    const auto put = [&p](std::string_view t) {
        std::memcpy(p, t.data(), t.size());
        p += t.size();
    };
    if (line.has_move) {
        if (line.variations_open || !line.comments.empty() || !line.nags.empty() || !line.carried.empty())
            s.close_move(line), put(",");
        else
            put("},");
    } else if (s.depth > 0) {  // a variation's first move: the variation opens in its parent's move
        State::Line& parent = s.lines[s.depth - 1];
        out += parent.variations_open ? ",[" : ",\"variations\":[[";
        parent.variations_open = true;
    }
    line.has_move = true;
    if (!line.starting.empty() || !line.carried.empty()) {
        line.carried.swap(line.starting);
        line.starting.clear();
    }
    put("{\"ply\":");
    const std::uint64_t ply =
        (before.fullmove_number() - 1) * std::uint64_t{2} + (before.side_to_move() == Color::black ? 2 : 1);
    p = std::to_chars(p, text + 40, ply).ptr;
    put(",\"san\":\"");
    p += san_chars(before, move, p);
    put("\",\"uci\":\"");
    p += uci_chars(before, move, p);
    put("\"");
    out.append(text, static_cast<std::size_t>(p - text));
    if (s.options.positions) {
        Position after = before;
        after.play(move);
        out += ",\"fen\":";
        append_json_string(out, write_fen(after));
    }
}

void JsonExporter::comment(std::string_view text, CommentKind) {
    State& s = *state_;
    if (s.failed) return;
    std::string c = normalize_comment(text);
    if (c.empty()) return;
    State::Line& line = s.top();
    (line.has_move ? line.comments : line.starting).push_back(std::move(c));
}

void JsonExporter::nag(int nag) {
    State& s = *state_;
    if (s.failed) return;
    State::Line& line = s.top();
    // A NAG before a line's first move: on the move before the variation, as the tree has it.
    State::Line& owner = line.has_move || s.depth == 0 ? line : s.lines[s.depth - 1];
    owner.nags.push_back(static_cast<std::uint8_t>(nag));
}

bool JsonExporter::begin_variation() {
    State& s = *state_;
    ++s.depth;
    if (s.lines.size() <= s.depth) s.lines.emplace_back();
    s.lines[s.depth].clear();
    return true;
}

void JsonExporter::end_variation() {
    State& s = *state_;
    State::Line& line = s.top();
    State::Line& parent = s.lines[s.depth - 1];
    --s.depth;
    if (s.failed) return;
    if (line.has_move) {
        s.close_move(line);
        *s.out += ']';
    } else {  // no moves: its comments go on the move before, as the tree has them
        for (std::string& c : line.starting) parent.comments.push_back(std::move(c));
    }
}

void JsonExporter::result(std::string_view marker) {
    state_->marker = marker;
}

void JsonExporter::error(const Error& e) {
    State& s = *state_;
    if (s.failed) return;
    if (s.drop_broken) {
        s.out->resize(s.mark);
        s.failed = true;
        return;
    }
    s.errors.push_back(e);
}

void JsonExporter::warning(const Error& w) {
    if (!state_->failed) state_->warnings.push_back(w);
}

void JsonExporter::end_game(const Position& final_position) {
    State& s = *state_;
    if (s.failed) return;
    std::string& out = *s.out;
    if (!s.started) begin_movetext(Position::start());  // a game that ended in its tags
    s.open_moves();
    s.depth = 0;
    if (s.lines[0].has_move) s.close_move(s.lines[0]);
    out += "],\"result\":";
    append_json_string(out, s.marker);
    out += ",\"final_fen\":";
    append_json_string(out, write_fen(final_position));
    append_status_json(out, s.start, s.main_line, final_position);
    append_problems_json(out, "errors", s.errors);
    append_problems_json(out, "warnings", s.warnings);
    out += "}\n";
}

void append_game_json(std::string& out, const Game& game, const JsonWriteOptions& options) {
    JsonExporter exporter(out, false, options);
    accept(game, exporter);
}

}  // namespace kifu::chess
