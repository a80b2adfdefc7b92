// The table formats, for the records of every game: CSV (formats/table.hpp).
#include "format_support.hpp"
#include "kifu/formats/table.hpp"

namespace kifu::formats {
namespace {

constexpr std::string_view kCsvExtensions[] = {".csv"};

std::string csv_header(Game game, const WriteOptions& options) {
    std::string out;
    append_csv_header(out, table_columns(game, options));
    return out;
}

Result<void> append_csv(std::string& out, const Document& d, const WriteOptions& options,
                        std::vector<std::string>&) {
    const RowOptions rows{.positions =
                              options.positions || std::find(options.columns.begin(), options.columns.end(),
                                                             "positions") != options.columns.end()};
    const bool visited = visit_record(d, [&](const auto& games) {
        std::vector<std::string> columns;  // one game's records: the same columns for each game
        for (const auto& tree : games) {
            const GameRow row = game_row(tree, rows);
            if (columns.empty()) columns = table_columns(row.game, options);
            append_csv_row(out, row, columns);
        }
    });
    if (!visited) return cannot_write(d, "csv");
    return {};
}

Result<std::string> write_csv(const Document& d, const WriteOptions& options,
                              std::vector<std::string>& notes) {
    std::string out;
    if (Result<void> ok = append_csv(out, d, options, notes); !ok) return ok.error();
    return out;
}

}  // namespace

void add_table_formats(std::vector<Format>& out) {
    out.push_back({"csv", Game::any, Kind::record,
                   "comma-separated values: one row a game of any record, its tags, moves and final "
                   "position (write only; docs/csv.md)",
                   kCsvExtensions, kColumns | kPositions, nullptr, nullptr, nullptr, is_record, write_csv,
                   append_csv, csv_header});
}

}  // namespace kifu::formats
