#pragma once
// A position index over collections of games, in one SQLite file (docs/index.md).
//
// What it holds:
//   games     one row a game: its file and place there, players, date, event, result,
//             every tag, its start position and main line as 16-bit move words, a
//             content hash (tags, start, moves, result) that finds copies, and for Go
//             the pattern prefilters (where stones ever stood, the 7x7 corner regions'
//             keys: src/index/go_prefilter.hpp).
//   postings  position key -> (game, ply, the move played next), for every position of
//             every main line, in chunks written whole and merged whole; keys reached by
//             one game keep their high half and the ply, the rest found by replaying the
//             game (src/index/postings.hpp has the layout).
//   moves     (position key, move) -> games and results, for positions of 32 games or
//             more: what the explorer reads for popular positions.
//
// Keys: chess the Polyglot key, shogi and xiangqi their Zobrist keys (repetition keys:
// the board, the hands and the side to move), Go the least of the 16 keys of its stones
// under the board's symmetries and the colour swap, mixed (go/symmetry.hpp), so a Go
// position is found in any orientation. Only main lines are indexed: the games as
// played, not their annotations.
//
// Indexing adds only games whose hash the database does not hold; a game whose hash it
// holds from another place is a duplicate, reported and recorded, not indexed twice.
// merge() of separately built databases gives the answers of one built from all their
// games in the same order.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/formats/duplicates.hpp"
#include "kifu/formats/filter.hpp"
#include "kifu/formats/openings.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/go/symmetry.hpp"

namespace kifu::index {

// The Go symmetries the index keys positions by (go/symmetry.hpp).
using go::allowed;
using go::apply;
using go::board_of;
using go::canonical_key;
using go::CanonicalKey;
using go::compose;
using go::inverse;
using go::kSymmetries;
using go::StoneChange;
using go::swaps_colours;
using go::Symmetry;

// How a game ended, for its first player (white in chess, black in Go and shogi, red in
// xiangqi) and its second: each game's traits say (GameRules's outcome).
using Outcome = GameOutcome;

struct Progress {
    std::uint64_t bytes = 0;  // of the input read so far
    std::uint64_t games = 0;
    std::string file;
    // Once the inputs are read: what is being written ("writing the positions", "merging the
    // chess positions with the index's", ...); empty while reading.
    std::string stage;
};

struct IndexOptions {
    unsigned threads = 1;
    // Postings held in memory before they are written as a chunk (16 bytes each).
    std::size_t max_postings = std::size_t{8} << 20;
    std::function<void(const Progress&)> progress;  // called now and then, from the calling thread
    // The books that name the games' openings, one a game (formats/openings.hpp): each game
    // named is stored with the book's tags (ECO, Opening, ...) in place of its own, which
    // search's --where filters and its answers show. A game of no book here keeps its tags.
    std::vector<std::shared_ptr<const formats::OpeningBook>> openings;
};

struct IndexReport {
    std::uint64_t files = 0, bytes = 0, games = 0, plies = 0;
    std::uint64_t added = 0;       // games new to the database
    std::uint64_t known = 0;       // games it already held from the same place
    std::uint64_t duplicates = 0;  // copies of a game it holds from another place
    std::uint64_t broken = 0;      // games with an error, left out
    // "FILE:LINE:COL: error: ..." for broken games and unreadable files, and
    // "FILE: game N is a copy of FILE2 game M" notes, in input order.
    std::vector<std::string> messages;
};

// Which games a query looks at: formats::GameFilter's conditions (tags, years, result,
// player, ratings: formats/filter.hpp), and `unique`: one game of each set of duplicates
// (formats/duplicates.hpp's moves rule, Go up to symmetry: what kifu dedupe keeps), the first
// in index order, the others passed over.
struct Filter : formats::GameFilter {
    bool unique = false;  // --unique
    bool empty() const noexcept { return GameFilter::empty() && !unique; }
};

struct GameSummary {
    std::uint32_t id = 0;
    formats::Game game = formats::Game::chess;
    std::string file;
    std::uint64_t number = 0;  // 1-based, in its file (as --game-index counts)
    std::uint64_t offset = 0;
    std::string first, second, date, event, result;
    Outcome outcome = Outcome::unknown;
    std::uint32_t plies = 0;
    std::uint32_t ply = 0;    // where the position occurs
    bool at_position = true;  // false: found by its tags, date or result alone (ply means nothing)
    // Go: the symmetry that maps the game's board at that ply onto the query's.
    Symmetry symmetry = 0;
    std::string opening;  // its opening as its stored tags name it ("C01 French: Exchange"); "" for none
};

// A position to look up: its key, and for Go its symmetry and whether colours may swap.
struct PositionQuery {
    formats::Document position;
    formats::Game game = formats::Game::chess;
    std::uint64_t key = 0;
    Symmetry symmetry = 0;     // Go: maps the query's board onto the canonical one
    bool any_colours = false;  // Go: also the position with colours swapped
    Filter filter;
};
// The query for a position document (chess, Go, shogi, xiangqi; a FEEN of one of these).
Result<PositionQuery> position_query(formats::Document position);

struct SearchResult {
    std::uint64_t count = 0;         // games that reach the position (and pass the filter)
    std::vector<GameSummary> games;  // the page asked for, in index order
};

struct MoveStats {
    std::string move;  // in the game's notation, from the query position (Go: its orientation)
    std::uint64_t count = 0, first = 0, draws = 0, second = 0, unknown = 0;
    double score = 0;                // for the side to move: wins + draws/2 over decided-or-drawn games
    std::vector<GameSummary> games;  // the first few games it leads to
    std::string opening;             // the position after the move as a book names it ("" for none)
    // Scid's tree columns (0: not known): the average rating of the player who made the move,
    // their performance (performance_rating: the opponents' average rating and the score),
    // and the years of the first and last game played.
    std::uint32_t rating = 0, performance = 0, first_year = 0, last_year = 0;
};
// A performance rating: the opponents' average rating and the rating difference that a
// score expects by the logistic Elo curve, 400 log10(p / (1 - p)), at most 800 either way
// (FIDE's bound for a score of all or nothing); 0 for no opponents' rating.
std::uint32_t performance_rating(double opponents_average, double score) noexcept;
struct ExploreResult {
    std::uint64_t games = 0;       // games through the position
    std::uint64_t ended = 0;       // of them, games that end there
    std::vector<MoveStats> moves;  // by count, most played first
    std::string opening;           // the position as a book names it: "C00 French" ("" for none)
};
// Names the explored position and the position after each move by the book (name_opening:
// "C00 French"): kifu explore --openings, Python's Index.explore(openings=...).
void name_openings(ExploreResult& result, const PositionQuery& query, const formats::OpeningBook& book);
// "C00 French: exchange": an opening's code and name, or its name alone where it has no code.
std::string opening_text(const formats::Opening& opening);

// A set of duplicates: its first game in index order and the others. The index's own
// copies (a game given again, kept in the duplicates table and not indexed twice) are in
// the set of the game they copy, with their own file and number.
struct DuplicateGroup {
    GameSummary kept;
    std::vector<GameSummary> duplicates;  // index order, then the copies not indexed
};

struct DatabaseStats {
    std::uint64_t games = 0, files = 0, duplicates = 0, chunks = 0, postings = 0, bytes = 0;
};

class Database {
  public:
    // Opens (`create`: or creates) an index. Errors are io_error with the path.
    static Result<Database> open(const std::string& path, bool create);
    Database(Database&&) noexcept;
    Database& operator=(Database&&) noexcept;
    ~Database();

    // Indexes files: records of any game the registry reads (PGN streamed, any size;
    // compressed or not), directories (their readable files, recursively) and tar or zip
    // archives. An unreadable file is an io_error; bad games are in the report.
    Result<IndexReport> add(std::span<const std::string> paths, const IndexOptions& options = {});

    Result<SearchResult> search(const PositionQuery& query, std::size_t offset, std::size_t limit);
    // The games that pass `filter` (tags, years, result) without a position, in index order:
    // one scan of the games' table. An empty filter selects every game.
    Result<SearchResult> select(const Filter& filter, std::size_t offset, std::size_t limit);
    Result<ExploreResult> explore(const PositionQuery& query, std::size_t games_per_move = 3);
    // The sets of duplicates across every collection of the index among the games that pass
    // `filter` (its `unique` aside), by `rule` as kifu dedupe finds them (formats/
    // duplicates.hpp: the same moves by default; Go up to symmetry and colours), each stored
    // game replayed once; in the order of their first games.
    Result<std::vector<DuplicateGroup>> duplicate_groups(const Filter& filter = {},
                                                         const formats::DuplicateRule& rule = {});
    Result<DatabaseStats> stats();
    // The games it has positions of, in their order (one look at the chunks' table, not the
    // counts stats() makes): a query's text every game reads alike is read as the one game.
    Result<std::vector<formats::Game>> games_held();

    struct Impl;

  private:
    friend struct DatabaseAccess;  // kifu's own queries (src/index/) reach the SQLite handle
    explicit Database(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

// SQLite's integrity check of the index at `path`, and the tables an index has: each
// problem found, none when the index is whole (kifu index --check). It opens what
// Database::open refuses as damaged. Errors: io_error for a file that is no SQLite database.
Result<std::vector<std::string>> check(const std::string& path);

// Builds `out` (which must not exist) from separately built indexes, in the order given.
// It is built as `out`.kifu-partial and renamed when done: a merge that fails or is killed
// leaves no index under `out`.
Result<IndexReport> merge(const std::string& out, std::span<const std::string> inputs,
                          const IndexOptions& options = {});

std::string_view to_string(Outcome outcome, formats::Game game) noexcept;
// The outcome a result filter names (formats/filter.hpp).
using formats::outcome_named;

}  // namespace kifu::index
