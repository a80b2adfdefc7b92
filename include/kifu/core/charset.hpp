#pragma once
// Character sets: turning the bytes of a file in a legacy encoding into UTF-8
// (glibc iconv), and guessing the encoding of text that does not declare one (ICU).

#include <cstddef>
#include <string>
#include <string_view>

#include "kifu/core/result.hpp"

namespace kifu::charset {

struct Converted {
    std::string text;                // UTF-8
    std::size_t replaced = 0;        // invalid input sequences, each now U+FFFD
    std::size_t first_replaced = 0;  // byte offset in the input of the first of them
};

// The iconv name for a declared charset name (case-insensitive, common aliases such as
// "UTF8", "Latin1", "x-mac-japanese" and "Windows-1252" included), or "" when iconv has no
// such converter.
std::string canonical_name(std::string_view declared);

// Converts `bytes` from `charset` (an iconv name) to UTF-8. Invalid sequences are replaced,
// never dropped silently. Fails only when the charset is unknown.
Result<Converted> to_utf8(std::string_view bytes, std::string_view charset);

// Converts UTF-8 `text` to `charset` (an iconv name), for writing a file in a legacy
// encoding. Errors: unsupported for a character the charset has no code for (at its byte
// offset in `text`, line and column not filled in) or an unknown charset.
Result<std::string> from_utf8(std::string_view text, std::string_view charset);

// Replaces the invalid UTF-8 sequences of `text` with U+FFFD.
Converted repair_utf8(std::string_view text);

// A guess at the charset of text that declares none.
struct Guess {
    std::string charset;            // an iconv name
    int confidence = 0;             // 0-100; 100 for UTF-8 and UTF-16, else ICU's figure
    bool from_little_text = false;  // too few non-ASCII characters for ICU to judge (names
                                    // only): decided by how the bytes look (docs/sgf.md)
};

// The charset of text that declares none: "UTF-16LE"/"UTF-16BE" when it looks like UTF-16
// without a BOM, ISO-2022-JP/KR/CN when their escape sequences are there, "UTF-8" when
// it is valid UTF-8 (ASCII included); else ICU's
// charset detector over (a bounded sample of) the text, the first of its answers that
// decodes the text without an error; and for text too short for its statistics, the East
// Asian charset whose common characters the bytes look like, or a Western one.
Guess guess(std::string_view bytes);

// "UTF-16LE" or "UTF-16BE" when the bytes look like UTF-16 without a BOM (zero bytes beside
// ASCII ones, in the first 512 bytes), else "".
std::string_view utf16_without_bom(std::string_view bytes) noexcept;

// The byte-order mark at the start of `bytes`: "UTF-8", "UTF-16LE", "UTF-16BE" or "",
// and its length.
std::pair<std::string_view, std::size_t> byte_order_mark(std::string_view bytes) noexcept;

}  // namespace kifu::charset
