#include "kifu/feen/games.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

namespace kifu::feen {
namespace {

Error not_this_game(std::string message) {
    return Error{ErrorCode::unsupported, std::move(message)};
}

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// An empty board of the game's shape and styles (upper case for the first player).
Position empty_board(std::vector<int> shape, char style, bool first_to_move) {
    Position out;
    std::size_t cells = 1;
    for (const int n : shape) cells *= static_cast<std::size_t>(n);
    out.shape = std::move(shape);
    out.cells.assign(cells, Piece{});
    out.styles[0] = style;
    out.styles[1] = lower(style);
    out.first_to_move = first_to_move;
    return out;
}

}  // namespace

Position from_chess(const chess::Position& pos) {
    using chess::Color, chess::PieceType;
    Position out = empty_board({8, 8}, 'C', pos.side_to_move() == Color::white);
    // The squares whose piece keeps a castling right (rooks and their kings).
    std::uint64_t castling = 0;
    for (int i = 0; i < 4; ++i) {
        const chess::Square rook = pos.castling_rook(i);
        if (rook == chess::kNoSquare) continue;
        castling |= chess::bit(rook);
        const chess::Square king = pos.king(i < 2 ? Color::white : Color::black);
        if (king != chess::kNoSquare) castling |= chess::bit(king);
    }
    const chess::Square ep = pos.en_passant();
    for (chess::Square s = 0; s < 64; ++s) {
        const chess::Piece p = pos.piece_on(s);
        if (p.empty()) continue;
        Piece f;
        f.letter = chess::piece_letter(p);
        f.terminal = p.type == PieceType::king;
        if (castling & chess::bit(s)) f.modifier = '+';
        if (p.type == PieceType::pawn) {
            if (chess::rank_of(s) == (p.color == Color::white ? 1 : 6)) f.modifier = '+';
            // The pawn that has just advanced two squares, when its en-passant square is set.
            if (ep != chess::kNoSquare && chess::file_of(s) == chess::file_of(ep) &&
                chess::rank_of(s) == (p.color == Color::white ? 3 : 4) && pos.side_to_move() != p.color)
                f.modifier = '-';
        }
        out.cells[static_cast<std::size_t>((7 - chess::rank_of(s)) * 8 + chess::file_of(s))] = f;
    }
    return out;
}

Result<chess::Position> to_chess(const Position& f) {
    using chess::Color, chess::PieceType;
    if (f.shape != std::vector<int>{8, 8}) return not_this_game("a chess position needs an 8x8 board");
    if (lower(f.styles[0]) != 'c' || lower(f.styles[1]) != 'c')
        return not_this_game(fmt::format("the styles {}/{} are not chess (C/c)", f.styles[0], f.styles[1]));
    if (!f.hands[0].empty() || !f.hands[1].empty()) return not_this_game("chess has no pieces in hand");
    chess::Position pos;
    std::vector<chess::Square> castling_pieces;
    for (int i = 0; i < 64; ++i) {
        const Piece& c = f.cells[static_cast<std::size_t>(i)];
        if (!c.letter) continue;
        const chess::Square s = chess::make_square(i % 8, 7 - i / 8);
        const PieceType t = chess::piece_type_from_letter(
            static_cast<char>(c.letter >= 'a' ? c.letter - 'a' + 'A' : c.letter));
        if (t == PieceType::none)
            return not_this_game(fmt::format("'{}' is not a chess piece letter", c.letter));
        const Color color = c.first_player() ? Color::white : Color::black;
        pos.put({t, color}, s);
        // A rook that may castle is enhanced ('+', as kifu writes it) or, in the start
        // position of feen.rb's README, diminished ('-'): both read as the right.
        if (c.modifier != 0 && t == PieceType::rook) castling_pieces.push_back(s);
        if (c.modifier == '-' && t == PieceType::pawn)
            pos.set_en_passant(
                chess::make_square(chess::file_of(s), chess::rank_of(s) + (color == Color::white ? -1 : 1)));
    }
    pos.set_side_to_move(f.first_to_move ? Color::white : Color::black);
    bool chess960 = false;
    for (const chess::Square rook : castling_pieces) {
        const Color color = pos.piece_on(rook).color;
        const chess::Square king = pos.king(color);
        if (king == chess::kNoSquare || chess::rank_of(king) != chess::rank_of(rook)) continue;
        pos.set_castling(chess::castling_index(color, rook > king), rook);
        chess960 =
            chess960 || chess::file_of(king) != 4 || (chess::file_of(rook) != 0 && chess::file_of(rook) != 7);
    }
    pos.set_chess960(chess960);
    return pos;
}

namespace {
constexpr std::string_view kXiangqiLetters = "GAEHRCP";  // by xiangqi::PieceType
}  // namespace

Position from_xiangqi(const xiangqi::Position& pos) {
    Position out =
        empty_board({xiangqi::kRanks, xiangqi::kFiles}, 'X', pos.side_to_move == xiangqi::Color::red);
    for (std::size_t s = 0; s < out.cells.size(); ++s) {
        const xiangqi::Piece p = pos.board[s];
        if (p.empty()) continue;
        const char letter = kXiangqiLetters[static_cast<std::size_t>(p.type)];
        out.cells[s] = Piece{p.color == xiangqi::Color::red ? letter : lower(letter), 0,
                             p.type == xiangqi::PieceType::general};
    }
    return out;
}

Result<xiangqi::Position> to_xiangqi(const Position& f) {
    if (f.shape != std::vector<int>{xiangqi::kRanks, xiangqi::kFiles})
        return not_this_game("a xiangqi position needs 10 ranks of 9 files");
    if (lower(f.styles[0]) != 'x' || lower(f.styles[1]) != 'x')
        return not_this_game(fmt::format("the styles {}/{} are not xiangqi (X/x)", f.styles[0], f.styles[1]));
    if (!f.hands[0].empty() || !f.hands[1].empty()) return not_this_game("xiangqi has no pieces in hand");
    xiangqi::Position pos;
    for (std::size_t s = 0; s < f.cells.size(); ++s) {
        const Piece& c = f.cells[s];
        if (!c.letter) continue;
        const char upper = static_cast<char>(c.letter >= 'a' ? c.letter - 'a' + 'A' : c.letter);
        const std::size_t t = kXiangqiLetters.find(upper);
        if (t == std::string_view::npos)
            return not_this_game(fmt::format("'{}' is not a xiangqi piece letter (R H E A G C P)", c.letter));
        pos.board[s] = xiangqi::Piece{static_cast<xiangqi::PieceType>(t),
                                      c.first_player() ? xiangqi::Color::red : xiangqi::Color::black};
    }
    pos.side_to_move = f.first_to_move ? xiangqi::Color::red : xiangqi::Color::black;
    return pos;
}

std::vector<std::string> chess_captured(const chess::Position& pos) {
    using chess::Color, chess::PieceType;
    constexpr std::array<std::pair<PieceType, int>, 6> kArmy = {{{PieceType::queen, 1},
                                                                 {PieceType::rook, 2},
                                                                 {PieceType::bishop, 2},
                                                                 {PieceType::knight, 2},
                                                                 {PieceType::pawn, 8},
                                                                 {PieceType::king, 1}}};
    std::vector<std::string> out;
    for (const Color c : {Color::white, Color::black}) {
        int promoted = 0;  // pieces beyond the initial army came from pawns
        for (const auto& [t, n] : kArmy)
            if (t != PieceType::pawn) promoted += std::max(0, chess::popcount(pos.pieces(c, t)) - n);
        for (const auto& [t, n] : kArmy) {
            int have = chess::popcount(pos.pieces(c, t));
            if (t != PieceType::pawn)
                have = std::min(have, n);
            else
                have += promoted;
            for (int k = have; k < n; ++k) out.emplace_back(1, chess::piece_letter({t, c}));
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

Position from_shogi(const shogi::Position& pos) {
    using shogi::Color, shogi::PieceType;
    Position out = empty_board({9, 9}, 'S', pos.side_to_move() == Color::black);
    for (shogi::Square s = 0; s < shogi::kSquares; ++s) {
        const shogi::Piece p = pos.piece_on(s);
        if (p.empty()) continue;
        Piece f;
        const char letter = shogi::usi_letter(shogi::unpromoted(p.type));
        f.letter = p.color == Color::black ? letter : lower(letter);
        f.modifier = shogi::is_promoted(p.type) ? '+' : 0;
        f.terminal = p.type == PieceType::king;
        out.cells[s] = f;
    }
    for (const Color c : {Color::black, Color::white})
        for (int t = 0; t < shogi::kHandTypes; ++t) {
            const int n = pos.hand(c, static_cast<PieceType>(t));
            if (n == 0) continue;
            const char letter = shogi::usi_letter(static_cast<PieceType>(t));
            out.hands[shogi::index(c)].push_back({Piece{c == Color::black ? letter : lower(letter)}, n});
        }
    return out;
}

Result<shogi::Position> to_shogi(const Position& f) {
    using shogi::Color, shogi::PieceType;
    if (f.shape != std::vector<int>{9, 9}) return not_this_game("a shogi position needs a 9x9 board");
    if (lower(f.styles[0]) != 's' || lower(f.styles[1]) != 's')
        return not_this_game(fmt::format("the styles {}/{} are not shogi (S/s)", f.styles[0], f.styles[1]));
    shogi::Position pos;
    for (std::size_t i = 0; i < 81; ++i) {
        const Piece& c = f.cells[i];
        if (!c.letter) continue;
        const char upper = static_cast<char>(c.letter >= 'a' ? c.letter - 'a' + 'A' : c.letter);
        PieceType t = shogi::piece_type_from_usi_letter(upper);
        if (t == PieceType::none)
            return not_this_game(fmt::format("'{}' is not a shogi piece letter", c.letter));
        if (c.modifier == '+') {
            if (!shogi::can_promote(t))
                return not_this_game(fmt::format("'+{}' cannot be promoted in shogi", c.letter));
            t = shogi::promoted(t);
        }
        pos.put({t, c.first_player() ? Color::black : Color::white}, static_cast<shogi::Square>(i));
    }
    for (int side = 0; side < 2; ++side)
        for (const auto& [p, n] : f.hands[side]) {
            const char upper = static_cast<char>(p.letter >= 'a' ? p.letter - 'a' + 'A' : p.letter);
            const PieceType t = shogi::piece_type_from_usi_letter(upper);
            if (t == PieceType::none || t == PieceType::king || p.modifier)
                return not_this_game(fmt::format("'{}' cannot be in a shogi hand", p.letter));
            const Color c = side == 0 ? Color::black : Color::white;
            pos.set_hand(c, t, pos.hand(c, t) + n);
        }
    pos.set_side_to_move(f.first_to_move ? Color::black : Color::white);
    return pos;
}

std::vector<std::string> shogi_captured(const shogi::Position& pos) {
    std::vector<std::string> out;
    for (const shogi::Color c : {shogi::Color::black, shogi::Color::white})
        for (int t = 0; t < shogi::kHandTypes; ++t)
            for (int k = 0; k < pos.hand(c, static_cast<shogi::PieceType>(t)); ++k) {
                const char letter = shogi::usi_letter(static_cast<shogi::PieceType>(t));
                out.emplace_back(1, c == shogi::Color::black ? letter : lower(letter));
            }
    std::sort(out.begin(), out.end());
    return out;
}

namespace {

// The board of a game's FEEN v1 position, as the seed's form holds it: letters, and '+'
// only for a promoted shogi piece.
Position plain(Position p, bool keep_promotion) {
    for (Piece& c : p.cells) {
        c.terminal = false;
        c.derived = false;
        if (!keep_promotion || c.modifier != '+') c.modifier = 0;
    }
    p.hands[0].clear();
    p.hands[1].clear();
    return p;
}

}  // namespace

std::string write_feen2015(const chess::Position& pos, bool letters) {
    return write_feen2015(plain(from_chess(pos), false), chess_captured(pos), !letters);
}

std::string write_feen2015(const shogi::Position& pos) {
    return write_feen2015(plain(from_shogi(pos), true), shogi_captured(pos), false);
}

Result<chess::Position> chess_from_feen2015(const SeedPosition& seed) {
    Position p = seed.position;
    p.styles[0] = 'C';
    p.styles[1] = 'c';
    for (Piece& c : p.cells) c.modifier = 0;  // no castling or en passant in this form
    return to_chess(p);
}

Result<shogi::Position> shogi_from_feen2015(const SeedPosition& seed) {
    Position p = seed.position;
    p.styles[0] = 'S';
    p.styles[1] = 's';
    for (const std::string& actor : seed.captured) {
        if (actor.size() != 1) return not_this_game(fmt::format("'{}' cannot be in a shogi hand", actor));
        const char letter = actor[0];
        auto& hand = p.hands[letter >= 'A' && letter <= 'Z' ? 0 : 1];
        bool added = false;
        for (auto& [piece, n] : hand)
            if (piece.letter == letter) ++n, added = true;
        if (!added) hand.push_back({Piece{letter}, 1});
    }
    return to_shogi(p);
}

}  // namespace kifu::feen
