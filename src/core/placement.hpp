#pragma once
// The piece placement field that FEN, SFEN, xiangqi FEN and FEEN share, read by one
// reader for all of them:
//
//   placement = rank *( "/" rank )     FEEN: layers of ranks separated by "//"
//   rank      = *( count / piece )     count: a run of empty cells, one digit 1-9
//                                      (FEEN: a number of any length, no leading zero)
//
// Ranks come from the top of the board. A game gives the board's size (FEEN gives none:
// the first rank sets the width, the first layer the depth) and reads its own piece
// tokens (FEN's letters, SFEN's "+P", FEEN's "+K^'"). Every error goes to the
// Diagnostics with its place, and reading goes on at the next rank, so that a validator
// lists all that is wrong with the field at once; a reader for a value stops at the first
// (a Diagnostics with limit 1).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "kifu/core/diagnostics.hpp"
#include "kifu/core/scanner.hpp"

namespace kifu {

struct PlacementRules {
    int ranks = 0;                    // 0: any number (FEEN)
    int files = 0;                    // 0: as many as the first rank has (FEEN)
    bool layers = false;              // "//" between layers (FEEN)
    bool long_counts = false;         // counts of several digits (FEEN)
    bool adjacent_counts = true;      // "44" read as 4 then 4; false: an error (strict FEN)
    bool commas = false;              // "," between cells (the seed's FEEN)
    std::string_view piece_expected;  // "a piece letter (PNBRQK, pnbrqk)", for the errors
    // The name of the rank `row` (0 the top rank) in messages: "8" in chess, "a" in shogi.
    std::string (*rank_name)(int row) = nullptr;
};

struct PlacementShape {
    int layers = 1;
    int ranks = 0;  // in each layer
    int files = 0;
};

// What a game's piece reader did.
enum class PieceRead : std::uint8_t {
    piece,        // read one piece
    not_a_piece,  // nothing there it knows (the placement reader reports it)
    error,        // a broken piece (the piece reader reported it)
};
struct PieceResult {
    PieceRead read;
    std::size_t next;  // the byte after what was read (for not_a_piece: where it started)
};

namespace placement_detail {

inline bool ends_field(char c) noexcept {
    return c == '\0' || is_blank(c);
}

enum class Kind : std::uint8_t { piece, digit, slash, end, comma };

// What a byte is to the placement, by table: one load a byte in the hot loop.
inline constexpr auto kKinds = [] {
    std::array<Kind, 256> kinds{};
    for (int c = '0'; c <= '9'; ++c) kinds[static_cast<std::size_t>(c)] = Kind::digit;
    kinds['/'] = Kind::slash;
    for (const char c : {'\0', ' ', '\t', '\n', '\v', '\f', '\r'})
        kinds[static_cast<unsigned char>(c)] = Kind::end;
    kinds[','] = Kind::comma;
    return kinds;
}();

inline std::string name_of(const PlacementRules& rules, int row) {
    return rules.rank_name ? rules.rank_name(row) : std::to_string(row + 1);
}

}  // namespace placement_detail

// Reads the field at `in` (blanks significant) up to a blank or the end, and leaves `in`
// after it. `read_piece(text, i, row, file)` reads one piece at byte `i` of the text and
// says what it read and where it stopped (a PieceResult), for the cell at `row` (counted from the top, across
// layers) and `file`; it is called only for cells inside the board, on a byte that is no digit,
// '/' or blank. Returns the shape when no error was recorded.
template <class ReadPiece>
std::optional<PlacementShape> read_placement(Scanner& in, Diagnostics& diagnostics,
                                             const PlacementRules& rules, ReadPiece&& read_piece) {
    using placement_detail::ends_field;
    // A byte index into the text rather than the scanner's calls: this is the hot loop of
    // every FEN, SFEN and FEEN read.
    const std::string_view text = in.text();
    std::size_t i = in.offset();
    const auto peek = [&]() noexcept { return i < text.size() ? text[i] : '\0'; };
    // `i` stays a local (no reference to it escapes), so that it lives in a register.
    const auto finish = [&in](std::size_t end, auto result) {
        in.seek(end);
        return result;
    };
    const std::size_t errors_before = diagnostics.errors().size();
    PlacementShape shape;
    int files = rules.files;                           // the board's width once known
    int layer_ranks = rules.layers ? 0 : rules.ranks;  // ranks in each layer once known
    int row = 0, rank_in_layer = 0, file = 0;
    bool skipping = false;  // the rest of this rank is not read (it ran over)
    bool broken = false;    // a broken piece in this rank: its width is not known
    bool last_was_count = false;
    const auto rank_name = [&](int r) { return placement_detail::name_of(rules, r); };
    // Where the width came from the first rank (FEEN), say so.
    const auto regular = [&] { return rules.files == 0 ? " (as the first rank: boards are regular)" : ""; };
    // The end of a rank: its width checked (or, on the first rank of a FEEN, taken).
    const auto end_rank = [&](std::size_t at) -> bool {
        if (files == 0) {
            if (file == 0) return diagnostics.add(ErrorCode::conflict, at, "a rank with no cells");
            files = file;
        } else if (file != files && !skipping && !broken) {
            if (!diagnostics.add(ErrorCode::out_of_range, at,
                                 "rank " + rank_name(row) + " has " + std::to_string(file) +
                                     " squares, expected " + std::to_string(files) + regular()))
                return false;
        }
        return true;
    };
    if (ends_field(peek())) {
        diagnostics.expected(i, "the piece placement");
        return finish(i, std::optional<PlacementShape>{});
    }
    if (peek() == '/' && rules.files == 0) {
        diagnostics.add(ErrorCode::unexpected_character, i, "the piece placement starts with '/'");
        return finish(i, std::optional<PlacementShape>{});
    }
    for (;;) {
        const char c = peek();
        const std::size_t at = i;
        placement_detail::Kind kind = placement_detail::kKinds[static_cast<unsigned char>(c)];
        if (kind == placement_detail::Kind::comma && !rules.commas) kind = placement_detail::Kind::piece;
        // The common case first: a piece (letters are most of a field).
        if (kind == placement_detail::Kind::piece && !skipping) {
            last_was_count = false;
            if (files != 0 && file >= files) {
                if (!diagnostics.add(ErrorCode::out_of_range, at,
                                     "rank " + rank_name(row) + " has more than " + std::to_string(files) +
                                         " squares" + regular()))
                    return finish(i, std::optional<PlacementShape>{});
                skipping = true;
                continue;
            }
            const PieceResult read = read_piece(text, i, row, file);
            i = read.next;
            switch (read.read) {
                case PieceRead::piece:
                    break;
                case PieceRead::not_a_piece:
                    if (!diagnostics.expected(at, std::string(rules.piece_expected) + ", a digit or '/'"))
                        return finish(i, std::optional<PlacementShape>{});
                    ++i;
                    // Skip the rest of a multi-byte character, so one error is said once.
                    while (static_cast<unsigned char>(peek()) >= 0x80 &&
                           static_cast<unsigned char>(peek()) < 0xC0)
                        ++i;
                    break;
                case PieceRead::error:
                    if (diagnostics.full()) return finish(i, std::optional<PlacementShape>{});
                    broken = true;  // one fault, one error: not also the rank's width
                    break;
            }
            ++file;
            continue;
        }
        // A rank of the right width needs no check (the common case, kept out of end_rank).
        const bool width_ok = files != 0 && file == files;
        if (kind == placement_detail::Kind::end) {
            if (!width_ok && !end_rank(at)) return finish(i, std::optional<PlacementShape>{});
            break;
        }
        if (kind == placement_detail::Kind::slash) {
            if (!width_ok && !end_rank(at)) return finish(i, std::optional<PlacementShape>{});
            ++i;
            bool new_layer = false;
            if (rules.layers && peek() == '/') {
                ++i;
                new_layer = true;
                if (peek() == '/') {
                    int slashes = 3;
                    for (++i; peek() == '/'; ++i) ++slashes;
                    diagnostics.add(ErrorCode::unsupported, at,
                                    std::to_string(slashes) +
                                        " slashes: boards have at most 3 dimensions (\"//\" between layers)");
                    return finish(i, std::optional<PlacementShape>{});
                }
            }
            if (ends_field(peek())) {
                diagnostics.add(ErrorCode::unexpected_end, i - 1, "the piece placement ends with '/'");
                return finish(i, std::optional<PlacementShape>{});
            }
            if (new_layer) {
                if (layer_ranks == 0)
                    layer_ranks = rank_in_layer + 1;
                else if (rank_in_layer + 1 != layer_ranks &&
                         !diagnostics.add(ErrorCode::conflict, at,
                                          "layer " + std::to_string(shape.layers) + " has " +
                                              std::to_string(rank_in_layer + 1) + " ranks, the first has " +
                                              std::to_string(layer_ranks) + " (boards are regular)"))
                    return finish(i, std::optional<PlacementShape>{});
                ++shape.layers;
                rank_in_layer = 0;
            } else {
                ++rank_in_layer;
            }
            ++row;
            file = 0;
            skipping = false;
            broken = false;
            last_was_count = false;
            if (rules.ranks != 0 && row >= rules.ranks) {
                diagnostics.add(ErrorCode::out_of_range, at,
                                "a board has " + std::to_string(rules.ranks) + " ranks, found more");
                return finish(i, std::optional<PlacementShape>{});
            }
            continue;
        }
        if (skipping || kind == placement_detail::Kind::comma) {
            ++i;
            continue;
        }
        {  // a count
            std::uint64_t n = 0;
            std::size_t digits = 0;
            if (rules.long_counts) {
                if (c == '0') {
                    if (!diagnostics.add(ErrorCode::unexpected_character, at,
                                         "an empty run has no leading zero"))
                        return finish(i, std::optional<PlacementShape>{});
                    ++i;
                    continue;
                }
                while (is_digit(peek()) && digits < 12) {
                    n = n * 10 + static_cast<std::uint64_t>(peek() - '0');
                    ++digits;
                    ++i;
                }
            } else {
                n = static_cast<std::uint64_t>(c - '0');
                ++i;
                if (n == 0) {
                    if (!diagnostics.expected(
                            at, std::string(rules.piece_expected) + " or an empty count from 1"))
                        return finish(i, std::optional<PlacementShape>{});
                    continue;
                }
                if (last_was_count && !rules.adjacent_counts &&
                    !diagnostics.add(ErrorCode::unexpected_character, at,
                                     "two digits in a row: empty squares are one digit"))
                    return finish(i, std::optional<PlacementShape>{});
            }
            last_was_count = true;
            if (n > 100000 ||
                (files != 0 && static_cast<std::uint64_t>(file) + n > static_cast<std::uint64_t>(files))) {
                if (!diagnostics.add(ErrorCode::out_of_range, at,
                                     "rank " + rank_name(row) + " has more than " +
                                         (files != 0 ? std::to_string(files) : std::string("100000")) +
                                         " squares" + (files != 0 ? regular() : "")))
                    return finish(i, std::optional<PlacementShape>{});
                skipping = true;
                continue;
            }
            file += static_cast<int>(n);
            continue;
        }
    }
    if (rules.layers && shape.layers > 1 && rank_in_layer + 1 != layer_ranks &&
        !diagnostics.add(ErrorCode::conflict, i,
                         "layer " + std::to_string(shape.layers) + " has " +
                             std::to_string(rank_in_layer + 1) + " ranks, the first has " +
                             std::to_string(layer_ranks) + " (boards are regular)"))
        return finish(i, std::optional<PlacementShape>{});
    if (rules.ranks != 0 && row + 1 < rules.ranks) {
        diagnostics.expected(i,
                             "'/' and the next rank (a board has " + std::to_string(rules.ranks) + " ranks)");
        return finish(i, std::optional<PlacementShape>{});
    }
    if (diagnostics.errors().size() != errors_before) return finish(i, std::optional<PlacementShape>{});
    shape.ranks = shape.layers > 1 ? layer_ranks : row + 1;
    shape.files = files;
    return finish(i, std::optional<PlacementShape>{shape});
}

}  // namespace kifu
