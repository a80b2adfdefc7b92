// Reading CSA records, V2 to V3.0 (record.hpp): statements one a line or separated by ',',
// the start position from PI, P1..P9 and P+/P- (00AL included), moves with T times, the
// % specials, '* comments, and records separated by '/'.

#include <fmt/format.h>

#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/shogi/notation.hpp"
#include "kifu/shogi/record.hpp"
#include "record_parts.hpp"

namespace kifu::shogi {
namespace {

// How many of each kind a full set has (the king aside): what 00AL hands out.
constexpr int kFullSet[kHandTypes] = {18, 4, 4, 4, 4, 2, 2};

struct Special {
    std::string_view word;
    Ending ending;
};
constexpr Special kSpecials[] = {
    {"TORYO", Ending::resign},
    {"CHUDAN", Ending::interrupt},
    {"SENNICHITE", Ending::repetition},
    {"TIME_UP", Ending::timeout},
    {"ILLEGAL_MOVE", Ending::illegal_move},
    {"JISHOGI", Ending::impasse},
    {"KACHI", Ending::declaration_win},
    {"HIKIWAKE", Ending::draw},
    {"MAX_MOVES", Ending::max_moves},
    {"TSUMI", Ending::mate},
    {"FUZUMI", Ending::no_mate},
    {"ERROR", Ending::error},
};

class CsaReader {
  public:
    explicit CsaReader(std::string_view text) : text_(text) {}

    Result<std::vector<Game>> read() {
        record::Lines lines(text_);
        record::Line line;
        while (lines.next(line)) {
            std::string_view t = line.text;
            if (t.starts_with("'")) {
                comment(t);
                continue;
            }
            std::size_t at = 0;
            while (at <= t.size()) {
                std::size_t end = t.find(',', at);
                if (end == std::string_view::npos) end = t.size();
                const std::string_view statement = trim_blanks(t.substr(at, end - at));
                if (statement.starts_with("'")) {  // a comment runs to the end of the line, commas and all
                    comment(trim_blanks(t.substr(t.find('\'', at))));
                    break;
                }
                if (!statement.empty())
                    if (Result<void> r = take(statement, line.offset + at); !r) return r.error();
                at = end + 1;
            }
        }
        if (started_ || !games_.empty() || !game_.tags.empty() || game_.size() > 1) finish();
        if (games_.empty())
            return error_at(text_, text_.size(), ErrorCode::unexpected_end,
                            "no CSA record: expected V2.2, N+, P1 ... or a move");
        return std::move(games_);
    }

  private:
    void comment(std::string_view t) {
        if (!t.starts_with("'*")) return;  // "'..." is the file's own remark; "'*..." belongs to the game
        std::string_view c = t.substr(2);
        while (!c.empty() && is_blank(c.back())) c.remove_suffix(1);
        game_.node(current_).notes().comments.emplace_back(c);
        started_ = true;
    }

    Error fail(std::size_t offset, ErrorCode code, std::string message) const {
        return error_at(text_, offset, code, std::move(message));
    }

    Result<void> take(std::string_view s, std::size_t offset) {
        started_ = true;
        switch (s[0]) {
            case 'V':
                return {};  // V2, V2.1, V2.2, V3.0: the statements below read the same
            case 'N':
                if (s.size() >= 2 && (s[1] == '+' || s[1] == '-')) {
                    game_.set_tag(s[1] == '+' ? "先手" : "後手", s.substr(2));
                    return {};
                }
                break;
            case '$': {
                const std::size_t colon = s.find(':');
                if (colon == std::string_view::npos)
                    return fail(offset + s.size(), ErrorCode::unexpected_character,
                                fmt::format("expected ':' after the key '{}'", utf8::snippet(s)));
                const std::string_view key = s.substr(0, colon);
                std::string_view tag = key;
                for (const record::CsaKey& k : record::kCsaKeys)
                    if (k.csa == key) tag = k.kif;
                game_.tags.emplace_back(tag, s.substr(colon + 1));
                return {};
            }
            case 'P':
                return position_line(s, offset);
            case '+':
            case '-':
                if (s.size() == 1) return side(s[0] == '+' ? Color::black : Color::white);
                return move(s, offset);
            case 'T':
                return time(s, offset);
            case '%':
                return special(s, offset);
            case '/':
                if (s.size() == 1) {
                    finish();
                    return {};
                }
                break;
            default:
                break;
        }
        return fail(
            offset, ErrorCode::unexpected_character,
            fmt::format("expected a CSA statement (V, N+, $KEY:, P1, +, +7776FU, T, %TORYO, /), found '{}'",
                        utf8::snippet(s)));
    }

    Result<void> side(Color c) {
        begin(c);
        return {};
    }
    // The start position, once its side to move is given (or the first move comes).
    void begin(Color c) {
        if (moves_begun_) return;
        if (!board_given_) position_ = Position::start();
        position_.set_side_to_move(c);
        game_.start = position_;
        moves_begun_ = true;
    }

    Result<void> position_line(std::string_view s, std::size_t offset) {
        if (moves_begun_)
            return fail(offset, ErrorCode::unexpected_character, "a position line after the moves began");
        if (s.size() < 2)
            return fail(offset + 1, ErrorCode::unexpected_end, "expected PI, P1 to P9, P+ or P-");
        const char kind = s[1];
        if (kind == 'I') {
            position_ = Position::start();
            board_given_ = true;
            for (std::size_t i = 2; i + 4 <= s.size(); i += 4) {
                const Result<Square> sq = square(s, i, offset);
                if (!sq) return sq.error();
                const PieceType type = record::csa_piece(s.substr(i + 2, 2));
                if (*sq == kNoSquare || type == PieceType::none || position_.piece_on(*sq).type != type)
                    return fail(offset + i, ErrorCode::conflict,
                                fmt::format("PI takes away '{}', which is not on the starting board",
                                            utf8::snippet(s.substr(i, 4))));
                position_.remove(*sq);
            }
            if ((s.size() - 2) % 4 != 0)
                return fail(offset + s.size(), ErrorCode::unexpected_end,
                            "expected a square and a piece (82HI)");
            return {};
        }
        if (kind >= '1' && kind <= '9') {
            if (!board_given_) {
                position_ = Position();
                board_given_ = true;
            }
            const int rank = kind - '1';
            for (int file = 9; file >= 1; --file) {
                const std::size_t i = 2 + static_cast<std::size_t>(9 - file) * 3;
                const Square sq = make_square(file, rank);
                const std::string_view cell = i < s.size() ? s.substr(i, 3) : std::string_view();
                if (cell.empty() || cell.starts_with(" *") || cell == " " || cell == "  ") {
                    position_.remove(sq);
                    continue;
                }
                const PieceType type = cell.size() == 3 ? record::csa_piece(cell.substr(1)) : PieceType::none;
                if ((cell[0] != '+' && cell[0] != '-') || type == PieceType::none)
                    return fail(
                        offset + i, ErrorCode::unexpected_character,
                        fmt::format("expected ' * ' or a piece such as '+FU' for square {}{}, found '{}'",
                                    file, rank + 1, utf8::snippet(cell)));
                position_.put({type, cell[0] == '+' ? Color::black : Color::white}, sq);
            }
            if (s.size() > 29)
                return fail(offset + 29, ErrorCode::unexpected_character, "a board row has nine squares");
            return {};
        }
        if (kind == '+' || kind == '-') {
            if (!board_given_) {
                position_ = Position();
                board_given_ = true;
            }
            const Color color = kind == '+' ? Color::black : Color::white;
            if ((s.size() - 2) % 4 != 0)
                return fail(offset + s.size(), ErrorCode::unexpected_end,
                            "expected squares and pieces in fours (00HI, 11OU, 00AL)");
            for (std::size_t i = 2; i + 4 <= s.size(); i += 4) {
                const std::string_view code = s.substr(i + 2, 2);
                if (s.substr(i, 2) == "00" && code == "AL") {
                    all_to_hand(color);
                    continue;
                }
                const Result<Square> sq = square(s, i, offset);
                if (!sq) return sq.error();
                const PieceType type = record::csa_piece(code);
                if (type == PieceType::none)
                    return fail(
                        offset + i + 2, ErrorCode::unexpected_character,
                        fmt::format("expected a piece code (FU KY KE GI KI KA HI OU TO NY NK NG UM RY), "
                                    "found '{}'",
                                    utf8::snippet(code)));
                if (*sq == kNoSquare) {
                    if (index(type) >= kHandTypes)
                        return fail(offset + i, ErrorCode::conflict,
                                    fmt::format("a hand holds no '{}'", record::csa_code(type)));
                    position_.set_hand(color, type, position_.hand(color, type) + 1);
                } else {
                    position_.put({type, color}, *sq);
                }
            }
            return {};
        }
        return fail(offset + 1, ErrorCode::unexpected_character,
                    fmt::format("expected PI, P1 to P9, P+ or P-, found '{}'", utf8::snippet(s)));
    }

    // "00" is a hand (kNoSquare); else file and rank digits.
    Result<Square> square(std::string_view s, std::size_t i, std::size_t offset) const {
        if (s[i] == '0' && s[i + 1] == '0') return kNoSquare;
        if (s[i] < '1' || s[i] > '9' || s[i + 1] < '1' || s[i + 1] > '9')
            return fail(offset + i, ErrorCode::unexpected_character,
                        fmt::format("expected a square (two digits 1-9, or 00 for the hand), found '{}'",
                                    utf8::snippet(s.substr(i, 2))));
        return make_square(s[i] - '0', s[i + 1] - '1');
    }

    void all_to_hand(Color color) {
        int left[kHandTypes];
        for (int t = 0; t < kHandTypes; ++t)
            left[t] = kFullSet[t] - position_.hand(Color::black, static_cast<PieceType>(t)) -
                      position_.hand(Color::white, static_cast<PieceType>(t));
        for (int s = 0; s < kSquares; ++s) {
            const Piece p = position_.piece_on(static_cast<Square>(s));
            if (!p.empty() && p.type != PieceType::king) --left[index(unpromoted(p.type))];
        }
        for (int t = 0; t < kHandTypes; ++t)
            if (left[t] > 0)
                position_.set_hand(color, static_cast<PieceType>(t),
                                   position_.hand(color, static_cast<PieceType>(t)) + left[t]);
    }

    Result<void> move(std::string_view s, std::size_t offset) {
        begin(s[0] == '+' ? Color::black : Color::white);
        if (line_ended_)
            return fail(
                offset, ErrorCode::unexpected_character,
                fmt::format("a move after the record ended ({})", to_string(game_.node(current_).ending)));
        Result<Move> m = parse_move(position_, s, Notation::csa);
        if (!m) return fail(offset, m.error().code, m.error().message);
        current_ = game_.add_move(current_, *m, std::string(s));
        position_.play(*m);
        timed_ = Timed::move;
        return {};
    }

    // "T12", V3's "T12.345": seconds the move (or special) before took.
    Result<void> time(std::string_view s, std::size_t offset) {
        std::int64_t ms = 0;
        std::size_t i = 1, digits = 0;
        while (i < s.size() && is_digit(s[i]) && digits < 9) ms = ms * 10 + (s[i++] - '0'), ++digits;
        ms *= 1000;
        if (i < s.size() && s[i] == '.') {
            ++i;
            std::int64_t scale = 100;
            while (i < s.size() && is_digit(s[i])) {
                ms += (s[i++] - '0') * scale;
                scale /= 10;
            }
        }
        if (!digits || i != s.size())
            return fail(offset, ErrorCode::unexpected_character,
                        fmt::format("expected a time in seconds such as T12 or T12.345, found '{}'",
                                    utf8::snippet(s)));
        if (timed_ == Timed::nothing)
            return fail(offset, ErrorCode::unexpected_character, "a time with no move before it");
        Game::Node& node = game_.node(current_);
        (timed_ == Timed::move ? node.time_ms : node.ending_time_ms) = record::capped_time_ms(ms);
        timed_ = Timed::nothing;
        return {};
    }

    Result<void> special(std::string_view s, std::size_t offset) {
        begin(Color::black);
        const std::string_view word = s.substr(1);
        Ending ending = Ending::none;
        if (word == "+ILLEGAL_ACTION" || word == "-ILLEGAL_ACTION") {
            const bool by_mover = (word[0] == '+') == (position_.side_to_move() == Color::black);
            ending = by_mover ? Ending::illegal_loss : Ending::illegal_win;
        }
        for (const Special& sp : kSpecials)
            if (sp.word == word) ending = sp.ending;
        if (ending == Ending::none) {
            if (word == "MATTA")
                return fail(offset, ErrorCode::unsupported, "%MATTA (a move taken back) is not read by kifu");
            return fail(
                offset, ErrorCode::unexpected_character,
                fmt::format("expected a special such as %TORYO or %CHUDAN, found '{}'", utf8::snippet(s)));
        }
        if (line_ended_) {  // floodgate writes %KACHI twice: the declaration and the verdict
            game_.warnings.push_back(
                fail(offset, ErrorCode::duplicate,
                     fmt::format("a second special '{}' after the record ended with '%{}': ignored",
                                 utf8::snippet(s),
                                 csa_special(game_.node(current_).ending, position_.side_to_move()))));
            timed_ = Timed::nothing;
            return {};
        }
        Game::Node& leaf = game_.node(current_);
        leaf.ending = ending;
        timed_ = Timed::ending;
        line_ended_ = true;
        return {};
    }

    void finish() {
        begin(Color::black);
        games_.push_back(std::move(game_));
        game_ = Game();
        position_ = Position();
        current_ = Game::kRoot;
        timed_ = Timed::nothing;
        board_given_ = moves_begun_ = line_ended_ = started_ = false;
    }

    std::string_view text_;
    std::vector<Game> games_;
    Game game_;
    Position position_;
    NodeId current_ = Game::kRoot;
    enum class Timed : std::uint8_t { nothing, move, ending };
    Timed timed_ = Timed::nothing;  // what a T statement times: the last move or special
    bool board_given_ = false;
    bool moves_begun_ = false;
    bool line_ended_ = false;
    bool started_ = false;  // the record has a statement
};

}  // namespace

Result<std::vector<Game>> read_csa(std::string_view bytes, std::string_view charset) {
    Result<std::string> text = decode_record(bytes, charset);
    if (!text) return text.error();
    Result<std::vector<Game>> games = CsaReader(*text).read();
    if (games) add_judgements(*games);
    return games;
}

}  // namespace kifu::shogi
