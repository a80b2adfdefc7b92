#pragma once
// Games as rows of a table, for every game: the flat values of one game of a record (its tags,
// result, moves, final position and, on request, the position after every move), made over the
// game interface, and CSV written from them (kifu convert --to csv, kifu search --export csv,
// kifu.rows(frame=True)).
//
// CSV (RFC 4180; decisions in docs/csv.md):
// - One row a game, after one header line of the column names. A column is a tag by its name
//   ("White", "PB", "先手") or one of the row's own values (kRowColumns): `result` (the
//   termination as the record gives it, else its result tag), `plies` (of the main line),
//   `moves` (the main line, each move in the game's plain notation as a position lists it,
//   listed_move: SAN, Go's "D4" (the colour the one to play), USI, ICCS; blank-separated), `final` (the main
//   line's last position in the game's own notation: FEN, HEN, SFEN, xiangqi FEN), `positions` (the position
//   after each move, aligned with `moves`, joined by " | ", a string none of those notations holds), `clocks`
//   and `evals` (a number a move, "-" where the move has none, blank-separated), `errors` (the record's
//   errors, "; "-separated).
// - The default columns are the game's usual tags (GameInfo::table_tags) and result, plies,
//   moves, final (and positions when asked for). The header comes from the first game's kind:
//   an output fixes its columns there, and a game of another kind in it has its cells for tags
//   it lacks empty (give columns for a table of several games).
// - A cell is quoted when it holds a comma, a quote, a line end or a leading or trailing
//   blank; quotes inside are doubled. Lines end in "\n" as kifu's other outputs do (RFC 4180
//   says CRLF; Python's csv, pandas and spreadsheets read both).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/error.hpp"
#include "kifu/core/game_rules.hpp"
#include "kifu/core/game_tree.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/formats/games.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

struct GameRow {
    Game game = Game::any;
    std::vector<std::pair<std::string, std::string>> tags;  // in the record's order
    std::string result;
    std::vector<std::string> moves;  // the main line, each as listed_move writes it
    // A move's clock (seconds; chess's [%clk] left on the clock, other games the time the
    // move took) and evaluation (from the first player's side; a mate is +-1000), where given.
    std::vector<std::optional<double>> clocks, evals;
    std::string final;
    std::vector<std::string> positions;  // after each move, when RowOptions::positions
    std::vector<Error> errors;
};

// The value of a tag of `row`, or nullptr (an empty name: nullptr).
const std::string* row_tag(const GameRow& row, std::string_view name) noexcept;

struct RowOptions {
    bool positions = false;  // fill GameRow::positions
};

// The row of one game of a record.
template <GameRules Traits>
GameRow game_row(const GameTree<Traits>& tree, const RowOptions& options = {}) {
    GameRow row;
    row.game = info_of<Traits>().game;
    row.tags = tree.tags;
    row.result = tree.result;
    if (row.result.empty())
        if (const std::string* tag = row_tag(row, info_of<Traits>().result_tag)) row.result = *tag;
    auto position = tree.start;
    NodeId id = GameTree<Traits>::kRoot;
    while (!tree.nodes[id].children.empty()) {
        id = tree.nodes[id].children[0];
        const auto& node = tree.nodes[id];
        row.moves.push_back(listed_move<Traits>(position, node.move));
        NodeReadings readings;
        if constexpr (HasNodeReadings<Traits>) readings = Traits::readings(node.comments());
        if (!readings.clock && node.time_ms >= 0) readings.clock = node.time_ms / 1000.0;
        row.clocks.push_back(readings.clock);
        row.evals.push_back(readings.eval);
        Traits::play(position, node.move);
        if (options.positions) row.positions.push_back(Traits::write_position(position));
    }
    row.final = Traits::write_position(position);
    row.errors = tree.errors;
    return row;
}

// The rows of every game of a record document; none for a position.
std::vector<GameRow> game_rows(const Document& record, const RowOptions& options = {});

// The row's own columns, beside tags.
inline constexpr std::string_view kRowColumns[] = {"result",    "plies",  "moves", "final",
                                                   "positions", "clocks", "evals", "errors"};

// The columns a table of `game`'s records has: `options.columns` when given, else the game's
// table tags and result, plies, moves, final, and positions with `options.positions`.
std::vector<std::string> table_columns(Game game, const WriteOptions& options);
// Reads a comma-separated list of columns ("White,Black,moves"). Errors (unplaced): an empty
// name, a name given twice.
Result<std::vector<std::string>> parse_columns(std::string_view list);

// The text of one column of a row (a tag's value, "" when the game has none), as its CSV cell
// holds it before quoting.
std::string column_value(const GameRow& row, std::string_view column);

// The CSV header line (ending in '\n') of those columns.
void append_csv_header(std::string& out, std::span<const std::string> columns);
// One row of those columns, ending in '\n'.
void append_csv_row(std::string& out, const GameRow& row, std::span<const std::string> columns);

}  // namespace kifu::formats
