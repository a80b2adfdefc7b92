// lichess's puzzle database read as chess games (chess/puzzles.hpp).

#include "kifu/chess/puzzles.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/san.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu::chess {
namespace {

struct CsvField {
    std::string text;        // unquoted
    std::size_t offset = 0;  // of its first character in the file
};

// The fields of one row from `at` to its end (a quoted field may hold commas and doubled
// quotes; lichess's own file quotes none). Sets `at` past the row's line break.
std::vector<CsvField> row_fields(std::string_view text, std::size_t& at,
                                 std::optional<std::size_t>& unclosed) {
    std::vector<CsvField> fields;
    CsvField f;
    f.offset = at;
    bool quoted = false;
    for (; at < text.size(); ++at) {
        const char c = text[at];
        if (quoted) {
            if (c == '"' && at + 1 < text.size() && text[at + 1] == '"') {
                f.text += '"';
                ++at;
            } else if (c == '"') {
                quoted = false;
            } else {
                f.text += c;
            }
            continue;
        }
        if (c == '"' && f.text.empty()) {
            quoted = true;
            f.offset = at + 1;
        } else if (c == ',') {
            fields.push_back(std::move(f));
            f = CsvField{};
            f.offset = at + 1;
        } else if (c == '\n') {
            ++at;
            break;
        } else if (c != '\r') {
            f.text += c;
        }
    }
    if (quoted) unclosed = f.offset - 1;
    fields.push_back(std::move(f));
    return fields;
}

constexpr std::array<std::string_view, 3> kRequired = {"PuzzleId", "FEN", "Moves"};
constexpr std::array<std::string_view, 8> kTagColumns = {
    "PuzzleId", "Rating", "RatingDeviation", "Popularity", "NbPlays", "Themes", "OpeningTags", "DailyDate"};

}  // namespace

GameFile read_lichess_puzzles(std::string_view text) {
    GameFile out;
    const LineIndex lines(text);
    const auto at = [&](std::size_t offset, ErrorCode code, std::string message) {
        const LineColumn lc = lines.locate(offset);
        return Error(code, TextPlace{offset, lc.line, lc.column}, std::move(message));
    };
    // The columns kept as tags, each with the tag it becomes: found once, at the header.
    std::vector<std::pair<std::size_t, std::string_view>> tag_columns;
    std::optional<std::array<std::size_t, 3>> required;
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t row_at = pos;
        std::optional<std::size_t> unclosed;
        std::vector<CsvField> fields = row_fields(text, pos, unclosed);
        if (unclosed) {
            out.errors.push_back(
                at(*unclosed, ErrorCode::unexpected_end, "expected the '\"' that closes this field"));
            if (!required) return out;
            continue;
        }
        if (fields.size() == 1 && trim_blanks(fields[0].text).empty()) continue;  // a blank line
        if (!required) {
            std::array<std::size_t, 3> found{};
            for (std::size_t c = 0; c < kRequired.size(); ++c) {
                found[c] = fields.size();
                for (std::size_t f = 0; f < fields.size(); ++f)
                    if (trim_blanks(fields[f].text) == kRequired[c]) found[c] = f;
                if (found[c] == fields.size()) {
                    out.errors.push_back(
                        at(row_at, ErrorCode::unexpected_character,
                           fmt::format("expected a header line naming the columns PuzzleId, FEN "
                                       "and Moves (comma separated); it has no '{}'",
                                       kRequired[c])));
                    return out;
                }
            }
            for (std::size_t f = 0; f < fields.size(); ++f) {
                const std::string_view name = trim_blanks(fields[f].text);
                if (name == "GameUrl") tag_columns.emplace_back(f, "Site");
                for (const std::string_view column : kTagColumns)
                    if (name == column) tag_columns.emplace_back(f, column);
            }
            required = found;
            continue;
        }
        const std::size_t need = std::max({(*required)[0], (*required)[1], (*required)[2]});
        if (fields.size() <= need) {
            out.errors.push_back(at(fields.back().offset + fields.back().text.size(),
                                    ErrorCode::unexpected_end,
                                    fmt::format("expected at least {} comma-separated fields, found {}",
                                                need + 1, fields.size())));
            continue;
        }
        const CsvField& fen = fields[(*required)[1]];
        Result<Position> start = parse_fen(fen.text);
        if (!start) {
            Error e = start.error();
            out.errors.push_back(at(fen.offset + e.offset, e.code, e.message));
            continue;
        }
        // The moves: the opponent's, then the solution's.
        const CsvField& moves = fields[(*required)[2]];
        Game game;
        Position now = *start;
        NodeId node = Game::kRoot;
        std::string first;
        std::optional<Error> bad;
        for (std::size_t i = 0; i < moves.text.size() && !bad;) {
            if (moves.text[i] == ' ') {
                ++i;
                continue;
            }
            const std::size_t end = std::min(moves.text.find(' ', i), moves.text.size());
            const std::string_view word = std::string_view(moves.text).substr(i, end - i);
            Result<Move> m = parse_uci(now, word);
            if (!m) {
                bad = at(moves.offset + i, ErrorCode::illegal_move,
                         fmt::format("'{}' is no legal move here: {}", word, m.error().message));
                break;
            }
            if (first.empty()) {
                first = std::string(word);
                now.play(*m);
                game.start = now;
            } else {
                node = game.add_move(node, *m, word);
                now.play(*m);
            }
            i = end;
        }
        if (!bad && first.empty())
            bad =
                at(moves.offset, ErrorCode::unexpected_end, "expected the puzzle's moves (UCI), found none");
        if (bad) {
            out.errors.push_back(std::move(*bad));
            continue;
        }
        for (const auto& [f, tag] : tag_columns)
            if (f < fields.size() && !fields[f].text.empty()) game.set_tag(tag, fields[f].text);
        game.set_tag("SetUp", "1");
        game.set_tag("FEN", write_fen(game.start));
        game.set_tag("PuzzleLastMove", first);
        game.result = "*";
        game.line = lines.locate(row_at).line;
        game.index = out.games.size();
        out.games.push_back(std::move(game));
    }
    if (!required)
        out.errors.push_back(at(0, text.empty() ? ErrorCode::unexpected_end : ErrorCode::unexpected_character,
                                "expected a header line naming the columns PuzzleId, FEN and Moves"));
    return out;
}

int detect_lichess_puzzles(std::string_view text) noexcept {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    return text.starts_with("PuzzleId,FEN,Moves") ? 95 : 0;
}

}  // namespace kifu::chess
