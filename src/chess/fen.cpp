#include "kifu/chess/fen.hpp"

#include <array>
#include <charconv>
#include <optional>

#include <fmt/format.h>

#include "../core/placement.hpp"
#include "kifu/chess/movegen.hpp"
#include "kifu/core/diagnostics.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "last_move.hpp"

namespace kifu::chess {
namespace {

PieceType piece_type_of(char c) {
    return piece_type_from_letter(c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
}

struct FenField {
    std::string_view text;
    std::size_t offset;
};

// The castling letters, kept to be resolved once the board is known.
struct CastlingLetter {
    char letter;
    std::size_t offset;
};

std::string chess_rank_name(int row) {
    return std::to_string(8 - row);
}

// Reads a FEN into a position. Every error goes to the Diagnostics: a reader for a value
// gives one with limit 1 and stops at the first; validate_fen gives a larger one, and the
// reader goes on field by field (the placement lists all of its errors), so that a user
// sees what is wrong at once.
class FenReader {
  public:
    FenReader(std::string_view text, FenReadOptions options, Diagnostics& diagnostics)
        : text_(text), options_(options), diagnostics_(diagnostics) {}

    std::optional<Position> read() {
        std::vector<FenField> fields;
        if (Result<void> ok = split(fields); !ok) return fail(ok.error());
        const std::size_t minimum = options_.relaxed ? 4 : 6;
        if (fields.size() < minimum || fields.size() > 6)
            return fail(error_at(
                text_, fields.size() > 6 ? fields[6].offset : text_.size(),
                fields.size() > 6 ? ErrorCode::unexpected_character : ErrorCode::unexpected_end,
                fmt::format("a FEN has {} fields (placement, side, castling, en passant{}), found {}",
                            options_.relaxed ? "4 to 6" : "6",
                            options_.relaxed ? ", clocks" : ", halfmove clock, fullmove number",
                            fields.size())));
        Position pos;
        bool ok = read_placement(fields[0], pos);
        if (!ok && diagnostics_.full()) return std::nullopt;
        if (fields[1].text == "w" || fields[1].text == "b")
            pos.set_side_to_move(fields[1].text == "w" ? Color::white : Color::black);
        else if (!diagnostics_.expected(fields[1].offset, "the side to move, 'w' or 'b'"))
            return std::nullopt;
        else
            ok = false;
        // Castling rights are resolved against the board: only when it read.
        if (ok && !note(read_castling(fields[2], pos), ok)) return std::nullopt;
        if (!note(read_en_passant(fields[3], pos), ok)) return std::nullopt;
        int halfmove = 0, fullmove = 1;
        if (fields.size() > 4) {
            Result<int> h = read_number(fields[4], 0, "the halfmove clock");
            if (h)
                halfmove = *h;
            else if (!note(Result<void>(h.error()), ok))
                return std::nullopt;
        }
        if (fields.size() > 5) {
            Result<int> f = read_number(fields[5], 1, "the fullmove number");
            if (f)
                fullmove = *f;
            else if (!note(Result<void>(f.error()), ok))
                return std::nullopt;
        }
        if (!ok) return std::nullopt;
        pos.set_clocks(halfmove, fullmove);
        return pos;
    }

    std::vector<std::string> dropped_castling;  // rights that named no king and rook

  private:
    std::nullopt_t fail(Error e) { return diagnostics_.fail(e.code, e.offset, std::move(e.message)); }
    // Records a field's error; false when the reader is to stop.
    bool note(const Result<void>& r, bool& ok) {
        if (r) return true;
        ok = false;
        return diagnostics_.add(r.error().code, r.error().offset, r.error().message);
    }

    Result<void> split(std::vector<FenField>& fields) {
        std::size_t i = 0;
        const std::size_t n = text_.size();
        if (options_.relaxed)
            while (i < n && is_blank(text_[i])) ++i;
        while (i < n) {
            const std::size_t start = i;
            while (i < n && !is_blank(text_[i])) ++i;
            fields.push_back({text_.substr(start, i - start), start});
            if (i >= n) break;
            if (!options_.relaxed) {
                if (text_[i] != ' ') return expected_at(text_, i, "a single space between fields");
                ++i;
                if (i >= n || text_[i] == ' ')
                    return expected_at(text_, i,
                                       i >= n ? "a field after the space" : "a single space between fields");
            } else {
                while (i < n && is_blank(text_[i])) ++i;
            }
        }
        if (fields.empty()) return expected_at(text_, 0, "a FEN");
        return {};
    }

    bool read_placement(const FenField& field, Position& pos) {
        const PlacementRules rules{.ranks = 8,
                                   .files = 8,
                                   .adjacent_counts = options_.relaxed,
                                   .piece_expected = "a piece letter (PNBRQK, pnbrqk)",
                                   .rank_name = chess_rank_name};
        int kings[2] = {0, 0};
        Scanner in(text_);
        in.seek(field.offset);
        const auto shape = kifu::read_placement(
            in, diagnostics_, rules, [&](std::string_view, std::size_t i, int row, int file) -> PieceResult {
                const char c = text_[i];
                const PieceType type = piece_type_of(c);
                if (type == PieceType::none) return {PieceRead::not_a_piece, i};
                const int rank = 7 - row;
                const Color color = c >= 'a' ? Color::black : Color::white;
                const std::size_t at = i++;
                if (type == PieceType::pawn && (rank == 0 || rank == 7) && !options_.any_placement) {
                    diagnostics_.add(
                        ErrorCode::conflict, at,
                        fmt::format("a pawn on rank {}: pawns never stand on the first or last rank",
                                    rank + 1));
                    return {PieceRead::error, i};
                }
                if (type == PieceType::king) ++kings[index(color)];
                pos.put({type, color}, make_square(file, rank));
                return {PieceRead::piece, i};
            });
        if (!shape) return false;
        if (options_.any_placement) return true;
        bool ok = true;
        for (const Color c : {Color::white, Color::black})
            if (kings[index(c)] != 1) {
                ok = false;
                if (!diagnostics_.add(ErrorCode::conflict, field.offset,
                                      fmt::format("{} has {} kings; each side has exactly one",
                                                  c == Color::white ? "white" : "black", kings[index(c)])))
                    return false;
            }
        return ok;
    }

    Result<void> read_castling(const FenField& field, Position& pos) {
        if (field.text == "-") return {};
        std::vector<CastlingLetter> letters;
        for (std::size_t k = 0; k < field.text.size(); ++k) {
            const char c = field.text[k];
            const char upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
            if (!(upper == 'K' || upper == 'Q' || (upper >= 'A' && upper <= 'H')))
                return expected_at(text_, field.offset + k,
                                   "castling rights: '-', KQkq or rook files A-H, a-h");
            for (const CastlingLetter& l : letters)
                if (l.letter == c)
                    return error_at(text_, field.offset + k, ErrorCode::duplicate,
                                    fmt::format("castling right '{}' is given twice", c));
            letters.push_back({c, field.offset + k});
        }
        std::array<char, 4> given{};  // the letter that set each right
        for (const CastlingLetter& l : letters) {
            const int right = resolve_castling(l.letter, pos);
            if (right < 0) continue;
            if (given[static_cast<std::size_t>(right)])
                return error_at(
                    text_, l.offset, ErrorCode::duplicate,
                    fmt::format("castling rights '{}' and '{}' both name {}'s {}-side right",
                                given[static_cast<std::size_t>(right)], l.letter,
                                right < 2 ? "white" : "black", right % 2 == 0 ? "king" : "queen"));
            given[static_cast<std::size_t>(right)] = l.letter;
        }
        // Chess960 when a right's king or rook is not where classical chess has them.
        for (int i = 0; i < 4; ++i) {
            const Square rook = pos.castling_rook(i);
            const Square k = pos.king(i < 2 ? Color::white : Color::black);
            if (rook != kNoSquare && (file_of(k) != 4 || (file_of(rook) != 0 && file_of(rook) != 7)))
                pos.set_chess960(true);
        }
        return {};
    }

    // X-FEN: K and Q are the outermost rooks on each side of the king; a file letter names
    // the rook. A right naming no king and rook on the back rank is dropped.
    // Returns the right set (castling_index), or -1 when the letter names none.
    int resolve_castling(char letter, Position& pos) {
        const Color c = letter >= 'a' ? Color::black : Color::white;
        const char upper = c == Color::black ? static_cast<char>(letter - 'a' + 'A') : letter;
        const int rank = back_rank(c);
        const Square k = pos.king(c);
        const Bitboard rooks = pos.pieces(c, PieceType::rook) & rank_bb(rank);
        Square rook = kNoSquare;
        if (k != kNoSquare && rank_of(k) == rank) {
            if (upper == 'K') {
                for (int f = 7; f > file_of(k) && rook == kNoSquare; --f)
                    if (rooks & bit(make_square(f, rank))) rook = make_square(f, rank);
            } else if (upper == 'Q') {
                for (int f = 0; f < file_of(k) && rook == kNoSquare; ++f)
                    if (rooks & bit(make_square(f, rank))) rook = make_square(f, rank);
            } else if (rooks & bit(make_square(upper - 'A', rank))) {
                rook = make_square(upper - 'A', rank);
            }
        }
        if (rook == kNoSquare) {
            dropped_castling.push_back(
                fmt::format("castling right '{}' has no {} king and rook on the back rank for it", letter,
                            c == Color::white ? "white" : "black"));
            return -1;
        }
        const bool king_side = file_of(rook) > file_of(k);
        pos.set_castling(castling_index(c, king_side), rook);
        return castling_index(c, king_side);
    }

    Result<void> read_en_passant(const FenField& field, Position& pos) {
        if (field.text == "-") return {};
        const std::string_view t = field.text;
        if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8')
            return expected_at(text_, field.offset, "an en-passant square such as e3, or '-'");
        const int wanted = pos.side_to_move() == Color::white ? 6 : 3;
        if (t[1] - '0' != wanted)
            return error_at(
                text_, field.offset + 1, ErrorCode::conflict,
                fmt::format("an en-passant square is on rank {} when {} is to move, not {}", wanted,
                            pos.side_to_move() == Color::white ? "white" : "black", t[1]));
        pos.set_en_passant(make_square(t[0] - 'a', t[1] - '1'));
        return {};
    }

    Result<int> read_number(const FenField& field, int minimum, std::string_view what) {
        Scanner in(field.text);
        const Scanner::Number n = in.read_number(1'000'000);
        if (n.digits == 0 || !in.at_end())
            return expected_at(text_, field.offset + in.offset(), fmt::format("{}: a number", what));
        if (n.overflow || static_cast<int>(n.value) < minimum)
            return error_at(text_, field.offset, ErrorCode::out_of_range,
                            fmt::format("{} {} is outside {}-1000000", what, field.text, minimum));
        return static_cast<int>(n.value);
    }

    std::string_view text_;
    FenReadOptions options_;
    Diagnostics& diagnostics_;
};

bool outermost(const Position& pos, Color c, Square rook, bool king_side) {
    const Bitboard rooks = pos.pieces(c, PieceType::rook) & rank_bb(back_rank(c));
    for (int f = file_of(rook) + (king_side ? 1 : -1); f >= 0 && f < 8; f += king_side ? 1 : -1)
        if (rooks & bit(make_square(f, back_rank(c)))) return false;
    return true;
}

bool legal_en_passant_exists(const Position& pos) {
    for (const Move m : legal_moves(pos))
        if (m.kind() == Move::Kind::en_passant) return true;
    return false;
}

}  // namespace

Result<Position> parse_fen(std::string_view text, FenReadOptions options) {
    Diagnostics diagnostics(text, 1);
    std::optional<Position> pos = FenReader(text, options, diagnostics).read();
    if (!pos) return diagnostics.take().front();
    return *pos;
}

std::string_view to_string(ProblemKind kind) noexcept {
    switch (kind) {
        case ProblemKind::side_not_to_move_in_check:
            return "side_not_to_move_in_check";
        case ProblemKind::too_many_checkers:
            return "too_many_checkers";
        case ProblemKind::impossible_double_check:
            return "impossible_double_check";
        case ProblemKind::impossible_check:
            return "impossible_check";
        case ProblemKind::en_passant_without_pawn:
            return "en_passant_without_pawn";
        case ProblemKind::castling_without_rook:
            return "castling_without_rook";
    }
    return "unknown";
}

namespace {
int view_cell(Square s) {
    return (7 - rank_of(s)) * 8 + file_of(s);
}
}  // namespace

std::vector<Problem> validity_problems(const Position& pos) {
    std::vector<Problem> problems;
    const Color us = pos.side_to_move();
    if (in_check(pos, ~us))
        problems.push_back(
            {ProblemKind::side_not_to_move_in_check,
             pos.king(~us) == kNoSquare ? -1 : view_cell(pos.king(~us)),
             fmt::format("{}, not to move, is in check", us == Color::white ? "black" : "white")});
    const Bitboard checkers = pos.checkers();
    if (popcount(checkers) > 2)
        problems.push_back(
            {ProblemKind::too_many_checkers, view_cell(pos.king(us)),
             fmt::format("{} checkers: no move gives more than two checks", popcount(checkers))});
    else if (checkers && !check_has_a_last_move(pos))
        problems.push_back(
            {more_than_one(checkers) ? ProblemKind::impossible_double_check : ProblemKind::impossible_check,
             view_cell(pos.king(us)),
             more_than_one(checkers) ? "two checkers that no single move could have given together"
                                     : "a check that no move could have given"});
    const Square ep = pos.en_passant();
    if (ep != kNoSquare) {
        const int dir = us == Color::white ? -8 : 8;
        const Square pawn = static_cast<Square>(ep + dir);
        const Square origin = static_cast<Square>(ep - dir);
        if (pos.piece_on(pawn) != Piece{PieceType::pawn, ~us} || !pos.piece_on(ep).empty() ||
            !pos.piece_on(origin).empty())
            problems.push_back(
                {ProblemKind::en_passant_without_pawn, view_cell(ep),
                 fmt::format("en-passant square {}{} without a pawn that just moved two squares past it",
                             file_char(ep), rank_char(ep))});
    }
    return problems;
}

std::vector<Error> validate_fen(std::string_view text, FenReadOptions options) {
    Diagnostics diagnostics(text);
    FenReader reader(text, options, diagnostics);
    std::optional<Position> pos = reader.read();
    if (!pos) return diagnostics.take();
    std::vector<Error> out;
    for (std::string& p : reader.dropped_castling)
        out.push_back(unplaced_error(ErrorCode::conflict, std::move(p)));
    for (const Problem& p : validity_problems(*pos)) out.push_back(problem_error(p));
    return out;
}

std::string write_fen(const Position& pos, FenWriteOptions options) {
    // Put together in a buffer (the longest FEN is under 100 characters): writers of
    // JSON Lines write two a game.
    char text[128];
    char* out = text;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Piece p = pos.piece_on(make_square(file, rank));
            if (p.empty()) {
                ++empty;
                continue;
            }
            if (empty) *out++ = static_cast<char>('0' + empty), empty = 0;
            *out++ = piece_letter(p);
        }
        if (empty) *out++ = static_cast<char>('0' + empty);
        if (rank) *out++ = '/';
    }
    *out++ = ' ';
    *out++ = pos.side_to_move() == Color::white ? 'w' : 'b';
    *out++ = ' ';
    const char* castling_at = out;
    for (const Color c : {Color::white, Color::black})
        for (const bool king_side : {true, false}) {
            const Square rook = pos.castling_rook(castling_index(c, king_side));
            if (rook == kNoSquare) continue;
            char letter = static_cast<char>('A' + file_of(rook));
            if (options.castling == CastlingNotation::xfen && outermost(pos, c, rook, king_side))
                letter = king_side ? 'K' : 'Q';
            *out++ = c == Color::white ? letter : static_cast<char>(letter - 'A' + 'a');
        }
    if (out == castling_at) *out++ = '-';
    const Square ep = pos.en_passant();
    const bool write_ep = ep != kNoSquare && (options.en_passant == EnPassantField::after_double_push ||
                                              legal_en_passant_exists(pos));
    *out++ = ' ';
    if (write_ep) {
        *out++ = file_char(ep);
        *out++ = rank_char(ep);
    } else {
        *out++ = '-';
    }
    *out++ = ' ';
    out = std::to_chars(out, text + 110, pos.halfmove_clock()).ptr;
    *out++ = ' ';
    out = std::to_chars(out, text + 127, pos.fullmove_number()).ptr;
    return std::string(text, out);
}

}  // namespace kifu::chess
