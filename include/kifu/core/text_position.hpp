#pragma once
// Turning byte offsets into what people read: a line and a column, and a short
// description of the text found at a place ("'x'", "end of input", ...).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kifu {

struct LineColumn {
    std::uint32_t line = 1;    // 1-based
    std::uint32_t column = 1;  // 1-based, in Unicode code points (a tab counts as one)
};

// The line and column of byte `offset` in `text`. Lines end at LF; a CR LF pair is one
// line end and a lone CR counts as a character. Offsets past the end give the place
// just after the last character.
LineColumn locate(std::string_view text, std::size_t offset) noexcept;

// How many LF bytes `text` holds: 16 bytes a step (a reader that counts the lines it passes
// spent two instructions a byte on std::count).
std::size_t count_line_ends(std::string_view text) noexcept;

// Line starts of a text, for locating many offsets in it: each lookup is a binary
// search and a walk along one line instead of a walk from the start of the text. The
// walk goes on from the last place looked up when the next one is further along the same
// line, so that the warnings of a file written on one long line cost linear time.
class LineIndex {
  public:
    explicit LineIndex(std::string_view text);
    LineColumn locate(std::size_t offset) const noexcept;

  private:
    std::string_view text_;
    std::vector<std::size_t> starts_;
    mutable std::size_t last_offset_ = 0;
    mutable LineColumn last_{};
};

// "LINE:COLUMN" of a byte offset, for messages that point back to an earlier place
// ("row 5 is given twice (first at 2:1)").
std::string line_column_text(std::string_view text, std::size_t offset);

// What a message says it found at `offset`: "'x'", "'é'", "a tab", "byte 0xFF",
// "end of input".
std::string describe_found(std::string_view text, std::size_t offset);

}  // namespace kifu

#include "kifu/core/error.hpp"

namespace kifu {

// An Error at byte `offset` of `text`, with its line and column filled in.
Error error_at(std::string_view text, std::size_t offset, ErrorCode code, std::string message);

// "expected EXPECTED, found ..." at `offset` (unexpected_end when offset is at the end).
Error expected_at(std::string_view text, std::size_t offset, std::string_view what_was_expected);

}  // namespace kifu
