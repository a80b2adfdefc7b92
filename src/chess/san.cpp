#include "kifu/chess/san.hpp"

#include <optional>

#include <fmt/format.h>

#include "kifu/core/text_position.hpp"

namespace kifu::chess {
namespace {

std::string_view side_name(const Position& pos) {
    return pos.side_to_move() == Color::white ? "white" : "black";
}

void append_square(std::string& out, Square s) {
    out.push_back(file_char(s));
    out.push_back(rank_char(s));
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
    if (t == "--" || t == "Z0" || t == "0000" || t == "@@@@") {
        p.null = true;
        return p;
    }
    if (t == "O-O" || t == "0-0") {
        p.castling = 1;
        return p;
    }
    if (t == "O-O-O" || t == "0-0-0") {
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

Error move_error(ErrorCode code, const Position& pos, std::string_view text, std::string_view why) {
    return Error{code, 0, 1, 1,
                 fmt::format("{} move '{}' ({} to move){}",
                             code == ErrorCode::illegal_move     ? "illegal"
                             : code == ErrorCode::ambiguous_move ? "ambiguous"
                                                                 : "invalid",
                             text, side_name(pos), why)};
}

}  // namespace

std::string write_san(const Position& pos, Move m) {
    if (m.is_null()) return "--";
    std::string out;
    const Piece moving = pos.piece_on(m.from());
    if (m.kind() == Move::Kind::castling) {
        out = m.to() > m.from() ? "O-O" : "O-O-O";
    } else if (moving.type == PieceType::pawn) {
        if (is_capture(pos, m)) {
            out.push_back(file_char(m.from()));
            out.push_back('x');
        }
        append_square(out, m.to());
        if (m.kind() == Move::Kind::promotion) {
            out.push_back('=');
            out.push_back(piece_type_letter(m.promotion()));
        }
    } else {
        out.push_back(piece_type_letter(moving.type));
        // Disambiguate among the legal moves of the same piece type to the same square.
        bool other = false, same_file = false, same_rank = false;
        if (moving.type != PieceType::king) {
            for (const Move x : legal_moves(pos)) {
                if (x == m || x.to() != m.to() || x.kind() == Move::Kind::castling) continue;
                if (pos.piece_on(x.from()).type != moving.type) continue;
                other = true;
                same_file = same_file || file_of(x.from()) == file_of(m.from());
                same_rank = same_rank || rank_of(x.from()) == rank_of(m.from());
            }
        }
        if (other) {
            if (!same_file)
                out.push_back(file_char(m.from()));
            else if (!same_rank)
                out.push_back(rank_char(m.from()));
            else
                append_square(out, m.from());
        }
        if (is_capture(pos, m)) out.push_back('x');
        append_square(out, m.to());
    }
    Position next = pos;
    next.play(m);
    if (in_check(next, next.side_to_move())) out.push_back(count_legal_moves(next) == 0 ? '#' : '+');
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
                        text, side_name(pos)));
    const Pattern& p = *pattern;
    if (p.null) return Move::null();

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

std::string write_uci(const Position& pos, Move m) {
    if (m.is_null()) return "0000";
    std::string out;
    append_square(out, m.from());
    append_square(out, m.kind() == Move::Kind::castling && !pos.chess960() ? king_target(m) : m.to());
    if (m.kind() == Move::Kind::promotion)
        out.push_back(static_cast<char>(piece_type_letter(m.promotion()) - 'A' + 'a'));
    return out;
}

Result<Move> parse_uci(const Position& pos, std::string_view text) {
    if (text == "0000") return Move::null();
    const bool shape = (text.size() == 4 || text.size() == 5) && is_file(text[0]) && is_rank(text[1]) &&
                       is_file(text[2]) && is_rank(text[3]) &&
                       (text.size() == 4 || promotion_of(text[4]) != PieceType::none);
    if (!shape)
        return error_at(text, 0, ErrorCode::unexpected_character,
                        fmt::format("invalid move '{}' ({} to move): expected UCI such as e2e4 or e7e8q",
                                    text, side_name(pos)));
    return parse_san(pos, text);
}

}  // namespace kifu::chess
