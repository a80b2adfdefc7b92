#include "kifu/xiangqi/notation.hpp"

#include <array>
#include <cstdlib>
#include <vector>

#include <fmt/format.h>

#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"

namespace kifu::xiangqi {
namespace {

constexpr std::string_view kLetters = "KAEHRCP";  // by PieceType, as WXF and SAN write them

int forwardness(Color c, Square s) {
    return c == Color::red ? 9 - row_of(s) : row_of(s);
}
// WXF and Chinese count files from the mover's right: Red's 1 is file i, Black's is file a.
int side_file(Color c, int file) {
    return c == Color::red ? 9 - file : file + 1;
}
char digit(int n) {
    return static_cast<char>('0' + n);
}

// How the moving piece stands among its like pieces: how many share its file, its place
// among them from the front (0), and how many files hold two or more.
struct Tandem {
    int count = 0;
    int index = 0;
    int tandem_files = 0;
};
Tandem tandem_of(const Position& pos, Square from) {
    const Piece p = pos.board[from];
    Tandem t;
    const auto on_file = [&](int file, int& index) {
        int n = 0;
        for (int row = 0; row < kRanks; ++row) {
            const Square s = make_square(file, row);
            if (pos.board[s] != p) continue;
            ++n;
            if (file == file_of(from) && forwardness(p.color, s) > forwardness(p.color, from)) ++index;
        }
        return n;
    };
    t.count = on_file(file_of(from), t.index);
    if (p.type == PieceType::soldier && t.count >= 2) {
        int unused = 0;
        for (int f = 0; f < kFiles; ++f) t.tandem_files += on_file(f, unused) >= 2;
    }
    return t;
}

// The direction mark and the number of a WXF or Chinese move: '+', '-' or '.', then the
// file reached (diagonal movers, sideways moves) or the ranks moved.
struct Motion {
    char direction = '.';
    int number = 0;
};
Motion motion_of(const Position& pos, Move m) {
    const Piece p = pos.board[m.from()];
    const int dr = forwardness(p.color, m.to()) - forwardness(p.color, m.from());
    Motion out;
    out.direction = dr > 0 ? '+' : dr < 0 ? '-' : '.';
    const bool diagonal =
        p.type == PieceType::advisor || p.type == PieceType::elephant || p.type == PieceType::horse;
    out.number = diagonal || dr == 0 ? side_file(p.color, file_of(m.to())) : std::abs(dr);
    return out;
}

// official: as kifu writes; plain: the file, never a tandem mark; tandem: the tandem marks
// for advisors and elephants too (which kifu never writes, but reads).
enum class WxfForm : std::uint8_t { official, fairy_stockfish, plain, tandem };

std::string write_wxf(const Position& pos, Move m, WxfForm form) {
    const Piece p = pos.board[m.from()];
    const char letter = kLetters[static_cast<std::size_t>(p.type)];
    const char file = digit(side_file(p.color, file_of(m.from())));
    const Tandem t = tandem_of(pos, m.from());
    const bool front = t.index == 0, rear = t.index == t.count - 1;
    std::string out;
    const bool diagonal_guard = p.type == PieceType::advisor || p.type == PieceType::elephant;
    if (form == WxfForm::plain || (diagonal_guard && form != WxfForm::tandem) || t.count < 2) {
        out = {letter, file};
    } else if (p.type != PieceType::soldier) {
        out = {letter, front ? '+' : rear ? '-' : file};
    } else if (form == WxfForm::fairy_stockfish && (t.count >= 3 || t.tandem_files >= 2)) {
        out = {digit(t.index + 1), file};
    } else if (t.tandem_files >= 2) {
        out = {file, front ? '+' : rear ? '-' : file};
    } else if (t.count <= 3) {
        out = {'P', front ? '+' : rear ? '-' : file};
    } else {
        out = front                    ? "++"
              : rear                   ? "--"
              : t.index == 1           ? "P+"
              : t.index == t.count - 2 ? "P-"
                                       : std::string{'P', file};
    }
    const Motion mo = motion_of(pos, m);
    out += form == WxfForm::fairy_stockfish && mo.direction == '.' ? '=' : mo.direction;
    out += digit(mo.number);
    return out;
}

constexpr std::string_view kRedPieces[7] = {"帥", "仕", "相", "馬", "車", "炮", "兵"};
constexpr std::string_view kBlackPieces[7] = {"將", "士", "象", "馬", "車", "砲", "卒"};
constexpr std::string_view kChineseNumerals[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr std::string_view kFullWidthDigits[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

// A Chinese move as four signs in ASCII, the form both the writer and the reader compare:
// pieces as WXF letters, 前 中 後 as f m b, 進 退 平 as + - ., files and counts as digits;
// an ordinal soldier (二兵) is its digit then P. `plain`: the piece and its file, always.
std::string chinese_key(const Position& pos, Move m, bool plain) {
    const Piece p = pos.board[m.from()];
    const char piece = kLetters[static_cast<std::size_t>(p.type)];
    const Tandem t = tandem_of(pos, m.from());
    const bool front = t.index == 0, rear = t.index == t.count - 1;
    const char place = front ? 'f' : rear ? 'b' : 'm';
    const char file = digit(side_file(p.color, file_of(m.from())));
    std::string out;
    if (plain || p.type == PieceType::advisor || p.type == PieceType::elephant || t.count < 2)
        out = {piece, file};
    else if (p.type == PieceType::soldier && t.tandem_files >= 2)
        out = {place, file};
    else if (p.type == PieceType::soldier && t.count >= 4 && !front && !rear)
        out = {digit(t.index + 1), piece};
    else
        out = {place, piece};
    const Motion mo = motion_of(pos, m);
    out += mo.direction;
    out += digit(mo.number);
    return out;
}

std::string write_chinese(const Position& pos, Move m) {
    const bool red = pos.board[m.from()].color == Color::red;
    const std::string key = chinese_key(pos, m, false);
    std::string out;
    for (std::size_t i = 0; i < key.size(); ++i) {
        const char c = key[i];
        const std::size_t letter = kLetters.find(c);
        if (letter != std::string_view::npos)
            out += (red ? kRedPieces : kBlackPieces)[letter];
        else if (c == 'f' || c == 'm' || c == 'b')
            out += c == 'f' ? "前" : c == 'm' ? "中" : "後";
        else if (c == '+' || c == '-' || c == '.')
            out += c == '+' ? "進" : c == '-' ? "退" : "平";
        else if (i == 0)  // an ordinal soldier: Chinese numerals for both sides
            out += kChineseNumerals[c - '0'];
        else
            out += (red ? kChineseNumerals : kFullWidthDigits)[c - '0'];
    }
    return out;
}

// A Chinese move reduced to the ASCII signs of chinese_key, whatever its spelling
// (traditional or simplified, Red's or Black's characters, any kind of digit). Returns
// false at the first character that is none of these (its offset in `bad`).
bool normalize_chinese(std::string_view text, std::string& out, std::size_t& bad) {
    // Each sign by its UTF-8 bytes packed in one word: one compare a candidate.
    struct Sign {
        std::uint32_t code;
        char ascii;
    };
    static const std::vector<Sign> kSigns = [] {
        const std::pair<std::string_view, char> signs[] = {
            {"帥", 'K'}, {"帅", 'K'}, {"將", 'K'}, {"将", 'K'}, {"仕", 'A'}, {"士", 'A'}, {"相", 'E'},
            {"象", 'E'}, {"馬", 'H'}, {"马", 'H'}, {"傌", 'H'}, {"車", 'R'}, {"车", 'R'}, {"俥", 'R'},
            {"炮", 'C'}, {"砲", 'C'}, {"包", 'C'}, {"兵", 'P'}, {"卒", 'P'}, {"前", 'f'}, {"中", 'm'},
            {"後", 'b'}, {"后", 'b'}, {"進", '+'}, {"进", '+'}, {"退", '-'}, {"平", '.'}, {"一", '1'},
            {"二", '2'}, {"三", '3'}, {"四", '4'}, {"五", '5'}, {"六", '6'}, {"七", '7'}, {"八", '8'},
            {"九", '9'}, {"１", '1'}, {"２", '2'}, {"３", '3'}, {"４", '4'}, {"５", '5'}, {"６", '6'},
            {"７", '7'}, {"８", '8'}, {"９", '9'}, {"　", ' '}};
        std::vector<Sign> table;
        for (const auto& [utf8, ascii] : signs) {
            std::uint32_t code = 0;
            for (const char c : utf8) code = code << 8 | static_cast<unsigned char>(c);
            table.push_back({code, ascii});
        }
        return table;
    }();
    out.clear();
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == ' ' || c == '\t') {
            ++i;
            continue;
        }
        if (c >= '1' && c <= '9') {
            out += c;
            ++i;
            continue;
        }
        char found = 0;
        if (i + 3 <= text.size()) {  // every sign is three bytes in UTF-8
            std::uint32_t code = 0;
            for (std::size_t k = 0; k < 3; ++k) code = code << 8 | static_cast<unsigned char>(text[i + k]);
            for (const Sign& s : kSigns)
                if (s.code == code) found = s.ascii;
        }
        if (!found) {
            bad = i;
            return false;
        }
        if (found != ' ') out += found;
        i += 3;
    }
    return true;
}

std::string square_name(Square s, int first_rank) {
    return fmt::format("{}{}", static_cast<char>('a' + file_of(s)), 9 - row_of(s) + first_rank);
}

std::string write_san(const Position& pos, Move m) {
    const Piece p = pos.board[m.from()];
    std::string out(1, kLetters[static_cast<std::size_t>(p.type)]);
    bool same_file = false, same_row = false, other = false;
    for (const Move o : legal_moves(pos)) {
        if (o.to() != m.to() || o.from() == m.from() || pos.board[o.from()] != p) continue;
        other = true;
        same_file = same_file || file_of(o.from()) == file_of(m.from());
        same_row = same_row || row_of(o.from()) == row_of(m.from());
    }
    if (other) {
        if (!same_file)
            out += static_cast<char>('a' + file_of(m.from()));
        else if (!same_row)
            out += std::to_string(10 - row_of(m.from()));
        else
            out += square_name(m.from(), 1);
    }
    if (!pos.board[m.to()].empty()) out += 'x';
    out += square_name(m.to(), 1);
    Position after = pos;
    after.play(m);
    if (in_check(after, after.side_to_move)) out += count_legal_moves(after) == 0 ? '#' : '+';
    return out;
}

// The forms a SAN move of `m` may take once its capture and check marks are gone: the
// piece and the square, with no origin, the origin's file, its rank, or its square.
std::array<std::string, 4> san_forms(const Position& pos, Move m) {
    const std::string letter(1, kLetters[static_cast<std::size_t>(pos.board[m.from()].type)]);
    const std::string to = square_name(m.to(), 1);
    return {letter + to, letter + static_cast<char>('a' + file_of(m.from())) + to,
            letter + std::to_string(10 - row_of(m.from())) + to, letter + square_name(m.from(), 1) + to};
}

Error not_a_move(std::string_view text, std::size_t offset, std::string_view expected) {
    return expected_at(text, offset, expected);
}

// Reads a square of ICCS (ranks 0-9) or UCI (1-10) at `i`.
bool read_square(std::string_view t, std::size_t& i, int first_rank, Square& out) {
    if (i >= t.size()) return false;
    const char f = static_cast<char>(t[i] | 0x20);
    if (f < 'a' || f > 'i') return false;
    std::size_t j = i + 1;
    int rank = -1;
    if (first_rank == 1 && t.substr(j, 2) == "10") {
        rank = 10;
        j += 2;
    } else if (j < t.size() && t[j] >= '0' && t[j] <= '9') {
        rank = t[j] - '0';
        ++j;
    }
    if (rank < first_rank || rank > 9 + first_rank) return false;
    out = make_square(f - 'a', 9 - (rank - first_rank));
    i = j;
    return true;
}

Result<Move> parse_coordinates(const Position& pos, std::string_view text, int first_rank) {
    std::size_t i = 0;
    Square from = kNoSquare, to = kNoSquare;
    const std::string_view expected =
        first_rank == 0 ? "an ICCS move such as h2e2" : "a UCI move such as h3e3";
    if (!read_square(text, i, first_rank, from)) return not_a_move(text, i, expected);
    if (i < text.size() && text[i] == '-') ++i;
    if (!read_square(text, i, first_rank, to)) return not_a_move(text, i, expected);
    if (i != text.size()) return not_a_move(text, i, expected);
    const Move m(from, to);
    if (from == to || !is_legal(pos, m))
        return error_at(text, 0, ErrorCode::illegal_move, fmt::format("'{}' is not a legal move here", text));
    return m;
}

// Matches `key` against the forms each legal move can be written in, form by form: the
// first form that some legal move takes decides (so an official WXF "33.4" is the middle
// soldier even where Fairy-Stockfish's ordinal form would name the third).
// Only the legal moves `fits` lets through are written out.
template <class Fits, class Forms>
Result<Move> match(const Position& pos, std::string_view text, const std::string& key, Fits&& fits,
                   Forms&& forms_of) {
    MoveList moves;
    for (const Move m : legal_moves(pos))
        if (fits(m)) moves.push(m);
    std::vector<decltype(forms_of(Move{}))> forms;
    forms.reserve(moves.size());
    for (const Move m : moves) forms.push_back(forms_of(m));
    const std::size_t tiers = forms.empty() ? 0 : forms.front().size();
    for (std::size_t tier = 0; tier < tiers; ++tier) {
        Move found;
        int matches = 0;
        for (std::size_t i = 0; i < moves.size(); ++i)
            if (forms[i][tier] == key) {
                found = moves[i];
                ++matches;
            }
        if (matches == 1) return found;
        if (matches > 1)
            return error_at(
                text, 0, ErrorCode::ambiguous_move,
                fmt::format("'{}' fits {} legal moves: name the piece (front or rear, or its file)", text,
                            matches));
    }
    return error_at(text, 0, ErrorCode::illegal_move, fmt::format("no legal move fits '{}'", text));
}

bool wxf_char(char c, std::string_view allowed) {
    return allowed.find(c) != std::string_view::npos;
}

Result<Move> parse_wxf(const Position& pos, std::string_view text) {
    std::string key;
    for (char c : text) {
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        if (c == 'B') c = 'E';
        if (c == 'N') c = 'H';
        if (c == '=') c = '.';
        key += c;
    }
    const std::string_view expected = "a WXF move such as C2.5, H2+3 or R+.3";
    const std::string_view firsts = "KAEHRCP+-123456789", seconds = "+-123456789";
    for (std::size_t i = 0; i < 4; ++i) {
        const std::string_view allowed = i == 0 ? firsts : i == 1 ? seconds : i == 2 ? "+-." : "123456789";
        if (i >= key.size() || !wxf_char(key[i], allowed)) return not_a_move(text, i, expected);
    }
    if (key.size() > 4) return not_a_move(text, 4, expected);
    // A letter names the piece; a form without one is a soldier's.
    const std::size_t letter = kLetters.find(key[0]);
    const auto type = letter == std::string_view::npos ? PieceType::soldier : static_cast<PieceType>(letter);
    // "C2.5": a letter and a digit name the file the piece stands on.
    const int file = letter != std::string_view::npos && key[1] >= '1' && key[1] <= '9' ? key[1] - '0' : 0;
    const auto fits = [&](Move m) {
        const Piece p = pos.board[m.from()];
        return p.type == type && (file == 0 || side_file(p.color, file_of(m.from())) == file);
    };
    return match(pos, text, key, fits, [&](Move m) {
        std::string fsf = write_wxf(pos, m, WxfForm::fairy_stockfish);
        for (char& c : fsf)
            if (c == '=') c = '.';
        return std::array<std::string, 4>{write_wxf(pos, m, WxfForm::official), fsf,
                                          write_wxf(pos, m, WxfForm::plain),
                                          write_wxf(pos, m, WxfForm::tandem)};
    });
}

Result<Move> parse_chinese(const Position& pos, std::string_view text) {
    std::string key;
    std::size_t bad = 0;
    if (!normalize_chinese(text, key, bad))
        return not_a_move(text, bad, "a Chinese move such as 炮二平五 or 馬８進７");
    if (key.size() != 4 || !wxf_char(key[2], "+-."))
        return not_a_move(text, text.size(), "a Chinese move of four signs such as 炮二平五");
    std::size_t letter = kLetters.find(key[0]);
    if (letter == std::string_view::npos) letter = kLetters.find(key[1]);
    const auto type = letter == std::string_view::npos ? PieceType::soldier : static_cast<PieceType>(letter);
    const int file =
        kLetters.find(key[0]) != std::string_view::npos && key[1] >= '1' && key[1] <= '9' ? key[1] - '0' : 0;
    const auto fits = [&](Move m) {
        const Piece p = pos.board[m.from()];
        return p.type == type && (file == 0 || side_file(p.color, file_of(m.from())) == file);
    };
    return match(pos, text, key, fits, [&](Move m) {
        return std::array<std::string, 2>{chinese_key(pos, m, false), chinese_key(pos, m, true)};
    });
}

Result<Move> parse_san(const Position& pos, std::string_view text) {
    std::string_view t = text;
    while (!t.empty() && wxf_char(t.back(), "+#!?")) t.remove_suffix(1);
    std::string key;
    for (const char c : t)
        if (c != 'x' && c != 'X' && c != '-') key += c;
    if (!key.empty() && key[0] >= 'a' && key[0] <= 'i') key.insert(key.begin(), 'P');
    if (!key.empty() && key[0] == 'B') key[0] = 'E';
    if (!key.empty() && key[0] == 'N') key[0] = 'H';
    const std::string_view expected = "a SAN move such as Hg3, Cxh10 or Rxe9+";
    for (std::size_t i = 0; i < text.size(); ++i)
        if (!wxf_char(text[i], "KAEHRCPBNabcdefghi0123456789x+#!?-")) return not_a_move(text, i, expected);
    if (key.empty() || !wxf_char(key[0], kLetters)) return not_a_move(text, 0, expected);
    // The destination square ends the text: a file letter and a rank 1-10.
    std::size_t end = key.size();
    std::size_t rank_start = end;
    while (rank_start > 1 && key[rank_start - 1] >= '0' && key[rank_start - 1] <= '9') --rank_start;
    const std::string rank = key.substr(rank_start);
    if (rank.empty() || rank_start < 2 || key[rank_start - 1] < 'a' || key[rank_start - 1] > 'i' ||
        (rank != "10" && (rank.size() != 1 || rank == "0")))
        return not_a_move(text, t.empty() ? 0 : t.size(), expected);
    const std::string to = key.substr(rank_start - 1);
    const auto type = static_cast<PieceType>(kLetters.find(key[0]));
    const auto fits = [&](Move m) {
        return pos.board[m.from()].type == type && square_name(m.to(), 1) == to;
    };
    return match(pos, text, key, fits, [&](Move m) { return san_forms(pos, m); });
}

}  // namespace

std::string write_move(const Position& position, Move move, Notation notation) {
    switch (notation) {
        case Notation::iccs:
            return square_name(move.from(), 0) + square_name(move.to(), 0);
        case Notation::uci:
            return square_name(move.from(), 1) + square_name(move.to(), 1);
        case Notation::wxf:
            return write_wxf(position, move, WxfForm::official);
        case Notation::chinese:
            return write_chinese(position, move);
        case Notation::san:
            return write_san(position, move);
    }
    return {};
}

Result<Move> parse_move(const Position& position, std::string_view text, Notation notation) {
    switch (notation) {
        case Notation::iccs:
            return parse_coordinates(position, text, 0);
        case Notation::uci:
            return parse_coordinates(position, text, 1);
        case Notation::wxf:
            return parse_wxf(position, text);
        case Notation::chinese:
            return parse_chinese(position, text);
        case Notation::san:
            return parse_san(position, text);
    }
    return error_at(text, 0, ErrorCode::unsupported, "unknown notation");
}

std::string_view to_string(Notation notation) noexcept {
    switch (notation) {
        case Notation::iccs:
            return "iccs";
        case Notation::uci:
            return "uci";
        case Notation::wxf:
            return "wxf";
        case Notation::chinese:
            return "chinese";
        case Notation::san:
            return "san";
    }
    return "unknown";
}

bool notation_from_name(std::string_view name, Notation& out) noexcept {
    for (const Notation n : {Notation::iccs, Notation::uci, Notation::wxf, Notation::chinese, Notation::san})
        if (to_string(n) == name) {
            out = n;
            return true;
        }
    return false;
}

}  // namespace kifu::xiangqi
