// Sassersson notation (../shared/specs/shogi-sassersson.txt): Japanese order in romaji.
//
//   [N. ][☗|▲|☖|△](square|〃)piece[□|arrow][+|=]
//
// 〃 replaces the square when the move takes the piece that has just moved. □ marks a
// drop only when a like piece on the board could also move to the square; an arrow (the
// direction of travel as the mover sees the board) marks a move only when another like
// piece could move there too. "Could move" is by the pieces' movement alone, pinned pieces
// included, as a reader looking at the board sees it (docs/shogi.md). + promotes; =
// declines a promotion that was possible.

#include "sassersson.hpp"

#include <array>

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

#include "kifu/core/text_position.hpp"
#include "reading.hpp"

namespace kifu::shogi::sassersson {
namespace {

constexpr std::array<std::string_view, 14> kNames = {"fu", "kyo", "kei",  "gin",  "kin",  "kk",  "hi",
                                                     "gy", "to",  "+kyo", "+kei", "+gin", "uma", "ryu"};
// Arrows by (right, forward) sign, as the mover sees the board.
constexpr std::string_view kArrows[3][3] = {
    // forward: -1 (back), 0, +1 (up)  for right = -1, 0, +1
    {"↙", "←", "↖"},
    {"↓", "", "↑"},
    {"↘", "→", "↗"},
};

int sign(int x) {
    return (x > 0) - (x < 0);
}

std::string_view arrow(Color c, Square from, Square to) {
    const int right = c == Color::black ? file_of(from) - file_of(to) : file_of(to) - file_of(from);
    const int forward = c == Color::black ? rank_of(from) - rank_of(to) : rank_of(to) - rank_of(from);
    return kArrows[sign(right) + 1][sign(forward) + 1];
}

}  // namespace

bool could_move(const Position& pos, Square from, Square to) {
    const Piece p = pos.piece_on(from);
    if (p.empty() || from == to) return false;
    const Piece target = pos.piece_on(to);
    if (!target.empty() && target.color == p.color) return false;
    // As the pieces move, on an empty board but for blockers of sliders.
    const int right = p.color == Color::black ? file_of(from) - file_of(to) : file_of(to) - file_of(from);
    const int forward = p.color == Color::black ? rank_of(from) - rank_of(to) : rank_of(to) - rank_of(from);
    const int dx = right < 0 ? -right : right, dy = forward < 0 ? -forward : forward;
    const bool step = dx <= 1 && dy <= 1;
    const auto clear = [&] {  // nothing between (sliders)
        if (right != 0 && forward != 0 && dx != dy) return false;
        const int sx = sign(file_of(to) - file_of(from)), sy = sign(rank_of(to) - rank_of(from));
        int f = file_of(from) + sx, r = rank_of(from) + sy;
        for (; f != file_of(to) || r != rank_of(to); f += sx, r += sy)
            if (!pos.piece_on(make_square(f, r)).empty()) return false;
        return true;
    };
    const bool gold_step = step && !(forward == -1 && dx == 1);
    switch (p.type) {
        case PieceType::pawn:
            return right == 0 && forward == 1;
        case PieceType::lance:
            return right == 0 && forward > 0 && clear();
        case PieceType::knight:
            return dx == 1 && forward == 2;
        case PieceType::silver:
            return step && forward != 0 && !(right == 0 && forward == -1);
        case PieceType::king:
            return step;
        case PieceType::bishop:
            return dx == dy && clear();
        case PieceType::rook:
            return (dx == 0 || dy == 0) && clear();
        case PieceType::horse:
            return (dx == dy && clear()) || (step && (dx == 0 || dy == 0));
        case PieceType::dragon:
            return ((dx == 0 || dy == 0) && clear()) || step;
        default:  // gold and the promoted minor pieces
            return gold_step;
    }
}

std::string write(const Position& pos, Move m, Square previous) {
    std::string out;
    if (m.to() == previous && !pos.piece_on(m.to()).empty())
        out += "〃";
    else
        out += fmt::format("{}{}", file_of(m.to()), rank_of(m.to()) + 1);
    const PieceType t = moving_type(pos, m);
    out += kNames[static_cast<std::size_t>(index(t))];
    const Color us = pos.side_to_move();
    if (m.is_drop()) {
        for (Square s = 0; s < kSquares; ++s)
            if (pos.piece_on(s) == Piece{t, us} && could_move(pos, s, m.to())) {
                out += "□";
                break;
            }
        return out;
    }
    for (Square s = 0; s < kSquares; ++s)
        if (s != m.from() && pos.piece_on(s) == pos.piece_on(m.from()) && could_move(pos, s, m.to())) {
            out += arrow(us, m.from(), m.to());
            break;
        }
    if (m.promotes())
        out += '+';
    else if (can_promote(t) && (in_zone(us, m.from()) || in_zone(us, m.to())))
        out += '=';
    return out;
}

Result<Move> read(const Position& pos, std::string_view text, Square previous) {
    std::size_t i = 0;
    const auto eat = [&](std::string_view s) {
        if (text.substr(i, s.size()) != s) return false;
        i += s.size();
        return true;
    };
    const auto invalid = [&](std::string_view what) {
        return error_at(text, i, ErrorCode::unexpected_character,
                        fmt::format("invalid move '{}': expected {} (as in 76fu, 22gin↗+, 〃to, 55kk□)",
                                    utf8::snippet(text), what));
    };
    // A move number "12. " or a side symbol, both optional.
    std::size_t digits = 0;
    while (i + digits < text.size() && text[i + digits] >= '0' && text[i + digits] <= '9') ++digits;
    if (digits > 0 && i + digits < text.size() && text[i + digits] == '.') {
        i += digits + 1;
        while (eat(" ")) {
        }
    }
    if (eat("☗") || eat("▲")) {
        if (pos.side_to_move() != Color::black)
            return error_at(text, 0, ErrorCode::illegal_move,
                            fmt::format("illegal move '{}': it is White to move", utf8::snippet(text)));
    } else if (eat("☖") || eat("△")) {
        if (pos.side_to_move() != Color::white)
            return error_at(text, 0, ErrorCode::illegal_move,
                            fmt::format("illegal move '{}': it is Black to move", utf8::snippet(text)));
    }
    Square to;
    if (eat("〃")) {
        if (previous == kNoSquare)
            return error_at(text, 0, ErrorCode::illegal_move,
                            fmt::format("'{}': 〃 needs the previous move", utf8::snippet(text)));
        to = previous;
    } else {
        if (i + 2 > text.size() || text[i] < '1' || text[i] > '9' || text[i + 1] < '1' || text[i + 1] > '9')
            return invalid("a destination: file and rank digits, or 〃");
        to = make_square(text[i] - '0', text[i + 1] - '1');
        i += 2;
    }
    PieceType type = PieceType::none;
    static constexpr std::pair<std::string_view, PieceType> kAliases[] = {
        {"gyoku", PieceType::king}, {"kaku", PieceType::bishop}, {"+fu", PieceType::pro_pawn}};
    for (const auto& [alias, t] : kAliases)
        if (type == PieceType::none && eat(alias)) type = t;
    // Longest names first, so "+kyo" is not read as "+" and "kyo".
    for (int pass = 0; pass < 2 && type == PieceType::none; ++pass)
        for (int k = 0; k < 14 && type == PieceType::none; ++k) {
            const std::string_view name = kNames[static_cast<std::size_t>(k)];
            if ((name.size() >= 3) == (pass == 0) && eat(name)) type = static_cast<PieceType>(k);
        }
    if (type == PieceType::none)
        return invalid("a piece (fu kyo kei gin kin kk hi gy to +kyo +kei +gin uma ryu)");
    bool drop = false;
    std::string_view direction;
    if (eat("□")) {
        drop = true;
    } else {
        for (const auto& row : kArrows)
            for (const std::string_view a : row)
                if (!a.empty() && direction.empty() && eat(a)) direction = a;
    }
    char promotion = 0;
    if (eat("+"))
        promotion = '+';
    else if (eat("="))
        promotion = '=';
    if (i != text.size()) return invalid("the end of the move");
    const MoveList legal = legal_moves(pos);
    Move found;
    int matches = 0;
    for (const Move m : legal) {
        if (m.to() != to || moving_type(pos, m) != type) continue;
        if (!drop_reading_fits(pos, legal, m, to, type, drop)) continue;
        if (m.promotes() != (promotion == '+')) continue;
        if (!direction.empty() && !m.is_drop() && arrow(pos.side_to_move(), m.from(), m.to()) != direction)
            continue;
        ++matches;
        found = m;
    }
    return one_match(pos, text, matches, found);
}

}  // namespace kifu::shogi::sassersson
