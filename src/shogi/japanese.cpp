// Japanese move notation (KI2), by the Japan Shogi Association's rules:
//
//   ▲７六歩   side, destination (full-width file, kanji rank) or 同, the piece, then
//   ▲２二銀左成 when several like pieces can go there: the movement 上 (forward), 引
//              (back), 寄 (sideways) if that tells them apart, else the side the piece
//              stands on, 左 or 右 as its player sees the board, or 直 for a gold-like
//              piece going straight forward; both when one alone does not do;
//   ▲２二銀打  打 for a drop only when a piece on the board could also go there;
//              a pinned piece counts here as in the modifiers above (it could, but for
//              its king): ▲４八金右, ▲４八金打 (docs/shogi.md);
//   成 / 不成  for a promotion, and for a move that could have promoted but did not.

#include "japanese.hpp"

#include <array>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

#include "kifu/core/text_position.hpp"
#include "kifu/shogi/movegen.hpp"
#include "reading.hpp"
#include "record_parts.hpp"

namespace kifu::shogi::japanese {
namespace {

using record::kKanjiDigits;
using record::kWideDigits;

// Rank and file as the mover sees them: forward is toward smaller ranks for Black.
int forward_of(Color c, Square from, Square to) {
    const int d = rank_of(from) - rank_of(to);
    return c == Color::black ? d : -d;
}
// How far right (as the mover sees the board) a square is: Black's right is file 1.
int rightness(Color c, Square s) {
    return c == Color::black ? -file_of(s) : file_of(s);
}

enum Vertical { up, back, side };
constexpr std::string_view kVertical[3] = {"上", "引", "寄"};

Vertical vertical(Color c, Square from, Square to) {
    const int f = forward_of(c, from, to);
    return f > 0 ? up : f < 0 ? back : side;
}

bool gold_like(PieceType t) {
    return t == PieceType::gold || t == PieceType::silver || t == PieceType::pro_pawn ||
           t == PieceType::pro_lance || t == PieceType::pro_knight || t == PieceType::pro_silver;
}

// 左, 右 or 直 for the piece on `from` among the origins `others` (which include it).
std::string_view horizontal(Color c, PieceType t, Square from, Square to, const std::vector<Square>& group) {
    if (gold_like(t) && file_of(from) == file_of(to) && forward_of(c, from, to) == 1) return "直";
    bool right_of_all = true, left_of_all = true;
    for (const Square o : group) {
        if (o == from) continue;
        if (rightness(c, o) >= rightness(c, from)) right_of_all = false;
        if (rightness(c, o) <= rightness(c, from)) left_of_all = false;
    }
    if (right_of_all) return "右";
    if (left_of_all) return "左";
    return "";
}

// The origins of the legal moves of like pieces to the same square (the mover's included).
std::vector<Square> rivals(const Position& pos, Move m, const MoveList& legal) {
    std::vector<Square> out;
    const Piece mover = pos.piece_on(m.from());
    for (const Move x : legal)
        if (!x.is_drop() && x.to() == m.to() && pos.piece_on(x.from()) == mover) {
            bool seen = false;
            for (const Square s : out) seen = seen || s == x.from();
            if (!seen) out.push_back(x.from());
        }
    return out;
}

// The moves of the side to move as if it had no king to keep out of check: a like piece
// that is pinned still counts when pieces are told apart, as tsshogi and shogiops write
// them (docs/shogi.md). The king's square is taken by an opponent's piece, which blocks
// as the king did (no move of ours goes there: only its own square would).
MoveList reachable_moves(const Position& pos) {
    const Color us = pos.side_to_move();
    const Square king = pos.king(us);
    if (king == kNoSquare) return legal_moves(pos);
    Position p = pos;
    p.remove(king);
    p.put(Piece{PieceType::gold, ~us}, king);
    return legal_moves(p);
}

}  // namespace

std::string disambiguation(const Position& pos, Move m, const MoveList& legal) {
    const Color us = pos.side_to_move();
    if (m.is_drop()) {
        for (const Move x : legal)
            if (!x.is_drop() && x.to() == m.to() && pos.piece_on(x.from()) == Piece{m.dropped(), us})
                return "打";
        return "";
    }
    const std::vector<Square> all = rivals(pos, m, legal);
    if (all.size() <= 1) return "";
    const PieceType t = pos.piece_on(m.from()).type;
    const Vertical v = vertical(us, m.from(), m.to());
    std::vector<Square> same;
    for (const Square s : all)
        if (vertical(us, s, m.to()) == v) same.push_back(s);
    if (same.size() == 1) return std::string(kVertical[v]);
    const std::string_view h = horizontal(us, t, m.from(), m.to(), all);
    if (h == "直") return std::string(h);
    // 左/右 alone when it picks the piece out of all of them, else with the movement.
    if (!h.empty()) {
        bool unique = true;
        for (const Square s : all)
            if (s != m.from() && horizontal(us, t, s, m.to(), all) == h) unique = false;
        if (unique) return std::string(h);
    }
    return std::string(horizontal(us, t, m.from(), m.to(), same)) + std::string(kVertical[v]);
}

std::string write(const Position& pos, Move m, Square previous, bool side_mark) {
    std::string out;
    if (side_mark) out += pos.side_to_move() == Color::black ? "▲" : "△";
    if (m.to() == previous) {
        out += "同　";
    } else {
        out += kWideDigits[static_cast<std::size_t>(file_of(m.to()))];
        out += kKanjiDigits[static_cast<std::size_t>(rank_of(m.to()) + 1)];
    }
    out += record::piece_name(moving_type(pos, m));
    out += disambiguation(pos, m, reachable_moves(pos));
    if (m.promotes()) {
        out += "成";
    } else if (!m.is_drop()) {
        const PieceType t = pos.piece_on(m.from()).type;
        if (can_promote(t) && (in_zone(pos.side_to_move(), m.from()) || in_zone(pos.side_to_move(), m.to())))
            out += "不成";
    }
    return out;
}

// Reading: the text is cut into its parts (any spelling the research found in use), then
// the legal moves are written and the one whose parts agree is taken.
namespace {

struct Cursor {
    std::string_view t;
    std::size_t i = 0;
    bool eat(std::string_view s) {
        if (t.substr(i, s.size()) != s) return false;
        i += s.size();
        return true;
    }
    bool done() const { return i >= t.size(); }
};

int read_digit(Cursor& c) {
    return record::read_digit(c.t, c.i);
}

PieceType read_piece(Cursor& c) {
    return record::read_piece_name(c.t, c.i);
}

}  // namespace

Result<Move> read(const Position& pos, std::string_view text, Square previous) {
    Cursor c{text};
    const auto invalid = [&](std::string_view what) {
        return error_at(text, c.i, ErrorCode::unexpected_character,
                        fmt::format("invalid move '{}': expected {} (as in ▲７六歩, 同　歩, ▲２二銀左成)",
                                    utf8::snippet(text), what));
    };
    while (c.eat(" ") || c.eat("　")) {
    }
    const bool black_mark = c.eat("▲") || c.eat("☗"), white_mark = !black_mark && (c.eat("△") || c.eat("☖"));
    if ((black_mark && pos.side_to_move() != Color::black) ||
        (white_mark && pos.side_to_move() != Color::white))
        return error_at(text, 0, ErrorCode::illegal_move,
                        fmt::format("illegal move '{}': it is {} to move", utf8::snippet(text),
                                    pos.side_to_move() == Color::black ? "Black" : "White"));
    Square to;
    if (c.eat("同")) {
        while (c.eat("　") || c.eat(" ")) {
        }
        if (previous == kNoSquare)
            return error_at(text, 0, ErrorCode::illegal_move,
                            fmt::format("'{}': 同 needs the previous move", utf8::snippet(text)));
        to = previous;
    } else {
        const int file = read_digit(c);
        const int rank = file ? read_digit(c) : 0;
        if (!file || !rank) return invalid("a destination: a file and a rank");
        to = make_square(file, rank - 1);
    }
    const PieceType type = read_piece(c);
    if (type == PieceType::none) return invalid("a piece name");
    // The rest: modifiers and promotion, compared as a set of words.
    bool drop = false, promote = false;
    std::string relative, movement;
    while (!c.done()) {
        if (c.eat("打")) {
            drop = true;
        } else if (c.eat("不成") || c.eat("生")) {
            promote = false;
        } else if (c.eat("成")) {
            promote = true;
        } else if (c.eat("右")) {
            relative = "右";
        } else if (c.eat("左")) {
            relative = "左";
        } else if (c.eat("直")) {
            relative = "直";
        } else if (c.eat("上") || c.eat("行") || c.eat("入")) {
            movement = "上";
        } else if (c.eat("引")) {
            movement = "引";
        } else if (c.eat("寄")) {
            movement = "寄";
        } else if (c.eat(" ") || c.eat("　")) {
        } else {
            return invalid("a modifier (右 左 直 上 引 寄 打) or 成 / 不成");
        }
    }
    const MoveList legal = legal_moves(pos);
    // A 左/右/直 given is checked among the pieces that could reach the square, pinned or
    // not (as it is written); a text without one reads as well (as kifu wrote it before).
    // Those moves are generated only for a text that has one.
    std::optional<MoveList> reachable;
    Move found;
    int matches = 0;
    for (const Move m : legal) {
        if (m.to() != to || moving_type(pos, m) != type) continue;
        if (!drop_reading_fits(pos, legal, m, to, type, drop)) continue;
        if (m.promotes() != promote) continue;
        if (!m.is_drop()) {
            // The modifiers given must be those of this piece's move.
            const Color us = pos.side_to_move();
            if (!relative.empty()) {
                if (!reachable) reachable = reachable_moves(pos);
                const std::string d = disambiguation(pos, m, *reachable);
                std::vector<Square> all = rivals(pos, m, *reachable);
                if (horizontal(us, pos.piece_on(m.from()).type, m.from(), m.to(), all) != relative &&
                    d.find(relative) == std::string::npos)
                    continue;
            }
            if (!movement.empty() && kVertical[vertical(us, m.from(), m.to())] != movement) continue;
        }
        ++matches;
        found = m;
    }
    return one_match(pos, text, matches, found);
}

}  // namespace kifu::shogi::japanese
