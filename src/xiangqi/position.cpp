#include "kifu/xiangqi/position.hpp"

#include <optional>

#include <fmt/format.h>

#include "../core/placement.hpp"
#include "kifu/core/diagnostics.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu::xiangqi {
namespace {

PieceType type_of(char upper) {
    switch (upper) {
        case 'K':
            return PieceType::general;
        case 'A':
            return PieceType::advisor;
        case 'B':
        case 'E':
            return PieceType::elephant;
        case 'N':
        case 'H':
            return PieceType::horse;
        case 'R':
            return PieceType::chariot;
        case 'C':
            return PieceType::cannon;
        case 'P':
            return PieceType::soldier;
        default:
            return PieceType::none;
    }
}

char letter_of(Piece p, Letters letters) {
    const std::string_view set = letters == Letters::ucci ? "KABNRCP" : "KAEHRCP";
    const char c = set[static_cast<std::size_t>(p.type)];
    return p.color == Color::red ? c : static_cast<char>(c - 'A' + 'a');
}

constexpr std::string_view kNames[7] = {"general", "advisor", "elephant", "horse",
                                        "chariot", "cannon",  "soldier"};
constexpr int kSetCount[7] = {1, 2, 2, 2, 2, 2, 5};

// Rank 1-10 (Red's side is 1) and file 0-8 of a square.
int rank_of(int s) {
    return kRanks - s / kFiles;
}
int file_index(int s) {
    return s % kFiles;
}
// Ranks counted from the piece's own side (1 = its back rank).
int own_rank(Color c, int s) {
    return c == Color::red ? rank_of(s) : kRanks + 1 - rank_of(s);
}

std::string square_name(int s) {
    return fmt::format("{}{}", static_cast<char>('a' + file_index(s)), rank_of(s));
}

}  // namespace

namespace {

std::string xiangqi_rank_name(int row) {
    return std::to_string(kRanks - row);
}

// Reads a xiangqi FEN; errors go to `d` (limit 1 for a value). The placement lists all of
// its errors; the fields after it stop at their first.
std::optional<Position> read_fen(std::string_view text, Diagnostics& d) {
    Position pos;
    std::size_t i = 0;
    while (i < text.size() && text[i] == ' ') ++i;
    const PlacementRules rules{.ranks = kRanks,
                               .files = kFiles,
                               .piece_expected = "a piece letter (K A B/E N/H R C P, lower case for Black)",
                               .rank_name = xiangqi_rank_name};
    Scanner in(text);
    in.seek(i);
    const auto shape =
        read_placement(in, d, rules, [&](std::string_view, std::size_t k, int row, int file) -> PieceResult {
            const char c = text[k];
            const bool red = is_upper(c);
            const PieceType t = type_of(red ? c : static_cast<char>(c - 'a' + 'A'));
            if (t == PieceType::none) return {PieceRead::not_a_piece, k};
            ++k;
            pos.board[static_cast<std::size_t>(row * kFiles + file)] =
                Piece{t, red ? Color::red : Color::black};
            return {PieceRead::piece, k};
        });
    if (!shape && d.full()) return std::nullopt;
    const bool board_read = shape.has_value();
    i = in.offset();
    if (i >= text.size() || text[i] != ' ') return d.fail_expected(i, "a space and the side to move");
    while (i < text.size() && text[i] == ' ') ++i;
    if (i >= text.size() || (text[i] != 'w' && text[i] != 'r' && text[i] != 'b'))
        return d.fail_expected(i, "the side to move: 'w' or 'r' (Red), 'b' (Black)");
    pos.side_to_move = text[i] == 'b' ? Color::black : Color::red;
    ++i;
    // The rest, when given: "- -" (unused in xiangqi) and the clocks.
    std::vector<std::string_view> rest;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ') ++i;
        if (i > start) rest.push_back(text.substr(start, i - start));
    }
    if (rest.size() == 4 || rest.size() == 2) {
        const std::size_t c = rest.size() - 2;
        const auto number = [&](std::string_view t, int& out) {
            int n = 0;
            for (const char ch : t) {
                if (ch < '0' || ch > '9' || n > 10000000) return false;
                n = n * 10 + (ch - '0');
            }
            out = n;
            return !t.empty();
        };
        if (!number(rest[c], pos.halfmove_clock) || !number(rest[c + 1], pos.fullmove_number) ||
            pos.fullmove_number < 1)
            return d.fail(ErrorCode::unexpected_character,
                          static_cast<std::size_t>(rest[c].data() - text.data()),
                          "expected the halfmove clock and the move number");
    } else if (!rest.empty()) {
        return d.fail(ErrorCode::unexpected_character, static_cast<std::size_t>(rest[0].data() - text.data()),
                      "expected '- - HALFMOVES MOVE', the clocks, or the end after the side to move");
    }
    if (!board_read) return std::nullopt;
    return pos;
}

}  // namespace

Result<Position> parse_fen(std::string_view text) {
    Diagnostics d(text, 1);
    std::optional<Position> pos = read_fen(text, d);
    if (!pos) return d.take().front();
    return *pos;
}

std::vector<Error> validate_fen(std::string_view text) {
    Diagnostics d(text);
    const std::optional<Position> pos = read_fen(text, d);
    if (!pos) return d.take();
    std::vector<Error> out;
    for (const Problem& p : validity_problems(*pos)) out.push_back(problem_error(p));
    return out;
}

std::string write_fen(const Position& pos, Letters letters) {
    std::string out;
    for (int row = 0; row < kRanks; ++row) {
        int empty = 0;
        for (int file = 0; file < kFiles; ++file) {
            const Piece p = pos.board[static_cast<std::size_t>(row * kFiles + file)];
            if (p.empty()) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty);
            empty = 0;
            out += letter_of(p, letters);
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (row < kRanks - 1) out += '/';
    }
    out += pos.side_to_move == Color::red ? " w" : " b";
    out += fmt::format(" - - {} {}", pos.halfmove_clock, pos.fullmove_number);
    return out;
}

Position Position::start() {
    return *parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
}

Position::Undo Position::make(Move m) noexcept {
    const Undo undo{board[m.to()], halfmove_clock};
    board[m.to()] = board[m.from()];
    board[m.from()] = Piece{};
    halfmove_clock = undo.captured.empty() ? halfmove_clock + 1 : 0;
    if (side_to_move == Color::black) ++fullmove_number;
    side_to_move = side_to_move == Color::red ? Color::black : Color::red;
    return undo;
}

void Position::unmake(Move m, const Undo& undo) noexcept {
    side_to_move = side_to_move == Color::red ? Color::black : Color::red;
    if (side_to_move == Color::black) --fullmove_number;
    board[m.from()] = board[m.to()];
    board[m.to()] = undo.captured;
    halfmove_clock = undo.halfmove_clock;
}

void Position::play(Move m) noexcept {
    (void)make(m);
}

std::string_view to_string(ProblemKind kind) noexcept {
    switch (kind) {
        case ProblemKind::piece_off_its_points:
            return "piece_off_its_points";
        case ProblemKind::too_many_pieces:
            return "too_many_pieces";
        case ProblemKind::no_general:
            return "no_general";
        case ProblemKind::generals_facing:
            return "generals_facing";
    }
    return "unknown";
}

std::vector<Problem> validity_problems(const Position& pos) {
    std::vector<Problem> problems;
    int counts[2][7] = {};
    int generals[2] = {-1, -1};
    for (int s = 0; s < kSquares; ++s) {
        const Piece p = pos.board[static_cast<std::size_t>(s)];
        if (p.empty()) continue;
        const int c = static_cast<int>(p.color);
        ++counts[c][static_cast<int>(p.type)];
        const int r = own_rank(p.color, s), f = file_index(s);
        const std::string_view side = p.color == Color::red ? "Red" : "Black";
        const auto bad = [&](std::string_view where) {
            problems.push_back({ProblemKind::piece_off_its_points, s,
                                fmt::format("the {} {} on {} is {}", side, kNames[static_cast<int>(p.type)],
                                            square_name(s), where)});
        };
        switch (p.type) {
            case PieceType::general:
                generals[c] = s;
                if (r > 3 || f < 3 || f > 5) bad("outside its palace");
                break;
            case PieceType::advisor:
                if (!((r == 1 || r == 3) && (f == 3 || f == 5)) && !(r == 2 && f == 4))
                    bad("off the advisors' points");
                break;
            case PieceType::elephant:
                if (!(((r == 1 || r == 5) && (f == 2 || f == 6)) || (r == 3 && (f == 0 || f == 4 || f == 8))))
                    bad("off the elephants' points");
                break;
            case PieceType::soldier:
                if (r < 4 || (r <= 5 && f % 2 == 1)) bad("where no soldier can be");
                break;
            default:
                break;
        }
    }
    for (int c = 0; c < 2; ++c) {
        const std::string_view side = c == 0 ? "Red" : "Black";
        for (int t = 0; t < 7; ++t)
            if (counts[c][t] > kSetCount[t])
                problems.push_back({ProblemKind::too_many_pieces, -1,
                                    fmt::format("{} has {} {}s, a set has {}", side, counts[c][t], kNames[t],
                                                kSetCount[t])});
        if (counts[c][0] == 0)
            problems.push_back({ProblemKind::no_general, -1, fmt::format("{} has no general", side)});
    }
    if (generals[0] >= 0 && generals[1] >= 0 && file_index(generals[0]) == file_index(generals[1])) {
        bool open = true;
        for (int s = generals[1] + kFiles; s < generals[0]; s += kFiles)
            open = open && pos.board[static_cast<std::size_t>(s)].empty();
        if (open)
            problems.push_back(
                {ProblemKind::generals_facing, generals[0], "the generals face each other on an open file"});
    }
    return problems;
}

}  // namespace kifu::xiangqi
