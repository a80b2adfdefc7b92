#pragma once
// SGF property values, from their raw form (as in the file) to what they mean.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/go/point.hpp"

namespace kifu::go {

// Text: escapes removed ("\]" -> "]"), soft line breaks ("\" + newline) removed, line
// breaks (LF, CR, CR LF, LF CR) made LF, other white space made a space.
std::string sgf_text(std::string_view raw);

// SimpleText: as Text, but line breaks become spaces too.
std::string sgf_simple_text(std::string_view raw);

// The two halves of a compose value "a:b", split at the first unescaped ':'.
std::optional<std::pair<std::string_view, std::string_view>> sgf_split_compose(std::string_view raw);

// The raw form of a text: '\' and ']' escaped, and ':' too when `in_compose`.
std::string sgf_escape(std::string_view text, bool in_compose = false);

// SZ: "19" or "19:13" (columns:rows), each 1-52.
Result<BoardSize> sgf_board_size(std::string_view raw);

// A list of points, compressed rectangles "aa:cc" expanded; appends to `out`. An
// off-board or malformed entry is an error (the others already appended stay).
Result<void> sgf_expand_points(BoardSize size, std::string_view raw, std::vector<Point>& out);

// What is wrong with a value of a property that FF[4] gives a type (Number: HA OB OW MN PM;
// Real: KM TM BL WL V; Double: GB GW DM UC HO BM TE; Date: DT; Result: RE; and GM, FF, ST),
// as a message, or nothing when it fits (or the property has no such type). In files of
// FF[1]-FF[3] (and without FF, which means FF[1]) DT, TM and RE are free text.
std::optional<std::string> sgf_type_problem(std::string_view id, std::string_view raw, int file_format = 4);

}  // namespace kifu::go
