#include "kifu/chess/san.hpp"

#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

#include "kifu/core/text_position.hpp"

namespace kifu::chess {
namespace {

std::string_view side_name(const Position& pos) {
    return pos.side_to_move() == Color::white ? "white" : "black";
}

// The king's target square of a castling move (its to() is the rook's square).
Square king_target(Move m) {
    return make_square(m.to() > m.from() ? 6 : 2, rank_of(m.from()));
}

bool is_capture(const Position& pos, Move m) {
    return m.kind() == Move::Kind::en_passant ||
           (m.kind() != Move::Kind::castling && !pos.piece_on(m.to()).empty());
}

// A parsed SAN / long-algebraic / UCI move before it is matched against the legal moves.
struct Pattern {
    PieceType piece = PieceType::pawn;
    int from_file = -1;
    int from_rank = -1;
    Square to = kNoSquare;
    PieceType promotion = PieceType::none;
    int castling = 0;  // 1 king side, 2 queen side
    bool null = false;
};

PieceType promotion_of(char c) {
    switch (c) {
        case 'N':
        case 'n':
            return PieceType::knight;
        case 'B':
        case 'b':
            return PieceType::bishop;
        case 'R':
        case 'r':
            return PieceType::rook;
        case 'Q':
        case 'q':
            return PieceType::queen;
        default:
            return PieceType::none;
    }
}

bool is_file(char c) {
    return c >= 'a' && c <= 'h';
}
bool is_rank(char c) {
    return c >= '1' && c <= '8';
}

// Strips the suffixes a move may carry: check, mate, and the !/? annotations.
std::string_view strip_suffix(std::string_view t) {
    while (!t.empty() && (t.back() == '+' || t.back() == '#' || t.back() == '!' || t.back() == '?'))
        t.remove_suffix(1);
    return t;
}

std::optional<Pattern> parse_pattern(std::string_view t) {
    Pattern p;
    if (t.empty()) return std::nullopt;
    const char first = t[0];
    const bool special = first == '-' || first == 'Z' || first == '0' || first == '@' || first == 'O';
    if (special && (t == "--" || t == "Z0" || t == "0000" || t == "@@@@")) {
        p.null = true;
        return p;
    }
    if (special && (t == "O-O" || t == "0-0")) {
        p.castling = 1;
        return p;
    }
    if (special && (t == "O-O-O" || t == "0-0-0")) {
        p.castling = 2;
        return p;
    }
    std::size_t i = 0;
    if (i < t.size() &&
        (t[i] == 'N' || t[i] == 'B' || t[i] == 'R' || t[i] == 'Q' || t[i] == 'K' || t[i] == 'P')) {
        p.piece = piece_type_from_letter(t[i]);
        ++i;
    }
    // Up to two squares' worth of coordinates, with an optional '-' or 'x' between.
    std::string_view rest = t.substr(i);
    // Promotion at the end: "=Q", "Q", or UCI's "q".
    if (!rest.empty() && promotion_of(rest.back()) != PieceType::none && rest.size() >= 3 &&
        (is_rank(rest[rest.size() - 2]) || rest[rest.size() - 2] == '=')) {
        p.promotion = promotion_of(rest.back());
        rest.remove_suffix(1);
        if (!rest.empty() && rest.back() == '=') rest.remove_suffix(1);
    }
    if (rest.size() < 2 || !is_file(rest[rest.size() - 2]) || !is_rank(rest.back())) return std::nullopt;
    p.to = make_square(rest[rest.size() - 2] - 'a', rest.back() - '1');
    std::string_view from = rest.substr(0, rest.size() - 2);
    if (!from.empty() && (from.back() == 'x' || from.back() == '-' || from.back() == ':'))
        from.remove_suffix(1);
    if (from.size() > 2) return std::nullopt;
    for (const char c : from) {
        if (is_file(c) && p.from_file < 0 && p.from_rank < 0)
            p.from_file = c - 'a';
        else if (is_rank(c) && p.from_rank < 0)
            p.from_rank = c - '1';
        else
            return std::nullopt;
    }
    return p;
}

// Which of `sliders` (already on lines through `to`) reach it with nothing between: by
// the small between() table, where magic lookups would wander through 800 KB of
// attack tables and miss the cache (SAN reading does few lookups a position).
Bitboard sliders_reaching(Square to, Bitboard sliders, Bitboard occupied) noexcept {
    Bitboard out = 0;
    while (sliders) {
        const Square s = pop_lsb(sliders);
        if (!(between(s, to) & occupied)) out |= bit(s);
    }
    return out;
}

// Whether the king of the side to move is safe after the ordinary move `m` (not
// castling, not en passant): the attack check of the generator, for one move.
#if defined(__GNUC__)
[[gnu::always_inline]]  // inline in both callers: PGN reading calls it for every move
#endif
inline bool
leaves_king_safe(const Position& pos, Move m) {
    const Color us = pos.side_to_move();
    const Bitboard kings = pos.pieces(us, PieceType::king);
    if (!kings || more_than_one(kings)) return true;  // as the generator: nothing to protect
    const Square k = (kings & bit(m.from())) ? m.to() : lsb(kings);
    const Bitboard occupied = (pos.occupied() ^ bit(m.from())) | bit(m.to());
    const Bitboard them = pos.pieces(~us) & ~bit(m.to());
    const Bitboard diagonal = pos.pieces(PieceType::bishop) | pos.pieces(PieceType::queen);
    const Bitboard straight = pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen);
    if (them & ((pawn_attacks(us, k) & pos.pieces(PieceType::pawn)) |
                (knight_attacks(k) & pos.pieces(PieceType::knight)) |
                (king_attacks(k) & pos.pieces(PieceType::king))))
        return false;
    return !(sliders_reaching(k, bishop_rays(k) & diagonal & them, occupied) |
             sliders_reaching(k, rook_rays(k) & straight & them, occupied));
}

// The everyday SAN moves (piece moves, pawn pushes and captures, promotions) found from
// the attack tables instead of the list of legal moves: PGN reading spends most of its
// time here. Anything else, and any move that does not fit exactly one legal move, is
// left to the full match, which also words the errors. Move{} means "not found here"
// (a Move, not an optional: returned in a register, with no partial-store stall).
// The castling move of the pattern (1 king side, 2 queen side), if legal. Apart from
// quick_match: its list of moves would give every call the frame and the clearing of a
// MoveList, for two castlings a game.
#if defined(__GNUC__)
[[gnu::noinline]]
#endif
Move castling_match(const Position& pos, int castling) {
    for (const Move m : legal_castling_moves(pos))
        if ((m.to() > m.from()) == (castling == 1)) return m;
    return Move{};
}

Move quick_match(const Position& pos, const Pattern& p) {
    if (p.castling) return castling_match(pos, p.castling);
    if (p.null || p.to == kNoSquare) return Move{};
    const Color us = pos.side_to_move();
    const Bitboard occupied = pos.occupied();
    if (pos.pieces(us) & bit(p.to)) return Move{};
    Bitboard candidates = 0;
    Move::Kind kind = Move::Kind::normal;
    PieceType promotion = PieceType::knight;
    if (p.piece == PieceType::pawn) {
        if (p.from_rank >= 0) return Move{};  // long algebraic or UCI
        const Bitboard pawns = pos.pieces(us, PieceType::pawn);
        if (p.from_file >= 0) {
            if (!(pos.pieces(~us) & bit(p.to))) return Move{};  // en passant, or nothing to take
            candidates = pawn_attacks(~us, p.to) & pawns & file_bb(p.from_file);
        } else {
            if (occupied & bit(p.to)) return Move{};
            const int back = us == Color::white ? -8 : 8;
            const int one = p.to + back;
            if (one < 0 || one > 63) return Move{};
            if (pawns & bit(static_cast<Square>(one)))
                candidates = bit(static_cast<Square>(one));
            else if (!(occupied & bit(static_cast<Square>(one))) &&
                     rank_of(p.to) == (us == Color::white ? 3 : 4) &&
                     (pawns & bit(static_cast<Square>(one + back))))
                candidates = bit(static_cast<Square>(one + back));
        }
        const bool promoting = rank_of(p.to) == (us == Color::white ? 7 : 0);
        if (promoting != (p.promotion != PieceType::none)) return Move{};
        if (promoting) {
            kind = Move::Kind::promotion;
            promotion = p.promotion;
        }
    } else {
        if (p.promotion != PieceType::none) return Move{};
        switch (p.piece) {
            case PieceType::knight:
                candidates = knight_attacks(p.to);
                break;
            case PieceType::bishop:
                candidates = sliders_reaching(p.to, bishop_rays(p.to) & pos.pieces(us, p.piece), occupied);
                break;
            case PieceType::rook:
                candidates = sliders_reaching(p.to, rook_rays(p.to) & pos.pieces(us, p.piece), occupied);
                break;
            case PieceType::queen:
                candidates = sliders_reaching(
                    p.to, (rook_rays(p.to) | bishop_rays(p.to)) & pos.pieces(us, p.piece), occupied);
                break;
            default:
                candidates = king_attacks(p.to);
                break;
        }
        candidates &= pos.pieces(us, p.piece);
        if (p.from_file >= 0) candidates &= file_bb(p.from_file);
        if (p.from_rank >= 0) candidates &= rank_bb(p.from_rank);
    }
    Move found;
    int legal = 0;
    while (candidates) {
        const Move m = Move::make(pop_lsb(candidates), p.to, kind, promotion);
        if (leaves_king_safe(pos, m)) {
            found = m;
            ++legal;
        }
    }
    return legal == 1 ? found : Move{};
}

Error move_error(ErrorCode code, const Position& pos, std::string_view text, std::string_view why) {
    return Error{code,
                 {0, 1, 1},
                 fmt::format("{} move '{}' ({} to move){}",
                             code == ErrorCode::illegal_move     ? "illegal"
                             : code == ErrorCode::ambiguous_move ? "ambiguous"
                                                                 : "invalid",
                             utf8::snippet(text), side_name(pos), why)};
}

// A null move passes the turn, which a side in check may not do: its king would stay attacked,
// and the next move could take it.
Result<Move> null_move(const Position& pos, std::string_view text) {
    if (pos.checkers())
        return move_error(ErrorCode::illegal_move, pos, text, ": a null move leaves the king in check");
    return Move::null();
}

// The usual SAN shapes, read in one pass: [NBRQK][file][rank][x]square[=Q][+#].
bool quick_pattern(std::string_view t, Pattern& p) noexcept {
    std::size_t n = t.size();
    while (n > 0 && (t[n - 1] == '+' || t[n - 1] == '#')) --n;
    if (n < 2) return false;
    std::size_t i = 0;
    if (t[0] == 'N' || t[0] == 'B' || t[0] == 'R' || t[0] == 'Q' || t[0] == 'K') {
        p.piece = piece_type_from_letter(t[0]);
        i = 1;
    } else if (t[0] == 'O') {  // castling, two a game: the full match would list every move
        const std::string_view castling = t.substr(0, n);
        p.castling = castling == "O-O" ? 1 : castling == "O-O-O" ? 2 : 0;
        return p.castling != 0;
    } else if (!is_file(t[0])) {
        return false;
    }
    if (p.piece == PieceType::pawn && n >= 4) {
        const char last = t[n - 1];
        if (last == 'Q' || last == 'R' || last == 'B' || last == 'N') {
            p.promotion = promotion_of(last);
            --n;
            if (t[n - 1] == '=') --n;
        }
    }
    if (n < i + 2 || !is_file(t[n - 2]) || !is_rank(t[n - 1])) return false;
    p.to = make_square(t[n - 2] - 'a', t[n - 1] - '1');
    std::size_t end = n - 2;
    if (end > i && t[end - 1] == 'x') --end;
    if (end > i && is_file(t[i])) p.from_file = t[i++] - 'a';
    if (end > i && is_rank(t[i])) p.from_rank = t[i++] - '1';
    return i == end;
}

}  // namespace

Move find_san_move(const Position& pos, std::string_view text) noexcept {
    Pattern p;
    if (!quick_pattern(text, p)) return Move{};
    return quick_match(pos, p);
}

std::size_t san_chars(const Position& pos, Move m, char* text) {
    if (m.is_null()) {
        text[0] = text[1] = '-';
        return 2;
    }
    std::size_t n = 0;
    const auto square = [&](Square s) {
        text[n++] = file_char(s);
        text[n++] = rank_char(s);
    };
    const Piece moving = pos.piece_on(m.from());
    if (m.kind() == Move::Kind::castling) {
        for (const char c : std::string_view(m.to() > m.from() ? "O-O" : "O-O-O")) text[n++] = c;
    } else if (moving.type == PieceType::pawn) {
        if (is_capture(pos, m)) {
            text[n++] = file_char(m.from());
            text[n++] = 'x';
        }
        square(m.to());
        if (m.kind() == Move::Kind::promotion) {
            text[n++] = '=';
            text[n++] = piece_type_letter(m.promotion());
        }
    } else {
        text[n++] = piece_type_letter(moving.type);
        // Disambiguate among the other pieces of the type that reach the square and may
        // legally go there (a pinned one does not count), found from the attack tables.
        if (moving.type != PieceType::king) {
            const Color us = pos.side_to_move();
            const Bitboard same = pos.pieces(us, moving.type) & ~bit(m.from());
            const Bitboard occupied = pos.occupied();
            const Square to = m.to();
            Bitboard rivals = 0;
            switch (moving.type) {
                case PieceType::knight:
                    rivals = knight_attacks(to) & same;
                    break;
                case PieceType::bishop:
                    rivals = sliders_reaching(to, bishop_rays(to) & same, occupied);
                    break;
                case PieceType::rook:
                    rivals = sliders_reaching(to, rook_rays(to) & same, occupied);
                    break;
                default:
                    rivals = sliders_reaching(to, (rook_rays(to) | bishop_rays(to)) & same, occupied);
                    break;
            }
            bool other = false, same_file = false, same_rank = false;
            while (rivals) {
                const Square from = pop_lsb(rivals);
                if (!leaves_king_safe(pos, Move::make(from, to))) continue;
                other = true;
                same_file = same_file || file_of(from) == file_of(m.from());
                same_rank = same_rank || rank_of(from) == rank_of(m.from());
            }
            if (other) {
                if (!same_file)
                    text[n++] = file_char(m.from());
                else if (!same_rank)
                    text[n++] = rank_char(m.from());
                else
                    square(m.from());
            }
        }
        if (is_capture(pos, m)) text[n++] = 'x';
        square(m.to());
    }
    if (gives_check(pos, m)) {
        Position next = pos;
        next.play(m);
        text[n++] = has_legal_move(next) ? '+' : '#';
    }
    return n;
}

void append_san(std::string& out, const Position& pos, Move m) {
    char text[kMaxSanChars];
    out.append(text, san_chars(pos, m, text));
}

std::string write_san(const Position& pos, Move m) {
    std::string out;
    append_san(out, pos, m);
    return out;
}

Result<Move> parse_san(const Position& pos, std::string_view text) {
    const std::string_view core = strip_suffix(text);
    const std::optional<Pattern> pattern = parse_pattern(core);
    if (!pattern)
        return error_at(
            text, 0, ErrorCode::unexpected_character,
            fmt::format("invalid move '{}' ({} to move): expected SAN such as Nf3, exd5, O-O or e8=Q, "
                        "or UCI such as g1f3",
                        utf8::snippet(text), side_name(pos)));
    const Pattern& p = *pattern;
    if (p.null) return null_move(pos, text);
    if (const Move quick = quick_match(pos, p)) return quick;

    const MoveList moves = legal_moves(pos);
    Move found;
    int matches = 0;
    for (const Move m : moves) {
        const Piece moving = pos.piece_on(m.from());
        bool fits;
        if (p.castling) {
            fits = m.kind() == Move::Kind::castling && ((m.to() > m.from()) == (p.castling == 1));
        } else if (m.kind() == Move::Kind::castling) {
            // Castling written as a king move from its square ("e1g1", "Ke1g1"): to the king's
            // target square in classical chess, to the rook's square (king takes rook) in
            // Chess960, where the king's target can be an ordinary king move.
            const bool by_square = p.from_file == file_of(m.from()) && p.from_rank == rank_of(m.from()) &&
                                   (p.piece == PieceType::king || p.piece == PieceType::pawn) &&
                                   moving.type == PieceType::king;
            fits = by_square && (p.to == m.to() || (!pos.chess960() && p.to == king_target(m)));
        } else {
            const PieceType wanted = p.piece;
            // Long algebraic or UCI without a piece letter names the piece by its square.
            const bool by_square = p.from_file >= 0 && p.from_rank >= 0 && wanted == PieceType::pawn;
            fits = m.to() == p.to && (by_square || moving.type == wanted) &&
                   (p.from_file < 0 || p.from_file == file_of(m.from())) &&
                   (p.from_rank < 0 || p.from_rank == rank_of(m.from())) &&
                   (m.kind() == Move::Kind::promotion ? m.promotion() == p.promotion
                                                      : p.promotion == PieceType::none);
        }
        if (fits) {
            ++matches;
            found = m;
        }
    }
    if (matches == 1) return found;
    if (matches == 0) return move_error(ErrorCode::illegal_move, pos, text, "");
    return move_error(ErrorCode::ambiguous_move, pos, text, fmt::format(": {} legal moves fit it", matches));
}

std::size_t uci_chars(const Position& pos, Move m, char* text) {
    if (m.is_null()) {
        std::memcpy(text, "0000", 4);
        return 4;
    }
    const Square to = m.kind() == Move::Kind::castling && !pos.chess960() ? king_target(m) : m.to();
    text[0] = file_char(m.from());
    text[1] = rank_char(m.from());
    text[2] = file_char(to);
    text[3] = rank_char(to);
    if (m.kind() != Move::Kind::promotion) return 4;
    text[4] = static_cast<char>(piece_type_letter(m.promotion()) - 'A' + 'a');
    return 5;
}

void append_uci(std::string& out, const Position& pos, Move m) {
    char text[kMaxUciChars];
    out.append(text, uci_chars(pos, m, text));
}

std::string write_uci(const Position& pos, Move m) {
    std::string out;
    append_uci(out, pos, m);
    return out;
}

Result<Move> parse_uci(const Position& pos, std::string_view text) {
    if (text == "0000") return null_move(pos, text);
    const bool shape = (text.size() == 4 || text.size() == 5) && is_file(text[0]) && is_rank(text[1]) &&
                       is_file(text[2]) && is_rank(text[3]) &&
                       (text.size() == 4 || promotion_of(text[4]) != PieceType::none);
    if (!shape)
        return error_at(text, 0, ErrorCode::unexpected_character,
                        fmt::format("invalid move '{}' ({} to move): expected UCI such as e2e4 or e7e8q",
                                    utf8::snippet(text), side_name(pos)));
    return parse_san(pos, text);
}

}  // namespace kifu::chess
