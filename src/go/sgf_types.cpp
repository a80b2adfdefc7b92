// FF[4]'s value types (Number, Real, Double, Date, Result, ...) checked property by property.

#include <array>

#include <fmt/format.h>

#include "kifu/go/sgf_values.hpp"

namespace kifu::go {
namespace {

constexpr bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}

// Number: ["+"|"-"] Digit {Digit}
bool is_number(std::string_view v) noexcept {
    if (!v.empty() && (v.front() == '+' || v.front() == '-')) v.remove_prefix(1);
    if (v.empty()) return false;
    for (const char c : v)
        if (!is_digit(c)) return false;
    return true;
}

// Real: Number ["." Digit {Digit}]
bool is_real(std::string_view v) noexcept {
    const std::size_t dot = v.find('.');
    if (dot == std::string_view::npos) return is_number(v);
    const std::string_view whole = v.substr(0, dot);
    const std::string_view fraction = v.substr(dot + 1);
    if (fraction.empty()) return false;
    for (const char c : fraction)
        if (!is_digit(c)) return false;
    // ".5" and "-.5" are common and harmless: a sign alone or nothing before the point.
    return whole.empty() || whole == "-" || whole == "+" || is_number(whole);
}

// Date: ISO dates, "YYYY-MM-DD", shortened "YYYY-MM" or "YYYY", and lists of them where
// later ones may leave out the parts they share ("1846-09-11,14,15", "1996-05,06").
bool is_date(std::string_view v) noexcept {
    if (v.size() < 4) return false;
    std::size_t i = 0;
    const auto digits = [&](std::size_t n) {
        for (std::size_t k = 0; k < n; ++k)
            if (i + k >= v.size() || !is_digit(v[i + k])) return false;
        i += n;
        return true;
    };
    if (!digits(4)) return false;
    for (int part = 0; part < 2 && i < v.size() && v[i] == '-'; ++part) {
        ++i;
        if (!digits(2)) return false;
    }
    while (i < v.size() && v[i] == ',') {
        ++i;
        const std::size_t start = i;
        while (i < v.size() && (is_digit(v[i]) || v[i] == '-')) ++i;
        if (i == start) return false;
    }
    return i == v.size();
}

// Result: "0", "Draw", "Void", "?", or "B+"/"W+" with nothing, a score, R/Resign,
// T/Time or F/Forfeit.
bool is_result(std::string_view v) noexcept {
    if (v == "0" || v == "Draw" || v == "Void" || v == "?") return true;
    if (v.size() < 2 || (v[0] != 'B' && v[0] != 'W') || v[1] != '+') return false;
    const std::string_view how = v.substr(2);
    return how.empty() || how == "R" || how == "Resign" || how == "T" || how == "Time" || how == "F" ||
           how == "Forfeit" || is_real(how);
}

enum class Type : std::uint8_t { number, real, double_, date, result, game, file_format, style, handicap };

struct Typed {
    std::string_view id;
    Type type;
};

// The properties whose values have a type to check (text, points and moves are read where
// they are used).
constexpr std::array<Typed, 22> kTyped{{
    {"HA", Type::handicap}, {"KM", Type::real},        {"TM", Type::real},    {"BL", Type::real},
    {"WL", Type::real},     {"OB", Type::number},      {"OW", Type::number},  {"MN", Type::number},
    {"PM", Type::number},   {"FF", Type::file_format}, {"GM", Type::game},    {"ST", Type::style},
    {"DT", Type::date},     {"RE", Type::result},      {"V", Type::real},     {"GB", Type::double_},
    {"GW", Type::double_},  {"DM", Type::double_},     {"UC", Type::double_}, {"HO", Type::double_},
    {"BM", Type::double_},  {"TE", Type::double_},
}};

}  // namespace

std::optional<std::string> sgf_type_problem(std::string_view id, std::string_view raw, int file_format) {
    // Most properties of a game (B, W, C, BL, WL) are looked at once a node: a two-letter
    // key finds the entry without comparing strings.
    if (id.empty() || id.size() > 2) return std::nullopt;
    const auto key = [](std::string_view s) { return (s[0] << 8) | (s.size() > 1 ? s[1] : 0); };
    const Typed* typed = nullptr;
    for (const Typed& t : kTyped)
        if (key(t.id) == key(id)) typed = &t;
    if (!typed) return std::nullopt;
    if (file_format < 4 && (id == "DT" || id == "TM" || id == "RE")) return std::nullopt;
    // Blanks around a value are common and harmless.
    while (!raw.empty() && (raw.front() == ' ' || raw.front() == '\n' || raw.front() == '\r'))
        raw.remove_prefix(1);
    while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r'))
        raw.remove_suffix(1);
    switch (typed->type) {
        case Type::number:
            if (is_number(raw)) return std::nullopt;
            return fmt::format("{}[{}] is not a number", id, raw);
        case Type::real:
            if (is_real(raw)) return std::nullopt;
            return fmt::format("{}[{}] is not a number (a real such as 6.5)", id, raw);
        case Type::double_:
            if (raw == "1" || raw == "2") return std::nullopt;
            return fmt::format("{}[{}] is neither 1 (normal) nor 2 (emphasized)", id, raw);
        case Type::date:
            if (is_date(raw)) return std::nullopt;
            return fmt::format("DT[{}] is not an FF[4] date (YYYY-MM-DD, a shortened or a listed one)", raw);
        case Type::result:
            if (is_result(raw)) return std::nullopt;
            return fmt::format("RE[{}] is not an FF[4] result (B+R, W+3.5, B+T, B+F, Draw, Void, ?, 0)", raw);
        case Type::game:
            if (raw == "1") return std::nullopt;
            if (is_number(raw)) return fmt::format("GM[{}] is not Go (GM[1]); read as Go all the same", raw);
            return fmt::format("GM[{}] is not a number; read as Go", raw);
        case Type::file_format:
            if (raw == "1" || raw == "2" || raw == "3" || raw == "4") return std::nullopt;
            return fmt::format("FF[{}] is not a file format 1-4; read as FF[4]", raw);
        case Type::style:
            if (raw == "0" || raw == "1" || raw == "2" || raw == "3") return std::nullopt;
            return fmt::format("ST[{}] is not a style 0-3", raw);
        case Type::handicap:
            if (!is_number(raw)) return fmt::format("HA[{}] is not a number", raw);
            // HA[0] and HA[1] mean no handicap in many files; below that is no count of stones.
            if (raw.front() == '-') return fmt::format("HA[{}] is a negative number of stones", raw);
            return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace kifu::go
