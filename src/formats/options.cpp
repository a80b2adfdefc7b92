#include "kifu/formats/options.hpp"

#include <array>
#include <charconv>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../core/growing_table.hpp"
#include "kifu/core/charset.hpp"
#include "kifu/core/problem.hpp"
#include "kifu/formats/table.hpp"
#include "kifu/go/rules.hpp"

namespace kifu::formats {
namespace {

std::vector<std::string> rule_names() {
    std::vector<std::string> names;
    for (const go::Rules& r : go::all_rules()) names.emplace_back(r.name);
    return names;
}

Error bad(std::string message) {
    return unplaced_error(ErrorCode::unsupported, std::move(message));
}

Result<void> set_position(ReadOptions& o, std::string_view value) {
    o.start = value;
    return {};
}
Result<void> set_superko(ReadOptions& o, std::string_view value) {
    o.superko = !value.empty();
    return {};
}
Result<void> set_rules(ReadOptions& o, std::string_view value) {
    if (!go::rules_named(value))
        return bad(fmt::format("unknown rules '{}'; kifu knows {}", value, fmt::join(rule_names(), ", ")));
    o.rules = value;
    return {};
}
Result<void> set_charset(ReadOptions& o, std::string_view value) {
    std::string canonical = charset::canonical_name(value);
    if (canonical.empty()) return bad(fmt::format("'{}' is no charset kifu (iconv) knows", value));
    o.charset = std::move(canonical);
    return {};
}

constexpr std::array kSpecs{
    ReadOptionSpec{
        "position", OptionKind::text, kStartPosition, "POSITION", "move lists (usi, csa, japanese, ...)",
        "a move list: the position the moves start from (an SFEN, 'startpos', a USI position, or a "
        "handicap: 香落ち or kyo, 二枚落ち or 2mai, ...)",
        "startpos", set_position},
    ReadOptionSpec{"superko", OptionKind::flag, kSuperko, "", "SGF records",
                   "SGF: report moves that repeat an earlier whole-board position", "", set_superko},
    ReadOptionSpec{"rules", OptionKind::text, kSuperko, "NAME", "SGF records",
                   "SGF: check moves by these rules instead of the game's RU", "Japanese", set_rules,
                   rule_names},
    ReadOptionSpec{
        "charset", OptionKind::text, kCharset, "NAME", "texts in a charset (SGF, PGN, KIF, KI2, CSA)",
        "decode the text with this charset (GB2312, CP949, Shift_JIS, Big5, Latin-1, CP1251, ...: any "
        "iconv name) instead of what it declares or kifu's guess",
        "GB2312", set_charset},
};

Result<void> set_pretty(WriteOptions& o, std::string_view value) {
    o.pretty = !value.empty();
    return {};
}
Result<void> set_always_size(WriteOptions& o, std::string_view value) {
    o.always_size = !value.empty();
    return {};
}
Result<void> set_letters(WriteOptions& o, std::string_view value) {
    o.letters = !value.empty();
    return {};
}
Result<void> set_comments(WriteOptions& o, std::string_view value) {
    o.pgn.comments = !value.empty();
    return {};
}
Result<void> set_nags(WriteOptions& o, std::string_view value) {
    o.pgn.nags = !value.empty();
    return {};
}
Result<void> set_variations(WriteOptions& o, std::string_view value) {
    o.pgn.variations = !value.empty();
    return {};
}
std::vector<std::string> encodings() {
    return {"utf-8", "shift_jis"};
}
Result<void> set_encoding(WriteOptions& o, std::string_view value) {
    if (value != "utf-8" && value != "shift_jis") return bad(fmt::format("'{}': utf-8 or shift_jis", value));
    o.shift_jis = value == "shift_jis";
    return {};
}
std::vector<std::string> notations() {
    return {"iccs", "wxf", "chinese", "san"};
}
Result<void> set_notation(WriteOptions& o, std::string_view value) {
    if (value != "iccs" && value != "wxf" && value != "chinese" && value != "san")
        return bad(fmt::format("'{}': iccs, wxf, chinese or san", value));
    o.notation = value;
    return {};
}

Result<void> set_columns(WriteOptions& o, std::string_view value) {
    Result<std::vector<std::string>> columns = parse_columns(value);
    if (!columns) return bad(columns.error().message);
    o.columns = std::move(*columns);
    return {};
}
Result<void> set_positions(WriteOptions& o, std::string_view value) {
    o.positions = !value.empty();
    return {};
}

constexpr std::array kWriteSpecs{
    WriteOptionSpec{"pretty", OptionKind::flag, kPretty, "", "HEN output",
                    "HEN: one part a line, row numbers zero-padded", "", set_pretty},
    WriteOptionSpec{"always_size", OptionKind::flag, kAlwaysSize, "", "HEN output",
                    "HEN: write the board size even for 19x19", "", set_always_size},
    WriteOptionSpec{"letters", OptionKind::flag, kLetters, "", "feen2015 output",
                    "feen2015: chess pieces as letters, not Unicode glyphs", "", set_letters},
    WriteOptionSpec{"comments", OptionKind::flag_on, kPgnWrite, "", "PGN output",
                    "PGN output: the comments (on unless turned off)", "", set_comments},
    WriteOptionSpec{"nags", OptionKind::flag_on, kPgnWrite, "", "PGN output",
                    "PGN output: the NAGs (on unless turned off)", "", set_nags},
    WriteOptionSpec{"variations", OptionKind::flag_on, kPgnWrite, "", "PGN output",
                    "PGN output: the variations (on unless turned off)", "", set_variations},
    WriteOptionSpec{
        "encoding", OptionKind::text, kEncoding, "ENCODING", "KIF, KI2 and CSA output",
        "KIF, KI2, CSA: utf-8 (the default) or shift_jis (the CLI's default for -o FILE.kif or .ki2)",
        "shift_jis", set_encoding, encodings},
    WriteOptionSpec{"notation", OptionKind::text, kNotation, "NOTATION", "xiangqi PGN output",
                    "pgn-xiangqi: the moves in this notation (default: the record's own)", "wxf",
                    set_notation, notations},
    WriteOptionSpec{"columns", OptionKind::text, kColumns, "NAMES", "CSV output",
                    "CSV: the columns, comma-separated: tags by name, and result, plies, moves, final, "
                    "positions, clocks, evals, errors (default: the game's usual tags, result, plies, moves, "
                    "final)",
                    "White,Black,result,plies", set_columns},
    WriteOptionSpec{"positions", OptionKind::flag, kPositions, "", "CSV and JSON Lines output",
                    "CSV: a positions column, the position after every move in the game's notation; "
                    "JSON Lines: each move's \"fen\"",
                    "", set_positions},
};

template <class Options>
const OptionSpec<Options>* find_in(std::span<const OptionSpec<Options>> specs,
                                   std::string_view name) noexcept {
    for (const OptionSpec<Options>& s : specs)
        if (s.name == name) return &s;
    return nullptr;
}

// One option set from its text, for reading or writing (`what`: "read", "write").
template <class Options>
Result<void> set_in(std::span<const OptionSpec<Options>> specs, std::string_view what, Options& options,
                    std::string_view name, std::string_view value) {
    const OptionSpec<Options>* spec = find_in(specs, name);
    if (!spec) {
        std::vector<std::string_view> names;
        for (const OptionSpec<Options>& s : specs) names.push_back(s.name);
        return bad(fmt::format("no {} option '{}'; the {} options are {}", what, name, what,
                               fmt::join(names, ", ")));
    }
    if (spec->kind != OptionKind::text) {
        if (value == "false" || value == "0" || value == "False") return spec->set(options, "");
        if (!value.empty() && value != "true" && value != "1" && value != "True")
            return bad(fmt::format("{}: '{}' is no yes or no (true, false)", name, value));
        return spec->set(options, "true");
    }
    Result<void> ok = spec->set(options, value);
    if (!ok) return bad(fmt::format("{}: {}", name, ok.error().message));
    return ok;
}

}  // namespace

std::string cli_flag(std::string_view name, OptionKind kind) {
    std::string out = kind == OptionKind::flag_on ? "--no-" : "--";
    for (const char c : name) out += c == '_' ? '-' : c;
    return out;
}

std::span<const ReadOptionSpec> read_option_specs() noexcept {
    return kSpecs;
}

const ReadOptionSpec* find_read_option(std::string_view name) noexcept {
    return find_in(read_option_specs(), name);
}

Result<void> set_read_option(ReadOptions& options, std::string_view name, std::string_view value) {
    return set_in(read_option_specs(), "read", options, name, value);
}

// Room for the core's write options and those components add (kifu::image's five).
using WriteOptionTable = GrowingTable<WriteOptionSpec, 48>;
WriteOptionTable& write_option_table() {
    static WriteOptionTable specs{kWriteSpecs};
    return specs;
}

std::span<const WriteOptionSpec> write_option_specs() noexcept {
    return write_option_table().items();
}

Result<void> add_write_options(std::span<const WriteOptionSpec> specs) {
    if (!write_option_table().append_new(specs)) return bad("the table of write options is full");
    return {};
}

const WriteOptionSpec* find_write_option(std::string_view name) noexcept {
    return find_in(write_option_specs(), name);
}

Result<void> set_write_option(WriteOptions& options, std::string_view name, std::string_view value) {
    return set_in(write_option_specs(), "write", options, name, value);
}

std::string why_not_taken(const Format& format, std::string_view what_it_is_for) {
    return fmt::format("it is for {}, and the input is {} ({})", what_it_is_for, format.name,
                       format.description);
}

Result<void> check_applies(const Format& format, const ReadOptionSpec& option) {
    if (format.takes(option.applies)) return {};
    return bad(fmt::format("{}: {}", option.name, why_not_taken(format, option.applies_to)));
}

Result<void> check_applies(const Format& format, const WriteOptionSpec& option) {
    if (format.takes(option.applies)) return {};
    return bad(fmt::format("{}: it is for {}, and the output is {} ({})", option.name, option.applies_to,
                           format.name, format.description));
}

}  // namespace kifu::formats
