#pragma once
// Openings named by position, for every game. A book is any record collection whose games
// end at named positions: pgn-extract's eco.pgn, Scid's scid.eco and lichess's chess-openings
// TSV (chess/opening_files.hpp), a KIF collection with 戦型, xiangqi PGN with ECCO, SGF with
// ON. Each book game's main line is played to its end, and that position (its key, the side
// to move included) is named by the game's opening tags (games.hpp: chess's ECO, Opening,
// Variation, SubVariation).
//
// A game is named by the last position of its main line that the book names (the deepest
// it reaches, whatever the move order: a transposed French is the French), looked up to the
// book's deepest line plus kOpeningSlack plies. Where the book names one position several
// times, the entry whose moves are the game's own, in the same order, wins; else the book's
// first. Naming a game sets the entry's tags and removes the other opening tags the game had;
// a game the book does not name keeps its own (as pgn-extract's -e does). docs/openings.md.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/core/game_rules.hpp"
#include "kifu/core/game_tree.hpp"
#include "kifu/core/result.hpp"
#include "kifu/formats/games.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

// How many plies past the book's deepest line a game's positions are still looked up: a
// transposition that took a few more moves to reach a named position is still named, and a
// middlegame is not searched for a position of the opening.
inline constexpr std::uint32_t kOpeningSlack = 8;

// The opening tags of a game's records (GameInfo::opening_tags as names: "ECO", "Opening",
// ...); none for Game::any. Split once.
std::span<const std::string_view> opening_tag_names(Game game);

// A named position of a book.
struct Opening {
    std::vector<std::pair<std::string, std::string>> tags;  // the game's opening tags, in its order
    std::uint32_t ply = 0;                                  // the book line's length
    std::uint64_t line_hash = 0;  // the book line's moves, in order (opening_line_hash)
    std::uint32_t entry = 0;      // the book game it came from (0-based)
    std::uint64_t key = 0;        // the named position's (its game's traits' key)

    // "Sicilian: Najdorf": the tags' values after the first (the code), joined by ": " and
    // ", "; the first tag's value alone when there is no other.
    std::string name() const;
    // The first tag's value ("B90"; the name for a game whose only opening tag is a name).
    std::string_view code() const noexcept { return tags.empty() ? std::string_view() : tags.front().second; }
};

// A line's moves as one hash, move word after move word: equal for equal lines.
constexpr std::uint64_t opening_line_hash(std::uint64_t hash, std::uint16_t word) noexcept {
    std::uint64_t h = (hash ^ word) * 0x100000001b3ULL;
    return h ^ (h >> 29);
}
inline constexpr std::uint64_t kOpeningLineStart = 0xcbf29ce484222325ULL;

class OpeningBook {
  public:
    // The book of a record document. Errors: unsupported for a position, or a record with
    // no game that names a position (no opening tag of its game).
    static Result<OpeningBook> of(const Document& record);
    // The book in a file, of any record format the registry reads (compressed too). Errors:
    // io_error when it cannot be read, the reader's errors with their line and column.
    static Result<OpeningBook> open(const std::string& path);
    // The first book of `game` that is installed (GameInfo::opening_books), or nullopt.
    static std::optional<std::string> installed(Game game);

    Game game() const noexcept { return game_; }
    std::size_t size() const noexcept { return openings_.size(); }  // the named positions
    std::size_t skipped() const noexcept { return skipped_; }       // book games that named nothing
    const std::vector<Opening>& openings() const noexcept { return openings_; }
    // The last ply at which a game's position is looked up (the deepest line + kOpeningSlack).
    std::uint32_t horizon() const noexcept { return deepest_ + kOpeningSlack; }
    // The opening tags of the book's game ("ECO", "Opening", ...).
    const std::vector<std::string>& tag_names() const noexcept { return tag_names_; }

    // The entry naming the position of `key`: the one whose line is `line_hash` at `ply`
    // when there is one, else the book's first; nullptr when the book does not name it.
    const Opening* find(std::uint64_t key, std::uint64_t line_hash = 0, std::uint32_t ply = 0) const noexcept;
    // Whether a named position can still come in a game whose position has `progress`
    // (core/game_rules.hpp): false once no named position can follow it, so nothing more is
    // looked up; always true for a game whose traits give no progress.
    bool may_follow(Progress progress) const noexcept {
        return least_count_.empty() || least_count_[progress.kept] <= progress.count;
    }

  private:
    Game game_ = Game::any;
    std::vector<Opening> openings_;
    // key -> the first entry of that position, an open-addressed table of a power of two
    // slots, at least twice the entries (the keys are Zobrist keys: their low bits are the
    // slot), looked up once a ply of every game named; the others of the same key follow the
    // first in `same_key_` (an index into openings_, or kNone).
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t first = 0xFFFFFFFFu;  // kNone: empty
    };
    std::vector<Slot> slots_;
    std::vector<std::uint32_t> same_key_;
    Slot& slot_of(std::uint64_t key) noexcept;
    void index_keys();
    std::vector<std::string> tag_names_;
    // The named positions' progress, and from it for each of the 65,536 `kept` sets the least
    // count of a named position whose kept bits are among them (255: none): one look a ply.
    std::vector<Progress> progress_;
    std::vector<std::uint8_t> least_count_;
    void index_progress();
    std::uint32_t deepest_ = 0;
    std::size_t skipped_ = 0;

    template <class Tree>
    friend void add_book_game(OpeningBook& book, const Tree& tree, std::uint32_t entry);
};

// Where a game's main line reaches the book's deepest named position.
struct OpeningMatch {
    const Opening* opening = nullptr;
    std::uint32_t ply = 0;  // the game's ply there (0: the start position)
};

// The opening of a game tree: its main line played up to the book's horizon. No match for a
// book of another game.
template <class Tree>
OpeningMatch find_opening(const Tree& tree, const OpeningBook& book) {
    using Rules = typename Tree::GameTraits;
    OpeningMatch match;
    if (game_named(Rules::game)->game != book.game()) return match;
    typename Tree::Position position = tree.start;
    std::uint64_t line = kOpeningLineStart;
    std::uint32_t ply = 0;
    for (NodeId id = Tree::kRoot;;) {
        if constexpr (HasProgress<Rules>)
            if (!book.may_follow(Rules::progress(position))) break;  // no named position can follow
        if (const Opening* o = book.find(Rules::key(position), line, ply)) match = {o, ply};
        if (tree.nodes[id].children.empty() || ply >= book.horizon()) break;
        id = tree.nodes[id].children.front();
        const auto& move = tree.nodes[id].move;
        line = opening_line_hash(line, Rules::move_word(move));
        Rules::play(position, move);
        ++ply;
    }
    return match;
}

// The same, fed one main-line position after another (a reader's visitor that builds no
// tree): see(position) for the start and after each move, played(move) between them.
template <GameRules Rules>
class OpeningTracker {
  public:
    explicit OpeningTracker(const OpeningBook& book) noexcept : book_(&book) {}
    void reset() noexcept { match_ = {}, line_ = kOpeningLineStart, ply_ = 0; }
    // The position at the current ply; false once past the book's horizon (nothing more
    // to see).
    bool see(const typename Rules::Position& position) noexcept {
        if constexpr (HasProgress<Rules>)
            return see_key(Rules::key(position), Rules::progress(position));
        else
            return see_key(Rules::key(position));
    }
    // The same, stopping where no named position can follow `progress` (HasProgress).
    bool see_key(std::uint64_t key, Progress progress) noexcept {
        return book_->may_follow(progress) && see_key(key);
    }
    // The same for a position whose key the caller has (the index's postings).
    bool see_key(std::uint64_t key) noexcept {
        if (ply_ > book_->horizon()) return false;
        if (const Opening* o = book_->find(key, line_, ply_)) match_ = {o, ply_};
        return true;
    }
    void played(const typename Rules::Move& move) noexcept {
        line_ = opening_line_hash(line_, Rules::move_word(move));
        ++ply_;
    }
    std::uint32_t ply() const noexcept { return ply_; }
    const OpeningMatch& match() const noexcept { return match_; }

  private:
    const OpeningBook* book_;
    OpeningMatch match_{};
    std::uint64_t line_ = kOpeningLineStart;
    std::uint32_t ply_ = 0;
};

// Sets the tags of `opening` on a game and removes the book's other opening tags from it.
template <class Tree>
void set_opening_tags(Tree& tree, const OpeningBook& book, const Opening& opening) {
    for (const std::string& name : book.tag_names()) {
        bool given = false;
        for (const auto& [n, v] : opening.tags) given = given || n == name;
        if (!given) std::erase_if(tree.tags, [&](const auto& tag) { return tag.first == name; });
    }
    for (const auto& [name, value] : opening.tags) tree.set_tag(name, value);
}

// Chess games streamed from PGN, named without a tree: PgnOpeningFinder reads a game's main
// line (its variations passed over) to find its opening; PgnOpeningTagger then passes the
// game to a writer (chess::PgnExporter, chess::JsonExporter) with that opening's tags in
// place of the game's own opening tags. A game the book does not name passes unchanged.
class PgnOpeningFinder final : public chess::PgnVisitor {
  public:
    explicit PgnOpeningFinder(const OpeningBook& book) noexcept : tracker_(book) {}
    bool begin_game(const chess::PgnGameText&) override;
    bool begin_movetext(const chess::Position& start) override;
    bool begin_variation() override { return false; }
    void move(const chess::Position& before, chess::Move move, std::string_view) override;
    void end_game(const chess::Position& final_position) override;
    const OpeningMatch& match() const noexcept { return tracker_.match(); }

  private:
    OpeningTracker<chess::GameTraits> tracker_;
    std::uint64_t pieces_ = 0;  // the Polyglot key's pieces, kept move by move
    bool looking_ = true;
};

class PgnOpeningTagger final : public chess::PgnVisitor {
  public:
    // `opening`: the game's (nullptr: the game passes unchanged); both outlive the tagger's use.
    PgnOpeningTagger(chess::PgnVisitor& writer, const OpeningBook& book, const Opening* opening) noexcept
        : writer_(&writer), book_(&book), opening_(opening) {}
    bool begin_game(const chess::PgnGameText& game) override { return writer_->begin_game(game); }
    void tag(std::string_view name, std::string_view value) override;
    bool begin_movetext(const chess::Position& start) override;
    void move(const chess::Position& before, chess::Move move, std::string_view san) override {
        writer_->move(before, move, san);
    }
    void comment(std::string_view text, chess::CommentKind kind) override { writer_->comment(text, kind); }
    void nag(int nag) override { writer_->nag(nag); }
    bool begin_variation() override { return writer_->begin_variation(); }
    void end_variation() override { writer_->end_variation(); }
    void result(std::string_view marker) override { writer_->result(marker); }
    void error(const Error& e) override { writer_->error(e); }
    void warning(const Error& e) override { writer_->warning(e); }
    void end_game(const chess::Position& final_position) override;

  private:
    void give_tags();
    chess::PgnVisitor* writer_;
    const OpeningBook* book_;
    const Opening* opening_;
    bool given_ = false;
};

// Names every game of a record by the book (a book of another game names none). Returns
// how many games it named. Errors: unsupported for a position.
Result<std::size_t> name_openings(Document& record, const OpeningBook& book);

// The names of the opening of each game of a record, in order (nullptr where the book names
// none): Python's Game.opening, kifu info.
std::vector<OpeningMatch> openings_of(const Document& record, const OpeningBook& book);

}  // namespace kifu::formats
