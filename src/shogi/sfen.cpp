#include "kifu/shogi/sfen.hpp"

#include <array>
#include <optional>

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

#include "../core/placement.hpp"
#include "kifu/core/diagnostics.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu::shogi {
namespace {

// How many of each kind a set has (promoted pieces count as their kind).
constexpr std::array<int, 8> kSetCount = {18, 4, 4, 4, 4, 2, 2, 2};
constexpr std::string_view kKindNames[8] = {"pawns", "lances",  "knights", "silvers",
                                            "golds", "bishops", "rooks",   "kings"};
// The order hands are written in (USI: rook, bishop, gold, silver, knight, lance, pawn).
constexpr PieceType kHandOrder[kHandTypes] = {PieceType::rook,   PieceType::bishop, PieceType::gold,
                                              PieceType::silver, PieceType::knight, PieceType::lance,
                                              PieceType::pawn};

char letter(Piece p) {
    const char c = usi_letter(p.type);
    return p.color == Color::black ? c : static_cast<char>(c - 'A' + 'a');
}

}  // namespace

namespace {

std::string shogi_rank_name(int row) {
    return std::string(1, static_cast<char>('a' + row));
}

// Reads an SFEN; errors go to `d` (a reader for a value gives limit 1). The placement
// lists all of its errors; the fields after it stop at their first.
std::optional<Position> read_sfen(std::string_view text, SfenReadOptions options, Diagnostics& d) {
    std::size_t i = 0;
    const auto skip_blanks = [&] {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    };
    skip_blanks();
    if (text.substr(i, 5) == "sfen ") {
        i += 5;
        skip_blanks();
    }
    Position pos;
    // Board.
    const PlacementRules rules{.ranks = 9,
                               .files = 9,
                               .piece_expected = "a piece letter (K R B G S N L P, lower case for White)",
                               .rank_name = shogi_rank_name};
    Scanner in(text);
    in.seek(i);
    const auto shape = read_placement(
        in, d, rules, [&](std::string_view t, std::size_t k, int row, int column) -> PieceResult {
            const std::size_t at = k;
            const bool plus = t[k] == '+';
            if (plus) ++k;
            const char c = k < t.size() ? t[k] : '\0';
            const bool black = is_upper(c);
            const PieceType base = piece_type_from_usi_letter(black ? c : static_cast<char>(c - 'a' + 'A'));
            if (base == PieceType::none) {
                if (!plus) return {PieceRead::not_a_piece, at};
                d.expected(k, "a piece letter after '+' (P L N S B R)");
                if (c != '/' && c != '\0' && !is_blank(c)) ++k;
                return {PieceRead::error, k};
            }
            ++k;
            if (plus && !can_promote(base)) {
                d.add(ErrorCode::unexpected_character, at,
                      fmt::format("'{}' cannot be promoted (only P L N S B R can)", c));
                return {PieceRead::error, k};
            }
            pos.put({plus ? promoted(base) : base, black ? Color::black : Color::white},
                    static_cast<Square>(row * 9 + column));
            return {PieceRead::piece, k};
        });
    if (!shape && d.full()) return std::nullopt;
    const bool board_read = shape.has_value();
    i = in.offset();
    // Side to move.
    if (i >= text.size() || (text[i] != ' ' && text[i] != '\t'))
        return d.fail_expected(i, "a space and the side to move");
    skip_blanks();
    if (i >= text.size() || (text[i] != 'b' && text[i] != 'w'))
        return d.fail_expected(i, "the side to move, 'b' or 'w'");
    pos.set_side_to_move(text[i] == 'b' ? Color::black : Color::white);
    ++i;
    // Hands.
    if (i >= text.size() || (text[i] != ' ' && text[i] != '\t'))
        return d.fail_expected(i, "a space and the pieces in hand");
    skip_blanks();
    if (i < text.size() && text[i] == '-') {
        ++i;
    } else {
        bool any = false;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') {
            const std::size_t at = i;
            int n = 1;
            if (is_digit(text[i])) {
                n = 0;
                while (i < text.size() && is_digit(text[i]) && n <= 99) n = n * 10 + (text[i++] - '0');
                if (n < 1 || n > 18)
                    return d.fail(ErrorCode::out_of_range, at,
                                  "expected a count from 2 to 18 before a piece in hand");
            }
            if (i >= text.size()) return d.fail_expected(i, "a piece letter after the count");
            const char c = text[i];
            const bool black = c >= 'A' && c <= 'Z';
            const PieceType t = piece_type_from_usi_letter(black ? c : static_cast<char>(c - 'a' + 'A'));
            if (t == PieceType::none || t == PieceType::king)
                return d.fail_expected(i, "a piece in hand (R B G S N L P, lower case for White)");
            const Color color = black ? Color::black : Color::white;
            if (pos.hand(color, t) != 0)
                return d.fail(ErrorCode::duplicate, at, fmt::format("'{}' is given twice in the hands", c));
            pos.set_hand(color, t, n);
            ++i;
            any = true;
        }
        if (!any) return d.fail_expected(i, "the pieces in hand, or '-'");
    }
    // Move number.
    skip_blanks();
    if (i >= text.size()) {
        if (!options.relaxed) return d.fail_expected(i, "the move number");
        if (!board_read) return std::nullopt;
        return pos;
    }
    const std::size_t at = i;
    long n = 0;
    while (i < text.size() && is_digit(text[i]) && n < 100000000) n = n * 10 + (text[i++] - '0');
    if (i == at) return d.fail_expected(i, "the move number");
    if (n < 1 || n >= 100000000) return d.fail(ErrorCode::out_of_range, at, "expected a move number from 1");
    pos.set_move_number(static_cast<int>(n));
    skip_blanks();
    if (i < text.size()) return d.fail_expected(i, "the end of the SFEN");
    if (!board_read) return std::nullopt;
    return pos;
}

}  // namespace

Result<Position> parse_sfen(std::string_view text, SfenReadOptions options) {
    Diagnostics d(text, 1);
    std::optional<Position> pos = read_sfen(text, options, d);
    if (!pos) return d.take().front();
    return *pos;
}

std::string write_sfen(const Position& pos) {
    std::string out;
    for (int rank = 0; rank < 9; ++rank) {
        int empty = 0;
        for (int column = 0; column < 9; ++column) {
            const Piece p = pos.piece_on(static_cast<Square>(rank * 9 + column));
            if (p.empty()) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty);
            empty = 0;
            if (is_promoted(p.type)) out += '+';
            out += letter(p);
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (rank < 8) out += '/';
    }
    out += pos.side_to_move() == Color::black ? " b " : " w ";
    std::string hands;
    for (const Color c : {Color::black, Color::white})
        for (const PieceType t : kHandOrder) {
            const int n = pos.hand(c, t);
            if (n == 0) continue;
            if (n > 1) hands += std::to_string(n);
            hands += letter({t, c});
        }
    out += hands.empty() ? "-" : hands;
    out += ' ';
    out += std::to_string(pos.move_number());
    return out;
}

std::string_view to_string(ProblemKind kind) noexcept {
    switch (kind) {
        case ProblemKind::piece_cannot_move:
            return "piece_cannot_move";
        case ProblemKind::too_many_pieces:
            return "too_many_pieces";
        case ProblemKind::two_kings:
            return "two_kings";
        case ProblemKind::two_pawns_on_file:
            return "two_pawns_on_file";
        case ProblemKind::side_not_to_move_in_check:
            return "side_not_to_move_in_check";
    }
    return "unknown";
}

std::vector<Problem> validity_problems(const Position& pos) {
    std::vector<Problem> problems;
    std::array<int, 8> total{};
    std::array<int, 2> kings{};
    for (Square s = 0; s < kSquares; ++s) {
        const Piece p = pos.piece_on(s);
        if (p.empty()) continue;
        ++total[static_cast<std::size_t>(index(unpromoted(p.type)))];
        if (p.type == PieceType::king) ++kings[static_cast<std::size_t>(index(p.color))];
        if (dead_end(p.type, p.color, s))
            problems.push_back(
                {ProblemKind::piece_cannot_move, s,
                 fmt::format("the {} {} on {}{} can never move", p.color == Color::black ? "Black" : "White",
                             kKindNames[static_cast<std::size_t>(index(p.type))], file_of(s),
                             static_cast<char>('a' + rank_of(s)))});
    }
    for (const Color c : {Color::black, Color::white})
        for (int t = 0; t < kHandTypes; ++t)
            total[static_cast<std::size_t>(t)] += pos.hand(c, static_cast<PieceType>(t));
    for (std::size_t t = 0; t < 8; ++t)
        if (total[t] > kSetCount[t])
            problems.push_back({ProblemKind::too_many_pieces, -1,
                                fmt::format("{} {} on the board and in hand, a set has {}", total[t],
                                            kKindNames[t], kSetCount[t])});
    for (std::size_t c = 0; c < 2; ++c) {
        const std::string_view side = c == 0 ? "Black" : "White";
        if (kings[c] > 1)
            problems.push_back({ProblemKind::two_kings, -1, fmt::format("{} has {} kings", side, kings[c])});
        for (int column = 0; column < 9; ++column) {
            int pawns = 0;
            for (int rank = 0; rank < 9; ++rank) {
                const Piece p = pos.piece_on(static_cast<Square>(rank * 9 + column));
                pawns += p.type == PieceType::pawn && static_cast<std::size_t>(index(p.color)) == c;
            }
            if (pawns > 1)
                problems.push_back(
                    {ProblemKind::two_pawns_on_file, -1,
                     fmt::format("{} has {} unpromoted pawns on file {}", side, pawns, 9 - column)});
        }
    }
    if (in_check(pos, ~pos.side_to_move()))
        problems.push_back({ProblemKind::side_not_to_move_in_check,
                            pos.king(~pos.side_to_move()) == kNoSquare ? -1 : pos.king(~pos.side_to_move()),
                            fmt::format("{} is in check but it is {} to move",
                                        pos.side_to_move() == Color::black ? "White" : "Black",
                                        pos.side_to_move() == Color::black ? "Black" : "White")});
    return problems;
}

std::vector<Error> validate_sfen(std::string_view text, SfenReadOptions options) {
    Diagnostics d(text);
    const std::optional<Position> pos = read_sfen(text, options, d);
    if (!pos) return d.take();
    std::vector<Error> out;
    for (const Problem& p : validity_problems(*pos)) out.push_back(problem_error(p));
    return out;
}

std::string write_usi(Move m) {
    std::string out;
    const auto square = [&](Square s) {
        out += static_cast<char>('0' + file_of(s));
        out += static_cast<char>('a' + rank_of(s));
    };
    if (m.is_drop()) {
        out += usi_letter(m.dropped());
        out += '*';
    } else {
        square(m.from());
    }
    square(m.to());
    if (m.promotes()) out += '+';
    return out;
}

Result<Move> parse_usi(const Position& pos, std::string_view text) {
    const auto square_at = [&](std::size_t i) -> Square {
        if (i + 1 >= text.size()) return kNoSquare;
        const char f = text[i], r = text[i + 1];
        if (f < '1' || f > '9' || r < 'a' || r > 'i') return kNoSquare;
        return make_square(f - '0', r - 'a');
    };
    const auto invalid = [&] {
        return error_at(text, 0, ErrorCode::unexpected_character,
                        fmt::format("invalid move '{}': expected a USI move such as 7g7f, 8h2b+ or P*5e",
                                    utf8::snippet(text)));
    };
    Move m;
    if (text.size() == 4 && text[1] == '*') {
        const PieceType t = piece_type_from_usi_letter(text[0]);
        const Square to = square_at(2);
        if (t == PieceType::none || t == PieceType::king || to == kNoSquare) return invalid();
        m = Move::drop(t, to);
    } else if (text.size() == 4 || (text.size() == 5 && text[4] == '+')) {
        const Square from = square_at(0), to = square_at(2);
        if (from == kNoSquare || to == kNoSquare) return invalid();
        m = Move::make(from, to, text.size() == 5);
    } else {
        return invalid();
    }
    if (!legal_moves(pos).contains(m))
        return error_at(text, 0, ErrorCode::illegal_move,
                        fmt::format("illegal move '{}' ({} to move)", utf8::snippet(text),
                                    pos.side_to_move() == Color::black ? "Black" : "White"));
    return m;
}

Result<Position> parse_usi_position(std::string_view text) {
    std::size_t i = 0;
    const auto skip_blanks = [&] {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
            ++i;
    };
    skip_blanks();
    if (text.substr(i, 9) == "position ") {
        i += 9;
        skip_blanks();
    }
    Position pos;
    const std::size_t moves_at = text.find(" moves", i);
    const std::string_view head =
        text.substr(i, moves_at == std::string_view::npos ? std::string_view::npos : moves_at - i);
    if (head == "startpos" || (head.size() > 8 && head.substr(0, 8) == "startpos" &&
                               head.find_first_not_of(" \t", 8) == std::string_view::npos)) {
        pos = Position::start();
    } else if (head.substr(0, 5) == "sfen ") {
        Result<Position> p = parse_sfen(head);
        if (!p) {
            Error e = p.error();
            return error_at(text, i + e.offset, e.code, e.message);
        }
        pos = *p;
    } else {
        return expected_at(text, i, "'startpos' or 'sfen' and an SFEN");
    }
    if (moves_at == std::string_view::npos) return pos;
    i = moves_at + 6;
    for (;;) {
        skip_blanks();
        if (i >= text.size()) break;
        std::size_t end = i;
        while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != '\n' &&
               text[end] != '\r')
            ++end;
        Result<Move> m = parse_usi(pos, text.substr(i, end - i));
        if (!m) return error_at(text, i, m.error().code, m.error().message);
        pos.play(*m);
        i = end;
    }
    return pos;
}

}  // namespace kifu::shogi
