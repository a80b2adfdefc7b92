// Reading KIF and KI2 records (record.hpp): one reader for both, line by line, since they
// share the header, the BOD diagram, comments, bookmarks and 変化 blocks; only the move
// lines differ (KIF: one numbered move with its origin and time; KI2: Japanese notation,
// several a line).

#include <fmt/format.h>

#include "japanese.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/shogi/handicap.hpp"
#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/record.hpp"
#include "record_parts.hpp"

namespace kifu::shogi {
namespace {

using record::eat;
using record::one_line;
using record::skip_spaces;
using record::trim;

bool is_side_mark_at(std::string_view t, std::size_t i) {
    for (const std::string_view mark : {"▲", "△", "☗", "☖"})
        if (t.substr(i, mark.size()) == mark) return true;
    return false;
}

// "変化：N手" (KI2 writes "変化：   1手"): N, or 0 when the line is not one.
int variation_number(std::string_view line) {
    std::size_t i = 0;
    if (!eat(line, i, "変化")) return 0;
    if (!eat(line, i, "：") && !eat(line, i, ":")) return 0;
    skip_spaces(line, i);
    int n = 0;
    while (i < line.size() && is_digit(line[i]) && n < 1000000) n = n * 10 + (line[i++] - '0');
    return eat(line, i, "手") ? n : 0;
}

class KifReader {
  public:
    KifReader(std::string_view text, record::KifFlavour flavour) : text_(text), flavour_(flavour) {}

    Result<Game> read() {
        record::Lines lines(text_);
        record::Line line;
        while (lines.next(line))
            if (Result<void> r = take(line); !r) return r.error();
        if (Result<void> r = begin_moves(text_.size()); !r) return r.error();
        return std::move(game_);
    }

  private:
    Result<void> take(const record::Line& line) {
        const std::string_view t = trim(line.text);
        if (t.empty() || t.starts_with("#")) return {};  // file comments ("#KIF version=2.0 ...")
        if (t.starts_with("*")) {
            std::string_view comment = line.text.substr(line.text.find('*') + 1);
            while (!comment.empty() && is_blank(comment.back())) comment.remove_suffix(1);
            game_.node(current_).notes().comments.emplace_back(comment);
            return {};
        }
        if (t.starts_with("&")) {
            game_.node(current_).notes().name = one_line(trim(t.substr(1)));
            return {};
        }
        if (const int n = variation_number(t)) return begin_variation(n, line);
        if (t.starts_with("まで")) {
            // KIF says the ending with its terminal word already; KI2 only here.
            if (game_.node(current_).ending == Ending::none)
                end_line(record::ending_from_closing_line(t, position_.side_to_move()), -1, line.offset);
            line_ended_ = true;
            return {};
        }
        if (t.starts_with("手数----") || t.starts_with("手数＝＝")) return begin_moves(line.offset);
        if (moves_begun_ && record::BodReader::claims(t)) {
            game_.warnings.push_back(
                error_at(text_, line.offset, ErrorCode::unexpected_character,
                         fmt::format("a board diagram's line after the moves began, skipped: '{}'",
                                     utf8::snippet(t))));
            return {};
        }
        if (!moves_begun_) {
            const std::size_t indent = static_cast<std::size_t>(t.data() - line.text.data());
            Result<bool> diagram = bod_.take(t, text_, line.offset + indent);
            if (!diagram) return diagram.error();
            if (*diagram) return {};
        }
        if (flavour_ == record::KifFlavour::kif ? is_digit(t[0]) : is_side_mark_at(t, 0)) {
            if (Result<void> r = begin_moves(line.offset); !r) return r.error();
            const std::size_t at = line.offset + static_cast<std::size_t>(t.data() - line.text.data());
            return flavour_ == record::KifFlavour::kif ? kif_move(t, at) : ki2_moves(t, at);
        }
        if (const std::size_t colon = colon_of(t); colon != std::string_view::npos)
            return header(t, colon, line);
        game_.warnings.push_back(
            error_at(text_, line.offset, ErrorCode::unexpected_character,
                     fmt::format("line not understood, skipped: '{}'", utf8::snippet(t))));
        return {};
    }

    static std::size_t colon_of(std::string_view t) {
        const std::size_t wide = t.find("：");
        const std::size_t ascii = t.find(':');
        return std::min(wide, ascii);
    }

    Result<void> header(std::string_view t, std::size_t colon, const record::Line& line) {
        const std::string_view key = trim(t.substr(0, colon));
        const std::string_view value =
            trim(t.substr(colon + (t[colon] == ':' ? 1 : std::string_view("：").size())));
        if (key == "手合割") {
            if (moves_begun_) return {};
            handicap_ = handicap_named(value);
            handicap_offset_ = line.offset;
            handicap_text_ = value;
            return {};
        }
        if (key == "後手の持駒" || key == "先手の持駒" || key == "上手の持駒" || key == "下手の持駒") {
            // A hand written loosely ("後手の持駒 ：..."): read as the diagram's, never kept as a tag.
            if (moves_begun_) return {};
            const std::string normal = std::string(key) + "：" + std::string(value);
            Result<bool> r = bod_.take(normal, normal, 0);
            if (!r) return error_at(text_, line.offset, r.error().code, r.error().message);
            return {};
        }
        // 変化 names a variation ("変化：N手"); a line of that key that is none is no header
        // either (kept as a tag, it was written back as one that read as a variation).
        if (key == "変化") {
            game_.warnings.push_back(
                error_at(text_, line.offset, ErrorCode::unexpected_character,
                         fmt::format("a 変化 line that names no variation (変化：N手), skipped: '{}'",
                                     utf8::snippet(t))));
            return {};
        }
        if (key.empty() || key.starts_with("|") || key.starts_with("+")) {  // a diagram's line out of place
            game_.warnings.push_back(
                error_at(text_, line.offset, ErrorCode::unexpected_character,
                         fmt::format("line not understood, skipped: '{}'", utf8::snippet(t))));
            return {};
        }
        game_.tags.emplace_back(one_line(key), one_line(value));
        return {};
    }

    // Settles the start position when the first move (or the move table's head) comes.
    Result<void> begin_moves(std::size_t offset) {
        if (moves_begun_) return {};
        moves_begun_ = true;
        Position start = Position::start();
        if (bod_.has_board()) {
            if (!bod_.complete())
                return error_at(text_, offset, ErrorCode::unexpected_end,
                                "the board diagram has fewer than nine rows");
            start = bod_.position();
            if (!bod_.side_given() && handicap_ && handicap_->japanese != "平手")
                start.set_side_to_move(Color::white);
        } else if (handicap_) {
            Result<Position> p = read_start_position(handicap_->sfen);
            if (!p) return p.error();
            start = *p;
        } else if (!handicap_text_.empty()) {
            return error_at(
                text_, handicap_offset_, ErrorCode::unsupported,
                fmt::format("手合割 '{}' is no handicap kifu knows (平手, 香落ち, 角落ち, ...), and "
                            "no board diagram gives the position",
                            utf8::snippet(handicap_text_)));
        }
        number_offset_ = bod_.move_number();
        game_.start = start;
        position_ = start;
        return {};
    }

    Result<void> begin_variation(int n, const record::Line& line) {
        if (Result<void> r = begin_moves(line.offset); !r) return r.error();
        const int depth = n - 1 - number_offset_;
        std::size_t at = depth_;
        if (depth < 0 || static_cast<std::size_t>(depth) > at)
            return error_at(
                text_, line.offset, ErrorCode::out_of_range,
                fmt::format("変化：{}手 is no move of the line read last, which has moves {} to {}", n,
                            number_offset_ + 1, number_offset_ + static_cast<int>(at)));
        while (at > static_cast<std::size_t>(depth)) {
            current_ = game_.node(current_).parent;
            --at;
        }
        depth_ = at;
        position_ = game_.position_after(current_);
        line_ended_ = false;
        return {};
    }

    Square previous_square() const {
        return current_ == Game::kRoot ? kNoSquare : game_.node(current_).move.to();
    }

    Result<void> line_has_ended(std::size_t at) const {
        if (!line_ended_) return {};
        return error_at(
            text_, at, ErrorCode::unexpected_character,
            fmt::format("a move after the line ended ({})", to_string(game_.node(current_).ending)));
    }

    // "( 0:16/00:00:16)": the time of the move in milliseconds (the total is worked out again).
    Result<std::int32_t> time(std::string_view t, std::size_t& i, std::size_t base) {
        const std::size_t start = i;
        const auto bad = [&] {
            return error_at(text_, base + start, ErrorCode::unexpected_character,
                            fmt::format("expected a time such as '( 0:16/00:00:16)', found '{}'",
                                        utf8::snippet(t.substr(start))));
        };
        ++i;  // '('
        skip_spaces(t, i);
        std::int64_t minutes = 0, seconds = 0;
        std::size_t digits = 0;
        while (i < t.size() && is_digit(t[i]) && digits < 6)
            minutes = minutes * 10 + (t[i++] - '0'), ++digits;
        if (!digits || i >= t.size() || t[i] != ':') return bad();
        ++i;
        digits = 0;
        while (i < t.size() && is_digit(t[i]) && digits < 2)
            seconds = seconds * 10 + (t[i++] - '0'), ++digits;
        if (!digits) return bad();
        skip_spaces(t, i);
        if (i < t.size() && t[i] == '/') {
            ++i;
            while (i < t.size() && (is_digit(t[i]) || t[i] == ':' || t[i] == ' ')) ++i;
        }
        if (i >= t.size() || t[i] != ')') return bad();
        ++i;
        const std::int64_t ms = (minutes * 60 + seconds) * 1000;
        return record::capped_time_ms(ms);
    }

    // The time at `i` when one is there ('('), else -1.
    Result<std::int32_t> optional_time(std::string_view t, std::size_t& i, std::size_t base) {
        if (i >= t.size() || t[i] != '(') return -1;
        return time(t, i, base);
    }

    // "   1 ７六歩(77)   ( 0:16/00:00:16)+", or a terminal word in the move's place.
    Result<void> kif_move(std::string_view t, std::size_t base) {
        std::size_t i = 0;
        int number = 0;
        while (i < t.size() && is_digit(t[i]) && number < 1000000) number = number * 10 + (t[i++] - '0');
        if (Result<void> r = line_has_ended(base + i + 1); !r) return r;
        const std::size_t depth = depth_;
        if (!numbered_) {
            number_offset_ = number - 1 - static_cast<int>(depth);
            numbered_ = true;
        } else if (number != static_cast<int>(depth) + 1 + number_offset_) {
            return error_at(text_, base, ErrorCode::unexpected_character,
                            fmt::format("move number {} where {} was expected", number,
                                        static_cast<int>(depth) + 1 + number_offset_));
        }
        skip_spaces(t, i);
        const std::size_t move_at = i;
        // A terminal word: the line ends here.
        std::size_t word_end = i;
        while (word_end < t.size() && !is_blank(t[word_end]) && t[word_end] != '(') ++word_end;
        // A move starts with its square (a wide digit, "\xEF\xBC\x91".."\x99") or 同; a terminal word never
        // does.
        const bool square_first = t.substr(i, 2) == "\xEF\xBC" || t.substr(i, 3) == "同";
        if (const Ending ending =
                square_first ? Ending::none : ending_from_kif_word(t.substr(i, word_end - i));
            ending != Ending::none) {
            i = word_end;
            skip_spaces(t, i);
            Result<std::int32_t> ms = optional_time(t, i, base);
            if (!ms) return ms.error();
            end_line(ending, *ms, base + move_at);
            line_ended_ = true;
            return rest_of_line(t, i, base);
        }
        Result<Move> move = kif_move_text(t, i, base);
        if (!move) return move.error();
        const std::string_view written = trim(t.substr(move_at, i - move_at));
        skip_spaces(t, i);
        Result<std::int32_t> ms = optional_time(t, i, base);
        if (!ms) return ms.error();
        if (Result<void> r = rest_of_line(t, i, base); !r) return r;
        play(*move, written).time_ms = *ms;
        return {};
    }

    Result<void> rest_of_line(std::string_view t, std::size_t i, std::size_t base) {
        skip_spaces(t, i);
        if (i < t.size() && t[i] == '+') ++i;  // "a variation follows": the 変化 block says it
        skip_spaces(t, i);
        if (i >= t.size()) return {};
        return error_at(
            text_, base + i, ErrorCode::unexpected_character,
            fmt::format("expected the end of the move's line, found '{}'", utf8::snippet(t.substr(i))));
    }

    // The ending of the line read last. A variation that is nothing but an ending (a player
    // resigning instead of the move played) has no node to hold it: said, and left out.
    void end_line(Ending ending, std::int32_t ms, std::size_t offset) {
        if (ending == Ending::none) return;
        Game::Node& leaf = game_.node(current_);
        if (!leaf.children.empty()) {
            game_.warnings.push_back(error_at(
                text_, offset, ErrorCode::unsupported,
                fmt::format("a variation that is only the ending {}: kifu's tree ends lines after moves, "
                            "so it is left out",
                            to_string(ending))));
            return;
        }
        leaf.ending = ending;
        leaf.ending_time_ms = ms;
    }

    Game::Node& play(Move move, std::string_view written) {
        current_ = game_.add_move(current_, move, std::string(written));
        ++depth_;
        position_.play(move);
        return game_.node(current_);
    }

    // "７六歩(77)", "同　歩(23)", "２二角成(88)", "８五歩打"; a move without its origin is
    // found among the legal moves as Japanese notation finds it.
    Result<Move> kif_move_text(std::string_view t, std::size_t& i, std::size_t base) {
        const std::size_t start = i;
        const auto invalid = [&](std::size_t at, std::string_view what) {
            return error_at(
                text_, base + at, ErrorCode::unexpected_character,
                fmt::format("invalid move '{}': expected {} (as in ７六歩(77), 同　歩(23), ８五歩打)",
                            utf8::snippet(trim(t.substr(start))), what));
        };
        Square to = kNoSquare;
        if (eat(t, i, "同")) {
            skip_spaces(t, i);
            to = previous_square();
            if (to == kNoSquare)
                return error_at(text_, base + start, ErrorCode::illegal_move,
                                "同 (the square of the previous move) at the first move");
        } else {
            const int file = record::read_digit(t, i);
            const int rank = file ? record::read_digit(t, i) : 0;
            if (!file || !rank) return invalid(start, "a destination: a file and a rank");
            to = make_square(file, rank - 1);
        }
        const std::size_t piece_at = i;
        const PieceType type = record::read_piece_name(t, i);
        if (type == PieceType::none) return invalid(piece_at, "a piece name");
        bool promote = false, drop = false;
        if (eat(t, i, "不成") || eat(t, i, "生"))
            promote = false;
        else if (eat(t, i, "成"))
            promote = true;
        if (eat(t, i, "打")) drop = true;
        Square from = kNoSquare;
        if (!drop && i < t.size() && t[i] == '(') {
            const std::size_t at = i;
            if (i + 3 >= t.size() || !is_digit(t[i + 1]) || !is_digit(t[i + 2]) || t[i + 3] != ')' ||
                t[i + 1] == '0' || t[i + 2] == '0')
                return invalid(at, "the origin square in parentheses, as (77)");
            from = make_square(t[i + 1] - '0', t[i + 2] - '1');
            i += 4;
        }
        const std::string_view written = t.substr(start, i - start);
        if (!drop && from == kNoSquare) {
            // No origin: the Japanese reader resolves it (and says why when it cannot).
            Result<Move> m = japanese::read(position_, written, previous_square());
            if (!m) return error_at(text_, base + start, m.error().code, m.error().message);
            return *m;
        }
        const Move move = drop ? Move::drop(type, to) : Move::make(from, to, promote);
        if ((drop || position_.piece_on(from).type == type) && is_legal(position_, move)) return move;
        std::string why;
        if (!drop) {
            const Piece p = position_.piece_on(from);
            if (p.empty())
                why = fmt::format(": no piece stands on {}{}", file_of(from), rank_of(from) + 1);
            else if (p.color != position_.side_to_move())
                why = fmt::format(": the piece on {}{} is not {}'s", file_of(from), rank_of(from) + 1,
                                  position_.side_to_move() == Color::black ? "Black" : "White");
            else if (p.type != type)
                why = fmt::format(": the piece on {}{} is {}, not {}", file_of(from), rank_of(from) + 1,
                                  record::piece_name(p.type), record::piece_name(type));
        } else if (index(type) >= kHandTypes || position_.hand(position_.side_to_move(), type) == 0) {
            why = fmt::format(": {} has no {} in hand",
                              position_.side_to_move() == Color::black ? "Black" : "White",
                              record::piece_name(type));
        }
        return error_at(text_, base + start, ErrorCode::illegal_move,
                        fmt::format("illegal move '{}'{}", utf8::snippet(written), why));
    }

    // "▲７六歩    △３四歩": each move starts at its side mark.
    Result<void> ki2_moves(std::string_view t, std::size_t base) {
        std::size_t i = 0;
        while (i < t.size()) {
            while (i < t.size() && is_blank(t[i])) ++i;
            if (i >= t.size()) break;
            const std::size_t start = i;
            i += is_side_mark_at(t, i) ? 3 : 0;
            while (i < t.size() && !is_blank(t[i]) && !is_side_mark_at(t, i)) ++i;
            const std::string_view token = t.substr(start, i - start);
            if (Result<void> r = line_has_ended(base + start); !r) return r;
            std::size_t w = is_side_mark_at(token, 0) ? 3 : 0;
            if (const Ending ending = ending_from_kif_word(token.substr(w)); ending != Ending::none) {
                end_line(ending, -1, base + start);
                line_ended_ = true;
                continue;
            }
            Result<Move> m = japanese::read(position_, token, previous_square());
            if (!m) return error_at(text_, base + start, m.error().code, m.error().message);
            play(*m, token);
        }
        return {};
    }

    std::string_view text_;
    record::KifFlavour flavour_;
    Game game_;
    NodeId current_ = Game::kRoot;  // the last node read: the end of the line read last
    std::size_t depth_ = 0;         // its depth: the moves from the start to it
    Position position_;             // after current_
    record::BodReader bod_;
    const Handicap* handicap_ = nullptr;
    std::string_view handicap_text_;
    std::size_t handicap_offset_ = 0;
    int number_offset_ = 0;  // the number of the moves before the first (手数＝N of a diagram)
    bool numbered_ = false;
    bool moves_begun_ = false;
    bool line_ended_ = false;
};

Result<std::vector<Game>> read_record(std::string_view bytes, record::KifFlavour flavour,
                                      std::string_view charset) {
    Result<std::string> text = decode_record(bytes, charset);
    if (!text) return text.error();
    Result<Game> game = KifReader(*text, flavour).read();
    if (!game) return game.error();
    std::vector<Game> games;
    games.push_back(std::move(*game));
    add_judgements(games);
    return games;
}

}  // namespace

Result<std::vector<Game>> read_kif(std::string_view bytes, std::string_view charset) {
    return read_record(bytes, record::KifFlavour::kif, charset);
}

Result<std::vector<Game>> read_ki2(std::string_view bytes, std::string_view charset) {
    return read_record(bytes, record::KifFlavour::ki2, charset);
}

}  // namespace kifu::shogi
