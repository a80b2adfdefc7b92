#pragma once
// The parts the shogi record readers and writers share: lines, wide blanks, kanji numbers
// and piece names, BOD diagrams (the board pictures of KIF and KI2 files), closing lines.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/game_tree.hpp"
#include "kifu/core/result.hpp"
#include "kifu/shogi/position.hpp"

namespace kifu::shogi::record {

// The longest time a move or an ending is read as: a whole number of seconds (every format
// writes it back the same, V2.2 CSA and KIF in whole seconds) that fits the tree's int32_t.
// A longer time (555 hours) is no clock's; it is read as this one.
inline constexpr std::int64_t kLongestTimeMs = 2'000'000'000;

inline std::int32_t capped_time_ms(std::int64_t ms) noexcept {
    return static_cast<std::int32_t>(ms < kLongestTimeMs ? ms : kLongestTimeMs);
}

// The two Japanese record formats, which share their reader and their writer.
enum class KifFlavour : std::uint8_t { kif, ki2 };

// One line of a text, without its line end (LF or CR LF), and where it starts.
struct Line {
    std::string_view text;
    std::size_t offset = 0;
};

// The lines of a text in turn; a last line without a line end counts.
class Lines {
  public:
    explicit Lines(std::string_view text) noexcept : text_(text) {}
    bool next(Line& line) noexcept {
        if (at_ >= text_.size()) return false;
        std::size_t end = text_.find('\n', at_);
        if (end == std::string_view::npos) end = text_.size();
        std::size_t stop = end;
        if (stop > at_ && text_[stop - 1] == '\r') --stop;
        line = {text_.substr(at_, stop - at_), at_};
        at_ = end + 1;
        return true;
    }

  private:
    std::string_view text_;
    std::size_t at_ = 0;
};

inline constexpr std::string_view kWideSpace = "\u3000";

// `text` without ASCII blanks and wide spaces (U+3000) around it.
std::string_view trim(std::string_view text) noexcept;
// Moves `i` past ASCII blanks and wide spaces.
void skip_spaces(std::string_view text, std::size_t& i) noexcept;
bool eat(std::string_view text, std::size_t& i, std::string_view word) noexcept;

inline constexpr std::array<std::string_view, 10> kWideDigits = {"０", "１", "２", "３", "４",
                                                                 "５", "６", "７", "８", "９"};
inline constexpr std::array<std::string_view, 10> kKanjiDigits = {"〇", "一", "二", "三", "四",
                                                                  "五", "六", "七", "八", "九"};

// `text` on one line, as every record writer keeps a value (and the readers read it): line
// ends (a lone CR is one to other readers) and the characters of `also` become spaces.
std::string one_line(std::string_view text, std::string_view also = {});

// Each comment of `comments` after `mark` ("*" for KIF, "'*" for CSA), one a line: a comment
// of several lines is written as several (a CR before a line end dropped).
void append_comments(std::string& out, std::string_view mark, const std::vector<std::string>& comments);

// Seconds with the milliseconds a CSA V3 time may have: "16", "1.5".
std::string seconds_text(std::int64_t ms);

// A digit 1-9 written as a wide digit, an ASCII digit or a kanji numeral; 0 when none is.
int read_digit(std::string_view text, std::size_t& i) noexcept;
// A count in kanji (一 .. 十八, as hands are written); 0 when none is.
int read_kanji_number(std::string_view text, std::size_t& i) noexcept;
std::string kanji_number(int n);

// The names KIF moves give the pieces ("成香" as well as "杏"), longest first; none when no
// name is at `i`.
PieceType read_piece_name(std::string_view text, std::size_t& i) noexcept;
std::string_view piece_name(PieceType type) noexcept;       // 歩 ... 成香 ... 龍, as KIF writes
std::string_view piece_character(PieceType type) noexcept;  // one character: 杏 圭 全, as BOD draws

// CSA's two-letter codes: FU KY KE GI KI KA HI OU TO NY NK NG UM RY.
std::string_view csa_code(PieceType type) noexcept;
PieceType csa_piece(std::string_view code) noexcept;  // none when it is no code

// The CSA keys that have a KIF header key: N+ 先手, N- 後手, $EVENT 棋戦, $SITE 場所,
// $START_TIME 開始日時, $END_TIME 終了日時, $TIME_LIMIT 持ち時間, $OPENING 戦型.
struct CsaKey {
    std::string_view csa;
    std::string_view kif;
};
inline constexpr CsaKey kCsaKeys[] = {
    {"N+", "先手"},
    {"N-", "後手"},
    {"$EVENT", "棋戦"},
    {"$SITE", "場所"},
    {"$START_TIME", "開始日時"},
    {"$END_TIME", "終了日時"},
    {"$TIME_LIMIT", "持ち時間"},
    {"$OPENING", "戦型"},
};

// A BOD diagram read line by line: "後手の持駒：", the board rows "| ・v香 ...|一", "先手の持駒：",
// "先手番"/"後手番", "手数＝N". Each `take` returns whether the line was part of it.
class BodReader {
  public:
    // The line was one of the diagram's: true; an error for a malformed one.
    Result<bool> take(std::string_view line, std::string_view text, std::size_t offset);
    // Whether `take` would take the line as the diagram's (well formed or not).
    static bool claims(std::string_view line) noexcept;
    bool has_board() const noexcept { return rows_ > 0; }
    bool complete() const noexcept { return rows_ == 9; }
    bool side_given() const noexcept { return side_given_; }
    // The diagram's position; a hand written "残り全部" (the rest: tsume's defender) holds
    // every piece of the set that the board and the other hand do not.
    Position position() const;
    int move_number() const noexcept { return move_number_; }  // 手数＝N; 0 when not given

  private:
    Result<void> read_hand(std::string_view list, Color color, std::string_view text, std::size_t offset);
    Position position_;
    std::array<bool, 2> rest_{};  // the hand of each colour is "残り全部"
    int rows_ = 0;
    int move_number_ = 0;
    bool side_given_ = false;
};

// The diagram of `position` as KIF and KI2 write it (handicap: 上手/下手 for 後手/先手).
std::string write_bod(const Position& position, bool handicap);

// The ending a closing line says ("まで109手で先手の勝ち", "まで7手詰"), with `side_to_move`
// to move at the end of its line; none when the line says nothing known.
Ending ending_from_closing_line(std::string_view line, Color side_to_move) noexcept;

}  // namespace kifu::shogi::record
