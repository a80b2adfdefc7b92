#include "kifu/shogi/notation.hpp"

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

#include "japanese.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/sfen.hpp"
#include "reading.hpp"
#include "sassersson.hpp"

namespace kifu::shogi {
namespace {

constexpr std::string_view kCsaCodes[14] = {"FU", "KY", "KE", "GI", "KI", "KA", "HI",
                                            "OU", "TO", "NY", "NK", "NG", "UM", "RY"};

// '+' and the letter of the unpromoted kind: "P", "+P", "+B" (horse), "+R" (dragon).
std::string piece_letters(PieceType t) {
    std::string out;
    if (is_promoted(t)) out += '+';
    out += usi_letter(unpromoted(t));
    return out;
}

void append_square(std::string& out, Square s, bool rank_letter) {
    out += static_cast<char>('0' + file_of(s));
    out += rank_letter ? static_cast<char>('a' + rank_of(s)) : static_cast<char>('1' + rank_of(s));
}

// Whether another piece of the same kind could make a legal move to the same square.
bool ambiguous(const Position& pos, Move m, const MoveList& legal) {
    if (m.is_drop()) return false;
    const Piece mover = pos.piece_on(m.from());
    for (const Move x : legal)
        if (!x.is_drop() && x.to() == m.to() && x.from() != m.from() && pos.piece_on(x.from()) == mover)
            return true;
    return false;
}

// Whether the move could have promoted (so a non-promotion is marked '=').
bool promotion_possible(const Position& pos, Move m) {
    if (m.is_drop()) return false;
    const PieceType t = pos.piece_on(m.from()).type;
    const Color us = pos.side_to_move();
    return can_promote(t) && (in_zone(us, m.from()) || in_zone(us, m.to()));
}

std::string western(const Position& pos, Move m, Notation n) {
    const bool letters = n == Notation::hodges;
    const bool hosking = n == Notation::hosking;
    std::string out = piece_letters(moving_type(pos, m));
    if (m.is_drop()) {
        out += hosking ? '\'' : '*';
        append_square(out, m.to(), letters);
        return out;
    }
    const bool capture = !pos.piece_on(m.to()).empty();
    const bool origin = ambiguous(pos, m, legal_moves(pos));
    if (origin) append_square(out, m.from(), letters);
    if (capture)
        out += 'x';
    else if (!hosking || origin)
        out += '-';
    append_square(out, m.to(), letters);
    if (m.promotes())
        out += '+';
    else if (promotion_possible(pos, m))
        out += '=';
    return out;
}

Error not_a_move(std::string_view text, Notation n, std::string_view example) {
    return error_at(
        text, 0, ErrorCode::unexpected_character,
        fmt::format("invalid move '{}': expected {} such as {}", utf8::snippet(text), to_string(n), example));
}

// What a Hodges or Hosking text says.
struct Pattern {
    PieceType type = PieceType::none;  // as on the board (promoted kinds included)
    Square from = kNoSquare;
    Square to = kNoSquare;
    bool drop = false;
    char suffix = 0;  // '+', '=' or none
};

bool read_square(std::string_view t, std::size_t& i, Square& s) {
    if (i + 2 > t.size()) return false;
    const char f = t[i], r = t[i + 1];
    if (f < '1' || f > '9') return false;
    int rank;
    if (r >= 'a' && r <= 'i')
        rank = r - 'a';
    else if (r >= '1' && r <= '9')
        rank = r - '1';
    else
        return false;
    s = make_square(f - '0', rank);
    i += 2;
    return true;
}

bool read_western(std::string_view t, Pattern& p) {
    std::size_t i = 0;
    bool plus = false;
    if (i < t.size() && t[i] == '+') {
        plus = true;
        ++i;
    }
    if (i >= t.size()) return false;
    const PieceType base = piece_type_from_usi_letter(t[i]);
    if (base == PieceType::none || (plus && !can_promote(base))) return false;
    p.type = plus ? promoted(base) : base;
    ++i;
    Square first;
    if (i < t.size() && (t[i] == '*' || t[i] == '\'')) {
        p.drop = true;
        ++i;
        if (plus || !read_square(t, i, p.to)) return false;
        return i == t.size();
    }
    if (i < t.size() && (t[i] == '-' || t[i] == 'x')) ++i;
    if (!read_square(t, i, first)) return false;
    if (i < t.size() && (t[i] == '-' || t[i] == 'x')) ++i;
    if (i < t.size() && t[i] >= '1' && t[i] <= '9') {
        p.from = first;
        if (!read_square(t, i, p.to)) return false;
    } else {
        p.to = first;
    }
    if (i < t.size() && (t[i] == '+' || t[i] == '=')) p.suffix = t[i++];
    return i == t.size();
}

Result<Move> match(const Position& pos, std::string_view text, const Pattern& p) {
    const MoveList legal = legal_moves(pos);
    Move found, promoting_only;
    int matches = 0, promoting = 0;
    bool any_board_move = false;
    for (const Move m : legal) {
        if (m.to() != p.to || moving_type(pos, m) != p.type) continue;
        if (m.is_drop() != p.drop) {
            if (!m.is_drop()) any_board_move = true;
            continue;
        }
        if (!m.is_drop() && p.from != kNoSquare && m.from() != p.from) continue;
        if (m.promotes() != (p.suffix == '+')) {
            if (m.promotes() && p.suffix == 0) {
                ++promoting;
                promoting_only = m;
            }
            continue;
        }
        ++matches;
        found = m;
    }
    if (matches == 0 && promoting == 1) return promoting_only;  // "P-1a" where only P-1a+ is legal
    if (matches == 0 && !p.drop && !any_board_move) {
        // A drop written as a move: accepted when the drop is the only reading.
        Pattern drop = p;
        drop.drop = true;
        drop.from = kNoSquare;
        if (p.from == kNoSquare && p.suffix == 0) return match(pos, text, drop);
    }
    return one_match(pos, text, matches, found);
}

}  // namespace

std::string_view side_name(const Position& pos) noexcept {
    return pos.side_to_move() == Color::black ? "Black" : "White";
}

Result<Move> one_match(const Position& pos, std::string_view text, int matches, Move found) {
    if (matches == 1) return found;
    if (matches == 0)
        return error_at(text, 0, ErrorCode::illegal_move,
                        fmt::format("illegal move '{}' ({} to move)", utf8::snippet(text), side_name(pos)));
    return error_at(text, 0, ErrorCode::ambiguous_move,
                    fmt::format("ambiguous move '{}' ({} to move): {} legal moves fit it",
                                utf8::snippet(text), side_name(pos), matches));
}

PieceType moving_type(const Position& pos, Move m) noexcept {
    return m.is_drop() ? m.dropped() : pos.piece_on(m.from()).type;
}

bool drop_reading_fits(const Position& pos, const MoveList& legal, Move m, Square to, PieceType type,
                       bool drop) {
    if (m.is_drop() == drop) return true;
    if (drop) return false;
    for (const Move x : legal)
        if (!x.is_drop() && x.to() == to && moving_type(pos, x) == type) return false;
    return true;
}

bool piece_could_reach(const Position& pos, Square from, Square to) {
    return sassersson::could_move(pos, from, to);
}

std::string_view to_string(Notation n) noexcept {
    switch (n) {
        case Notation::usi:
            return "usi";
        case Notation::csa:
            return "csa";
        case Notation::hodges:
            return "hodges";
        case Notation::hodges_number:
            return "hodges-number";
        case Notation::hosking:
            return "hosking";
        case Notation::japanese:
            return "japanese";
        case Notation::sassersson:
            return "sassersson";
    }
    return "usi";
}

bool notation_from_name(std::string_view name, Notation& out) noexcept {
    for (const Notation n : {Notation::usi, Notation::csa, Notation::hodges, Notation::hodges_number,
                             Notation::hosking, Notation::japanese, Notation::sassersson})
        if (to_string(n) == name) {
            out = n;
            return true;
        }
    return false;
}

std::string write_move(const Position& pos, Move m, Notation n, Square previous) {
    switch (n) {
        case Notation::japanese:
            return japanese::write(pos, m, previous, true);
        case Notation::sassersson:
            return sassersson::write(pos, m, previous);
        case Notation::usi:
            return write_usi(m);
        case Notation::csa: {
            std::string out = pos.side_to_move() == Color::black ? "+" : "-";
            if (m.is_drop())
                out += "00";
            else
                append_square(out, m.from(), false);
            append_square(out, m.to(), false);
            const PieceType after = m.promotes() ? promoted(moving_type(pos, m)) : moving_type(pos, m);
            out += kCsaCodes[index(after)];
            return out;
        }
        default:
            return western(pos, m, n);
    }
}

Result<Move> parse_move(const Position& pos, std::string_view text, Notation n, Square previous) {
    switch (n) {
        case Notation::japanese:
            return japanese::read(pos, text, previous);
        case Notation::sassersson:
            return sassersson::read(pos, text, previous);
        case Notation::usi:
            return parse_usi(pos, text);
        case Notation::csa: {
            // [+-]FFRRTT PP: from 00 for a drop; the piece as it stands after the move.
            const std::size_t sign = (!text.empty() && (text[0] == '+' || text[0] == '-')) ? 1 : 0;
            const std::string_view t = text.substr(sign);
            if (t.size() != 6) return not_a_move(text, n, "+7776FU or +0055KA");
            for (std::size_t i = 0; i < 4; ++i)
                if (t[i] < '0' || t[i] > '9') return not_a_move(text, n, "+7776FU or +0055KA");
            PieceType after = PieceType::none;
            for (int k = 0; k < 14; ++k)
                if (kCsaCodes[k] == t.substr(4)) after = static_cast<PieceType>(k);
            if (after == PieceType::none)
                return not_a_move(text, n, "+7776FU (piece codes FU KY KE GI KI KA HI OU TO NY NK NG UM RY)");
            if (sign && (text[0] == '+') != (pos.side_to_move() == Color::black))
                return error_at(
                    text, 0, ErrorCode::illegal_move,
                    fmt::format("illegal move '{}': it is {} to move", utf8::snippet(text), side_name(pos)));
            const bool drop = t[0] == '0' && t[1] == '0';
            if (t[2] < '1' || t[3] < '1' || (!drop && (t[0] < '1' || t[1] < '1')))
                return not_a_move(text, n, "+7776FU");
            const Square to = make_square(t[2] - '0', t[3] - '1');
            // The move the text names, then whether it is legal (no list of moves generated).
            Move m;
            if (drop) {
                m = Move::drop(after, to);
            } else {
                const Square from = make_square(t[0] - '0', t[1] - '1');
                const PieceType before = pos.piece_on(from).type;
                if (before == after ||
                    (before != PieceType::none && promoted(before) == after && can_promote(before)))
                    m = Move::make(from, to, before != after);
            }
            if (m && is_legal(pos, m)) return m;
            return error_at(
                text, 0, ErrorCode::illegal_move,
                fmt::format("illegal move '{}' ({} to move)", utf8::snippet(text), side_name(pos)));
        }
        default: {
            Pattern p;
            if (!read_western(text, p))
                return not_a_move(
                    text, n,
                    n == Notation::hosking ? "P76, Bx22+, N'33 or G49-58" : "P-7f, Bx2b+, N*3c or G4i-5h");
            return match(pos, text, p);
        }
    }
}

}  // namespace kifu::shogi
