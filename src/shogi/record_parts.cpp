#include "record_parts.hpp"

#include <fmt/format.h>

#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"

namespace kifu::shogi::record {
namespace {

struct PieceName {
    std::string_view text;
    PieceType type;
};

// Longest first, so that 成香 is not read as 成 and a lance.
constexpr PieceName kPieceNames[] = {
    {"成香", PieceType::pro_lance}, {"成桂", PieceType::pro_knight}, {"成銀", PieceType::pro_silver},
    {"歩", PieceType::pawn},        {"香", PieceType::lance},        {"桂", PieceType::knight},
    {"銀", PieceType::silver},      {"金", PieceType::gold},         {"角", PieceType::bishop},
    {"飛", PieceType::rook},        {"玉", PieceType::king},         {"王", PieceType::king},
    {"と", PieceType::pro_pawn},    {"杏", PieceType::pro_lance},    {"圭", PieceType::pro_knight},
    {"全", PieceType::pro_silver},  {"馬", PieceType::horse},        {"龍", PieceType::dragon},
    {"竜", PieceType::dragon},
};

constexpr std::array<std::string_view, 14> kWritten = {"歩", "香", "桂",   "銀",   "金",   "角", "飛",
                                                       "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
constexpr std::array<std::string_view, 14> kCharacters = {"歩", "香", "桂", "銀", "金", "角", "飛",
                                                          "玉", "と", "杏", "圭", "全", "馬", "龍"};
constexpr std::array<std::string_view, 14> kCsaCodes = {"FU", "KY", "KE", "GI", "KI", "KA", "HI",
                                                        "OU", "TO", "NY", "NK", "NG", "UM", "RY"};

// ASCII blanks, the wide space and U+FEFF (a byte-order mark inside a text is no character).
bool is_space_at(std::string_view text, std::size_t i) noexcept {
    return is_blank(text[i]) || text.substr(i, 3) == kWideSpace || text.substr(i, 3) == "\uFEFF";
}

Error error_in(std::string_view text, std::size_t offset, ErrorCode code, std::string message) {
    return error_at(text, offset, code, std::move(message));
}

// "  ９ ８ ７ ６ ５ ４ ３ ２ １": the files above a diagram.
bool is_column_line(std::string_view t) {
    std::size_t i = 0;
    for (int file = 9; file >= 1; --file) {
        skip_spaces(t, i);
        if (!eat(t, i, kWideDigits[static_cast<std::size_t>(file)])) return false;
    }
    skip_spaces(t, i);
    return i == t.size();
}

}  // namespace

std::string_view trim(std::string_view text) noexcept {
    std::size_t i = 0;
    skip_spaces(text, i);
    text.remove_prefix(i);
    for (;;) {
        if (!text.empty() && is_blank(text.back()))
            text.remove_suffix(1);
        else if (text.ends_with(kWideSpace) || text.ends_with("\uFEFF"))
            text.remove_suffix(3);
        else
            return text;
    }
}

void skip_spaces(std::string_view text, std::size_t& i) noexcept {
    while (i < text.size() && is_space_at(text, i)) i += is_blank(text[i]) ? 1 : 3;
}

bool eat(std::string_view text, std::size_t& i, std::string_view word) noexcept {
    if (text.substr(i, word.size()) != word) return false;
    i += word.size();
    return true;
}

std::string one_line(std::string_view text, std::string_view also) {
    std::string out(text);
    for (char& c : out)
        if (c == '\n' || c == '\r' || also.find(c) != std::string_view::npos) c = ' ';
    return out;
}

void append_comments(std::string& out, std::string_view mark, const std::vector<std::string>& comments) {
    for (const std::string_view c : comments)
        for (std::size_t start = 0;;) {
            const std::size_t end = std::min(c.find('\n', start), c.size());
            std::string_view line = c.substr(start, end - start);
            if (line.ends_with('\r')) line.remove_suffix(1);
            out += mark;
            out += line;
            out += '\n';
            if (end >= c.size()) break;
            start = end + 1;
        }
}

std::string seconds_text(std::int64_t ms) {
    if (ms % 1000 == 0) return std::to_string(ms / 1000);
    std::string out = fmt::format("{}.{:03}", ms / 1000, ms % 1000);
    while (out.back() == '0') out.pop_back();
    return out;
}

int read_digit(std::string_view text, std::size_t& i) noexcept {
    for (int d = 1; d <= 9; ++d) {
        const auto k = static_cast<std::size_t>(d);
        if (eat(text, i, kWideDigits[k]) || eat(text, i, kKanjiDigits[k])) return d;
        if (i < text.size() && text[i] == static_cast<char>('0' + d)) {
            ++i;
            return d;
        }
    }
    return 0;
}

int read_kanji_number(std::string_view text, std::size_t& i) noexcept {
    int n = 0;
    if (eat(text, i, "十")) n = 10;
    for (int d = 1; d <= 9; ++d)
        if (eat(text, i, kKanjiDigits[static_cast<std::size_t>(d)])) return n + d;
    return n;
}

std::string kanji_number(int n) {
    std::string out;
    if (n >= 10) out += "十";
    if (n % 10) out += kKanjiDigits[static_cast<std::size_t>(n % 10)];
    return out;
}

PieceType read_piece_name(std::string_view text, std::size_t& i) noexcept {
    for (const PieceName& n : kPieceNames)
        if (eat(text, i, n.text)) return n.type;
    return PieceType::none;
}

std::string_view piece_name(PieceType type) noexcept {
    return kWritten[static_cast<std::size_t>(index(type))];
}

std::string_view piece_character(PieceType type) noexcept {
    return kCharacters[static_cast<std::size_t>(index(type))];
}

std::string_view csa_code(PieceType type) noexcept {
    return kCsaCodes[static_cast<std::size_t>(index(type))];
}

PieceType csa_piece(std::string_view code) noexcept {
    for (std::size_t t = 0; t < kCsaCodes.size(); ++t)
        if (kCsaCodes[t] == code) return static_cast<PieceType>(t);
    return PieceType::none;
}

Position BodReader::position() const {
    Position p = position_;
    for (const Color c : {Color::black, Color::white}) {
        if (!rest_[static_cast<std::size_t>(index(c))]) continue;
        // The set: 18 pawns, 4 lances, knights, silvers and golds, 2 bishops and rooks.
        std::array<int, kHandTypes> left{18, 4, 4, 4, 4, 2, 2};
        for (Square s = 0; s < kSquares; ++s)
            if (const Piece piece = p.piece_on(s); !piece.empty() && piece.type != PieceType::king)
                --left[static_cast<std::size_t>(index(unpromoted(piece.type)))];
        for (int t = 0; t < kHandTypes; ++t) {
            const auto type = static_cast<PieceType>(t);
            const int n = left[static_cast<std::size_t>(t)] - p.hand(~c, type);
            p.set_hand(c, type, n > 0 ? n : 0);
        }
    }
    return p;
}

Result<void> BodReader::read_hand(std::string_view list, Color color, std::string_view text,
                                  std::size_t offset) {
    for (int t = 0; t < kHandTypes; ++t) position_.set_hand(color, static_cast<PieceType>(t), 0);
    std::size_t i = 0;
    skip_spaces(list, i);
    rest_[static_cast<std::size_t>(index(color))] = false;
    if (eat(list, i, "なし")) return {};
    if (eat(list, i, "残り全部") || eat(list, i, "残りすべて")) {
        rest_[static_cast<std::size_t>(index(color))] = true;
        return {};
    }
    while (i < list.size()) {
        const std::size_t at = i;
        const PieceType type = read_piece_name(list, i);
        if (type == PieceType::none || index(type) >= kHandTypes)
            return error_in(text, offset + at, ErrorCode::unexpected_character,
                            fmt::format("expected a piece of a hand (歩 香 桂 銀 金 角 飛) and its count in "
                                        "kanji, found '{}'",
                                        utf8::snippet(list.substr(at))));
        int n = read_kanji_number(list, i);
        if (n == 0) n = 1;
        position_.set_hand(color, type, position_.hand(color, type) + n);
        skip_spaces(list, i);
        while (eat(list, i, ",") || eat(list, i, "、")) skip_spaces(list, i);
    }
    return {};
}

namespace {

// "後手の持駒：..." (上手, 先手, 下手 too): whose hand, with `i` after the colon; false when the
// line is none (a header key that only starts so included).
bool hand_line(std::string_view line, std::size_t& i, Color& color) noexcept {
    for (const auto& [prefix, c] : {std::pair{std::string_view("後手の持駒"), Color::white},
                                    {"上手の持駒", Color::white},
                                    {"先手の持駒", Color::black},
                                    {"下手の持駒", Color::black}}) {
        i = 0;
        if (!eat(line, i, prefix)) continue;
        skip_spaces(line, i);
        color = c;
        return eat(line, i, "：") || eat(line, i, ":");
    }
    return false;
}

}  // namespace

bool BodReader::claims(std::string_view line) noexcept {
    const std::string_view t = trim(line);
    std::size_t i = 0;
    Color color = Color::black;
    if (hand_line(t, i, color)) return true;
    return t == "先手番" || t == "下手番" || t == "後手番" || t == "上手番" || t.starts_with("手数＝") ||
           t.starts_with("+---") || t.starts_with("|") || is_column_line(t);
}

Result<bool> BodReader::take(std::string_view line, std::string_view text, std::size_t offset) {
    std::size_t i = 0;
    Color whose = Color::black;
    if (hand_line(line, i, whose)) {
        if (Result<void> r = read_hand(line.substr(i), whose, text, offset + i); !r) return r.error();
        return true;
    }
    const std::string_view t = trim(line);
    if (t == "先手番" || t == "下手番") {
        position_.set_side_to_move(Color::black);
        side_given_ = true;
        return true;
    }
    if (t == "後手番" || t == "上手番") {
        position_.set_side_to_move(Color::white);
        side_given_ = true;
        return true;
    }
    if (t.starts_with("手数＝")) {
        std::size_t j = std::string_view("手数＝").size();
        int n = 0;
        while (j < t.size() && is_digit(t[j]) && n < 100000) n = n * 10 + (t[j++] - '0');
        move_number_ = n;
        return true;
    }
    if (t.starts_with("+---") || is_column_line(t)) return true;
    if (!line.starts_with("|")) return false;
    // "| ・v香 歩 ...|一": nine cells of two characters, 'v' or ' ' then the piece or ・.
    if (rows_ >= 9)
        return error_in(text, offset, ErrorCode::out_of_range, "the board has more than nine rows");
    i = 1;
    for (int file = 9; file >= 1; --file) {
        Color color = Color::black;
        if (i < line.size() && line[i] == 'v') {
            color = Color::white;
            ++i;
        } else if (i < line.size() && (line[i] == ' ' || line[i] == '^')) {
            ++i;
        } else if (eat(line, i, kWideSpace)) {
            // a wide space for the mark: seen in files edited by hand
        }
        const Square s = make_square(file, rows_);
        if (eat(line, i, "・")) {
            position_.remove(s);
            continue;
        }
        const std::size_t at = i;
        const PieceType type = read_piece_name(line, i);
        if (type == PieceType::none || i - at != 3)
            return error_in(
                text, offset + at, ErrorCode::unexpected_character,
                fmt::format("expected a piece (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍) or ・ for "
                            "square {}{}, found {}",
                            kWideDigits[static_cast<std::size_t>(file)],
                            kKanjiDigits[static_cast<std::size_t>(rows_ + 1)],
                            describe_found(text, offset + at)));
        position_.put({type, color}, s);
    }
    if (i >= line.size() || line[i] != '|')
        return error_in(text, offset + i, ErrorCode::unexpected_character,
                        fmt::format("expected '|' after the nine squares of row {}, found {}", rows_ + 1,
                                    describe_found(text, offset + i)));
    ++rows_;
    return true;
}

std::string write_bod(const Position& position, bool handicap) {
    const auto hand = [&](Color c) {
        std::string out;
        for (int t = kHandTypes - 1; t >= 0; --t) {
            const int n = position.hand(c, static_cast<PieceType>(t));
            if (n == 0) continue;
            out += piece_character(static_cast<PieceType>(t));
            if (n > 1) out += kanji_number(n);
            out += "　";
        }
        return out.empty() ? std::string("なし") : out;
    };
    std::string out = fmt::format("{}の持駒：{}\n", handicap ? "上手" : "後手", hand(Color::white));
    out += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for (int rank = 0; rank < 9; ++rank) {
        out += '|';
        for (int file = 9; file >= 1; --file) {
            const Piece p = position.piece_on(make_square(file, rank));
            if (p.empty()) {
                out += " ・";
                continue;
            }
            out += p.color == Color::white ? 'v' : ' ';
            out += piece_character(p.type);
        }
        out += '|';
        out += kKanjiDigits[static_cast<std::size_t>(rank + 1)];
        out += '\n';
    }
    out += "+---------------------------+\n";
    out += fmt::format("{}の持駒：{}\n", handicap ? "下手" : "先手", hand(Color::black));
    if (position.side_to_move() == Color::white) out += handicap ? "上手番\n" : "後手番\n";
    return out;
}

Ending ending_from_closing_line(std::string_view line, Color side_to_move) noexcept {
    std::string_view t = trim(line);
    if (!t.starts_with("まで")) return Ending::none;
    // "まで109手で" then what happened; tsume books write "まで7手詰".
    std::size_t i = std::string_view("まで").size();
    while (i < t.size() && is_digit(t[i])) ++i;
    if (!eat(t, i, "手")) return Ending::none;
    eat(t, i, "で");
    t = t.substr(i);
    const auto side_named = [&](std::string_view rest, Color& named) {
        for (const auto& [word, color] : {std::pair{std::string_view("先手"), Color::black},
                                          {"下手", Color::black},
                                          {"後手", Color::white},
                                          {"上手", Color::white}})
            if (rest.starts_with(word)) {
                named = color;
                return true;
            }
        return false;
    };
    if (t == "中断") return Ending::interrupt;
    if (t == "千日手") return Ending::repetition;
    if (t == "持将棋") return Ending::impasse;
    if (t == "詰" || t == "詰み") return Ending::mate;
    if (t == "不詰") return Ending::no_mate;
    if (t == "引き分け") return Ending::draw;
    if (t == "最大手数") return Ending::max_moves;
    if (t == "封じ手") return Ending::sealed_move;
    const bool timeout = t.starts_with("時間切れにより");
    if (timeout) t.remove_prefix(std::string_view("時間切れにより").size());
    Color named = Color::black;
    if (!side_named(t, named)) return Ending::none;
    t.remove_prefix(std::string_view("先手").size());
    const bool mover = named == side_to_move;
    if (t == "の勝ち") return mover ? Ending::none : (timeout ? Ending::timeout : Ending::resign);
    if (t == "の反則勝ち") return mover ? Ending::illegal_win : Ending::illegal_loss;
    if (t == "の反則負け") return mover ? Ending::illegal_loss : Ending::illegal_win;
    if (t == "の入玉勝ち") return mover ? Ending::declaration_win : Ending::none;
    if (t == "の不戦勝") return mover ? Ending::win_by_default : Ending::loss_by_default;
    if (t == "の不戦敗") return mover ? Ending::loss_by_default : Ending::win_by_default;
    return Ending::none;
}

}  // namespace kifu::shogi::record
