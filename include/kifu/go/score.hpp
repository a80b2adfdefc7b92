#pragma once
// The count at the end of a game: area (stones and surrounded points) or territory
// (surrounded points and prisoners), with dead stones taken off first, komi and the
// handicap compensation of area counting. The decisions are in docs/sgf.md.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/go/board.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/rules.hpp"
#include "kifu/go/sgf.hpp"

namespace kifu::go {

struct Count {
    Scoring scoring = Scoring::territory;
    int stones[2] = {};       // living stones on the board: black, white
    int territory[2] = {};    // empty points (and dead stones' points) that only one colour surrounds
    int prisoners[2] = {};    // stones each took: captures in the game and the other's dead stones
    int dame = 0;             // points that both colours, or neither, border
    double komi = 0;          // to White
    double compensation = 0;  // to White: area counting's points for handicap stones
    // The totals and their difference (black minus white).
    double black() const noexcept;
    double white() const noexcept;
    double margin() const noexcept { return black() - white(); }
    // As SGF's RE writes it: "B+3.5", "W+0.5", "0" for a draw.
    std::string result() const;
};

// The count of a board, the stones on the `dead` points taken off as prisoners. A region
// of empty and dead points is a colour's territory when only that colour's living stones
// border it (seki eyes included: the count does not tell seki).
Count count_board(const Board& board, std::span<const Point> dead, Scoring scoring, double komi,
                  double compensation = 0);

// The end of a game's main line counted.
struct GameCount {
    Count count;
    Rules rules;  // given, or the game's RU, else Japanese
    bool rules_from_game = false;
    std::vector<Point> dead;       // the dead stones: given, or from TB/TW markup
    bool marked = false;           // the last node has TB/TW markup
    bool ended_by_passes = false;  // the main line ends with two passes
    // RE as written, and whether it is a score the count disagrees with: only for a count
    // whose dead stones are known (TB/TW markup, or given), or a game played out to two
    // passes under Tromp-Taylor rules (which take no stones off).
    std::string result;
    std::optional<std::string> result_differs;  // the message, when it does
};

struct CountOptions {
    std::optional<Rules> rules{};              // else the game's RU, else Japanese
    std::optional<std::vector<Point>> dead{};  // else from TB/TW at the end of the main line
};

// The komi of the game at `root`: its KM as a number of points, or nullopt without a valid
// KM. Fox (a root with AP[foxwq]) writes KM in hundredths of a stone, two points a stone:
// KM[375] is 7.5 and KM[325] 6.5, as KataGo reads them; a Fox KM over 50 (no komi in
// points is) is read so, and `fox_units` says it was (docs/sgf.md).
struct Komi {
    double points = 0;
    bool fox_units = false;
};
std::optional<Komi> komi_of(const SgfCollection& sgf, std::uint32_t root);

// Counts the end of the main line of the game at `root`; komi from KM (komi_of), handicap
// from HA.
Result<GameCount> count_game(const SgfCollection& sgf, std::uint32_t root, const CountOptions& options = {});
// The same for a game whose tree is made (`sgf_nodes`: its map to the raw nodes, as
// game_tree gives it).
GameCount count_game(const SgfCollection& sgf, const Game& tree, std::span<const std::uint32_t> sgf_nodes,
                     const CountOptions& options = {});

}  // namespace kifu::go
