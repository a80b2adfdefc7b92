#include "kifu/chess/status.hpp"

#include "kifu/chess/movegen.hpp"
#include "kifu/core/hash.hpp"

namespace kifu::chess {
namespace {

std::uint64_t mix(std::uint64_t z) noexcept {
    return splitmix64(z);
}

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ull;

}  // namespace

std::uint64_t repetition_key(const Position& pos) {
    std::uint64_t key = pos.side_to_move() == Color::black ? mix(1000) : 0;
    for (Bitboard b = pos.occupied(); b;) {
        const Square s = pop_lsb(b);
        const Piece p = pos.piece_on(s);
        key ^= mix(static_cast<std::uint64_t>(s) * 16 + static_cast<std::uint64_t>(index(p.type)) * 2 +
                   static_cast<std::uint64_t>(index(p.color)));
    }
    for (int i = 0; i < 4; ++i)
        if (pos.castling_rook(i) != kNoSquare)
            key ^= mix(2000 + static_cast<std::uint64_t>(i) * 64 + pos.castling_rook(i));
    if (pos.en_passant() != kNoSquare)
        for (const Move m : legal_moves(pos))
            if (m.kind() == Move::Kind::en_passant) {
                key ^= mix(3000 + pos.en_passant());
                break;
            }
    return key;
}

bool insufficient_material(const Position& pos) {
    if (pos.pieces(PieceType::pawn) | pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen))
        return false;
    const Bitboard knights = pos.pieces(PieceType::knight);
    const Bitboard bishops = pos.pieces(PieceType::bishop);
    if (popcount(knights | bishops) <= 1) return true;
    if (knights) return false;
    return (bishops & kDarkSquares) == 0 || (bishops & ~kDarkSquares) == 0;
}

GameStatus game_status(const Position& pos, std::span<const std::uint64_t> history) {
    GameStatus status;
    status.check = in_check(pos, pos.side_to_move());
    const std::uint64_t key = repetition_key(pos);
    for (const std::uint64_t k : history) status.repetitions += k == key;
    status.threefold_claim = status.repetitions >= 3;
    status.fifty_move_claim = pos.halfmove_clock() >= 100;
    if (count_legal_moves(pos) == 0)
        status.outcome = status.check ? Outcome::checkmate : Outcome::stalemate;
    else if (insufficient_material(pos))
        status.outcome = Outcome::insufficient_material;
    else if (pos.halfmove_clock() >= 150)
        status.outcome = Outcome::seventy_five_moves;
    else if (status.repetitions >= 5)
        status.outcome = Outcome::fivefold_repetition;
    return status;
}

std::string_view to_string(Outcome outcome) noexcept {
    switch (outcome) {
        case Outcome::ongoing:
            return "ongoing";
        case Outcome::checkmate:
            return "checkmate";
        case Outcome::stalemate:
            return "stalemate";
        case Outcome::insufficient_material:
            return "insufficient_material";
        case Outcome::seventy_five_moves:
            return "seventy_five_moves";
        case Outcome::fivefold_repetition:
            return "fivefold_repetition";
    }
    return "ongoing";
}

std::string describe(const GameStatus& status) {
    std::string out;
    switch (status.outcome) {
        case Outcome::checkmate:
            return "checkmate";
        case Outcome::stalemate:
            return "stalemate";
        case Outcome::insufficient_material:
            out = "insufficient material: a draw";
            break;
        case Outcome::seventy_five_moves:
            out = "75 moves without a capture or pawn move: a draw";
            break;
        case Outcome::fivefold_repetition:
            out = "fivefold repetition: a draw";
            break;
        case Outcome::ongoing:
            break;
    }
    const auto add = [&out](std::string_view part) {
        if (!out.empty()) out += "; ";
        out += part;
    };
    if (status.check) add("check");
    if (status.outcome == Outcome::ongoing) {
        if (status.threefold_claim && status.fifty_move_claim)
            add("a draw may be claimed (threefold repetition, fifty-move rule)");
        else if (status.threefold_claim)
            add("a draw may be claimed (threefold repetition)");
        else if (status.fifty_move_claim)
            add("a draw may be claimed (fifty-move rule)");
    }
    return out;
}

}  // namespace kifu::chess
