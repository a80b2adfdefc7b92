#pragma once
// Percent-encoding (RFC 3986) for notations carried in URLs and query strings.

#include <string>
#include <string_view>

#include "kifu/core/result.hpp"

namespace kifu {

// Encodes every byte except the unreserved characters A-Z a-z 0-9 - . _ ~ as %XX
// (upper-case hex), so UTF-8 text survives any URL component.
std::string percent_encode(std::string_view text);

struct PercentDecodeOptions {
    bool plus_is_space = false;  // application/x-www-form-urlencoded: '+' means ' '
};

// Decodes %XX escapes (either hex case). A '%' not followed by two hex digits is an
// error with its position; the decoded bytes are not checked for UTF-8 here.
Result<std::string> percent_decode(std::string_view text, PercentDecodeOptions options = {});

// True when the text holds at least one well-formed %XX escape.
bool looks_percent_encoded(std::string_view text) noexcept;

}  // namespace kifu
