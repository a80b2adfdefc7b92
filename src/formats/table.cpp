// Games as rows of a table, and CSV (formats/table.hpp).
#include "kifu/formats/table.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace kifu::formats {
namespace {

// Whether a CSV cell must be quoted (RFC 4180; a blank at either end too, which readers
// that trim would lose).
bool needs_quotes(std::string_view cell) noexcept {
    if (cell.empty()) return false;
    if (cell.front() == ' ' || cell.back() == ' ') return true;
    return cell.find_first_of(",\"\r\n") != std::string_view::npos;
}

void append_cell(std::string& out, std::string_view cell) {
    if (!needs_quotes(cell)) {
        out += cell;
        return;
    }
    out += '"';
    for (const char c : cell) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

void append_numbers(std::string& out, const std::vector<std::optional<double>>& values) {
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += ' ';
        if (values[i])
            fmt::format_to(std::back_inserter(out), "{}", *values[i]);
        else
            out += '-';
    }
}

template <class Strings, class Text>
void append_joined(std::string& out, const Strings& values, std::string_view separator, Text&& text) {
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += separator;
        out += text(values[i]);
    }
}

void append_value(std::string& cell, const GameRow& row, std::string_view column) {
    const auto same = [](const std::string& s) -> const std::string& { return s; };
    if (column == "result") {
        cell += row.result;
    } else if (column == "plies") {
        fmt::format_to(std::back_inserter(cell), "{}", row.moves.size());
    } else if (column == "moves") {
        append_joined(cell, row.moves, " ", same);
    } else if (column == "final") {
        cell += row.final;
    } else if (column == "positions") {
        append_joined(cell, row.positions, " | ", same);
    } else if (column == "clocks") {
        append_numbers(cell, row.clocks);
    } else if (column == "evals") {
        append_numbers(cell, row.evals);
    } else if (column == "errors") {
        append_joined(cell, row.errors, "; ", [](const Error& e) {
            return e.line == 0 ? visible_text(e.message)
                               : fmt::format("{}:{}: {}", e.line, e.column, visible_text(e.message));
        });
    } else if (const std::string* tag = row_tag(row, column)) {
        cell += *tag;
    }
}

}  // namespace

std::string column_value(const GameRow& row, std::string_view column) {
    std::string cell;
    append_value(cell, row, column);
    return cell;
}

const std::string* row_tag(const GameRow& row, std::string_view name) noexcept {
    if (name.empty()) return nullptr;
    for (const auto& [n, value] : row.tags)
        if (n == name) return &value;
    return nullptr;
}

std::vector<GameRow> game_rows(const Document& record, const RowOptions& options) {
    std::vector<GameRow> rows;
    visit_record(record, [&](const auto& games) {
        rows.reserve(games.size());
        for (const auto& tree : games) rows.push_back(game_row(tree, options));
    });
    return rows;
}

std::vector<std::string> table_columns(Game game, const WriteOptions& options) {
    if (!options.columns.empty()) return options.columns;
    std::vector<std::string> out;
    if (const GameInfo* info = game_info(game)) {
        std::string_view names = info->table_tags;
        while (!names.empty()) {
            const std::size_t blank = names.find(' ');
            out.emplace_back(names.substr(0, blank));
            names = blank == std::string_view::npos ? std::string_view() : names.substr(blank + 1);
        }
    }
    for (const std::string_view own : {"result", "plies", "moves", "final"}) out.emplace_back(own);
    if (options.positions) out.emplace_back("positions");
    return out;
}

Result<std::vector<std::string>> parse_columns(std::string_view list) {
    std::vector<std::string> out;
    for (;;) {
        const std::size_t comma = list.find(',');
        std::string_view name = list.substr(0, comma);
        while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
        while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
        if (name.empty())
            return Error{ErrorCode::unexpected_end, "an empty column name (the columns are comma-separated)"};
        if (std::find(out.begin(), out.end(), name) != out.end())
            return Error{ErrorCode::duplicate, fmt::format("the column '{}' is given twice", name)};
        out.emplace_back(name);
        if (comma == std::string_view::npos) return out;
        list.remove_prefix(comma + 1);
    }
}

void append_csv_header(std::string& out, std::span<const std::string> columns) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (i > 0) out += ',';
        append_cell(out, columns[i]);
    }
    out += '\n';
}

void append_csv_row(std::string& out, const GameRow& row, std::span<const std::string> columns) {
    std::string cell;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (i > 0) out += ',';
        cell.clear();
        append_value(cell, row, columns[i]);
        append_cell(out, cell);
    }
    out += '\n';
}

}  // namespace kifu::formats
