#pragma once
// Writing JSON: the one escape every JSON writer of kifu needs (JSON Lines, JKF).

#include <string>
#include <string_view>

namespace kifu {

// `text` (UTF-8) as a JSON string literal, quotes included; control characters escaped.
void append_json_string(std::string& out, std::string_view text);

}  // namespace kifu
