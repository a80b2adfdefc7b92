#pragma once
// HEN (Hemme Notation): a one-line Go position, like FEN for chess.
//
//   .9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a
//   size | rows (top to bottom) ............ | last move | turn | label
//
// Reading is strict: every error has its line and column, and validate_hen
// reports all of them at once. Writing is canonical, so equal positions give
// equal strings. The decisions behind both are in docs/hen.md.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/diagnostics.hpp"
#include "kifu/core/result.hpp"
#include "kifu/go/position.hpp"

namespace kifu::go {

inline constexpr int kHenMaxWidth = 25;                      // column letters A-Z without I
inline constexpr int kHenMaxHeight = 52;                     // as SGF
inline constexpr std::uint32_t kHenMaxNumber = 999'999'999;  // move numbers and run lengths

// Reads a HEN string; the first error stops it.
Result<Position> parse_hen(std::string_view text);

// Reads into `out`, reusing its storage: the form for loops over many positions.
// On error `out` holds whatever was read so far.
Result<void> parse_hen(std::string_view text, Position& out);

// Every error in the text (sorted by position, at most `max_errors`); empty when valid.
std::vector<Error> validate_hen(std::string_view text, std::size_t max_errors = Diagnostics::kDefaultLimit);

struct HenWriteOptions {
    bool always_size = false;  // write ".19x19" too (otherwise only other sizes are written)
    bool pretty = false;       // one part a line, row numbers zero-padded, a space after them
};

// The canonical HEN of a position. Fails (unsupported) on what HEN cannot say: a board
// wider than 25 or higher than 52, a label that is empty, holds whitespace or one of
// ". _ - ~", is not UTF-8, or reads as a mark; a numbered stone whose colour is not
// the one the player order gives its number; a ko point that holds a stone; a last move
// whose point does not hold its stone. What it writes, parse_hen reads.
Result<std::string> write_hen(const Position& position, HenWriteOptions options = {});

// Appends to `out` (which keeps its capacity): allocation-free once `out` is large enough.
Result<void> append_hen(const Position& position, std::string& out, HenWriteOptions options = {});

// HEN copied from a URL: percent-decodes, then reads. Error positions refer to the
// decoded text.
Result<Position> parse_hen_url(std::string_view text);

// The HEN percent-encoded for a URL (only non-ASCII labels actually change: HEN's
// other characters are all unreserved in URLs).
Result<std::string> write_hen_url(const Position& position, HenWriteOptions options = {});

}  // namespace kifu::go
