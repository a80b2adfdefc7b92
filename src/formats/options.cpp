#include "kifu/formats/options.hpp"

#include <array>

#include <fmt/format.h>

#include "kifu/core/charset.hpp"
#include "kifu/core/problem.hpp"
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

}  // namespace

std::span<const ReadOptionSpec> read_option_specs() noexcept {
    return kSpecs;
}

const ReadOptionSpec* find_read_option(std::string_view name) noexcept {
    for (const ReadOptionSpec& s : kSpecs)
        if (s.name == name) return &s;
    return nullptr;
}

Result<void> set_read_option(ReadOptions& options, std::string_view name, std::string_view value) {
    const ReadOptionSpec* spec = find_read_option(name);
    if (!spec) {
        std::vector<std::string_view> names;
        for (const ReadOptionSpec& s : kSpecs) names.push_back(s.name);
        return bad(fmt::format("no read option '{}'; the read options are {}", name, fmt::join(names, ", ")));
    }
    if (spec->kind == OptionKind::flag) {
        if (value == "false" || value == "0") return spec->set(options, "");
        if (!value.empty() && value != "true" && value != "1")
            return bad(fmt::format("{}: '{}' is no yes or no (true, false)", name, value));
        return spec->set(options, "true");
    }
    Result<void> ok = spec->set(options, value);
    if (!ok) return bad(fmt::format("{}: {}", name, ok.error().message));
    return ok;
}

std::string why_not_taken(const Format& format, std::string_view what_it_is_for) {
    return fmt::format("it is for {}, and the input is {} ({})", what_it_is_for, format.name,
                       format.description);
}

Result<void> check_applies(const Format& format, const ReadOptionSpec& option) {
    if (format.takes(option.applies)) return {};
    return bad(fmt::format("{}: {}", option.name, why_not_taken(format, option.applies_to)));
}

}  // namespace kifu::formats
