#include "filter_options.hpp"

#include <fmt/format.h>

#include "cli_io.hpp"

namespace kifu::cli {
namespace {

// A bad value is a usage error at its column: "--date:1:6: error: ...".
template <class T>
T checked(std::string_view option, Result<T> value) {
    if (!value) {
        report(value.error(), option);
        throw Exit{kUsage};
    }
    if constexpr (!std::is_void_v<T>) return std::move(*value);
}

}  // namespace

void FilterOptions::add_to(CLI::App& command) {
    command.add_option("--where", where, "only games whose tag NAME contains TEXT (any case); repeatable")
        ->option_text("NAME=TEXT")
        ->allow_extra_args(false);  // one NAME=TEXT an occurrence: INPUT may follow
    command.add_option("--date", date, "only games of these years: 2020..2024, 2020.., ..1990 or 2021")
        ->option_text("RANGE");
    command
        .add_option("--result", result,
                    "only games with this result: 1-0, 0-1, 1/2-1/2 (chess, xiangqi), B+, W+, draw (Go), "
                    "sente, gote (shogi)")
        ->option_text("RESULT");
    command
        .add_option("--player", player, "only games in which either player's name contains NAME (any case)")
        ->option_text("NAME");
    command
        .add_option("--rating", rating,
                    "only games whose players are both rated within RANGE (WhiteElo and BlackElo; xiangqi's "
                    "RedElo): 2500.. (or 2500: at least), 2200..2400, ..1800")
        ->option_text("RANGE");
}

formats::GameFilter FilterOptions::filter() const {
    formats::GameFilter f;
    for (const std::string& w : where) f.tags.push_back(checked("--where", formats::parse_tag_condition(w)));
    if (!date.empty()) checked("--date", formats::parse_years(date, f));
    if (!result.empty()) checked("--result", formats::parse_outcome(result, f));
    f.player = player;
    if (!rating.empty()) checked("--rating", formats::parse_ratings(rating, f));
    return f;
}

}  // namespace kifu::cli
