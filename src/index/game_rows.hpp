#pragma once
// Games by id from the index, and whether they pass a query's filter.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "entries.hpp"
#include "kifu/formats/duplicates.hpp"
#include "kifu/index/index.hpp"
#include "replay.hpp"
#include "sqlite.hpp"

namespace kifu::index::detail {

// Calls f(name, value) for each "name\tvalue\n" line of a row's tags, in order, until f
// returns false (the one reader of the stored tag text).
template <class F>
void for_each_tag(std::string_view tags, F&& f) {
    for (std::size_t at = 0; at < tags.size();) {
        const std::size_t end = std::min(tags.find('\n', at), tags.size());
        const std::string_view line = tags.substr(at, end - at);
        at = end + 1;
        const std::size_t tab = line.find('\t');
        if (tab != std::string_view::npos && !f(line.substr(0, tab), line.substr(tab + 1))) return;
    }
}

// The value of the tag `name` in a row's tags, or nothing.
inline std::optional<std::string_view> tag_value(std::string_view tags, std::string_view name) {
    std::optional<std::string_view> found;
    for_each_tag(tags, [&](std::string_view n, std::string_view value) {
        if (n == name) found = value;
        return !found;
    });
    return found;
}

// The columns a game's summary is read from, after the game's id (the scan of select reads
// the id first).
inline constexpr std::string_view kSummaryColumns =
    "g.game, f.path, g.number, g.offset, g.first, g.second, g.date, g.event, g.result, g.outcome, g.plies, "
    "g.tags FROM games g JOIN file_paths f ON f.id = g.file";

// The opening a row's tags name, by its game's opening tags ("C01 French: Exchange"), or "":
// set on the games a query lists, not on every row it reads.
std::string opening_in_tags(formats::Game game, std::string_view tags);

// A summary from kSummaryColumns, the first of them at `column`.
inline void read_summary(Statement& row, int column, GameSummary& out, std::string* tags) {
    out.game = stored_game(row.integer(column));
    out.file = row.text(column + 1);
    out.number = static_cast<std::uint64_t>(row.integer(column + 2)) + 1;
    out.offset = static_cast<std::uint64_t>(row.integer(column + 3));
    out.first = row.text(column + 4);
    out.second = row.text(column + 5);
    out.date = row.text(column + 6);
    out.event = row.text(column + 7);
    out.result = row.text(column + 8);
    out.outcome = static_cast<Outcome>(row.integer(column + 9));
    out.plies = static_cast<std::uint32_t>(row.integer(column + 10));
    if (tags) *tags = row.text(column + 11);
}

// Whether a game (its summary and its stored tags) passes the filter (formats/filter.hpp).
inline bool passes(const GameSummary& g, std::string_view tags, const Filter& filter) {
    return formats::passes(filter, {g.game, g.first, g.second, g.date, g.outcome},
                           [&](std::string_view name) { return tag_value(tags, name); });
}

// Filter::unique: whether a game is the first of its moves among those asked about so far
// (asked in index order). A game whose stored moves do not replay counts as unique.
class UniqueGames {
  public:
    explicit UniqueGames(sqlite3* db) : row_(db, "SELECT game, start, moves FROM games WHERE id = ?") {}
    bool first(std::uint32_t id) {
        row_.bind(1, id);
        Result<std::uint64_t> key = Error{ErrorCode::io_error, ""};
        if (row_.step())
            key = stored_duplicate_key(stored_game(row_.integer(0)), row_.text(1), row_.blob(2), {});
        row_.reset();
        return !key || !seen_.see(*key, id);
    }

  private:
    Statement row_;
    formats::DuplicateTable seen_;
};

// Loads games by id, and tells whether they pass the filter.
class GameRows {
  public:
    explicit GameRows(sqlite3* db)
        : db_(db), row_(db, std::string("SELECT ").append(kSummaryColumns).append(" WHERE g.id = ?")) {}
    bool load(std::uint32_t id, GameSummary& out, std::string* tags = nullptr) {
        row_.bind(1, id);
        const bool found = row_.step();
        if (found) {
            out.id = id;
            read_summary(row_, 0, out, tags);
        }
        row_.reset();
        return found;
    }
    bool passes(std::uint32_t id, const Filter& filter) {
        if (filter.empty()) return true;
        GameSummary g;
        std::string tags;
        if (!load(id, g, &tags) || !detail::passes(g, tags, filter)) return false;
        if (!filter.unique) return true;
        if (!unique_) unique_.emplace(db_);
        return unique_->first(id);
    }

    // A game found at `ply`: counted when it passes the filter, and listed (with the symmetry
    // from its board to the query's) when the count is within the page asked for.
    void list(std::uint32_t id, std::uint32_t ply, Symmetry symmetry, const Filter& filter,
              std::size_t offset, std::size_t limit, std::uint64_t& count, std::vector<GameSummary>& page) {
        if (!passes(id, filter)) return;
        if (count >= offset && page.size() < limit) {
            GameSummary g;
            std::string tags;
            if (load(id, g, &tags)) {
                g.opening = opening_in_tags(g.game, tags);
                g.ply = ply;
                g.symmetry = symmetry;
                page.push_back(std::move(g));
            }
        }
        ++count;
    }

  private:
    sqlite3* db_;
    Statement row_;
    std::optional<UniqueGames> unique_;
};

}  // namespace kifu::index::detail
