// Legal moves by pins and check masks: pseudo-legal moves are filtered by where
// they may go (the check mask), by the line a pinned piece must stay on, and for
// the king by the squares the opponent attacks with the king lifted off the board.
// En passant and castling, the two moves that can expose the king in unusual ways,
// are checked by playing them.

#include "kifu/chess/movegen.hpp"

namespace kifu::chess {
namespace {

constexpr PieceType kPromotions[4] = {PieceType::queen, PieceType::knight, PieceType::rook,
                                      PieceType::bishop};

inline constexpr Bitboard kFileH = kFileA << 7;

// `c`'s pieces in `b` moved one rank forward and `file_step` files across (-1 toward
// the a-file, +1 toward the h-file); the caller masks off pieces that would wrap.
constexpr Bitboard forward(Color c, Bitboard b, int file_step) noexcept {
    const int shift = 8 + file_step;
    return c == Color::white ? b << shift : b >> (16 - shift);
}

// Squares `c` attacks with pawns, knights and king(s): what a king may never step on,
// whatever it leaves behind.
Bitboard leaper_attacks(const Position& pos, Color c) noexcept {
    const Bitboard pawns = pos.pieces(c, PieceType::pawn);
    Bitboard attacks = forward(c, pawns & ~kFileA, -1) | forward(c, pawns & ~kFileH, 1);
    for (Bitboard b = pos.pieces(c, PieceType::knight); b;) attacks |= knight_attacks(pop_lsb(b));
    for (Bitboard b = pos.pieces(c, PieceType::king); b;) attacks |= king_attacks(pop_lsb(b));
    return attacks;
}

bool attacked(const Position& pos, Square s, Color by, Bitboard occupancy) {
    return (pos.attackers_to(s, occupancy) & pos.pieces(by)) != 0;
}

// Where generated moves go: a list, or (for perft's last ply) just a count, which
// takes the popcount of a target set instead of writing each move.
struct ListSink {
    static constexpr bool stops = false;  // (AnySink: whether generation may end early)
    MoveList& list;
    void one(Move m) noexcept { list.push(m); }
    void many(Square from, Bitboard targets) noexcept {
        while (targets) list.push(Move::make(from, pop_lsb(targets)));
    }
    void pawn_move(Square from, Square to, int promotion_rank) noexcept {
        if (rank_of(to) == promotion_rank)
            for (const PieceType p : kPromotions) list.push(Move::make(from, to, Move::Kind::promotion, p));
        else
            list.push(Move::make(from, to));
    }
    void pawn(Square from, Bitboard targets, int promotion_rank) noexcept {
        while (targets) pawn_move(from, pop_lsb(targets), promotion_rank);
    }
    // Pawns of a set moved by `step` squares onto `targets`.
    void pawns(Bitboard targets, int step, int promotion_rank) noexcept {
        while (targets) {
            const Square to = pop_lsb(targets);
            pawn_move(static_cast<Square>(to - step), to, promotion_rank);
        }
    }
};

// Stops at the first legal move: whether there is one (mate and stalemate tests).
struct AnySink {
    bool found = false;
    static constexpr bool stops = true;
    void one(Move) noexcept { found = true; }
    void many(Square, Bitboard targets) noexcept { found = found || targets; }
    void pawn(Square, Bitboard targets, int) noexcept { found = found || targets; }
    void pawns(Bitboard targets, int, int) noexcept { found = found || targets; }
};

struct CountSink {
    static constexpr bool stops = false;
    std::uint64_t count = 0;
    void one(Move) noexcept { ++count; }
    void many(Square, Bitboard targets) noexcept { count += static_cast<std::uint64_t>(popcount(targets)); }
    void pawn(Square, Bitboard targets, int promotion_rank) noexcept {
        const Bitboard promoting = targets & rank_bb(promotion_rank);
        count += static_cast<std::uint64_t>(popcount(targets & ~promoting) + 4 * popcount(promoting));
    }
    void pawns(Bitboard targets, int, int promotion_rank) noexcept { pawn(0, targets, promotion_rank); }
};

bool legal_after(const Position& pos, Move m) {
    Position next = pos;
    next.play(m);
    return !in_check(next, pos.side_to_move());
}

template <class Sink>
void add_castling(const Position& pos, Sink& sink, Bitboard checkers) {
    const Color us = pos.side_to_move();
    const Square k = pos.king(us);
    if (checkers || k == kNoSquare || rank_of(k) != back_rank(us)) return;
    for (const bool king_side : {true, false}) {
        const Square rook = pos.castling_rook(castling_index(us, king_side));
        if (rook == kNoSquare || pos.piece_on(rook) != Piece{PieceType::rook, us}) continue;
        if ((rook > k) != king_side) continue;
        const Square king_to = make_square(king_side ? 6 : 2, back_rank(us));
        const Square rook_to = make_square(king_side ? 5 : 3, back_rank(us));
        const Bitboard others = pos.occupied() & ~bit(k) & ~bit(rook);
        const Bitboard must_be_empty =
            (between(k, king_to) | bit(king_to) | between(rook, rook_to) | bit(rook_to));
        if (must_be_empty & others) continue;
        // The king may not pass through or land on an attacked square, judged with the
        // king and the castling rook off the board: that also catches an attacker the rook
        // was shielding (Chess960), and nothing the rook will shield on its new square can
        // reach the king's path without having attacked the king where it stood.
        Bitboard path = between(k, king_to) | bit(king_to);
        bool safe = true;
        while (path && safe) safe = !attacked(pos, pop_lsb(path), ~us, others);
        const Move m = Move::make(k, rook, Move::Kind::castling);
        if (safe) sink.one(m);
    }
}

}  // namespace

bool in_check(const Position& pos, Color c) {
    const Square k = pos.king(c);
    return k != kNoSquare && attacked(pos, k, ~c, pos.occupied());
}

bool gives_check(const Position& pos, Move m) {
    if (m.is_null() || m.kind() == Move::Kind::castling || m.kind() == Move::Kind::en_passant) {
        Position next = pos;  // rare: the rook's or the captured pawn's square matters too
        next.play(m);
        return in_check(next, next.side_to_move());
    }
    const Color us = pos.side_to_move();
    const Square k = pos.king(~us);
    if (k == kNoSquare) return false;
    const Bitboard occupied = (pos.occupied() ^ bit(m.from())) | bit(m.to());
    const PieceType piece = m.kind() == Move::Kind::promotion ? m.promotion() : pos.piece_on(m.from()).type;
    // Lines are tested with the rays and between() tables (a few kilobytes that stay in
    // the cache), not the magic attack tables, which SAN writing would walk all over.
    const auto clear_line = [&](Square from) { return (between(from, k) & occupied) == 0; };
    const Square to = m.to();
    switch (piece) {  // the moved piece from its new square
        case PieceType::pawn:
            if (pawn_attacks(us, to) & bit(k)) return true;
            break;
        case PieceType::knight:
            if (knight_attacks(to) & bit(k)) return true;
            break;
        case PieceType::bishop:
            if ((bishop_rays(to) & bit(k)) && clear_line(to)) return true;
            break;
        case PieceType::rook:
            if ((rook_rays(to) & bit(k)) && clear_line(to)) return true;
            break;
        case PieceType::queen:
            if (((rook_rays(to) | bishop_rays(to)) & bit(k)) && clear_line(to)) return true;
            break;
        default:
            break;
    }
    // A line the move opened: the other sliders on a line with the king, nothing between.
    const Bitboard ours = pos.pieces(us) & ~bit(m.from());
    const Bitboard queens = pos.pieces(PieceType::queen);
    Bitboard sliders = (bishop_rays(k) & ours & (pos.pieces(PieceType::bishop) | queens)) |
                       (rook_rays(k) & ours & (pos.pieces(PieceType::rook) | queens));
    while (sliders)
        if (clear_line(pop_lsb(sliders))) return true;
    return false;
}

namespace {

template <class Sink>
void generate(const Position& pos, Sink& sink) {
    const Color us = pos.side_to_move();
    const Color them = ~us;
    const Bitboard ours = pos.pieces(us);
    const Bitboard theirs = pos.pieces(them);
    const Bitboard occupied = pos.occupied();
    const Square k = pos.king(us);

    // Without a king (or with more than one) there is nothing to protect: every
    // pseudo-legal move is allowed, and no castling. The FEN validity check reports such
    // positions; generating for them must still be defined.
    const bool has_one_king = k != kNoSquare && !more_than_one(pos.pieces(us, PieceType::king));
    const Bitboard diagonal = (pos.pieces(PieceType::bishop) | pos.pieces(PieceType::queen)) & theirs;
    const Bitboard straight = (pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen)) & theirs;
    Bitboard checkers = 0;
    Bitboard check_mask = ~Bitboard{0};
    Bitboard pinned = 0;
    if (has_one_king) {
        checkers = (pawn_attacks(us, k) & pos.pieces(them, PieceType::pawn)) |
                   (knight_attacks(k) & pos.pieces(them, PieceType::knight)) |
                   (king_attacks(k) & pos.pieces(them, PieceType::king)) |
                   (bishop_attacks(k, occupied) & diagonal) | (rook_attacks(k, occupied) & straight);
        if (checkers) check_mask = more_than_one(checkers) ? 0 : between(k, lsb(checkers)) | checkers;
        Bitboard snipers = (rook_rays(k) & straight) | (bishop_rays(k) & diagonal);
        while (snipers) {
            const Square s = pop_lsb(snipers);
            const Bitboard blockers = between(k, s) & occupied;
            if (blockers && !more_than_one(blockers) && (blockers & ours)) pinned |= blockers;
        }
    }
    const Bitboard targets = ~ours & check_mask;

    // Pawns: the unpinned ones move as one set, shifted a rank (or a rank and a file)
    // forward; the few pinned ones go one by one along their pin line.
    const Bitboard pawns = pos.pieces(us, PieceType::pawn);
    const Bitboard free_pawns = pawns & ~pinned;
    const int up = us == Color::white ? 8 : -8;
    const int promotion_rank = us == Color::white ? 7 : 0;
    const Bitboard empty = ~occupied;
    const Bitboard single = forward(us, free_pawns, 0) & empty;
    sink.pawns(single & check_mask, up, promotion_rank);
    sink.pawns(forward(us, single & rank_bb(us == Color::white ? 2 : 5), 0) & empty & check_mask, 2 * up,
               promotion_rank);
    sink.pawns(forward(us, free_pawns & ~kFileA, -1) & theirs & check_mask, up - 1, promotion_rank);
    sink.pawns(forward(us, free_pawns & ~kFileH, 1) & theirs & check_mask, up + 1, promotion_rank);
    for (Bitboard b = pawns & pinned; b;) {
        const Square from = pop_lsb(b);
        Bitboard to = 0;
        const Bitboard one = forward(us, bit(from), 0) & empty;
        to |= one | (forward(us, one & rank_bb(us == Color::white ? 2 : 5), 0) & empty);
        to |= pawn_attacks(us, from) & theirs;
        sink.pawn(from, to & check_mask & line(k, from), promotion_rank);
    }
    // En passant: played and checked, whatever the position (it may be one no game reaches).
    const Square ep = pos.en_passant();
    if (ep != kNoSquare && rank_of(ep) == (us == Color::white ? 5 : 2) && !(occupied & bit(ep))) {
        const Square victim = make_square(file_of(ep), rank_of(ep) + (us == Color::white ? -1 : 1));
        if (pos.piece_on(victim) == Piece{PieceType::pawn, them}) {
            Bitboard capturers = pawn_attacks(them, ep) & pos.pieces(us, PieceType::pawn);
            while (capturers) {
                const Move m = Move::make(pop_lsb(capturers), ep, Move::Kind::en_passant);
                if (!has_one_king || legal_after(pos, m)) sink.one(m);
            }
        }
    }

    if constexpr (Sink::stops) {
        if (sink.found) return;
    }

    // Knights, bishops, rooks, queens.
    const auto pieces_of = [&](PieceType type, auto attacks_from) {
        for (Bitboard b = pos.pieces(us, type); b;) {
            const Square from = pop_lsb(b);
            Bitboard to = attacks_from(from) & targets;
            if (pinned & bit(from)) to &= line(k, from);
            sink.many(from, to);
        }
    };
    pieces_of(PieceType::knight, [](Square s) { return knight_attacks(s); });
    pieces_of(PieceType::bishop, [&](Square s) { return bishop_attacks(s, occupied); });
    pieces_of(PieceType::rook, [&](Square s) { return rook_attacks(s, occupied); });
    pieces_of(PieceType::queen, [&](Square s) { return queen_attacks(s, occupied); });

    // Kings: never onto a square the opponent attacks once the king has left its own.
    if (has_one_king) {
        Bitboard to = king_attacks(k) & ~ours;
        if (to) to &= ~leaper_attacks(pos, them);
        const Bitboard without_king = occupied & ~bit(k);
        for (Bitboard b = to; b;) {
            const Square t = pop_lsb(b);
            if ((bishop_attacks(t, without_king) & diagonal) || (rook_attacks(t, without_king) & straight))
                to &= ~bit(t);
        }
        sink.many(k, to);
        add_castling(pos, sink, checkers);
    } else {
        for (Bitboard kings = pos.pieces(us, PieceType::king); kings;) {
            const Square from = pop_lsb(kings);
            sink.many(from, king_attacks(from) & ~ours);
        }
    }
}

}  // namespace

MoveList legal_moves(const Position& pos) {
    MoveList list;
    ListSink sink{list};
    generate(pos, sink);
    return list;
}

bool has_legal_move(const Position& pos) {
    AnySink sink;
    generate(pos, sink);
    return sink.found;
}

MoveList legal_castling_moves(const Position& pos) {
    MoveList list;
    ListSink sink{list};
    const Color us = pos.side_to_move();
    const Bitboard kings = pos.pieces(us, PieceType::king);
    if (kings && !more_than_one(kings)) add_castling(pos, sink, pos.checkers());
    return list;
}

std::uint64_t count_legal_moves(const Position& pos) {
    CountSink sink;
    generate(pos, sink);
    return sink.count;
}

std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal_moves(pos);
    const MoveList moves = legal_moves(pos);
    std::uint64_t nodes = 0;
    for (const Move m : moves) {
        Position next = pos;
        next.play(m);
        nodes += perft(next, depth - 1);
    }
    return nodes;
}

}  // namespace kifu::chess
