#include "kifu/chess/position.hpp"

namespace kifu::chess {

Position::Position() noexcept {
    board_.fill(Piece{});
}

Position Position::start() {
    Position p;
    constexpr PieceType kBack[8] = {PieceType::rook, PieceType::knight, PieceType::bishop, PieceType::queen,
                                    PieceType::king, PieceType::bishop, PieceType::knight, PieceType::rook};
    for (int f = 0; f < 8; ++f) {
        p.put({kBack[f], Color::white}, make_square(f, 0));
        p.put({PieceType::pawn, Color::white}, make_square(f, 1));
        p.put({PieceType::pawn, Color::black}, make_square(f, 6));
        p.put({kBack[f], Color::black}, make_square(f, 7));
    }
    p.set_castling(castling_index(Color::white, true), make_square(7, 0));
    p.set_castling(castling_index(Color::white, false), make_square(0, 0));
    p.set_castling(castling_index(Color::black, true), make_square(7, 7));
    p.set_castling(castling_index(Color::black, false), make_square(0, 7));
    return p;
}

void Position::put(Piece p, Square s) noexcept {
    remove(s);
    if (p.empty()) return;
    board_[s] = p;
    by_type_[static_cast<std::size_t>(index(p.type))] |= bit(s);
    by_color_[static_cast<std::size_t>(index(p.color))] |= bit(s);
}

void Position::remove(Square s) noexcept {
    const Piece p = board_[s];
    if (p.empty()) return;
    by_type_[static_cast<std::size_t>(index(p.type))] &= ~bit(s);
    by_color_[static_cast<std::size_t>(index(p.color))] &= ~bit(s);
    board_[s] = Piece{};
}

void Position::set_castling(int right_index, Square rook) noexcept {
    castling_rooks_[static_cast<std::size_t>(right_index)] = rook;
    if (rook == kNoSquare)
        castling_ &= static_cast<std::uint8_t>(~(1 << right_index));
    else
        castling_ |= static_cast<std::uint8_t>(1 << right_index);
    refresh_castling_squares();
}

void Position::refresh_castling_squares() noexcept {
    castling_squares_ = 0;
    for (const Square s : castling_rooks_)
        if (s != kNoSquare) castling_squares_ |= bit(s);
}

Bitboard Position::attackers_to(Square s, Bitboard occupancy) const noexcept {
    return (pawn_attacks(Color::black, s) & pieces(Color::white, PieceType::pawn)) |
           (pawn_attacks(Color::white, s) & pieces(Color::black, PieceType::pawn)) |
           (knight_attacks(s) & pieces(PieceType::knight)) | (king_attacks(s) & pieces(PieceType::king)) |
           (bishop_attacks(s, occupancy) & (pieces(PieceType::bishop) | pieces(PieceType::queen))) |
           (rook_attacks(s, occupancy) & (pieces(PieceType::rook) | pieces(PieceType::queen)));
}

Bitboard Position::checkers() const noexcept {
    const Square k = king(side_);
    if (k == kNoSquare) return 0;
    return attackers_to(k, occupied()) & pieces(~side_);
}

Position::Undo Position::make(Move m) noexcept {
    Undo undo;
    make(m, undo);
    return undo;
}

void Position::make(Move m, Undo& undo) noexcept {
    undo.captured = Piece{};
    undo.captured_on = kNoSquare;
    undo.castling = castling_;
    undo.castling_rooks = castling_rooks_;
    undo.en_passant = en_passant_;
    undo.halfmove_clock = halfmove_clock_;
    undo.fullmove_number = fullmove_number_;
    if (m.kind() == Move::Kind::en_passant) {
        undo.captured_on = make_square(file_of(m.to()), rank_of(m.from()));
        undo.captured = board_[undo.captured_on];
    } else if (m.kind() != Move::Kind::castling && !m.is_null() && !board_[m.to()].empty()) {
        undo.captured_on = m.to();
        undo.captured = board_[m.to()];
    }
    play(m);
}

void Position::unmake(Move m, const Undo& undo) noexcept {
    side_ = ~side_;
    const Color us = side_;
    if (!m.is_null()) {
        if (m.kind() == Move::Kind::castling) {
            const bool king_side = m.to() > m.from();
            const int rank = back_rank(us);
            remove(make_square(king_side ? 6 : 2, rank));
            remove(make_square(king_side ? 5 : 3, rank));
            put({PieceType::king, us}, m.from());
            put({PieceType::rook, us}, m.to());
        } else {
            const Piece moved = board_[m.to()];
            remove(m.to());
            put(m.kind() == Move::Kind::promotion ? Piece{PieceType::pawn, us} : moved, m.from());
            if (undo.captured_on != kNoSquare) put(undo.captured, undo.captured_on);
        }
    }
    castling_ = undo.castling;
    castling_rooks_ = undo.castling_rooks;
    refresh_castling_squares();
    en_passant_ = undo.en_passant;
    halfmove_clock_ = undo.halfmove_clock;
    fullmove_number_ = undo.fullmove_number;
}

void Position::play(Move m) noexcept {
    const Color us = side_;
    const Square from = m.from();
    const Square to = m.to();
    const Piece moving = board_[from];
    const Piece captured = m.kind() == Move::Kind::castling ? Piece{} : board_[to];
    const bool capture = !captured.empty();
    en_passant_ = kNoSquare;
    ++halfmove_clock_;

    if (m.is_null()) {
        // nothing moves
    } else if (m.kind() == Move::Kind::castling) {
        const bool king_side = to > from;
        const int rank = back_rank(us);
        remove(from);
        remove(to);
        put({PieceType::king, us}, make_square(king_side ? 6 : 2, rank));
        put({PieceType::rook, us}, make_square(king_side ? 5 : 3, rank));
    } else {
        if (m.kind() == Move::Kind::en_passant) remove(make_square(file_of(to), rank_of(from)));
        if (capture) {
            by_type_[static_cast<std::size_t>(index(captured.type))] &= ~bit(to);
            by_color_[static_cast<std::size_t>(index(captured.color))] &= ~bit(to);
        }
        // The mover's bits change on both squares at once.
        const Bitboard both = bit(from) | bit(to);
        by_color_[static_cast<std::size_t>(index(us))] ^= both;
        board_[from] = Piece{};
        if (m.kind() == Move::Kind::promotion) {
            by_type_[static_cast<std::size_t>(index(PieceType::pawn))] &= ~bit(from);
            by_type_[static_cast<std::size_t>(index(m.promotion()))] |= bit(to);
            board_[to] = Piece{m.promotion(), us};
        } else {
            by_type_[static_cast<std::size_t>(index(moving.type))] ^= both;
            board_[to] = moving;
        }
        if (moving.type == PieceType::pawn) {
            halfmove_clock_ = 0;
            if ((from ^ to) == 16) en_passant_ = static_cast<Square>((from + to) / 2);
        }
        if (capture) halfmove_clock_ = 0;
    }

    // Castling rights go with the king, and with a rook leaving or taken on its square.
    if (castling_ && (moving.type == PieceType::king || ((bit(from) | bit(to)) & castling_squares_))) {
        if (moving.type == PieceType::king && !m.is_null()) {
            set_castling(castling_index(us, true), kNoSquare);
            set_castling(castling_index(us, false), kNoSquare);
        }
        for (int i = 0; i < 4; ++i)
            if (castling_rooks_[static_cast<std::size_t>(i)] != kNoSquare &&
                (castling_rooks_[static_cast<std::size_t>(i)] == from ||
                 (castling_rooks_[static_cast<std::size_t>(i)] == to && m.kind() != Move::Kind::castling)))
                set_castling(i, kNoSquare);
    }
    if (us == Color::black) ++fullmove_number_;
    side_ = ~us;
}

}  // namespace kifu::chess
