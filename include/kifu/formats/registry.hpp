#pragma once
// The registry of formats: for each notation kifu knows, its name, game and kind, how it
// is detected, read, validated and written. The CLI (and the Python module) are loops
// over it: a new format is one entry in src/formats/registry.cpp.
//
// A read gives a Document: a value of one of the games' position or record types.
// Writers take any document they can hold, converting through the game's own types (a
// FEEN of a chess position writes as FEN, a chess position as FEEN) and saying in `notes`
// what the target drops. A record written as a position format is first narrowed to one
// of its positions (position_at: after N plies, at a node path, or the end of the main
// line).

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "kifu/chess/epd.hpp"
#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn_writer.hpp"
#include "kifu/core/board_view.hpp"
#include "kifu/core/image_options.hpp"
#include "kifu/core/result.hpp"
#include "kifu/feen/feen.hpp"
#include "kifu/formats/games.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/go/record.hpp"
#include "kifu/go/sgf.hpp"
#include "kifu/shogi/game.hpp"
#include "kifu/xiangqi/game.hpp"

namespace kifu::formats {

enum class Kind : std::uint8_t { position, move, record };  // move: a list of moves
std::string_view to_string(Game game) noexcept;
std::string_view to_string(Kind kind) noexcept;

// What a format reads into and writes from: a position of a game, or a record, whose games
// are core game trees (go::Record keeps its raw SGF beside them; it is move-only, so
// Documents are).
using Value = std::variant<go::Position, go::Record, chess::Position, chess::Epd, std::vector<chess::Game>,
                           shogi::Position, std::vector<shogi::Game>, xiangqi::Position,
                           std::vector<xiangqi::Game>, feen::Position>;

struct Document {
    Value value;
    std::vector<Error> warnings;  // worth saying, not fatal (SGF damage, ...)
    // A position taken from a game tree (position_in): the move that led to it and the
    // node's marks, which its board view shows. Empty for a position read as such.
    std::optional<BoardView::LastMove> last_move{};
    std::vector<NodeMark> marks{};
};

Game game_of(const Document& document);
bool is_record(const Document& document);  // SGF collections, PGN games, move lists
// Appends game `index` (< game_count) of a record to `into`, a record of the same type (an
// SGF game with its raw nodes); false, appending nothing, when either is no record or their
// types differ.
bool append_game(const Document& record, std::size_t index, Document& into);
// Game `index` (< game_count) of a record, alone in a record of its type: what one game is
// written as. (A position gives a document of no game.)
Document game_alone(const Document& record, std::size_t index);

// Options a format may take; each format lists those that apply to it (Format::options),
// and the CLI refuses the others.
enum Option : std::uint32_t {
    kStartPosition = 1u << 0,  // move lists: the position the moves start from
    kSuperko = 1u << 1,        // SGF: report moves that repeat a whole-board position
    kPretty = 1u << 2,         // HEN: one part a line
    kAlwaysSize = 1u << 3,     // HEN: the size even for 19x19
    kLetters = 1u << 4,        // the seed's FEEN: letters, not chess glyphs
    kPgnWrite = 1u << 5,       // PGN out: --no-comments, --no-nags, --no-variations
    kStreams = 1u << 6,        // read game by game from a stream of any size (--threads, --keep-broken)
    kNodeChoice = 1u << 7,     // a record: --ply, --node (and SGF's --move, --game-index)
    kSgfMove = 1u << 8,        // SGF: --move N (moves of the main line, passes included)
    kEncoding = 1u << 9,       // written in UTF-8 or Shift_JIS (--encoding; KIF, KI2, CSA)
    kNotation = 1u << 10,      // xiangqi PGN out: the moves' notation (--notation iccs|wxf|chinese|san)
    kImage = 1u << 11,         // images out: size, theme, coordinates, crop, flip (kifu render)
    kCharset = 1u << 12,       // text in any charset: --charset overrides what it declares or the guess
    // Not an option but what the format writes: bytes (PNG, GIF), to be kept as they are
    // (no line end added, bytes for Python, not a str).
    kBinary = 1u << 13,
    kColumns = 1u << 14,    // tables (CSV): --columns, the columns and their order
    kPositions = 1u << 15,  // tables (CSV): --positions, the position after every move
};

struct ReadOptions {
    std::string start;  // move lists: an SFEN, "startpos" (default) or a USI position
    bool superko = false;
    std::string rules{};  // SGF: a rule set as RU names them (go/rules.hpp); "" = the game's RU
    // kCharset formats: the charset to decode with (an iconv name, as charset::canonical_name
    // gives); "" = what the text declares, else the reader's guess. formats/options.hpp sets it.
    std::string charset{};
    // A position read only to be drawn (kifu render, /board.svg): any placement, a chess
    // diagram without kings too; the view's notes say what makes it no game's position.
    bool any_placement = false;
};

struct WriteOptions {
    bool pretty = false;
    bool always_size = false;
    bool letters = false;
    chess::PgnWriteOptions pgn{};
    bool shift_jis = false;  // kEncoding formats: Shift_JIS (CP932) instead of UTF-8
    std::string notation;    // kNotation formats: "iccs", "wxf", "chinese", "san"; "": the record's own
    ImageOptions image{};    // kImage formats (kifu::image's; the format itself is the Format's)
    std::vector<std::string> columns{};  // kColumns formats; empty: the game's (formats/table.hpp)
    bool positions = false;              // kPositions formats
};

// How a record format holds an engine's evaluations (kifu analyse writes them so).
enum class EvalNotes : std::uint8_t {
    none,              // it holds none that kifu writes: kifu analyse gives JSON Lines of them instead
    pgn_eval,          // PGN's comment command [%eval 0.17,20] (lichess's) in the move's comment
    shogigui_comment,  // KIF's "**解析 0 深さ 20 ... 評価値 35 読み筋 ▲７六歩(77)" (ShogiGUI's)
    floodgate_comment,  // CSA's "'** 35 +7776FU -3334FU" (Floodgate's)
    sabaki_values,      // SGF's SBKV (black's win rate, %) and SBKS (black's score lead), Sabaki's
};

struct Format {
    std::string_view name;
    Game game;
    Kind kind;
    std::string_view description;
    std::span<const std::string_view> extensions;  // ".sgf", ".pgn": what a file name says
    std::uint32_t options = 0;                     // Option bits that apply
    // 0: not this format; higher: more certain. nullptr: never detected (give --from).
    int (*detect)(std::string_view text) = nullptr;
    // nullptr: kifu only writes this format.
    Result<Document> (*read)(std::string_view text, const ReadOptions& options) = nullptr;
    // Every error of the text (read errors with line and column, then validity problems);
    // warnings go to `warnings`.
    std::vector<Error> (*validate)(std::string_view text, const ReadOptions& options,
                                   std::vector<Error>& warnings) = nullptr;
    // Whether write can hold this document (a position after position_at for records).
    bool (*accepts)(const Document& document) = nullptr;
    // nullptr: kifu only reads this format. `notes`: what the format cannot hold and drops.
    Result<std::string> (*write)(const Document& document, const WriteOptions& options,
                                 std::vector<std::string>& notes) = nullptr;
    // The same, appended to `out` (nullptr: write, then append): the streaming writers
    // (PGN, JSON Lines) write game after game into one buffer without a copy.
    Result<void> (*append)(std::string& out, const Document& document, const WriteOptions& options,
                           std::vector<std::string>& notes) = nullptr;

    // A table's first line (CSV's column names) for games of `game`: an output of several
    // documents begins with it once, and write and append give rows only (write_document
    // puts it before its first text). nullptr for formats without.
    std::string (*header)(Game game, const WriteOptions& options) = nullptr;
    // How its records hold an engine's evaluations.
    EvalNotes eval_notes = EvalNotes::none;

    bool can_read() const noexcept { return read != nullptr; }
    bool can_write() const noexcept { return write != nullptr; }
    bool takes(Option option) const noexcept { return (options & option) != 0; }
};

// Every format, in the order `kifu formats` lists them: the core library's, then those added.
std::span<const Format> all_formats() noexcept;
// Adds formats from outside the core library: kifu::image's svg, png and gif
// (image::add_formats, image/formats.hpp), or a program's own. A name already known is left
// as it is, so adding twice is harmless. Add before other threads read the registry (the
// formats read so far stay where they are: spans and pointers given out stay valid).
// Errors: unsupported when the registry is full.
Result<void> add_formats(std::span<const Format> formats);
// The format of that name, or nullptr.
const Format* find_format(std::string_view name) noexcept;
// The known name nearest to a misspelt one (edit distance), or "".
std::string_view nearest_name(std::string_view name, std::span<const std::string_view> names);

// The readable format a file name says (".pgn", ".sgf.gz": compression suffixes aside), or
// nullptr.
const Format* format_of_file_name(std::string_view file_name);

// The format of a text: the detector most certain of it; where no detector is, the file
// name's extension (".sgf.gz" counts as ".sgf"). The error says what the text looks like.
// Where formats of several games are equally certain ("startpos" is every game's start),
// `game` says which game the caller is reading (a target format's, an index's, the page's);
// with no game, the first registered (chess's FEN for "startpos").
Result<const Format*> detect_format(std::string_view text, std::string_view file_name = {},
                                    Game game = Game::any);

// Which node of a record a position format is to show.
struct NodeChoice {
    std::optional<std::size_t> ply;  // after N plies of the main line
    std::optional<int> sgf_move;     // SGF: after move N of the main line
    std::string node;                // a node path (core/walk.hpp)
    std::size_t game_index = 0;      // which game of a collection
};

// How SGF games are replayed for the read options (--superko, --rules).
go::ReplayOptions sgf_replay_options(const ReadOptions& options);

// A record narrowed to one position (a position is returned as it is). Errors:
// out_of_range past the end of a line or the collection.
Result<Document> position_at(Document record, const NodeChoice& choice, const ReadOptions& options = {});
// The same for a record that stays whole, so that each of its games can be taken in turn.
Result<Document> position_in(const Document& record, const NodeChoice& choice,
                             const ReadOptions& options = {});
// The games of a record (an SGF collection, PGN games); 1 for anything else.
std::size_t game_count(const Document& document);

// The board view of a position document (go, chess, shogi, xiangqi, feen), with the last
// move and marks of the node it was taken from.
Result<BoardView> board_view(const Document& position);

// The views of every position of a record's main line, the start first (an animation's
// frames). Errors: out_of_range for a game index past the collection; unsupported for a
// document that is no record.
Result<std::vector<BoardView>> main_line_views(const Document& record, std::size_t game_index = 0);

}  // namespace kifu::formats
