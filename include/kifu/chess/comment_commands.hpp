#pragma once
// The commands lichess and ChessBase embed in PGN comments, as typed values:
//   [%clk 1:02:03]      the mover's clock after the move (seconds; fractions allowed)
//   [%emt 0:00:05]      the time the move took
//   [%eval 0.17,20]     an evaluation in pawns from white's side, with an optional depth
//   [%eval #-3]         mate in 3 for black
//   [%csl Gd4,Re5]      coloured squares;  [%cal Ge2e4]  coloured arrows
// Anything else, and the text around the commands, stays in `text`.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/game_rules.hpp"

namespace kifu::chess {

struct Evaluation {
    std::optional<double> pawns;  // from white's side
    std::optional<int> mate;      // moves to mate; negative when black mates
    std::optional<int> depth;
};

struct CommentCommands {
    std::optional<double> clock;    // seconds
    std::optional<double> elapsed;  // seconds (%emt)
    std::optional<Evaluation> eval;
    std::vector<std::string> squares;  // "Gd4": colour letter and square
    std::vector<std::string> arrows;   // "Ge2e4"
    std::string text;                  // the comment without its commands, trimmed
};

CommentCommands parse_comment_commands(std::string_view comment);

// The clock and the evaluation of a move's comments (the last of each; a mate is +-1000
// pawns): what chess's and xiangqi's traits read (core/game_rules.hpp's NodeReadings).
NodeReadings comment_readings(const std::vector<std::string>& comments);

}  // namespace kifu::chess
