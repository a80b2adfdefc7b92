#include "kifu/feen/feen.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "../core/placement.hpp"
#include "kifu/core/diagnostics.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu::feen {

std::string piece_text(const Piece& p) {
    std::string out;
    if (p.modifier) out += p.modifier;
    out += p.letter;
    if (p.terminal) out += '^';
    if (p.derived) out += '\'';
    return out;
}

namespace {

bool is_letter(char c) {
    return is_upper(c) || is_lower(c);
}

// The chess glyphs of the seed's form and the letters they stand for.
constexpr std::array<std::pair<std::string_view, char>, 12> kGlyphs = {{
    {"♔", 'K'},
    {"♕", 'Q'},
    {"♖", 'R'},
    {"♗", 'B'},
    {"♘", 'N'},
    {"♙", 'P'},
    {"♚", 'k'},
    {"♛", 'q'},
    {"♜", 'r'},
    {"♝", 'b'},
    {"♞", 'n'},
    {"♟", 'p'},
}};

// Reads a board (the shared placement reader: ranks separated by "/", layers by "//",
// counts of any length) into `out`. The seed's form also takes the chess glyphs and ","
// between cells. Errors go to `d`; false when there was one.
bool read_board(std::string_view text, std::size_t begin, Position& out, bool seed, Diagnostics& d) {
    const PlacementRules rules{.layers = true,
                               .long_counts = true,
                               .commas = seed,
                               .piece_expected = seed ? "a piece (a letter or a chess glyph)"
                                                      : "a piece ([+-]letter[^]['], letters for pieces)"};
    struct Placed {
        int row, file;
        Piece piece;
    };
    std::vector<Placed> placed;
    Scanner in(text);
    in.seek(begin);
    const auto shape =
        read_placement(in, d, rules, [&](std::string_view, std::size_t k, int row, int file) -> PieceResult {
            const std::size_t start = k;
            const auto at = [&](std::size_t j) { return j < text.size() ? text[j] : '\0'; };
            if (seed)
                for (const auto& [g, letter] : kGlyphs)
                    if (text.substr(k, g.size()) == g) {
                        k += g.size();
                        placed.push_back({row, file, Piece{letter}});
                        return {PieceRead::piece, k};
                    }
            Piece p;
            if (at(k) == '+' || at(k) == '-') p.modifier = text[k++];
            if (!is_letter(at(k))) {
                if (!p.modifier) return {PieceRead::not_a_piece, start};
                d.expected(k, "a piece letter after the modifier");
                return {PieceRead::error, k};
            }
            p.letter = text[k++];
            if (!seed && at(k) == '^') p.terminal = true, ++k;
            if (!seed && at(k) == '\'') p.derived = true, ++k;
            placed.push_back({row, file, p});
            return {PieceRead::piece, k};
        });
    if (!shape) return false;
    // A layer of one rank is no third dimension: sashite's feen.rb refuses "9//9", and so
    // does kifu (docs/feen.md); the board is "9/9".
    if (!seed && shape->layers > 1 && shape->ranks == 1) {
        d.fail(ErrorCode::unexpected_character, text.find("//", begin),
               "a layer here has one rank: layers ('//') hold two ranks or more; write a board of one rank "
               "a layer with '/' (9/9)");
        return false;
    }
    out.shape.clear();
    if (shape->layers > 1) out.shape.push_back(shape->layers);
    if (shape->layers > 1 || shape->ranks > 1) out.shape.push_back(shape->ranks);
    out.shape.push_back(shape->files);
    out.cells.assign(static_cast<std::size_t>(shape->layers) * static_cast<std::size_t>(shape->ranks) *
                         static_cast<std::size_t>(shape->files),
                     Piece{});
    for (const Placed& p : placed)
        out.cells[static_cast<std::size_t>(p.row) * static_cast<std::size_t>(shape->files) +
                  static_cast<std::size_t>(p.file)] = p.piece;
    return true;
}

Result<bool> read_board(std::string_view text, std::size_t begin, std::size_t, Position& out, bool seed) {
    Diagnostics d(text, 1);
    if (!read_board(text, begin, out, seed, d)) return d.take().front();
    return true;
}

// Hand order, as the reference implementation (sashite's feen.rb) writes and checks it:
// the highest count first, then the letter regardless of case, upper case before lower,
// the state '-' before '+' before none, then without '^' before with, without '\'' before
// with (docs/feen.md).
bool before(const std::pair<Piece, int>& a, const std::pair<Piece, int>& b) {
    if (a.second != b.second) return a.second > b.second;
    const auto fold = [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; };
    if (fold(a.first.letter) != fold(b.first.letter)) return fold(a.first.letter) < fold(b.first.letter);
    if (a.first.letter != b.first.letter) return a.first.letter < b.first.letter;  // upper case first
    const auto state = [](char m) { return m == '-' ? 0 : m == '+' ? 1 : 2; };
    if (a.first.modifier != b.first.modifier) return state(a.first.modifier) < state(b.first.modifier);
    if (a.first.terminal != b.first.terminal) return !a.first.terminal;
    return !a.first.derived && b.first.derived;
}

Result<bool> read_hand(std::string_view text, std::size_t begin, std::size_t end,
                       std::vector<std::pair<Piece, int>>& hand) {
    std::size_t i = begin;
    while (i < end) {
        const std::size_t at = i;
        int count = 1;
        if (is_digit(text[i])) {
            if (text[i] == '0' && (i + 1 >= end || !is_digit(text[i + 1])))
                return error_at(text, i, ErrorCode::out_of_range,
                                "a count in hand is 2 or more (a single piece has none), found 0");
            if (text[i] == '0')
                return error_at(text, i, ErrorCode::unexpected_character, "a count has no leading zero");
            long n = 0;
            while (i < end && is_digit(text[i]) && n <= 100000) n = n * 10 + (text[i++] - '0');
            if (n < 2)
                return error_at(text, at, ErrorCode::out_of_range,
                                "a count in hand is 2 or more (a single piece has none), found 1");
            if (n > 100000) return error_at(text, at, ErrorCode::out_of_range, "a count in hand over 100000");
            count = static_cast<int>(n);
        }
        Piece p;
        if (i < end && (text[i] == '+' || text[i] == '-')) p.modifier = text[i++];
        if (i >= end || !is_letter(text[i])) return expected_at(text, i, "a piece in hand");
        p.letter = text[i++];
        if (i < end && text[i] == '^') p.terminal = true, ++i;
        if (i < end && text[i] == '\'') p.derived = true, ++i;
        for (const auto& [q, n] : hand)
            if (q == p)
                return error_at(text, at, ErrorCode::duplicate,
                                fmt::format("'{}' is given twice in a hand: aggregate it ({}{})",
                                            piece_text(p), n + count, piece_text(p)));
        if (!hand.empty() && !before(hand.back(), {p, count}))
            return error_at(text, at, ErrorCode::conflict,
                            fmt::format("hand pieces go highest count first, then by letter (upper case "
                                        "first), then '-', '+', plain: '{}' comes before '{}'",
                                        text.substr(at, i - at), piece_text(hand.back().first)));
        hand.emplace_back(p, count);
    }
    return true;
}

}  // namespace

Result<Position> parse_feen(std::string_view text) {
    // Exactly three fields, one space between.
    const std::size_t s1 = text.find(' ');
    const std::size_t s2 = s1 == std::string_view::npos ? s1 : text.find(' ', s1 + 1);
    if (s2 == std::string_view::npos || text.find(' ', s2 + 1) != std::string_view::npos) {
        const std::size_t fields = static_cast<std::size_t>(std::count(text.begin(), text.end(), ' ')) + 1;
        return error_at(
            text, 0, ErrorCode::unexpected_character,
            fmt::format("a FEEN has 3 fields (placement, hands, style-turn) separated by one space, found {}",
                        fields));
    }
    Position pos;
    if (Result<bool> board = read_board(text, 0, s1, pos, false); !board) return board.error();
    // Hands: first/second.
    const std::string_view hands = text.substr(s1 + 1, s2 - s1 - 1);
    const std::size_t slash = hands.find('/');
    if (slash == std::string_view::npos || hands.find('/', slash + 1) != std::string_view::npos)
        return error_at(
            text, s1 + 1, ErrorCode::unexpected_character,
            "the hands field is \"first/second\" with exactly one '/' (\"/\" when both are empty)");
    if (Result<bool> r = read_hand(text, s1 + 1, s1 + 1 + slash, pos.hands[0]); !r) return r.error();
    if (Result<bool> r = read_hand(text, s1 + 2 + slash, s2, pos.hands[1]); !r) return r.error();
    // Style-turn: the side to move's style first.
    const std::string_view st = text.substr(s2 + 1);
    if (st.size() != 3 || st[1] != '/' || !is_letter(st[0]) || !is_letter(st[2]))
        return error_at(
            text, s2 + 1, ErrorCode::unexpected_character,
            "the style-turn field is two style letters around '/', the side to move's first (e.g. C/c)");
    const bool first_upper = st[0] >= 'A' && st[0] <= 'Z';
    const bool second_upper = st[2] >= 'A' && st[2] <= 'Z';
    if (first_upper == second_upper)
        return error_at(
            text, s2 + 1, ErrorCode::conflict,
            fmt::format("the two styles must differ in case (upper case for the first player), found {}",
                        st));
    pos.first_to_move = first_upper;
    pos.styles[0] = first_upper ? st[0] : st[2];
    pos.styles[1] = first_upper ? st[2] : st[0];
    // No more pieces than cells.
    std::size_t pieces = 0;
    for (const Piece& p : pos.cells) pieces += p.letter != 0;
    for (const auto& hand : pos.hands)
        for (const auto& [p, n] : hand) pieces += static_cast<std::size_t>(n);
    if (pieces > pos.cells.size())
        return error_at(text, 0, ErrorCode::conflict,
                        fmt::format("{} pieces on the board and in hand, more than the {} cells of the board",
                                    pieces, pos.cells.size()));
    return pos;
}

namespace {

void write_board(std::string& out, const Position& pos, bool glyphs) {
    const int files = pos.shape.back();
    const int ranks_per_layer = pos.shape.size() >= 2 ? pos.shape[pos.shape.size() - 2] : 1;
    int empty = 0;
    for (std::size_t i = 0; i < pos.cells.size(); ++i) {
        const int index = static_cast<int>(i);
        if (index > 0 && index % files == 0) {
            if (empty) out += std::to_string(empty);
            empty = 0;
            out += index % (files * ranks_per_layer) == 0 ? "//" : "/";
        }
        const Piece& p = pos.cells[i];
        if (!p.letter) {
            ++empty;
            continue;
        }
        if (empty) out += std::to_string(empty);
        empty = 0;
        bool written = false;
        if (glyphs && !p.modifier && !p.terminal && !p.derived)
            for (const auto& [g, letter] : kGlyphs)
                if (letter == p.letter) {
                    out += g;
                    written = true;
                }
        if (!written) out += piece_text(p);
    }
    if (empty) out += std::to_string(empty);
}

}  // namespace

std::string write_feen(const Position& pos) {
    std::string out;
    write_board(out, pos, false);
    out += ' ';
    for (int side = 0; side < 2; ++side) {
        std::vector<std::pair<Piece, int>> hand = pos.hands[side];
        std::sort(hand.begin(), hand.end(), before);
        for (const auto& [p, n] : hand) {
            if (n > 1) out += std::to_string(n);
            out += piece_text(p);
        }
        if (side == 0) out += '/';
    }
    out += ' ';
    out += pos.first_to_move ? pos.styles[0] : pos.styles[1];
    out += '/';
    out += pos.first_to_move ? pos.styles[1] : pos.styles[0];
    return out;
}

Result<SeedPosition> parse_feen2015(std::string_view text) {
    const std::size_t s1 = text.find(' ');
    const std::size_t s2 = s1 == std::string_view::npos ? s1 : text.find(' ', s1 + 1);
    if (s2 == std::string_view::npos || text.find(' ', s2 + 1) != std::string_view::npos)
        return error_at(text, 0, ErrorCode::unexpected_character,
                        "a FEEN (seed form) has 3 fields: the board, the active side, the captured actors");
    SeedPosition out;
    if (Result<bool> board = read_board(text, 0, s1, out.position, true); !board) return board.error();
    const std::string_view side = text.substr(s1 + 1, s2 - s1 - 1);
    if (side != "B" && side != "t")
        return expected_at(text, s1 + 1, "the active side, 'B' (bottom) or 't' (top)");
    out.position.first_to_move = side == "B";
    const std::string_view captured = text.substr(s2 + 1);
    if (captured.empty()) return expected_at(text, s2 + 1, "the captured actors, or '-'");
    if (captured != "-") {
        for (std::size_t i = 0; i < captured.size();) {
            std::string actor;
            if (captured[i] == '+') actor += captured[i++];
            if (i >= captured.size() || !is_letter(captured[i]))
                return expected_at(text, s2 + 1 + i,
                                   "a captured actor (a letter, '+' before a promoted one)");
            actor += captured[i++];
            if (!out.captured.empty() && actor.back() < out.captured.back().back())
                return error_at(text, s2 + i, ErrorCode::conflict,
                                "the captured actors are listed in alphabetical order");
            out.captured.push_back(actor);
        }
    }
    return out;
}

std::string write_feen2015(const Position& pos, const std::vector<std::string>& captured, bool glyphs) {
    std::string out;
    write_board(out, pos, glyphs);
    out += pos.first_to_move ? " B " : " t ";
    std::vector<std::string> sorted = captured;
    std::sort(sorted.begin(), sorted.end(),
              [](const std::string& a, const std::string& b) { return a.back() < b.back(); });
    if (sorted.empty()) out += '-';
    for (const std::string& a : sorted) out += a;
    return out;
}

}  // namespace kifu::feen

namespace kifu::feen {

std::vector<Error> validate_feen(std::string_view text) {
    // The placement's errors all at once; then the first of the other fields.
    Diagnostics d(text);
    Position scratch;
    if (!read_board(text, 0, scratch, false, d)) return d.take();
    Result<Position> p = parse_feen(text);
    if (!p) return {p.error()};
    return {};
}

}  // namespace kifu::feen
