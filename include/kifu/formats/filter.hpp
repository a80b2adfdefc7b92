#pragma once
// Selecting games by what their records say, without a position: tags, year, result,
// player and rating. One filter for every game and every place that selects games: the
// index's search and explore (kifu/index/index.hpp), convert's stream and Python.
//
// Decisions (docs/index.md, "Filters"; convert takes the same, docs/cli.md):
// - A tag condition NAME=TEXT holds when the game has the tag NAME and its value contains
//   TEXT, letters compared without case (--where White=carlsen).
// - A year range holds when the date's first four characters are digits within it (PGN's
//   "2024.??.??", SGF's "2024-05-01", KIF's "2024/05/01"); a game without a year fails it.
// - The result is the game's outcome for the first player, the second, or a draw
//   (GameOutcome: PGN's result, SGF's RE, the ending a KIF records); an unknown one fails it.
// - A player is either player whose name contains the text, without case.
// - A rating range holds when both players' ratings (GameInfo::rating_tags) are numbers
//   within it; a game without both fails it. Go's ranks are no ratings.

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/game_rules.hpp"
#include "kifu/core/result.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/formats/games.hpp"
#include "kifu/formats/openings.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

struct GameFilter {
    std::vector<std::pair<std::string, std::string>> tags;  // NAME=TEXT, all of them
    std::optional<int> year_from, year_to;
    std::optional<GameOutcome> outcome;
    std::string player;
    std::optional<int> rating_from, rating_to;
    bool empty() const noexcept {
        return tags.empty() && !year_from && !year_to && !outcome && player.empty() && !rating_from &&
               !rating_to;
    }
};

// The filter's words, read as the CLI, Python and the service take them; errors name the
// column in `text`.
Result<std::pair<std::string, std::string>> parse_tag_condition(std::string_view text);  // "White=Carlsen"
Result<void> parse_years(std::string_view text, GameFilter& into);  // "2024", "2020..2024", "..1990"
Result<void> parse_ratings(std::string_view text,
                           GameFilter& into);  // "2500", "2200..2400" ("2500": at least)
// "1-0", "0-1", "1/2-1/2", "B+", "W+", "sente", "gote", "first", "second", "draw", "=".
std::optional<GameOutcome> outcome_named(std::string_view name) noexcept;
Result<void> parse_outcome(std::string_view text, GameFilter& into);

// What a filter reads of a game, beside its tags.
struct GameFacts {
    Game game = Game::chess;
    std::string_view first, second, date;  // the players' names and the date as the record gives them
    GameOutcome outcome = GameOutcome::unknown;
};

bool contains_ignoring_case(std::string_view text, std::string_view part) noexcept;

// Whether a game passes: `tag(name)` gives the value of its tag `name`, or nothing.
template <class TagOf>
bool passes(const GameFilter& filter, const GameFacts& game, TagOf&& tag);

// The facts of a game of a record: the players, date and result tags its game names
// (GameInfo), and its outcome by its traits (GameRules's outcome).
template <class Traits>
GameFacts facts_of(const GameTree<Traits>& tree) {
    const GameInfo& info = info_of<Traits>();
    return {info.game, named_tag(tree.tags, info.first_tags), named_tag(tree.tags, info.second_tags),
            named_tag(tree.tags, info.date_tags), Traits::outcome(tree)};
}

// Whether a game of a record passes.
template <class Traits>
bool passes(const GameFilter& filter, const GameTree<Traits>& tree) {
    return passes(filter, facts_of(tree), [&](std::string_view name) { return tree.tag(name); });
}

// Which games of a record pass, by their index in it, in order (none for a position).
std::vector<std::size_t> passing_games(const Document& record, const GameFilter& filter);

// Whether a game of a PGN stream passes, read from its tags alone (its movetext is not read;
// the result is its Result tag). With a book, the book's tags are the opening's that the
// game was named by (`opening`; formats/openings.hpp), the game's own when it was not named.
bool pgn_game_passes(const chess::PgnGameText& game, const GameFilter& filter,
                     const chess::PgnReadOptions& read, const OpeningBook* book = nullptr,
                     const Opening* opening = nullptr);

// A number that is a whole, positive rating ("2450"), or nothing.
std::optional<int> rating_value(std::string_view text) noexcept;
// The year of a date: its first four characters when they are digits.
std::optional<int> year_of(std::string_view date) noexcept;

// The players' ratings by the game's rating tags (GameInfo::rating_tags), the first's then
// the second's; nothing for one the tags do not give as a number.
template <class TagOf>
std::pair<std::optional<int>, std::optional<int>> ratings_of(Game game, TagOf&& tag) {
    const std::string_view names = game_info(game) ? game_info(game)->rating_tags : "";
    const std::size_t blank = names.find(' ');
    if (blank == std::string_view::npos) return {};
    const std::optional<std::string_view> a = tag(names.substr(0, blank)), b = tag(names.substr(blank + 1));
    return {a ? rating_value(*a) : std::nullopt, b ? rating_value(*b) : std::nullopt};
}

template <class TagOf>
bool passes(const GameFilter& filter, const GameFacts& game, TagOf&& tag) {
    if (filter.outcome && game.outcome != *filter.outcome) return false;
    if (filter.year_from || filter.year_to) {
        const std::optional<int> year = year_of(game.date);
        if (!year || (filter.year_from && *year < *filter.year_from) ||
            (filter.year_to && *year > *filter.year_to))
            return false;
    }
    for (const auto& [name, value] : filter.tags) {
        const std::optional<std::string_view> v = tag(std::string_view(name));
        if (!v || !contains_ignoring_case(*v, value)) return false;
    }
    if (!filter.player.empty() && !contains_ignoring_case(game.first, filter.player) &&
        !contains_ignoring_case(game.second, filter.player))
        return false;
    if (filter.rating_from || filter.rating_to) {
        const auto [first, second] = ratings_of(game.game, tag);
        if (!first || !second || (filter.rating_from && std::min(*first, *second) < *filter.rating_from) ||
            (filter.rating_to && std::max(*first, *second) > *filter.rating_to))
            return false;
    }
    return true;
}

}  // namespace kifu::formats
