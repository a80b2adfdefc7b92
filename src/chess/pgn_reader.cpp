#include <algorithm>
#include <cctype>
#include <cstring>

#include <fmt/format.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/movegen.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/san.hpp"
#include "kifu/core/charset.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"
#include "pgn_tokenizer.hpp"

namespace kifu::chess {

using pgn::Token;
using pgn::TokenKind;

// ---------------------------------------------------------------------------------
// Splitting

PgnSplitter::PgnSplitter(std::unique_ptr<ByteSource> source, std::size_t max_game_bytes)
    : source_(std::move(source)), max_game_bytes_(max_game_bytes) {}

PgnSplitter::PgnSplitter(std::string_view text, std::size_t max_game_bytes)
    : max_game_bytes_(max_game_bytes), data_(text), eof_(true) {}

bool PgnSplitter::refill() {
    if (eof_) return false;  // a text given whole never refills: data_ is the buffer's bytes here
    // What is not yet handed out moves to the front.
    const std::size_t held = data_.size() - start_;
    if (held > 0 && start_ > 0) std::memmove(buffer_.get(), buffer_.get() + start_, held);
    offset_ += start_;
    start_ = 0;
    // Read at least as much again as is held, so rescanning a long game stays linear, but
    // not much past the limit of a game: what is held stays under it and 1 MiB.
    // The first reads are small (a short input costs no megabyte), then 1 MiB at a time.
    const std::size_t want =
        std::max(chunk_, std::min(held, max_game_bytes_ > held ? max_game_bytes_ - held : std::size_t{0}));
    chunk_ = std::min(chunk_ * 2, std::size_t{1} << 20);
    if (held + want > buffer_capacity_) {
        std::unique_ptr<char[]> larger = std::make_unique_for_overwrite<char[]>(held + want);
        if (held > 0) std::memcpy(larger.get(), buffer_.get(), held);
        buffer_ = std::move(larger);
        buffer_capacity_ = held + want;
    }
    std::size_t have = held;
    while (have < held + want) {
        auto n = source_->read(buffer_.get() + have, held + want - have);
        if (!n) {
            error_ = n.error();
            eof_ = true;
            break;
        }
        if (*n == 0) {
            eof_ = true;
            break;
        }
        have += *n;
    }
    data_ = std::string_view(buffer_.get(), have);
    return true;
}

namespace {

// Where the text before `at` ends, blanks left out.
std::size_t last_text_end(std::string_view data, std::size_t at) {
    while (at > 0 && pgn::kClass[static_cast<unsigned char>(data[at - 1])] != pgn::kOther &&
           pgn::kClass[static_cast<unsigned char>(data[at - 1])] != pgn::kSpecial)
        --at;
    return at;
}

// Where a game ends, found in a stream fed a piece at a time without holding any of it:
// for a game over the size limit, which is passed over. It follows tags, comments,
// variations, escape lines and results as the splitter does; a run of tag-only games is
// not cut here (docs/pgn.md).
class GameEndFinder {
  public:
    // The offset in `piece` where the game ends (the next one may begin), or npos when
    // it goes on past the piece.
    std::size_t feed(std::string_view piece) noexcept {
        for (std::size_t i = 0; i < piece.size(); ++i) {
            const char c = piece[i];
            switch (state_) {
                case State::brace_comment:
                case State::line_comment:
                case State::escape_line: {  // on to the '}', or to the end of the line
                    const char until = state_ == State::brace_comment ? '}' : '\n';
                    const void* at = std::memchr(piece.data() + i, until, piece.size() - i);
                    if (!at) return std::string_view::npos;
                    i = static_cast<std::size_t>(static_cast<const char*>(at) - piece.data());
                    state_ = State::movetext;
                    line_start_ = until == '\n';
                    continue;
                }
                case State::tag_value:
                    if (c == '\\') {
                        state_ = State::tag_escape;
                    } else if (c == '"') {
                        state_ = State::tag;
                    } else if (c == '\n') {
                        state_ = State::movetext;
                        line_start_ = true;
                    }
                    continue;
                case State::tag_escape:
                    state_ = State::tag_value;
                    continue;
                case State::tag:
                    if (c == '"') state_ = State::tag_value;
                    if (c == ']' || c == '\n') state_ = State::movetext;
                    line_start_ = c == '\n';
                    continue;
                case State::movetext:
                    break;
            }
            if (pgn::kClass[static_cast<unsigned char>(c)] == pgn::kOther) {
                if (line_start_ && c == '%') {
                    state_ = State::escape_line;
                    continue;
                }
                std::size_t j = i;  // the rest of the word, in one go
                while (j < piece.size() && pgn::kClass[static_cast<unsigned char>(piece[j])] == pgn::kOther) {
                    if (word_length_ < sizeof word_) word_[word_length_] = piece[j];
                    ++word_length_;
                    ++j;
                }
                i = j - 1;
                line_start_ = false;
                movetext_ = true;
                continue;
            }
            if (end_of_word()) return i;
            switch (c) {
                case '\n':
                    line_start_ = true;
                    break;
                case '[':
                    if (movetext_ && line_start_) return i;  // the next game's tags
                    state_ = State::tag;
                    line_start_ = false;
                    break;
                case '{':
                    state_ = State::brace_comment;
                    movetext_ = true;
                    break;
                case ';':
                    state_ = State::line_comment;
                    movetext_ = true;
                    break;
                case '(':
                    ++depth_;
                    movetext_ = true;
                    line_start_ = false;
                    break;
                case ')':
                    depth_ -= depth_ > 0;
                    movetext_ = true;
                    line_start_ = false;
                    break;
                default:
                    if (pgn::kClass[static_cast<unsigned char>(c)] != pgn::kBlank) line_start_ = false;
                    break;
            }
        }
        return std::string_view::npos;
    }

  private:
    // A word has ended: true when it is a result that ends the game.
    bool end_of_word() noexcept {
        const std::size_t n = word_length_;
        word_length_ = 0;
        return n > 0 && n <= sizeof word_ && depth_ == 0 && pgn::is_result(std::string_view(word_, n));
    }
    enum class State : std::uint8_t {
        movetext,
        tag,
        tag_value,
        tag_escape,
        brace_comment,
        line_comment,
        escape_line
    };
    State state_ = State::movetext;
    int depth_ = 0;
    bool movetext_ = false;
    bool line_start_ = true;
    char word_[7]{};  // enough for 1/2-1/2
    std::size_t word_length_ = 0;
};

}  // namespace

void PgnSplitter::advance_to(std::size_t to) {
    line_ += static_cast<std::uint32_t>(count_line_ends(data_.substr(start_, to - start_)));
    start_ = to;
}

PgnGameText PgnSplitter::game_at(std::size_t begin, std::string_view text) {
    advance_to(begin);
    std::size_t line_begin = begin;
    while (line_begin > 0 && data_[line_begin - 1] != '\n') --line_begin;
    return {text, index_++, offset_ + begin, line_, static_cast<std::uint32_t>(begin - line_begin + 1)};
}

// The game that begins at data_[start_] runs past the limit: passes over the rest of it,
// a piece at a time, and returns its end as an offset in the input.
std::size_t PgnSplitter::skip_oversized(std::size_t begin) {
    GameEndFinder finder;
    std::size_t at = begin;
    for (;;) {
        const std::size_t end = finder.feed(data_.substr(at));
        advance_to(end == std::string_view::npos ? data_.size() : at + end);
        if (end != std::string_view::npos || eof_ || !refill()) return offset_ + start_;
        at = start_;
    }
}

std::optional<PgnGameText> PgnSplitter::next() {
    for (;;) {  // restarted after each refill: the scan of the game begins again
        if (first_) {
            if (data_.size() < 3 && !eof_) {
                refill();
                continue;
            }
            first_ = false;
            if (data_.substr(0, 3) == "\xEF\xBB\xBF") start_ = 3;
        }
        pgn::Tokenizer tokens(data_, start_, !eof_);
        std::size_t begin = std::string_view::npos, end = 0, resume = 0;
        std::size_t unfinished = std::string_view::npos;  // where a token the text cuts off begins
        std::string_view names[32];
        std::size_t name_count = 0;
        bool movetext = false, counts = false, found = false, need_more = false;
        int depth = 0;
        for (;;) {
            const Token t = tokens.next();
            if (t.kind == TokenKind::incomplete || (t.kind == TokenKind::end && !eof_)) {
                if (t.kind == TokenKind::incomplete) unfinished = t.begin;
                need_more = true;
                break;
            }
            if (t.kind == TokenKind::end) {
                resume = t.end;
                found = begin != std::string_view::npos;
                break;
            }
            if (t.kind == TokenKind::escape) {
                if (begin == std::string_view::npos) continue;
                end = t.end;
                continue;
            }
            if (t.kind == TokenKind::tag && (t.line_start || !movetext) && begin != std::string_view::npos) {
                const bool repeated =
                    t.blank_line && std::find(names, names + name_count, t.text) != names + name_count;
                if ((movetext && t.line_start) || repeated) {
                    resume = t.begin;
                    found = true;
                    break;
                }
            }
            if (begin == std::string_view::npos) begin = t.begin;
            end = t.end;
            switch (t.kind) {
                case TokenKind::tag:
                    if (!movetext) {
                        if (name_count < 32) names[name_count++] = t.text;
                        counts = true;
                    } else {
                        movetext = true;
                    }
                    break;
                case TokenKind::open_variation:
                    ++depth;
                    movetext = true;
                    break;
                case TokenKind::close_variation:
                    depth -= depth > 0;
                    movetext = true;
                    break;
                case TokenKind::word:
                    counts = true;
                    movetext = true;
                    if (depth == 0 && pgn::is_result(t.text)) {
                        resume = t.end;
                        found = true;
                    }
                    break;
                case TokenKind::move_number:
                    counts = true;
                    movetext = true;
                    break;
                default:
                    movetext = true;
                    break;
            }
            if (found) break;
            if (movetext && counts) {
                // From here on only results, tag lines and the text's end matter.
                const pgn::Tokenizer::MovetextStop stop = tokens.scan_movetext(depth);
                if (stop.kind == pgn::Tokenizer::MovetextStop::incomplete) {
                    need_more = true;
                } else if (stop.kind == pgn::Tokenizer::MovetextStop::result) {
                    end = resume = stop.end;
                    found = true;
                } else if (stop.kind == pgn::Tokenizer::MovetextStop::tag_line) {
                    end = std::max(end, last_text_end(data_, stop.begin));
                    resume = stop.begin;
                    found = true;
                } else {
                    end = std::max(end, last_text_end(data_, data_.size()));
                    resume = data_.size();
                    found = true;
                }
                break;
            }
        }
        if (need_more && data_.size() - start_ >= max_game_bytes_) {
            const std::size_t from = begin != std::string_view::npos ? begin : unfinished;
            if (from == std::string_view::npos) {  // blanks alone: nothing to keep
                advance_to(data_.size());
                if (!refill()) eof_ = true;
                continue;
            }
            PgnGameText game = game_at(from, {});
            oversized_start_.assign(data_.substr(from, kOversizedStart));
            game.oversized = skip_oversized(from) - game.offset;
            game.limit = max_game_bytes_;
            game.text = oversized_start_;
            return game;
        }
        if (need_more) {
            if (!refill()) eof_ = true;
            continue;
        }
        const std::string_view text =
            begin == std::string_view::npos ? std::string_view{} : data_.substr(begin, end - begin);
        if (!found || !counts) {
            advance_to(resume);
            if (!found) return std::nullopt;
            skipped_ += text.size();  // comments or stray characters between games: no game
            continue;
        }
        PgnGameText game = game_at(begin, text);
        advance_to(resume);
        if (text.size() > max_game_bytes_) {  // it ended within what was held, but past the limit
            game.oversized = text.size();
            game.limit = max_game_bytes_;
            game.text = text.substr(0, kOversizedStart);
        }
        return game;
    }
}

// ---------------------------------------------------------------------------------
// Reading one game

int suffix_nag(std::string_view s) noexcept {
    if (s == "!") return 1;
    if (s == "?") return 2;
    if (s == "!!") return 3;
    if (s == "??") return 4;
    if (s == "!?") return 5;
    if (s == "?!") return 6;
    return 0;
}

namespace {

struct Frame {
    Position current;  // after the last move
    Move last;         // the last move, and how to take it back: a variation starts before it
    Position::Undo undo;
    bool has_move = false;
    std::size_t opened_at = 0;

    Position before() const {
        Position p = current;
        p.unmake(last, undo);
        return p;
    }
};

// Tag values keep \" and \\ escaped in the text; this is the value they stand for.
std::string_view unescape(std::string_view raw, std::string& scratch) {
    if (raw.find('\\') == std::string_view::npos) return raw;
    scratch.clear();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
        scratch.push_back(raw[i]);
    }
    return scratch;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Which Variant tag values are standard chess (false) or Chess960 (true); nullopt
// for the variants kifu does not play.
std::optional<bool> variant_is_960(std::string_view value) {
    const std::string v = lower(value);
    if (v.empty() || v == "standard" || v == "normal" || v == "from position" || v == "chess") return false;
    if (v == "chess960" || v == "chess 960" || v == "fischerandom" || v == "fischer random" || v == "frc" ||
        v == "960" || v == "freestyle" || v == "fischerrandom")
        return true;
    return std::nullopt;
}

// Results as people write them outside the standard, and what they stand for: an en dash
// (U+2013) for the hyphen, and the one-character half (U+00BD). Empty for anything else.
std::string_view loose_result(std::string_view word) {
    static constexpr std::pair<std::string_view, std::string_view> kForms[] = {
        {"1\u2013"
         "0",
         "1-0"},
        {"0\u2013"
         "1",
         "0-1"},
        {"\u00BD-\u00BD", "1/2-1/2"},
        {"\u00BD\u2013\u00BD", "1/2-1/2"},
        {"1/2\u2013"
         "1/2",
         "1/2-1/2"},
    };
    if (word.empty() || (word[0] != '1' && word[0] != '0' && word[0] != '\xC2')) return {};
    for (const auto& [form, result] : kForms)
        if (word == form) return result;
    return {};
}

class GameReader {
  public:
    GameReader(const PgnGameText& game, std::string_view text, PgnVisitor& visitor,
               const PgnReadOptions& options)
        : game_(game), text_(text), visitor_(visitor), options_(options), frames_(reused_frames()) {
        frames_.clear();
    }

    bool run();

  private:
    bool fail(std::size_t offset, ErrorCode code, std::string message) {
        report(offset, code, std::move(message));
        visitor_.end_game(frames_.empty() ? Position::start() : frames_.front().current);
        return false;
    }
    Error at(std::size_t offset, ErrorCode code, std::string message) const {
        const LineColumn where = locate(text_, offset);
        return Error{code,
                     {game_.offset + offset, game_.line + where.line - 1,
                      where.line == 1 ? where.column + game_.column - 1 : where.column},
                     std::move(message)};
    }
    void report(std::size_t offset, ErrorCode code, std::string message) {
        ok_ = false;
        visitor_.error(at(offset, code, std::move(message)));
    }
    void warn(std::size_t offset, ErrorCode code, std::string message) {
        visitor_.warning(at(offset, code, std::move(message)));
    }
    // A disagreement about the result: an error under strict_results, else a warning.
    void doubt_result(std::size_t offset, std::string message) {
        if (options_.strict_results)
            report(offset, ErrorCode::conflict, std::move(message));
        else
            warn(offset, ErrorCode::conflict, std::move(message));
    }
    bool finish_with_result(std::string_view marker, std::size_t offset, std::string_view result_tag);
    bool play_word(std::string_view word, std::size_t begin);
    // A word that is not a move number (fast_movetext's, which begin with a letter).
    bool play_san(std::string_view word, std::size_t begin);
#if defined(__GNUC__)
    [[gnu::noinline]]
#endif
    std::string_view
    capital_castling(std::string_view san, std::size_t begin);
    bool fast_movetext(pgn::Tokenizer& tokens);
    std::string_view found(const Token& t) const {
        return utf8::prefix(text_.substr(t.begin, t.end - t.begin), 40);
    }

    const PgnGameText& game_;
    std::string_view text_;
    PgnVisitor& visitor_;
    const PgnReadOptions& options_;
    // One stack of frames a thread, reused game after game: reading allocates nothing per game
    // once the deepest variation seen has its room.
    static std::vector<Frame>& reused_frames() {
        thread_local std::vector<Frame> frames;
        return frames;
    }
    std::vector<Frame>& frames_;
    std::string castling_;  // lower-case castling, in capitals
    bool ok_ = true;
};

bool GameReader::run() {
    pgn::Tokenizer tokens(text_, 0, false);
    Token t = tokens.next();
    std::string scratch;
    std::string fen;
    std::string result_tag;
    bool chess960 = false;
    std::size_t fen_at = 0;
    // The tag names seen, for duplicates: one list a thread, its room kept game after game.
    thread_local std::vector<std::string_view> names;
    names.clear();
    for (; t.kind == TokenKind::tag || t.kind == TokenKind::escape; t = tokens.next()) {
        if (t.kind == TokenKind::escape) continue;
        const std::string_view value = unescape(t.value, scratch);
        if (t.problem) warn(t.begin, ErrorCode::unexpected_character, t.problem);
        // A tag given twice: the standard allows each name once; the first value holds, as it
        // is the one every tool that keeps one reads first (docs/pgn.md).
        // (Only the first 256 names are kept: a game with more tags cannot cost time squared.)
        if (std::find(names.begin(), names.end(), t.text) != names.end()) {
            warn(t.begin, ErrorCode::duplicate,
                 fmt::format("the tag '{}' is given again: its value \"{}\" is dropped, the first holds",
                             utf8::snippet(t.text), utf8::prefix(value, 60)));
            continue;
        }
        if (names.size() < 256) names.push_back(t.text);
        visitor_.tag(t.text, value);
        if (t.text == "FEN") {
            fen = value;
            fen_at = t.begin;
        } else if (t.text == "Result") {
            result_tag = value == "1/2" ? "1/2-1/2" : value;
        } else if (t.text == "Variant") {
            const std::optional<bool> is_960 = variant_is_960(value);
            if (!is_960)
                return fail(
                    t.begin, ErrorCode::unsupported,
                    fmt::format("the variant '{}' is not standard chess or Chess960", utf8::snippet(value)));
            chess960 = *is_960;
        }
    }
    if (t.kind == TokenKind::bad && t.begin < text_.size() && text_[t.begin] == '[')
        return fail(t.begin, ErrorCode::unexpected_character, fmt::format("broken tag: {}", t.problem));

    static const Position kStart = Position::start();
    Position start = kStart;
    if (!fen.empty()) {
        Result<Position> parsed = parse_fen(fen, {.relaxed = true});
        if (!parsed)
            return fail(fen_at, parsed.error().code, fmt::format("bad FEN tag: {}", parsed.error().message));
        start = *parsed;
        // A start no game can have is an error of the game: its moves would be judged from a
        // position where the rules do not hold. An en-passant square without its pawn only
        // goes unused (a warning).
        std::vector<std::string> unused_en_passant;
        for (const Problem& p : validity_problems(start))
            if (p.kind == ProblemKind::en_passant_without_pawn) unused_en_passant.push_back(p.message);
        for (const Error& e : validate_fen(fen, {.relaxed = true})) {  // also a right without its rook
            const std::string message = fmt::format("impossible FEN tag position: {}", e.message);
            if (std::find(unused_en_passant.begin(), unused_en_passant.end(), e.message) !=
                unused_en_passant.end())
                warn(fen_at, ErrorCode::conflict, message);
            else
                return fail(fen_at, ErrorCode::conflict, message);
        }
    }
    if (chess960) start.set_chess960(true);
    frames_.push_back({start, Move{}, {}, false, 0});
    if (!visitor_.begin_movetext(start)) {
        visitor_.end_game(start);
        return true;
    }

    tokens.seek(t.begin);  // the first token of the movetext is read again below
    for (;;) {
        if (!fast_movetext(tokens)) return false;
        if (visitor_.movetext_stopped()) {  // the rest is not read (PgnVisitor::stop_movetext)
            visitor_.end_game(frames_.front().current);
            return ok_;
        }
        t = tokens.next();
        Frame& frame = frames_.back();
        switch (t.kind) {
            case TokenKind::end:
                if (frames_.size() > 1)
                    return fail(
                        t.begin, ErrorCode::unexpected_end,
                        fmt::format("expected ')' to close the variation opened at line {}, found the end of "
                                    "the game",
                                    game_.line + locate(text_, frames_.back().opened_at).line - 1));
                visitor_.end_game(frames_.front().current);
                return ok_;
            case TokenKind::escape:
            case TokenKind::move_number:
                break;
            case TokenKind::comment:
                visitor_.comment(t.text, CommentKind::braces);
                break;
            case TokenKind::line_comment:
                visitor_.comment(t.text, CommentKind::line);
                break;
            case TokenKind::nag: {
                if (t.text.size() > 3)
                    return fail(
                        t.begin, ErrorCode::out_of_range,
                        fmt::format("expected a NAG from $0 to $255, found '${}'", utf8::snippet(t.text)));
                int n = 0;
                for (const char c : t.text) n = n * 10 + (c - '0');
                if (n > 255)
                    return fail(t.begin, ErrorCode::out_of_range,
                                fmt::format("expected a NAG from $0 to $255, found '${}'", t.text));
                visitor_.nag(n);
                break;
            }
            case TokenKind::open_variation:
                if (!frame.has_move)
                    return fail(t.begin, ErrorCode::unexpected_character,
                                "expected a move before '(': a variation replaces the move before it");
                if (frames_.size() > kMaxPgnVariationDepth)  // a frame a level: hostile nesting
                    return fail(
                        t.begin, ErrorCode::out_of_range,
                        fmt::format("variations are nested more than {} deep here: kifu reads at most "
                                    "that many levels",
                                    kMaxPgnVariationDepth));
                if (!visitor_.begin_variation()) {
                    if (!tokens.skip_variation())
                        return fail(t.begin, ErrorCode::unexpected_end,
                                    "expected ')' to close this variation");
                    break;
                }
                frames_.push_back({frame.before(), Move{}, {}, false, t.begin});
                break;
            case TokenKind::close_variation:
                if (frames_.size() == 1)
                    return fail(t.begin, ErrorCode::unexpected_character,
                                "expected a move or result, found ')' with no variation open");
                frames_.pop_back();
                visitor_.end_variation();
                break;
            case TokenKind::tag:
                return fail(t.begin, ErrorCode::unexpected_character,
                            fmt::format("expected a move or result, found the tag '{}'", found(t)));
            case TokenKind::bad:
                return fail(t.begin, ErrorCode::unexpected_character,
                            fmt::format("expected a move or result, found '{}': {}", found(t), t.problem));
            case TokenKind::word: {
                if (pgn::is_result(t.text)) return finish_with_result(t.text, t.begin, result_tag);
                if (const std::string_view loose = loose_result(t.text); !loose.empty()) {
                    warn(t.begin, ErrorCode::unexpected_character,
                         fmt::format("the result '{}' is written with other characters than the standard's: "
                                     "read as '{}'",
                                     t.text, loose));
                    return finish_with_result(loose, t.begin, result_tag);
                }
                if (!play_word(t.text, t.begin)) return false;
                break;
            }
            case TokenKind::incomplete:
                return fail(t.begin, ErrorCode::unexpected_end, "the game text ends inside a token");
        }
    }
}

bool GameReader::finish_with_result(std::string_view marker, std::size_t offset,
                                    std::string_view result_tag) {
    if (frames_.size() > 1)
        return fail(offset, ErrorCode::unexpected_character,
                    fmt::format("expected ')' to close the variation, found the result '{}'", marker));
    if (marker == "1/2") marker = "1/2-1/2";
    visitor_.result(marker);
    const Position& end = frames_.front().current;
    // Only two different outcomes contradict each other: '*' (unknown) never does.
    if (pgn::is_result(result_tag) && result_tag != "*" && marker != "*" && result_tag != marker)
        doubt_result(offset,
                     fmt::format("the result '{}' contradicts the Result tag '{}'", marker, result_tag));
    else if (pgn::is_result(result_tag) && result_tag != marker)
        // One of them unknown: no contradiction, but not the same either; both are kept as written.
        warn(offset, ErrorCode::conflict,
             fmt::format("the movetext ends with '{}' but the Result tag says '{}'; both are kept", marker,
                         result_tag));
    if (marker != "*" && !has_legal_move(end)) {
        const bool mate = in_check(end, end.side_to_move());
        const std::string_view due = !mate ? "1/2-1/2" : end.side_to_move() == Color::white ? "0-1" : "1-0";
        if (marker != due)
            doubt_result(offset, fmt::format("the result '{}' contradicts the final position: {} ({} stands)",
                                             marker, mate ? "checkmate" : "stalemate", due));
    }
    visitor_.end_game(end);
    return ok_;
}

// Lower-case castling, which some programs write: read as O-O with a warning (out of
// line: the fast path of every move stays small).
std::string_view GameReader::capital_castling(std::string_view san, std::size_t begin) {
    castling_.assign(san);
    for (char& c : castling_)
        if (c == 'o') c = 'O';
    warn(begin, ErrorCode::unexpected_character,
         fmt::format("castling is written with capital letters: '{}' read as '{}'", utf8::snippet(san),
                     utf8::snippet(castling_)));
    return castling_;
}

bool GameReader::play_word(std::string_view word, std::size_t begin) {
    // "1. ..." or "2 . Nf3": digits and dots are a move number, however spaced.
    if (((word[0] >= '0' && word[0] <= '9') || word[0] == '.') &&
        word.find_first_not_of("0123456789.") == std::string_view::npos)
        return true;
    return play_san(word, begin);
}

bool GameReader::play_san(std::string_view word, std::size_t begin) {
    Frame& frame = frames_.back();
    std::string_view san = word;
    std::size_t suffix = san.size();
    while (suffix > 0 && (san[suffix - 1] == '!' || san[suffix - 1] == '?')) --suffix;
    // Cut without substr's bounds check (suffix <= size): this runs for every move.
    const std::string_view annotation(san.data() + suffix, san.size() - suffix);
    san = std::string_view(san.data(), suffix);
    if (san.empty()) {
        const int n = suffix_nag(annotation);
        if (n == 0)
            return fail(begin, ErrorCode::unexpected_character,
                        fmt::format("expected a move or result, found '{}'", utf8::prefix(word, 40)));
        visitor_.nag(n);
        return true;
    }
    Move move = find_san_move(frame.current, san);
    if (!move && san.starts_with("o-o")) san = capital_castling(san, begin);
    if (!move) {
        Result<Move> slow = parse_san(frame.current, san);
        if (!slow) return fail(begin, slow.error().code, slow.error().message);
        move = *slow;
    }
    visitor_.move(frame.current, move, san);
    frame.last = move;
    frame.current.make(move, frame.undo);
    frame.has_move = true;
    if (!annotation.empty()) {
        const int n = suffix_nag(annotation);
        if (n == 0)
            return fail(
                begin + suffix, ErrorCode::unexpected_character,
                fmt::format("expected one of ! ? !! ?? !? ?!, found '{}'", utf8::snippet(annotation)));
        visitor_.nag(n);
    }
    return true;
}

// The bulk of movetext (blanks, move numbers, moves) read without tokens; stops before
// anything else, which the tokenizer then takes. False when a move was wrong.
bool GameReader::fast_movetext(pgn::Tokenizer& tokens) {
    const std::size_t n = text_.size();
    const char* p = text_.data();
    std::size_t i = tokens.position();
    for (;;) {
        // Blanks and line breaks (classes 1 and 2), by the table: one test a character.
        while (i < n &&
               static_cast<unsigned>(pgn::kClass[static_cast<unsigned char>(p[i])] - pgn::kBlank) <= 1u)
            ++i;
        if (i >= n) break;
        const char c = p[i];
        if (c >= '1' && c <= '9') {  // a move number, unless it is a result
            std::size_t e = i;
            while (e < n && p[e] >= '0' && p[e] <= '9') ++e;
            if (e == n || p[e] != '.') break;
            while (e < n && p[e] == '.') ++e;
            i = e;
            continue;
        }
        if (!((c >= 'a' && c <= 'h') || c == 'N' || c == 'B' || c == 'R' || c == 'Q' || c == 'K' || c == 'O'))
            break;
        std::size_t e = i + 1;
        while (e < n && pgn::kClass[static_cast<unsigned char>(p[e])] == pgn::kOther) ++e;
        if (!play_san(std::string_view(p + i, e - i), i)) return false;
        i = e;
        if (visitor_.movetext_stopped()) break;
    }
    tokens.seek(i);
    return true;
}

}  // namespace

bool read_pgn_game(const PgnGameText& game, PgnVisitor& visitor, const PgnReadOptions& options) {
    if (game.oversized) {  // passed over by the splitter: one error, nothing read
        if (!visitor.begin_game(game)) return true;
        visitor.error(Error{ErrorCode::out_of_range,
                            {game.offset, game.line, game.column},
                            fmt::format("the game is {} bytes long, over the limit of {} for one game: not "
                                        "read (kifu's --max-input MIB raises the limit)",
                                        game.oversized,
                                        game.limit % (1 << 20) == 0 ? fmt::format("{} MiB", game.limit >> 20)
                                                                    : fmt::format("{} bytes", game.limit))});
        visitor.end_game(Position::start());
        return false;
    }
    // Real files hold Latin-1 and CP437 tag values; a game that is not UTF-8 is read as
    // CP437 when it has bytes 0x80-0x9F (control codes in Latin-1, letters in CP437),
    // else as Latin-1 (docs/pgn.md).
    std::string converted;
    std::string_view text = game.text;
    if (!options.charset.empty() && options.charset != "UTF-8") {
        auto result = charset::to_utf8(text, options.charset);
        if (result) converted = std::move(result->text);
        text = converted;
    } else if (!utf8::is_valid(text)) {
        const bool c1 = std::any_of(text.begin(), text.end(), [](char c) {
            const auto b = static_cast<unsigned char>(c);
            return b >= 0x80 && b <= 0x9F;
        });
        auto result = charset::to_utf8(text, c1 ? "CP437" : "ISO-8859-1");
        if (result) converted = std::move(result->text);
        text = converted;
    }
    visitor.stopped_ = false;
    if (!visitor.begin_game(game)) return true;
    GameReader reader(game, text, visitor, options);
    return reader.run();
}

}  // namespace kifu::chess
