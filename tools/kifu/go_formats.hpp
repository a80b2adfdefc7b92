#pragma once
// The Go position formats the CLI reads and writes, by name.

#include <string>
#include <string_view>
#include <vector>

#include "cli_io.hpp"
#include "kifu/core/result.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/go/position.hpp"

namespace kifu::cli {

enum class Format { hen, hen_url, txt };

inline const std::vector<std::string> kReadableFormats{"hen", "hen-url"};
inline const std::vector<std::string> kWritableFormats{"hen", "hen-url", "txt"};

Format format_from_name(std::string_view name);

// The format of a text given without --from. Fails on text that is no format kifu
// reads (the message says what it looks like, when it can tell).
Result<Format> detect_format(std::string_view text);

// The --from format when given (a name from kReadableFormats), else the detected one.
Result<Format> input_format(std::string_view from_name, std::string_view text);

// INPUT, --text and --from, as the commands that read a position take them.
struct PositionInputOptions {
    InputOptions input;
    std::string from;

    void add_to(CLI::App& command);
};

struct PositionInput {
    Input input;
    Format format;
};

// Reads the input and settles its format; when the format cannot be told, reports why
// and exits with kInvalidInput.
PositionInput read_position_input(const PositionInputOptions& options);

Result<go::Position> read_position(Format format, std::string_view text);
std::vector<Error> validate_position(Format format, std::string_view text);
Result<std::string> write_position(Format format, const go::Position& position, go::HenWriteOptions options);

}  // namespace kifu::cli
