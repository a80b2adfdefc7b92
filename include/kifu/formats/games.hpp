#pragma once
// The games kifu knows, as one table: what the CLI's --game, the index, Python and the
// service read about a game instead of each saying it again (names, players, outcome
// words, the position format of its own).
//
// A game's number is stored on disk by the position index (each chunk's game): the
// numbers are fixed here, never reused, and a new game takes the next free one.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace kifu::formats {

enum class Game : std::uint8_t {
    go = 0,
    chess = 1,
    shogi = 2,
    xiangqi = 3,
    any = 255,  // formats of every game (FEEN, txt); never stored
};

struct GameInfo {
    Game game;
    std::string_view name;           // "go": --game, kifu formats, Python's .game
    std::string_view first, second;  // the players, the one who moves first first: "black", "white"
    std::string_view first_colour, second_colour;    // the sides' colours: shogi's sente is "black"
    std::string_view first_wins, second_wins, draw;  // outcome words as the index answers them
    std::string_view position_format;                // its own position notation: "hen", "fen", "sfen", ...
    std::string_view position_notation;              // that notation's name: "HEN", "FEN", "SFEN"
    std::string_view record_format;                  // its own record format: "sgf", "pgn", "kif", ...
    std::string_view record_notation;                // that format's name: "SGF", "PGN", "KIF"
    // The tags its records name an opening by, blank-separated, the broadest first: chess's
    // "ECO Opening Variation SubVariation" (pgn-extract's), KIF's "戦型" (CSA's $OPENING),
    // SGF's "ON" (formats/openings.hpp names games by them).
    std::string_view opening_tags;
    // Opening books that Debian installs for the game, blank-separated, the one taken when
    // none is given first ("" for none).
    std::string_view opening_books;
    // The tags that give the players' ratings as numbers, the first player's then the
    // second's ("WhiteElo BlackElo"; "" where records give none: Go's BR and WR are ranks).
    std::string_view rating_tags;
    // The tags that name the players (the first player's, the second's), the date, the event
    // and the result, blank-separated where the records use several, the usual first: what
    // the index's games table and a table's columns read ("" where records have none).
    std::string_view first_tags, second_tags, date_tags, event_tags, result_tag;
    // The tags a table of its games (CSV) shows by default, in order (formats/table.hpp).
    std::string_view table_tags;
    // The index keys its positions up to the board's eight symmetries and a swap of colours
    // (a Go joseki is the same in every corner): its postings carry the symmetry, and a
    // search may match either colour (--colours any).
    bool symmetric_keys = false;
    // How its records number moves: 2 where a number is a move of each side ("1. e4 e5",
    // PGN's), 1 where each move has its own (KIF's, SGF's): a move list shows them so.
    int moves_per_number = 1;
    // The evaluation (NodeReadings::eval: pawns, Go's points of lead) at which the side ahead
    // is taken to win 73% of games (1 / (1 + e^-1)): the logistic scale a graph of a record's
    // evaluations maps them by. Chess: lichess's 0.00368208 a centipawn; shogi: 6 (600, the
    // usual centipawn-to-win-rate scale of shogi engines); docs/serve.md.
    double eval_scale = 2.716;
};

// The value of the first of `names` (blank-separated, as GameInfo's tag fields) that `tags`
// has, or "" when none is.
std::string_view named_tag(std::span<const std::pair<std::string, std::string>> tags, std::string_view names);

// Whether the index keys the game's positions up to symmetry (GameInfo::symmetric_keys).
bool symmetric_keys(Game game) noexcept;

// Every game, in the order of their numbers.
std::span<const GameInfo> all_games() noexcept;
// The row of a game; nullptr for Game::any.
const GameInfo* game_info(Game game) noexcept;
// The game of that name ("go", "chess", "shogi", "xiangqi"), or nullptr.
const GameInfo* game_named(std::string_view name) noexcept;
// The game whose number the index stored, or nullopt for a number no game has.
std::optional<Game> game_numbered(int number) noexcept;
// "go, chess, shogi and xiangqi": for messages.
std::string_view game_names() noexcept;

}  // namespace kifu::formats
