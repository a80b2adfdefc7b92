#pragma once
// Reading PGN: a splitter that cuts a byte stream of any size into the texts of its
// games (bounded memory, so also the unit for threads and for keeping broken games),
// and a streaming reader that walks one game's text and tells a visitor what it finds,
// resolving every move against the position. game.hpp builds a tree from it.
//
// Where a game ends (docs/pgn.md): after its termination marker (1-0, 0-1, 1/2-1/2, *)
// outside comments and variations; or, without one, where a tag section begins at the
// start of a line after movetext; or, between two tag sections with no movetext, at a
// blank line followed by a tag whose name the section already has (tag-only games).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/chess/position.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/core/error.hpp"

namespace kifu::chess {

// One game's bytes as they stand in the input.
struct PgnGameText {
    std::string_view text;     // oversized: only the game's first bytes
    std::size_t index = 0;     // 0-based, in input order
    std::size_t offset = 0;    // byte offset of the text in the input
    std::uint32_t line = 1;    // line of its first byte
    std::uint32_t column = 1;  // column (in bytes) of its first byte on that line
    // Nonzero: the game's length, over the splitter's limit. Its bytes were passed over,
    // never held; read_pgn_game reports it as one error.
    std::size_t oversized = 0;
    std::size_t limit = 0;  // oversized: the limit it is over
};

class PgnSplitter {
  public:
    // Games longer than the limit are skipped without being held and reported as one
    // error each (hostile input): the splitter holds at most the limit and 1 MiB.
    static constexpr std::size_t kMaxGameBytes = std::size_t{64} << 20;

    explicit PgnSplitter(std::unique_ptr<ByteSource> source, std::size_t max_game_bytes = kMaxGameBytes);
    // `text` must outlive the splitter.
    explicit PgnSplitter(std::string_view text, std::size_t max_game_bytes = kMaxGameBytes);

    // The next game, valid until the next call; nullopt at the end. A read error ends
    // the input: see error().
    std::optional<PgnGameText> next();
    const std::optional<Error>& error() const noexcept { return error_; }
    // Bytes between games that belong to no game (blank lines aside).
    std::size_t skipped_bytes() const noexcept { return skipped_; }

  private:
    static constexpr std::size_t kOversizedStart = 256;  // what an oversized game keeps of its text
    bool refill();
    void advance_to(std::size_t to);  // start_ to `to`, counting the lines passed
    PgnGameText game_at(std::size_t begin, std::string_view text);
    std::size_t skip_oversized(std::size_t begin);
    std::unique_ptr<ByteSource> source_;
    std::size_t max_game_bytes_;
    std::size_t chunk_ = std::size_t{64} << 10;  // the least the next refill reads
    // What is read of the source (data_ views its bytes), grown without being cleared first
    // (a std::string would write every megabyte twice).
    std::unique_ptr<char[]> buffer_;
    std::size_t buffer_capacity_ = 0;
    std::string oversized_start_;  // the beginning of the last oversized game
    std::string_view data_;        // what is in memory: buffer_, or the whole text
    std::size_t start_ = 0;        // first byte not yet handed out
    bool eof_ = false;
    bool first_ = true;
    std::size_t index_ = 0;
    std::size_t offset_ = 0;  // input offset of data_[0]
    std::uint32_t line_ = 1;  // line of data_[start_]
    std::size_t skipped_ = 0;
    std::optional<Error> error_;
};

enum class CommentKind : std::uint8_t { braces, line };  // {...} or ; to the end of the line

// What the reader reports. Every callback has a default that ignores it. Errors stop
// the game (the reader goes on with the next); `error` gets the place in the whole input.
struct PgnReadOptions;

class PgnVisitor {
  public:
    virtual ~PgnVisitor() = default;
    // Return false to skip the game.
    virtual bool begin_game(const PgnGameText&) { return true; }
    virtual void tag(std::string_view /*name*/, std::string_view /*value*/) {}
    // After the tags, with the start position (standard, or from FEN/SetUp). Return
    // false to skip the movetext: a headers-only scan.
    virtual bool begin_movetext(const Position&) { return true; }
    // `before` is the position the move is played in; `san` the text as written,
    // without its move number or !/? suffix (which come as a NAG).
    virtual void move(const Position& /*before*/, Move, std::string_view /*san*/) {}
    virtual void comment(std::string_view, CommentKind) {}
    virtual void nag(int) {}
    // Return false to skip the variation: its moves are then not read or checked.
    virtual bool begin_variation() { return true; }
    virtual void end_variation() {}
    // The termination marker, and the position at the end of the main line.
    virtual void result(std::string_view) {}
    virtual void error(const Error&) {}
    // Something read in a way the standard does not define, or a disagreement that does
    // not stop the game (docs/pgn.md lists them); the game goes on.
    virtual void warning(const Error&) {}
    virtual void end_game(const Position& /*final_position*/) {}

    // Whether the visitor asked for the rest of the movetext to be passed over.
    bool movetext_stopped() const noexcept { return stopped_; }

  protected:
    // Called from move(): the rest of the movetext is passed over unread (a visitor that
    // wants the first moves only, as the opening's finder); end_game follows at once with
    // the position reached, and result() is not called. The game's later errors are not seen.
    void stop_movetext() noexcept { stopped_ = true; }

  private:
    friend bool read_pgn_game(const PgnGameText& game, PgnVisitor& visitor, const PgnReadOptions& options);
    friend class PgnMainLineTee;  // chess/pgn_tee.hpp: resets its two visitors
    bool stopped_ = false;
};

struct PgnReadOptions {
    // A result that contradicts mate or stalemate on the board, or the Result tag, is an
    // error with this, a warning without it.
    bool strict_results = false;
    // The charset every game is decoded with (an iconv name); "" = UTF-8 where the game is
    // valid UTF-8, else CP437 or Latin-1 as its bytes suggest (docs/pgn.md).
    std::string charset{};
};

// How deep variations may nest: a game that goes deeper is an error (each level costs a
// position; real games nest a few levels, annotated ones a few dozen).
inline constexpr std::size_t kMaxPgnVariationDepth = 255;

// Reads one game. Returns false when it ended with an error (the visitor had it).
bool read_pgn_game(const PgnGameText& game, PgnVisitor& visitor, const PgnReadOptions& options = {});

// The suffix annotations as NAGs: ! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6; 0 for anything else.
int suffix_nag(std::string_view suffix) noexcept;

}  // namespace kifu::chess
