#pragma once
// An HTTP request target ("/board.png?fen=8/8/8%2F...&size=200") split into its decoded
// path and query parameters: the one place kifu serve reads a URL.
//
// Decisions (docs/serve.md): the path is percent-decoded with '+' kept as '+' (a HEN or
// PGN in a path keeps its pluses); query names and values are decoded as HTML forms
// send them, '+' as a space. A malformed escape is an error with its column in the target.
// A parameter given twice is an error (which one was meant?), and so are more than
// kMaxParams parameters; "a&&b" has two parameters, "flag" alone has the value "".

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"

namespace kifu::serve {

struct Param {
    std::string name;
    std::string value;
    bool operator==(const Param&) const = default;
};

struct Target {
    std::string path;  // decoded, starting with '/'
    std::vector<Param> params;

    // The value of a parameter, or nullptr.
    const std::string* find(std::string_view name) const noexcept;
};

inline constexpr std::size_t kMaxParams = 32;

// The first parameter whose name is neither in `known` nor accepted by `also_known`, as the
// message a 400 gives: "unknown parameter 'sise' (did you mean 'size'?)".
std::optional<std::string> unknown_parameter(const Target& target, std::span<const std::string_view> known,
                                             bool (*also_known)(std::string_view) = nullptr);

// Errors: invalid_encoding (a bad %XX escape), unexpected_character (no leading '/', a
// fragment), duplicate (a parameter twice), out_of_range (too many parameters); each with
// line 1 and the column in the target.
Result<Target> parse_target(std::string_view target);

}  // namespace kifu::serve
