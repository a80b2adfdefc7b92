#pragma once
// The read and write options as data. Each has a name, which is the CLI's --NAME, Python's
// NAME= keyword and the service's NAME= parameter; the formats it applies to (an Option bit of
// the registry); and its help. The CLI, the Python module and the service make their
// flags, keywords and parameters from this table and set values through set_read_option,
// so a new option is one row here (in src/formats/options.cpp) and one field of
// ReadOptions or WriteOptions, and none of them changes (tests check that each row reaches
// all three).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

enum class OptionKind : std::uint8_t {
    flag,     // off unless given ("true" / "false" as text)
    flag_on,  // on unless turned off: the CLI's --no-NAME, Python's NAME=False, the service's NAME=false
    text,     // a value: a name, a notation
};

// One option of reading (ReadOptions) or writing (WriteOptions).
template <class Options>
struct OptionSpec {
    std::string_view name;        // "charset", "always_size": Python's keyword and the service's
                                  // parameter; the CLI's --NAME with '-' for '_'
    OptionKind kind;              // flag or text
    Option applies;               // the formats that take it: Format::takes(applies)
    std::string_view value_name;  // "NAME": how help writes the value (text options)
    std::string_view applies_to;  // "SGF records", "HEN output": said when a format does not take it
    std::string_view help;
    std::string_view example;  // a value it takes ("GB2312"), for help and the tests
    // Sets the option from its value (a flag: "" when off); an error for a value it does not
    // take (its message without the option's name).
    Result<void> (*set)(Options& options, std::string_view value) = nullptr;
    // The values it takes, for help and completion; nullptr when any text may do.
    std::vector<std::string> (*choices)() = nullptr;
};
using ReadOptionSpec = OptionSpec<ReadOptions>;
using WriteOptionSpec = OptionSpec<WriteOptions>;

// The CLI's flag of an option: "--always-size" (for a flag_on option: "--no-comments").
std::string cli_flag(std::string_view name, OptionKind kind = OptionKind::text);

// Every read option, in the order help lists them.
std::span<const ReadOptionSpec> read_option_specs() noexcept;
// The option of that name, or nullptr.
const ReadOptionSpec* find_read_option(std::string_view name) noexcept;

// Sets option `name` from its text (a flag: "true", "false", or "" for true). Errors
// (unplaced, the message naming the option): no such option, a value it does not take
// (an unknown charset or rule set, a flag's value that is no boolean).
Result<void> set_read_option(ReadOptions& options, std::string_view name, std::string_view value);

// Whether `format` takes `option`; the error ("charset: " and why_not_taken) says what it
// is for and what the format is.
Result<void> check_applies(const Format& format, const ReadOptionSpec& option);

// The write options, in the order help lists them: HEN's layout, FEEN's letters, what PGN
// output keeps, KIF/KI2/CSA's encoding, xiangqi PGN's notation; then those added (kifu::image:
// an image's size, theme, coordinates, crop and flip, for kifu render, kifu convert to an
// image and the image URLs).
std::span<const WriteOptionSpec> write_option_specs() noexcept;
// Adds the write options of formats from outside the core library (kifu::image's size,
// theme, coordinates, crop and flip), as add_formats adds the formats: a name already known
// is left as it is; add before other threads read the table. Errors: unsupported when full.
Result<void> add_write_options(std::span<const WriteOptionSpec> specs);
const WriteOptionSpec* find_write_option(std::string_view name) noexcept;
// As set_read_option, for writing.
Result<void> set_write_option(WriteOptions& options, std::string_view name, std::string_view value);
// Whether the output format takes `option`: "pretty: it is for HEN output, and the output is
// fen (...)".
Result<void> check_applies(const Format& format, const WriteOptionSpec& option);
// Why an option for `what_it_is_for` ("SGF records") does not apply to `format`: "it is for
// SGF records, and the input is fen (...)"; the CLI's words for every option it refuses.
std::string why_not_taken(const Format& format, std::string_view what_it_is_for);

}  // namespace kifu::formats
