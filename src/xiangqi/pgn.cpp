#include "kifu/xiangqi/pgn.hpp"

#include <fmt/format.h>

#include "../chess/pgn_tokenizer.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu::xiangqi {
namespace {

constexpr std::string_view kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
constexpr std::size_t kMaxDepth = 255;  // variations nested deeper are an error

std::string unescape(std::string_view raw) {
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
        out.push_back(raw[i]);
    }
    return out;
}

std::optional<Notation> notation_named(std::string_view format) {
    std::string lower;
    for (const char c : format) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (lower == "iccs" || lower == "ucci") return Notation::iccs;
    if (lower == "wxf") return Notation::wxf;
    if (lower == "chinese") return Notation::chinese;
    return std::nullopt;
}

int suffix_nag(std::string_view s) {
    constexpr std::string_view kSuffixes[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (std::size_t i = 0; i < 6; ++i)
        if (s == kSuffixes[i]) return static_cast<int>(i) + 1;
    return 0;
}

class GameReader {
  public:
    explicit GameReader(const chess::PgnGameText& text) : g_(text), tokens_(text.text, 0, false) {}

    Result<Game> read() {
        Game game;
        chess::pgn::Token t = tokens_.next();
        for (; t.kind == chess::pgn::TokenKind::tag; t = tokens_.next())
            game.tags.emplace_back(std::string(t.text), unescape(t.value));
        std::optional<Notation> notation;
        bool notation_fixed = false;
        for (const auto& [name, value] : game.tags) {
            if (name == "FEN") {
                Result<Position> start = parse_fen(value);
                if (!start) return fail(0, start.error().code, "the FEN tag: " + start.error().message);
                game.start = *start;
            } else if (name == "Format") {
                notation = notation_named(value);
                notation_fixed = notation.has_value();
            }
        }
        if (!game.tag("FEN")) game.start = Position::start();
        struct Frame {
            NodeId node;
            Position position;
        };
        std::vector<Frame> stack;
        NodeId node = Game::kRoot;
        Position pos = game.start;
        bool variation_start = false;  // a comment here goes before the next move
        for (; t.kind != chess::pgn::TokenKind::end; t = tokens_.next()) {
            using chess::pgn::TokenKind;
            switch (t.kind) {
                case TokenKind::tag:
                    return fail(t.begin, ErrorCode::unexpected_character,
                                "expected a move, found a tag in the moves");
                case TokenKind::comment:
                case TokenKind::line_comment: {
                    std::string text(trim_blanks(t.text));
                    if (variation_start)
                        pending_.push_back(std::move(text));
                    else
                        game.node(node).notes().comments.push_back(std::move(text));
                    break;
                }
                case TokenKind::escape:
                    break;
                case TokenKind::nag: {
                    int n = 0;
                    for (const char c : t.text) n = n < 1000 ? n * 10 + (c - '0') : n;
                    if (node == Game::kRoot || n > 255)
                        return fail(t.begin, ErrorCode::unexpected_character, "expected a NAG after a move");
                    game.node(node).notes().nags.push_back(static_cast<std::uint8_t>(n));
                    break;
                }
                case TokenKind::open_variation: {
                    if (node == Game::kRoot)
                        return fail(t.begin, ErrorCode::unexpected_character,
                                    "expected a move before a variation");
                    if (stack.size() >= kMaxDepth)
                        return fail(t.begin, ErrorCode::out_of_range,
                                    fmt::format("variations nest deeper than {} levels", kMaxDepth));
                    stack.push_back({node, pos});
                    node = game.node(node).parent;
                    pos = game.position_after(node);
                    variation_start = true;
                    break;
                }
                case TokenKind::close_variation:
                    if (stack.empty())
                        return fail(t.begin, ErrorCode::unexpected_character, "expected a move, found ')'");
                    node = stack.back().node;
                    pos = stack.back().position;
                    stack.pop_back();
                    break;
                case TokenKind::move_number: {
                    // WXF's tandem soldiers (33.4) start like a move number: a word right after
                    // the dots belongs to it.
                    const std::size_t end = t.end;
                    if (end < g_.text.size() &&
                        chess::pgn::kClass[static_cast<unsigned char>(g_.text[end])] == chess::pgn::kOther) {
                        const chess::pgn::Token rest = tokens_.next();
                        if (!move(game, node, pos, t.begin, rest.end, notation, notation_fixed,
                                  variation_start))
                            return error_;
                    }
                    break;
                }
                case TokenKind::word: {
                    if (chess::pgn::is_result(t.text)) {
                        if (!stack.empty())
                            return fail(t.begin, ErrorCode::unexpected_character,
                                        "expected ')' to close the variation before the result");
                        game.result = std::string(t.text == "1/2" ? "1/2-1/2" : t.text);
                        const chess::pgn::Token after = tokens_.next();
                        if (after.kind != TokenKind::end)
                            return fail(after.begin, ErrorCode::unexpected_character,
                                        "expected the end of the game after its result");
                        return finish(std::move(game));
                    }
                    if (const int nag = suffix_nag(t.text)) {
                        if (node == Game::kRoot)
                            return fail(t.begin, ErrorCode::unexpected_character, "expected a move");
                        game.node(node).notes().nags.push_back(static_cast<std::uint8_t>(nag));
                        break;
                    }
                    if (!move(game, node, pos, t.begin, t.end, notation, notation_fixed, variation_start))
                        return error_;
                    break;
                }
                case TokenKind::bad:
                    return fail(t.begin, ErrorCode::unexpected_character,
                                t.problem ? std::string(t.problem) : "expected a move");
                case TokenKind::incomplete:
                case TokenKind::end:
                    break;
            }
        }
        if (!stack.empty())
            return fail(g_.text.size(), ErrorCode::unexpected_end, "expected ')' to close the variation");
        return finish(std::move(game));
    }

  private:
    Result<Game> finish(Game game) {
        game.index = g_.index;
        game.line = g_.line;
        if (game.result.empty())
            if (const auto r = game.tag("Result"); r && chess::pgn::is_result(*r) && *r != "1/2")
                game.result = std::string(*r);
        return game;
    }

    // Reads the move in [begin, end) and plays it from `node`.
    bool move(Game& game, NodeId& node, Position& pos, std::size_t begin, std::size_t end,
              std::optional<Notation>& notation, bool fixed, bool& variation_start) {
        std::string_view text = g_.text.substr(begin, end - begin);
        int nag = 0;
        for (const std::string_view s : {"!!", "??", "!?", "?!", "!", "?"})
            if (text.size() > s.size() && text.ends_with(s)) {
                nag = suffix_nag(s);
                text.remove_suffix(s.size());
                break;
            }
        Result<Move> m = Error{};
        if (notation) {
            m = parse_move(pos, text, *notation);
        } else {
            for (const Notation n : {Notation::san, Notation::iccs, Notation::wxf, Notation::chinese}) {
                m = parse_move(pos, text, n);
                if (m) {
                    notation = n;
                    break;
                }
            }
            if (!m) m = parse_move(pos, text, Notation::san);
        }
        if (!m) {
            Error e = m.error();
            const std::size_t at = begin + e.offset;
            std::string message = std::move(e.message);
            if (!fixed && !notation) message += " (nor ICCS, WXF or Chinese)";
            fail(at, e.code, std::move(message));
            return false;
        }
        const std::string written(text);
        node = game.add_move(node, *m, written);
        if (!pending_.empty()) game.node(node).notes().starting_comments = std::move(pending_);
        pending_.clear();
        if (nag) game.node(node).notes().nags.push_back(static_cast<std::uint8_t>(nag));
        pos.play(*m);
        variation_start = false;
        return true;
    }

    Error fail(std::size_t offset, ErrorCode code, std::string message) {
        Error e = error_at(g_.text, std::min(offset, g_.text.size()), code, std::move(message));
        if (e.line == 1) e.column += g_.column - 1;
        e.line += g_.line - 1;
        e.offset += g_.offset;
        error_ = e;
        return e;
    }

    const chess::PgnGameText& g_;
    chess::pgn::Tokenizer tokens_;
    Error error_;
    std::vector<std::string> pending_;  // comments at the start of a variation, before its move
};

class Writer {
  public:
    Writer(const Game& game, Notation notation) : game_(game), notation_(notation) {}

    std::string movetext() {
        for (const std::string& c : game_.node(Game::kRoot).comments()) comment(c);
        line(Game::kRoot, game_.start, 0, true);
        return std::move(out_);
    }

    // A token, after a blank or a line break (lines up to 79 bytes); right after a '(' when
    // one is open.
    void token(std::string_view t) {
        const std::size_t width = t.size() + (open_ ? 1 : 0);
        if (column_ > 0 && column_ + 1 + width > 79) {
            out_ += '\n';
            column_ = 0;
        } else if (column_ > 0) {
            out_ += ' ';
            ++column_;
        }
        if (open_) {
            out_ += '(';
            ++column_;
            open_ = false;
        }
        out_ += t;
        column_ += t.size();
    }

  private:
    // A comment in braces; one with a '}' in it as a comment to the end of the line (a
    // comment read from PGN never holds both a '}' and a line end; from elsewhere, its '}'
    // are left out).
    void comment(std::string_view text) {
        if (text.find('}') != std::string_view::npos && text.find('\n') == std::string_view::npos) {
            token(fmt::format(";{}", text));
            out_ += '\n';
            column_ = 0;
            return;
        }
        std::string braced = "{";
        for (const char c : text)
            if (c != '}') braced += c;
        token(braced + "}");
    }

    // The line that continues from `parent` (position `pos` there) with its first child,
    // each node's variations after its move. Recursion only per variation level, which the
    // reader bounds.
    void line(NodeId parent, Position pos, std::size_t depth, bool number_first) {
        bool number = number_first;
        for (NodeId at = parent; !game_.node(at).children.empty();) {
            const NodeId next = game_.node(at).children.front();
            number = write_move(next, pos, number);
            const Position before = pos;
            pos.play(game_.node(next).move);
            const auto& siblings = game_.node(at).children;
            for (std::size_t k = 1; k < siblings.size(); ++k) {
                open_ = true;
                Position alt = before;
                const bool renumber = write_move(siblings[k], alt, true);
                alt.play(game_.node(siblings[k]).move);
                line(siblings[k], alt, depth + 1, renumber);
                out_ += ')';
                ++column_;
                number = true;
            }
            at = next;
        }
    }

    // Writes a node's move with its number when due, then its NAGs and comments; returns
    // whether the next move needs its number written.
    bool write_move(NodeId id, const Position& before, bool number) {
        const Game::Node& n = game_.node(id);
        for (const std::string& c : n.starting_comments()) comment(c);
        const bool red = before.side_to_move == Color::red;
        if (red)
            token(fmt::format("{}.", before.fullmove_number));
        else if (number)
            token(fmt::format("{}...", before.fullmove_number));
        token(xiangqi::write_move(before, n.move, notation_));
        for (const std::uint8_t nag : n.nags()) token(fmt::format("${}", nag));
        for (const std::string& c : n.comments()) comment(c);
        return !n.comments().empty() || !n.nags().empty();
    }

    const Game& game_;
    Notation notation_;
    std::string out_;
    std::size_t column_ = 0;
    bool open_ = false;  // a '(' to write before the next token
};

std::string escape(std::string_view v) {
    std::string out;
    for (const char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        if (c != '\n' && c != '\r') out += c;
    }
    return out;
}

}  // namespace

bool looks_like_xiangqi_pgn(std::string_view text) noexcept {
    // The first tag section, in its first 4 KiB.
    const std::string_view head = text.substr(0, 4096);
    // One pass over the '['s, each tried against every marker (an SGF file, asked too, has a
    // '[' in every property: seven passes were a tenth of indexing a directory of them).
    for (std::size_t at = head.find('['); at != std::string_view::npos; at = head.find('[', at + 1)) {
        const std::string_view rest = head.substr(at);
        for (const std::string_view marker :
             {"[Variant \"xiangqi\"]", "[Variant \"Xiangqi\"]", "[Game \"Chinese Chess\"]",
              "[Game \"Xiangqi\"]", "[Format \"ICCS\"]", "[Format \"WXF\"]", "[Format \"Chinese\"]"})
            if (rest.starts_with(marker)) return true;
    }
    return false;
}

Result<std::vector<Game>> read_pgn(std::string_view text) {
    chess::PgnSplitter splitter(text);
    std::vector<Game> games;
    while (const std::optional<chess::PgnGameText> g = splitter.next()) {
        if (g->oversized)
            return error_at(text, g->offset, ErrorCode::out_of_range,
                            fmt::format("a game of {} bytes, over the limit of {}", g->oversized, g->limit));
        Result<Game> game = GameReader(*g).read();
        if (!game) return game.error();
        games.push_back(std::move(*game));
    }
    if (splitter.error()) return *splitter.error();
    if (games.empty()) return error_at(text, 0, ErrorCode::unexpected_end, "expected a game: tags or moves");
    return games;
}

std::optional<Notation> notation_of(const Game& game) {
    if (const auto f = game.tag("Format")) return notation_named(*f);
    return std::nullopt;
}

std::string write_pgn(const Game& game, std::optional<Notation> notation) {
    const Notation n = notation ? *notation : notation_of(game).value_or(Notation::san);
    std::vector<std::pair<std::string, std::string>> tags = game.tags;
    const auto set = [&](std::string_view name, std::string value) {
        for (auto& [k, v] : tags)
            if (k == name) {
                v = std::move(value);
                return;
            }
        tags.emplace_back(name, std::move(value));
    };
    const auto drop = [&](std::string_view name) {
        std::erase_if(tags, [&](const auto& kv) { return kv.first == name; });
    };
    bool marked = false;
    for (const auto& [k, v] : tags) marked = marked || k == "Game" || k == "Variant";
    if (!marked) tags.insert(tags.begin(), {"Game", "Chinese Chess"});
    const bool valid = chess::pgn::is_result(game.result) && game.result != "1/2";
    const std::string result = valid ? game.result : "*";
    set("Result", result);
    if (write_fen(game.start) != kStartFen || game.tag("FEN")) set("FEN", write_fen(game.start));
    // One Format tag, where the first one stood (the reader takes the last of several).
    bool seen = false;
    std::erase_if(tags, [&](const auto& kv) {
        if (kv.first != "Format") return false;
        const bool again = seen;
        seen = true;
        return again;
    });
    if (n == Notation::san || n == Notation::uci)
        drop("Format");
    else
        set("Format", n == Notation::iccs ? "ICCS" : n == Notation::wxf ? "WXF" : "Chinese");
    std::string out;
    for (const auto& [k, v] : tags) out += fmt::format("[{} \"{}\"]\n", k, escape(v));
    out += '\n';
    Writer w(game, n);
    std::string moves = w.movetext();
    out += moves;
    out += moves.empty() || moves.back() == '\n' ? "" : " ";
    out += result;
    out += '\n';
    return out;
}

}  // namespace kifu::xiangqi
