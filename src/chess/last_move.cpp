#include "last_move.hpp"

namespace kifu::chess {
namespace {

// The position before a move taken back, and the question asked of it.
class Retro {
  public:
    explicit Retro(const Position& pos)
        : pos_(pos),
          us_(pos.side_to_move()),
          them_(~us_),
          king_(pos.king(us_)),
          forward_(them_ == Color::white ? 8 : -8),
          can_uncapture_(popcount(pos.pieces(us_)) < 16) {}

    // Whether the side to move was out of check before `piece` went from `from` to `to`,
    // with `captured` (a piece of ours) back on `captured_on` when not kNoSquare.
    bool quiet_before(Square to, Square from, Piece piece, Square captured_on = kNoSquare,
                      PieceType captured = PieceType::knight) const {
        if (captured_on != kNoSquare && !can_uncapture_) return false;
        Position before = pos_;
        before.remove(to);
        before.put(piece, from);
        if (captured_on != kNoSquare) before.put(Piece{captured, us_}, captured_on);
        return !(before.attackers_to(king_, before.occupied()) & before.pieces(them_));
    }

    // A step of `piece` (not a pawn) from any empty square it reaches to `to`; a capture
    // is put back where one fits, since a piece on `to` can only block a check.
    bool any_step(Square to, Piece piece) const {
        Bitboard from = reach(piece.type, to) & ~pos_.occupied();
        while (from) {
            const Square s = pop_lsb(from);
            if (quiet_before(to, s, piece, can_uncapture_ ? to : kNoSquare)) return true;
        }
        return false;
    }

    // A pawn of ours arriving on `to` as `arrived` (a pawn, or the piece it promoted to).
    bool any_pawn_move(Square to, Piece arrived) const {
        const Piece pawn{PieceType::pawn, them_};
        const int rank = relative_rank(to);
        if (rank < 2) return false;  // a pawn comes from its second rank at the least
        const Square behind = static_cast<Square>(to - forward_);
        if (arrived.type == PieceType::pawn || rank == 7) {
            if (!occupied(behind) && quiet_before(to, behind, pawn)) return true;
            for (const int side : {-1, 1}) {
                const int file = file_of(behind) + side;
                if (file < 0 || file > 7) continue;
                const Square from = make_square(file, rank_of(behind));
                if (!occupied(from) && quiet_before(to, from, pawn, to)) return true;
            }
        }
        if (arrived.type != PieceType::pawn) return false;
        if (rank == 3) {
            const Square start = static_cast<Square>(behind - forward_);
            if (!occupied(behind) && !occupied(start) && quiet_before(to, start, pawn)) return true;
        }
        if (rank == 5 && !occupied(behind) && popcount(pos_.pieces(us_, PieceType::pawn)) < 8) {
            // En passant: our pawn stood on `behind`, beside the capturer's square.
            for (const int side : {-1, 1}) {
                const int file = file_of(behind) + side;
                if (file < 0 || file > 7) continue;
                const Square from = make_square(file, rank_of(behind));
                if (!occupied(from) && quiet_before(to, from, pawn, behind, PieceType::pawn)) return true;
            }
        }
        return false;
    }

    // Castling that ended with the king on `to` (the c- or g-file of its back rank) and
    // its rook beside it, from any king and rook files (Chess960).
    bool any_castling(Square to) const {
        if (relative_rank(to) != 0 || (file_of(to) != 2 && file_of(to) != 6)) return false;
        const bool king_side = file_of(to) == 6;
        const Square rook_to = static_cast<Square>(king_side ? to - 1 : to + 1);
        const Piece rook{PieceType::rook, them_};
        if (pos_.piece_on(rook_to) != rook) return false;
        const int rank = rank_of(to);
        const Bitboard others = pos_.occupied() & ~bit(to) & ~bit(rook_to);
        for (int king_file = 0; king_file < 8; ++king_file)
            for (int rook_file = 0; rook_file < 8; ++rook_file) {
                if (king_side ? rook_file <= king_file : rook_file >= king_file) continue;
                const Square king_from = make_square(king_file, rank),
                             rook_from = make_square(rook_file, rank);
                const Bitboard path = span(king_from, to) | span(rook_from, rook_to);
                if (path & others) continue;
                Position before = pos_;
                before.remove(to);
                before.remove(rook_to);
                before.put(Piece{PieceType::king, them_}, king_from);
                before.put(rook, rook_from);
                if (!(before.attackers_to(king_, before.occupied()) & before.pieces(them_))) return true;
            }
        return false;
    }

    bool any_last_move() const {
        const Square ep = pos_.en_passant();
        if (ep != kNoSquare) {
            // The last move was the double push past `ep`, and only that.
            const Square to = static_cast<Square>(ep + forward_);
            const Square from = static_cast<Square>(ep - forward_);
            return pos_.piece_on(to) == Piece{PieceType::pawn, them_} && !occupied(ep) && !occupied(from) &&
                   quiet_before(to, from, Piece{PieceType::pawn, them_});
        }
        Bitboard mine = pos_.pieces(them_);
        while (mine) {
            const Square to = pop_lsb(mine);
            const Piece piece = pos_.piece_on(to);
            if (piece.type == PieceType::pawn) {
                if (any_pawn_move(to, piece)) return true;
                continue;
            }
            if (any_step(to, piece)) return true;
            if (piece.type == PieceType::king && any_castling(to)) return true;
            if (piece.type != PieceType::king && relative_rank(to) == 7 &&
                popcount(pos_.pieces(them_, PieceType::pawn)) < 8 && any_pawn_move(to, piece))
                return true;
        }
        return false;
    }

  private:
    int relative_rank(Square s) const { return them_ == Color::white ? rank_of(s) : 7 - rank_of(s); }
    bool occupied(Square s) const { return pos_.occupied() & bit(s); }

    Bitboard reach(PieceType type, Square s) const {
        const Bitboard occupancy = pos_.occupied();
        switch (type) {
            case PieceType::knight:
                return knight_attacks(s);
            case PieceType::bishop:
                return bishop_attacks(s, occupancy);
            case PieceType::rook:
                return rook_attacks(s, occupancy);
            case PieceType::queen:
                return queen_attacks(s, occupancy);
            case PieceType::king:
                return king_attacks(s);
            default:
                return 0;
        }
    }

    // The squares from a to b on one rank, both ends included.
    static Bitboard span(Square a, Square b) { return between(a, b) | bit(a) | bit(b); }

    const Position& pos_;
    Color us_, them_;
    Square king_;
    int forward_;
    bool can_uncapture_;
};

}  // namespace

bool check_has_a_last_move(const Position& position) {
    if (position.king(position.side_to_move()) == kNoSquare) return true;
    return Retro(position).any_last_move();
}

}  // namespace kifu::chess
