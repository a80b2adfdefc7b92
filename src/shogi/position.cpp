#include "kifu/shogi/position.hpp"

#include <bit>

namespace kifu::shogi {

PieceType piece_type_from_usi_letter(char c) noexcept {
    switch (c) {
        case 'P':
            return PieceType::pawn;
        case 'L':
            return PieceType::lance;
        case 'N':
            return PieceType::knight;
        case 'S':
            return PieceType::silver;
        case 'G':
            return PieceType::gold;
        case 'B':
            return PieceType::bishop;
        case 'R':
            return PieceType::rook;
        case 'K':
            return PieceType::king;
        default:
            return PieceType::none;
    }
}

Position::Position() noexcept {
    board_.fill(Piece{});
}

Position Position::start() {
    Position p;
    constexpr PieceType kBack[9] = {PieceType::lance,  PieceType::knight, PieceType::silver,
                                    PieceType::gold,   PieceType::king,   PieceType::gold,
                                    PieceType::silver, PieceType::knight, PieceType::lance};
    for (int column = 0; column < 9; ++column) {
        p.put({kBack[column], Color::white}, static_cast<Square>(column));
        p.put({PieceType::pawn, Color::white}, static_cast<Square>(18 + column));
        p.put({PieceType::pawn, Color::black}, static_cast<Square>(54 + column));
        p.put({kBack[column], Color::black}, static_cast<Square>(72 + column));
    }
    p.put({PieceType::rook, Color::white}, make_square(8, 1));
    p.put({PieceType::bishop, Color::white}, make_square(2, 1));
    p.put({PieceType::bishop, Color::black}, make_square(8, 7));
    p.put({PieceType::rook, Color::black}, make_square(2, 7));
    return p;
}

void Position::put(Piece p, Square s) noexcept {
    remove(s);
    if (p.empty()) return;
    board_[s] = p;
    const auto c = static_cast<std::size_t>(index(p.color));
    occupied_[c] |= square_bit(s);
    if (p.type == PieceType::pawn) refresh_pawn_file(c, column_of(s));
    if (p.type == PieceType::king) {
        ++king_count_[c];
        kings_[c] = king_count_[c] == 1 ? s : kNoSquare;
        if (king_count_[c] > 1) refresh_kings();
    }
}

void Position::remove(Square s) noexcept {
    const Piece p = board_[s];
    if (p.empty()) return;
    const auto c = static_cast<std::size_t>(index(p.color));
    board_[s] = Piece{};
    occupied_[c] &= ~square_bit(s);
    if (p.type == PieceType::pawn) refresh_pawn_file(c, column_of(s));
    if (p.type == PieceType::king) {
        --king_count_[c];
        refresh_kings();
    }
}

// Editing recounts a column, so even a position with two pawns on a file (which a reader
// may build before validation) keeps the right bits.
void Position::refresh_pawn_file(std::size_t c, int column) noexcept {
    bool pawn = false;
    for (int rank = 0; rank < 9; ++rank) {
        const Piece p = board_[static_cast<std::size_t>(rank * 9 + column)];
        pawn = pawn || (p.type == PieceType::pawn && static_cast<std::size_t>(index(p.color)) == c);
    }
    if (pawn)
        pawn_files_[c] |= static_cast<std::uint16_t>(1 << column);
    else
        pawn_files_[c] &= static_cast<std::uint16_t>(~(1 << column));
}

void Position::refresh_kings() noexcept {
    for (std::size_t c = 0; c < 2; ++c) {
        kings_[c] = kNoSquare;
        if (king_count_[c] != 1) continue;
        for (Square s = 0; s < kSquares; ++s)
            if (board_[s].type == PieceType::king && index(board_[s].color) == static_cast<int>(c))
                kings_[c] = s;
    }
}

void Position::play(Move m) noexcept {
    const Color us = side_;
    const auto u = static_cast<std::size_t>(index(us));
    const Square to = m.to();
    if (m.is_drop()) {
        --hands_[u][static_cast<std::size_t>(index(m.dropped()))];
        board_[to] = Piece{m.dropped(), us};
        occupied_[u] |= square_bit(to);
        if (m.dropped() == PieceType::pawn) pawn_files_[u] |= static_cast<std::uint16_t>(1 << column_of(to));
    } else {
        const Square from = m.from();
        const Piece moving = board_[from];
        const Piece captured = board_[to];
        if (!captured.empty()) {
            const auto t = static_cast<std::size_t>(index(~us));
            occupied_[t] &= ~square_bit(to);
            if (captured.type == PieceType::pawn)
                pawn_files_[t] &= static_cast<std::uint16_t>(~(1 << column_of(to)));
            if (captured.type == PieceType::king) {
                --king_count_[t];
                kings_[t] = kNoSquare;
            } else {
                ++hands_[u][static_cast<std::size_t>(index(unpromoted(captured.type)))];
            }
        }
        board_[from] = Piece{};
        occupied_[u] ^= square_bit(from) | square_bit(to);
        if (moving.type == PieceType::pawn) {
            pawn_files_[u] &= static_cast<std::uint16_t>(~(1 << column_of(from)));
            if (!m.promotes()) pawn_files_[u] |= static_cast<std::uint16_t>(1 << column_of(to));
        }
        board_[to] = Piece{m.promotes() ? promoted(moving.type) : moving.type, us};
        if (moving.type == PieceType::king && king_count_[u] == 1) kings_[u] = to;
    }
    side_ = ~us;
    ++move_number_;
}

Position::Undo Position::make(Move m) noexcept {
    Undo undo;
    if (!m.is_drop()) undo.captured = board_[m.to()];
    play(m);
    return undo;
}

void Position::unmake(Move m, const Undo& undo) noexcept {
    side_ = ~side_;
    --move_number_;
    const Color us = side_;
    const auto u = static_cast<std::size_t>(index(us));
    if (m.is_drop()) {
        remove(m.to());
        ++hands_[u][static_cast<std::size_t>(index(m.dropped()))];
        return;
    }
    const PieceType moved = board_[m.to()].type;
    remove(m.to());
    put({m.promotes() ? unpromoted(moved) : moved, us}, m.from());
    if (!undo.captured.empty()) {
        put(undo.captured, m.to());
        if (undo.captured.type != PieceType::king)
            --hands_[u][static_cast<std::size_t>(index(unpromoted(undo.captured.type)))];
    }
}

}  // namespace kifu::shogi
