// Scid's ECO file and lichess's chess-openings TSV, read as chess games (chess/opening_files.hpp).

#include "kifu/chess/opening_files.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include <fmt/format.h>

#include "kifu/chess/san.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu::chess {
namespace {

// Errors placed through one line index: a file of many bad entries is located in one pass.
class Places {
  public:
    explicit Places(std::string_view text) : text_(text), lines_(text) {}
    Error at(std::size_t offset, ErrorCode code, std::string message) const {
        const LineColumn lc = lines_.locate(offset);
        return Error(code, TextPlace{offset, lc.line, lc.column}, std::move(message));
    }
    std::uint32_t line_of(std::size_t offset) const noexcept { return lines_.locate(offset).line; }
    Error expected(std::size_t offset, std::string_view what) const {
        return at(offset,
                  offset >= text_.size() ? ErrorCode::unexpected_end : ErrorCode::unexpected_character,
                  fmt::format("expected {}, found {}", what, describe_found(text_, offset)));
    }

  private:
    std::string_view text_;
    LineIndex lines_;
};

bool is_eco_code(std::string_view code) noexcept {
    if (code.size() < 3 || code.size() > 5) return false;
    if (code[0] < 'A' || code[0] > 'E' || !is_digit(code[1]) || !is_digit(code[2])) return false;
    if (code.size() >= 4 && !is_lower(code[3])) return false;
    return code.size() < 5 || is_digit(code[4]);
}

// The game an entry names: its tags from the code and the name, its moves from `moves`
// (SAN words with move numbers, at `offset` in the whole text). Errors at the bad move.
Result<Game> entry_game(std::string_view code, std::string_view name, std::string_view moves,
                        std::size_t offset, const Places& places) {
    Game game(Position::start());
    game.set_tag("ECO", code.substr(0, 3));
    const std::size_t colon = name.find(": ");
    game.set_tag("Opening", trim_blanks(name.substr(0, colon)));
    if (colon != std::string_view::npos) game.set_tag("Variation", trim_blanks(name.substr(colon + 2)));
    Position position = Position::start();
    NodeId at = Game::kRoot;
    std::size_t i = 0;
    while (i < moves.size()) {
        while (i < moves.size() && is_blank(moves[i])) ++i;
        std::size_t end = i;
        while (end < moves.size() && !is_blank(moves[end])) ++end;
        if (end == i) break;
        std::size_t word = i;
        while (word < end && is_digit(moves[word])) ++word;  // "12." or "12..." before the move
        if (word > i) {
            if (word == end || moves[word] != '.')
                return places.expected(offset + word, "a move number's '.' or a move");
            while (word < end && moves[word] == '.') ++word;
        }
        if (word < end) {
            const std::string_view san = moves.substr(word, end - word);
            Result<Move> move = parse_san(position, san);
            if (!move)
                return places.at(offset + word, move.error().code,
                                 fmt::format("{} \"{}\": {}", code, name, move.error().message));
            at = game.add_move(at, *move, san);
            GameTraits::play(position, *move);
        }
        i = end;
    }
    game.result = "*";
    return game;
}

}  // namespace

GameFile read_scid_eco(std::string_view text) {
    GameFile out;
    const Places places(text);
    std::size_t i = 0;
    const auto skip_to_line_end = [&] {
        while (i < text.size() && text[i] != '\n') ++i;
    };
    while (i < text.size()) {
        while (i < text.size() && is_blank(text[i])) ++i;
        if (i >= text.size()) break;
        if (text[i] == '#') {
            skip_to_line_end();
            continue;
        }
        // CODE
        const std::size_t code_at = i;
        while (i < text.size() && !is_blank(text[i]) && text[i] != '"') ++i;
        const std::string_view code = text.substr(code_at, i - code_at);
        const auto give_up = [&](Error e) {
            out.errors.push_back(std::move(e));
            // On to the next entry: past the '*' that ends this one, or the line.
            const std::size_t star = text.find('*', i);
            const std::size_t line_end = text.find('\n', i);
            i = star != std::string_view::npos && (line_end == std::string_view::npos || star < line_end)
                    ? star + 1
                    : (line_end == std::string_view::npos ? text.size() : line_end);
        };
        if (!is_eco_code(code)) {
            give_up(places.at(code_at, ErrorCode::unexpected_character,
                              fmt::format("expected an ECO code (A00 to E99, with Scid's extension such as "
                                          "A00b or C42a3), found '{}'",
                                          code.substr(0, 16))));
            continue;
        }
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        if (i >= text.size() || text[i] != '"') {
            give_up(places.expected(i, "the opening's name in double quotes"));
            continue;
        }
        const std::size_t name_at = ++i;
        while (i < text.size() && text[i] != '"' && text[i] != '\n') ++i;
        if (i >= text.size() || text[i] != '"') {
            give_up(places.expected(i, "the '\"' that closes the name"));
            continue;
        }
        const std::string_view name = text.substr(name_at, i - name_at);
        ++i;
        const std::size_t moves_at = i;
        const std::size_t star = text.find('*', i);
        if (star == std::string_view::npos) {
            out.errors.push_back(places.expected(text.size(), "the '*' that ends the entry"));
            break;
        }
        i = star + 1;
        Result<Game> game = entry_game(code, name, text.substr(moves_at, star - moves_at), moves_at, places);
        if (!game) {
            out.errors.push_back(std::move(game).error());
            continue;
        }
        game->line = places.line_of(code_at);
        game->index = out.games.size();
        out.games.push_back(std::move(*game));
    }
    return out;
}

GameFile read_opening_tsv(std::string_view text) {
    GameFile out;
    const Places places(text);
    std::size_t line_start = 0;
    std::optional<std::array<std::size_t, 3>> columns;  // eco, name, pgn
    std::uint32_t line = 0;
    while (line_start < text.size()) {
        std::size_t line_end = text.find('\n', line_start);
        if (line_end == std::string_view::npos) line_end = text.size();
        ++line;
        std::string_view row = text.substr(line_start, line_end - line_start);
        if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
        const std::size_t row_at = line_start;
        line_start = line_end + 1;
        if (trim_blanks(row).empty()) continue;
        // The row's fields with their offsets.
        std::vector<std::pair<std::string_view, std::size_t>> fields;
        for (std::size_t f = 0;;) {
            const std::size_t tab = row.find('\t', f);
            fields.emplace_back(
                row.substr(f, tab == std::string_view::npos ? std::string_view::npos : tab - f), row_at + f);
            if (tab == std::string_view::npos) break;
            f = tab + 1;
        }
        if (!columns) {
            std::array<std::size_t, 3> found{fields.size(), fields.size(), fields.size()};
            constexpr std::string_view kNames[] = {"eco", "name", "pgn"};
            for (std::size_t f = 0; f < fields.size(); ++f)
                for (std::size_t c = 0; c < 3; ++c)
                    if (trim_blanks(fields[f].first) == kNames[c]) found[c] = f;
            for (std::size_t c = 0; c < 3; ++c)
                if (found[c] == fields.size()) {
                    out.errors.push_back(
                        places.at(row_at, ErrorCode::unexpected_character,
                                  fmt::format("expected a header line naming the columns eco, "
                                              "name and pgn (tab separated); it has no '{}'",
                                              kNames[c])));
                    return out;
                }
            columns = found;
            continue;
        }
        const std::size_t need = std::max({(*columns)[0], (*columns)[1], (*columns)[2]});
        if (fields.size() <= need) {
            out.errors.push_back(places.at(
                row_at + row.size(), ErrorCode::unexpected_end,
                fmt::format("expected {} tab-separated columns, found {}", need + 1, fields.size())));
            continue;
        }
        const auto [code, code_at] = fields[(*columns)[0]];
        if (!is_eco_code(trim_blanks(code))) {
            out.errors.push_back(
                places.at(code_at, ErrorCode::unexpected_character,
                          fmt::format("expected an ECO code (A00 to E99), found '{}'", code.substr(0, 16))));
            continue;
        }
        const auto [moves, moves_at] = fields[(*columns)[2]];
        Result<Game> game =
            entry_game(trim_blanks(code), fields[(*columns)[1]].first, moves, moves_at, places);
        if (!game) {
            out.errors.push_back(std::move(game).error());
            continue;
        }
        game->line = line;
        game->index = out.games.size();
        out.games.push_back(std::move(*game));
    }
    if (!columns)
        out.errors.push_back(places.expected(0, "a header line naming the columns eco, name and pgn"));
    return out;
}

int detect_scid_eco(std::string_view text) noexcept {
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_blank(text[i])) ++i;
        if (i < text.size() && text[i] == '#') {
            while (i < text.size() && text[i] != '\n') ++i;
            continue;
        }
        break;
    }
    std::size_t end = i;
    while (end < text.size() && !is_blank(text[end])) ++end;
    if (!is_eco_code(text.substr(i, end - i))) return 0;
    while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
    return end < text.size() && text[end] == '"' ? 90 : 0;
}

int detect_opening_tsv(std::string_view text) noexcept {
    const std::string_view header = text.substr(0, text.find('\n'));
    const auto has = [&](std::string_view column) {
        for (std::size_t f = 0;;) {
            const std::size_t tab = header.find('\t', f);
            if (trim_blanks(header.substr(
                    f, tab == std::string_view::npos ? std::string_view::npos : tab - f)) == column)
                return true;
            if (tab == std::string_view::npos) return false;
            f = tab + 1;
        }
    };
    return has("eco") && has("name") && has("pgn") ? 90 : 0;
}

}  // namespace kifu::chess
