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

bool attacked(const Position& pos, Square s, Color by, Bitboard occupancy) {
    return (pos.attackers_to(s, occupancy) & pos.pieces(by)) != 0;
}

// Where generated moves go: a list, or (for perft's last ply) just a count, which
// takes the popcount of a target set instead of writing each move.
struct ListSink {
    MoveList& list;
    void one(Move m) noexcept { list.push(m); }
    void many(Square from, Bitboard targets) noexcept {
        while (targets) list.push(Move::make(from, pop_lsb(targets)));
    }
    void pawn(Square from, Bitboard targets, int promotion_rank) noexcept {
        while (targets) {
            const Square to = pop_lsb(targets);
            if (rank_of(to) == promotion_rank)
                for (const PieceType p : kPromotions)
                    list.push(Move::make(from, to, Move::Kind::promotion, p));
            else
                list.push(Move::make(from, to));
        }
    }
};

struct CountSink {
    std::uint64_t count = 0;
    void one(Move) noexcept { ++count; }
    void many(Square, Bitboard targets) noexcept { count += static_cast<std::uint64_t>(popcount(targets)); }
    void pawn(Square, Bitboard targets, int promotion_rank) noexcept {
        const Bitboard promoting = targets & rank_bb(promotion_rank);
        count += static_cast<std::uint64_t>(popcount(targets & ~promoting) + 4 * popcount(promoting));
    }
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

bool MoveList::contains(Move m) const noexcept {
    for (const Move x : *this)
        if (x == m) return true;
    return false;
}

bool in_check(const Position& pos, Color c) {
    const Square k = pos.king(c);
    return k != kNoSquare && attacked(pos, k, ~c, pos.occupied());
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
    Bitboard checkers = has_one_king ? pos.attackers_to(k, occupied) & theirs : 0;
    Bitboard check_mask = ~Bitboard{0};
    Bitboard pinned = 0;
    if (has_one_king) {
        if (checkers) check_mask = more_than_one(checkers) ? 0 : between(k, lsb(checkers)) | checkers;
        Bitboard snipers =
            ((rook_attacks(k, 0) & (pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen))) |
             (bishop_attacks(k, 0) & (pos.pieces(PieceType::bishop) | pos.pieces(PieceType::queen)))) &
            theirs;
        while (snipers) {
            const Square s = pop_lsb(snipers);
            const Bitboard blockers = between(k, s) & occupied;
            if (blockers && !more_than_one(blockers) && (blockers & ours)) pinned |= blockers;
        }
    }
    const auto allowed = [&](Square from) { return (pinned & bit(from)) ? line(k, from) : ~Bitboard{0}; };
    const Bitboard targets = ~ours & check_mask;

    // Pawns.
    const int up = us == Color::white ? 8 : -8;
    const int promotion_rank = us == Color::white ? 7 : 0;
    const int start_rank = us == Color::white ? 1 : 6;
    Bitboard pawns = pos.pieces(us, PieceType::pawn);
    while (pawns) {
        const Square from = pop_lsb(pawns);
        Bitboard to = 0;
        const int one = from + up;
        if (one >= 0 && one < 64 && !(occupied & bit(static_cast<Square>(one)))) {
            to |= bit(static_cast<Square>(one));
            const int two = one + up;
            if (rank_of(from) == start_rank && !(occupied & bit(static_cast<Square>(two))))
                to |= bit(static_cast<Square>(two));
        }
        to |= pawn_attacks(us, from) & theirs;
        sink.pawn(from, to & check_mask & allowed(from), promotion_rank);
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

    // Knights, bishops, rooks, queens.
    for (const PieceType type : {PieceType::knight, PieceType::bishop, PieceType::rook, PieceType::queen}) {
        Bitboard pieces = pos.pieces(us, type);
        while (pieces) {
            const Square from = pop_lsb(pieces);
            Bitboard attacks = type == PieceType::knight   ? knight_attacks(from)
                               : type == PieceType::bishop ? bishop_attacks(from, occupied)
                               : type == PieceType::rook   ? rook_attacks(from, occupied)
                                                           : queen_attacks(from, occupied);
            sink.many(from, attacks & targets & allowed(from));
        }
    }

    // Kings: never onto a square the opponent attacks once the king has left its own.
    Bitboard kings = pos.pieces(us, PieceType::king);
    while (kings) {
        const Square from = pop_lsb(kings);
        Bitboard to = king_attacks(from) & ~ours;
        while (to) {
            const Square t = pop_lsb(to);
            if (!has_one_king || !attacked(pos, t, them, occupied & ~bit(from)))
                sink.one(Move::make(from, t));
        }
    }
    if (has_one_king) add_castling(pos, sink, checkers);
}

}  // namespace

MoveList legal_moves(const Position& pos) {
    MoveList list;
    ListSink sink{list};
    generate(pos, sink);
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
