#pragma once
// What a game of a record says about itself, whatever its game: its information (tags,
// SGF game-info), how it starts, its shape (moves, lines, nodes), its result and how its
// main line ends, what kifu judges of it (repetitions, a count), and its final board where
// the game shows one. `kifu info` prints the reports, the service's /inspect sends them as
// JSON, Python's Game.describe() returns one.
//
// A report is facts in the order a reader wants them, each a label and a text ("size",
// "19x19"; "result", "B+R"); a label may repeat ("judged"). Each game's formats give their
// records' reports (src/formats/<game>_formats.cpp).

#include <optional>
#include <string>
#include <vector>

#include "kifu/core/board_view.hpp"
#include "kifu/core/error.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

struct GameReport {
    struct Fact {
        std::string label;
        std::string text;
        bool operator==(const Fact&) const = default;
    };
    std::vector<Fact> facts;
    std::optional<BoardView> board;  // the end of the main line, where the game shows it
    std::vector<Error> errors;       // what stopped the description (the facts before it stand)
    std::vector<Error> warnings;     // doubts: rules broken on the way, a result the count contradicts
};

struct DescribeOptions {
    ReadOptions read;  // SGF: the rules and superko check to replay by
    std::string dead;  // SGF: the dead stones for the count ("dd,ee" or "D16 E15"), instead of TB/TW
};

// One report a game of a record; none for a position.
std::vector<GameReport> describe(const Document& record, const DescribeOptions& options = {});
// The report of one game (errors: out_of_range past the last game, unsupported for a position).
GameReport describe_game(const Document& record, std::size_t index, const DescribeOptions& options = {});

// The facts as `kifu info` prints them ("  label        text" a line), then the board's
// diagram (render_text).
std::string report_text(const GameReport& report);

}  // namespace kifu::formats
