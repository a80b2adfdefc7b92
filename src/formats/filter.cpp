#include "kifu/formats/filter.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace kifu::formats {
namespace {

// At column `at` (from 0) of a one-line text of ASCII words.
Error filter_error(std::string_view text, std::size_t at, std::string message) {
    const std::size_t offset = std::min(at, text.size());
    return Error{ErrorCode::unexpected_character,
                 TextPlace{offset, 1, static_cast<std::uint32_t>(offset + 1)}, std::move(message)};
}

// "A..B", "A", "A..", "..B": the bounds, each read by `bound` (nothing for an empty one).
template <class Bound>
Result<std::pair<std::optional<int>, std::optional<int>>> parse_range(std::string_view text, Bound&& bound) {
    const std::size_t dots = text.find("..");
    const std::string_view low = dots == std::string_view::npos ? text : text.substr(0, dots);
    const std::string_view high = dots == std::string_view::npos ? text : text.substr(dots + 2);
    Result<std::optional<int>> from = bound(low, 0);
    if (!from) return from.error();
    Result<std::optional<int>> to = bound(high, dots == std::string_view::npos ? 0 : dots + 2);
    if (!to) return to.error();
    if (*from && *to && **from > **to)
        return filter_error(text, 0, "the range's first bound is greater than its last");
    return std::pair{*from, *to};
}

// A bound of `digits` digits at most (exactly, when `exact`).
auto number_bound(std::string_view text, std::size_t digits, bool exact, std::string_view what) {
    return [=](std::string_view part, std::size_t at) -> Result<std::optional<int>> {
        if (part.empty()) return std::optional<int>{};
        int value = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (ec != std::errc() || end != part.data() + part.size() || part.size() > digits ||
            (exact && part.size() != digits) || part.front() == '-' || part.front() == '+')
            return filter_error(text, at, std::string(what));
        return std::optional<int>{value};
    };
}

// The tags of a PGN game, its movetext not read.
class TagReader final : public chess::PgnVisitor {
  public:
    bool begin_game(const chess::PgnGameText&) override {
        tags.clear();
        return true;
    }
    void tag(std::string_view name, std::string_view value) override { tags.emplace_back(name, value); }
    bool begin_movetext(const chess::Position&) override { return false; }
    std::vector<std::pair<std::string, std::string>> tags;
};

std::optional<std::string_view> tag_in(std::span<const std::pair<std::string, std::string>> tags,
                                       std::string_view name) {
    for (const auto& [n, v] : tags)
        if (n == name) return std::string_view(v);
    return std::nullopt;
}

}  // namespace

bool contains_ignoring_case(std::string_view text, std::string_view part) noexcept {
    if (part.empty()) return true;
    const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
    for (std::size_t i = 0; i + part.size() <= text.size(); ++i) {
        std::size_t k = 0;
        while (k < part.size() && lower(text[i + k]) == lower(part[k])) ++k;
        if (k == part.size()) return true;
    }
    return false;
}

std::optional<int> rating_value(std::string_view text) noexcept {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value <= 0) return std::nullopt;
    return value;
}

std::optional<int> year_of(std::string_view date) noexcept {
    if (date.size() < 4) return std::nullopt;
    int year = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        if (!std::isdigit(static_cast<unsigned char>(date[i]))) return std::nullopt;
        year = year * 10 + (date[i] - '0');
    }
    return year;
}

Result<std::pair<std::string, std::string>> parse_tag_condition(std::string_view text) {
    const std::size_t eq = text.find('=');
    if (eq == std::string_view::npos)
        return filter_error(text, text.size(), "give NAME=TEXT, e.g. White=Carlsen");
    if (eq == 0) return filter_error(text, 0, "no tag name before '='");
    return std::pair{std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

Result<void> parse_years(std::string_view text, GameFilter& into) {
    auto range = parse_range(text, number_bound(text, 4, true, "years are four digits, as in 2020..2024"));
    if (!range) return range.error();
    if (!range->first && !range->second)
        return filter_error(text, 0, "give a year or a range, as in 2020..2024");
    into.year_from = range->first;
    into.year_to = range->second;
    return {};
}

Result<void> parse_ratings(std::string_view text, GameFilter& into) {
    const bool one = text.find("..") == std::string_view::npos;
    auto range =
        parse_range(text, number_bound(text, 4, false, "ratings are whole numbers, as in 2200..2400"));
    if (!range) return range.error();
    if (!range->first && !range->second) return filter_error(text, 0, "give a range, as in 2200..2400");
    into.rating_from = range->first;
    into.rating_to = one ? std::nullopt : range->second;  // "2500": 2500 and over
    return {};
}

std::vector<std::size_t> passing_games(const Document& record, const GameFilter& filter) {
    std::vector<std::size_t> out;
    visit_record(record, [&](const auto& games) {
        std::size_t index = 0;
        for (const auto& tree : games) {
            if (passes(filter, tree)) out.push_back(index);
            ++index;
        }
    });
    return out;
}

bool pgn_game_passes(const chess::PgnGameText& game, const GameFilter& filter,
                     const chess::PgnReadOptions& read, const OpeningBook* book, const Opening* opening) {
    TagReader reader;
    chess::read_pgn_game(game, reader, read);
    const auto& tags = reader.tags;
    const GameInfo& info = info_of<chess::GameTraits>();
    const GameFacts facts{info.game, named_tag(tags, info.first_tags), named_tag(tags, info.second_tags),
                          named_tag(tags, info.date_tags),
                          outcome_of_score(tag_in(tags, "Result").value_or(std::string_view()))};
    return passes(filter, facts, [&](std::string_view name) -> std::optional<std::string_view> {
        if (book && opening &&
            std::find(book->tag_names().begin(), book->tag_names().end(), name) != book->tag_names().end())
            return tag_in(opening->tags, name);
        return tag_in(tags, name);
    });
}

std::optional<GameOutcome> outcome_named(std::string_view r) noexcept {
    if (r == "1-0" || r == "B+" || r == "sente" || r == "first") return GameOutcome::first;
    if (r == "0-1" || r == "W+" || r == "gote" || r == "second") return GameOutcome::second;
    if (r == "1/2-1/2" || r == "draw" || r == "=") return GameOutcome::draw;
    return std::nullopt;
}

Result<void> parse_outcome(std::string_view text, GameFilter& into) {
    into.outcome = outcome_named(text);
    if (!into.outcome)
        return filter_error(text, 0, "one of 1-0, 0-1, 1/2-1/2, B+, W+, draw, sente, gote, first, second");
    return {};
}

}  // namespace kifu::formats
