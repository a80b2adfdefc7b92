#pragma once
// The game filters of the CLI (formats/filter.hpp): --where, --date, --result, --player and
// --rating, the same words on search, explore and convert.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "kifu/formats/filter.hpp"

namespace kifu::cli {

struct FilterOptions {
    std::vector<std::string> where;
    std::string date, result, player, rating;

    void add_to(CLI::App& command);
    bool given() const noexcept {
        return !where.empty() || !date.empty() || !result.empty() || !player.empty() || !rating.empty();
    }
    // The first option given ("--where"), for messages.
    const char* first_given() const noexcept {
        return !where.empty()    ? "--where"
               : !date.empty()   ? "--date"
               : !result.empty() ? "--result"
               : !player.empty() ? "--player"
                                 : "--rating";
    }
    // The filter (exits 2 naming the option and the column of a bad value).
    formats::GameFilter filter() const;
};

}  // namespace kifu::cli
