#pragma once
// Shogi game records: KIF, KI2, CSA and JKF files, read into and written from the core game
// tree (game.hpp), with header, start position, comments, times, bookmarks, branches and
// the word each line ends with. docs/shogi.md records every decision; in short:
//
//   KIF (Kakinoki)  header lines "キー：値" (手合割 names the start, or a BOD diagram gives it),
//                   "手数----指手---------消費時間--", then one move a line:
//                   "   1 ７六歩(77)   ( 0:16/00:00:16)+" (number, move with its origin or 打,
//                   time of the move and total, + when a variation follows); "*" comments,
//                   "&" bookmarks, a terminal word (投了 中断 千日手 ...) as the last "move", and
//                   "変化：N手" blocks: a variation for move N of the line read last.
//   KI2             the same header; moves in Japanese notation several a line ("▲７六歩
//                   △３四歩"), the ending in the closing "まで109手で先手の勝ち".
//   CSA V2.2, V3.0  "'" comments, "V2.2", "N+"/"N-" names, "$KEY:value", "PI"/"P1".."P9"/"P+"
//                   start, "+"/"-" first to move, moves "+7776FU" with "T12" (V3: "T12.345")
//                   times, "%TORYO" and the other specials, "," between statements, "/"
//                   between records.
//   JKF             JSON: {"header": {...}, "initial": {...}, "moves": [{...}, ...]} with
//                   "forks" for variations, as json-kifu-format defines it.
//
// The tags of a tree are KIF's header keys (先手, 後手, 棋戦, 開始日時, ...) in source order,
// for every format: CSA's N+, $EVENT, $START_TIME ... are read into them and written from them
// (an unknown $KEY is kept as the tag "$KEY"). The start position is the tree's start, never a
// tag. Times of moves are kept; the totals a KIF gives are worked out again when writing.
//
// Reading takes the file's bytes: a byte-order mark, then the encoding the file declares
// ("#KIF ... encoding=", "'CSA encoding=", "'encoding="), then UTF-8 when the bytes are
// valid UTF-8, else Shift_JIS (CP932, the encoding of .kif, .ki2 and old .csa files).
// Every move is checked against the legal moves; errors have the line and column.

#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/shogi/game.hpp"

namespace kifu::shogi {

enum class RecordFormat : std::uint8_t { kif, ki2, csa, jkf };

// The record's bytes as UTF-8 text, by the rules above; `charset` (an iconv name, as
// charset::canonical_name gives), when given, decides instead of them (a BOM is dropped).
Result<std::string> decode_record(std::string_view bytes, std::string_view charset = {});

// Each reads the bytes of one file (decoded by decode_record, `charset` passed on): its games
// (CSA files can hold several, separated by "/"; the others one).
Result<std::vector<Game>> read_kif(std::string_view bytes, std::string_view charset = {});
Result<std::vector<Game>> read_ki2(std::string_view bytes, std::string_view charset = {});
Result<std::vector<Game>> read_csa(std::string_view bytes, std::string_view charset = {});
Result<std::vector<Game>> read_jkf(std::string_view bytes, std::string_view charset = {});

enum class CsaVersion : std::uint8_t { v2_2, v3_0 };

// Each writes UTF-8 text; `notes` gets what the format cannot hold and drops.
std::string write_kif(const Game& game, std::vector<std::string>& notes);
std::string write_ki2(const Game& game, std::vector<std::string>& notes);
std::string write_csa(const Game& game, CsaVersion version, std::vector<std::string>& notes);
std::string write_jkf(const Game& game, std::vector<std::string>& notes);

// One move as KIF writes it: "７六歩(77)", "同　歩(76)" (a move to `previous`, the square the
// last move went to; kNoSquare: never 同), "５五角打", "２二角成(88)".
std::string kif_move(const Position& position, Move move, Square previous = kNoSquare);

// Text in Shift_JIS (CP932), for a file that is to be read by Kifu for Windows and older
// programs; the encoding declared in the first line ("#KIF version=2.0 encoding=UTF-8",
// "'CSA encoding=UTF-8") is changed to say so. Errors: a character CP932 has no code for.
Result<std::string> to_shift_jis(std::string_view utf8_text);

// The words of each ending: KIF's (投了) and CSA's special without '%' (TORYO; "" for
// those CSA has none for). core/game_tree.hpp names them for messages.
std::string_view kif_word(Ending ending) noexcept;
std::string_view csa_special(Ending ending, Color side_to_move) noexcept;
Ending ending_from_kif_word(std::string_view word) noexcept;  // none when it is none of them

// What kifu finds at the ends of a record's lines: a position that stands for the fourth
// time (千日手, or perpetual check), an entering-king declaration judged by the 27-point rule,
// an impasse counted by the 24-point rule; and where the record's ending contradicts it.
struct LineFinding {
    NodeId node = 0;           // where: the move after which it stands (the line's end for endings)
    std::string message;       // "千日手 (repetition) after move 57: the position stands a fourth time"
    bool contradicts = false;  // the record says otherwise (it goes on, or ends with another word)
};
std::vector<LineFinding> judge_lines(const Game& game);
// The readers call this: what contradicts the record becomes a warning of its game.
void add_judgements(std::vector<Game>& games);

// The closing line of KIF and KI2 ("まで109手で先手の勝ち") for a line of `plies` moves that
// ends with `ending` with `side_to_move` to move; `handicap`: 下手/上手 instead of 先手/後手.
std::string closing_line(Ending ending, std::size_t plies, Color side_to_move, bool handicap);

}  // namespace kifu::shogi
