#include "kifu/go/rules.hpp"

#include <array>

namespace kifu::go {
namespace {

constexpr std::array<Rules, 7> kRules{{
    {"Japanese", KoRule::simple, false, Scoring::territory, 0, true},
    {"Korean", KoRule::simple, false, Scoring::territory, 0, true},
    {"Chinese", KoRule::positional, false, Scoring::area, 1, true},
    {"AGA", KoRule::situational, false, Scoring::area, 1, false},
    {"New Zealand", KoRule::situational, true, Scoring::area, 0, true},
    {"Tromp-Taylor", KoRule::positional, true, Scoring::area, 0, true},
    {"Ing", KoRule::situational, true, Scoring::area, 1, true},
}};

struct Alias {
    std::string_view alias;  // lower case, without blanks, '-' or '_'
    std::size_t rules;       // index into kRules
};
constexpr std::array<Alias, 14> kAliases{{
    {"japanese", 0},
    {"jp", 0},
    {"korean", 1},
    {"ko", 1},
    {"chinese", 2},
    {"cn", 2},
    {"aga", 3},
    {"nz", 4},
    {"newzealand", 4},
    {"tromptaylor", 5},
    {"tt", 5},
    {"goe", 6},
    {"ing", 6},
    {"ingsgoe", 6},
}};

// KataGo's own form, "koPOSITIONALscoreAREAtaxNONEsui1" (its self-play files write it):
// the ko rule, the count and whether a group may commit suicide; the rest (tax, button)
// changes no move's legality.
std::optional<Rules> katago_rules(std::string_view folded) noexcept {
    if (folded.substr(0, 2) != "ko") return std::nullopt;
    Rules r{"KataGo", KoRule::simple, false, Scoring::area, 0, true};
    const auto after = [&](std::string_view key) {
        const std::size_t at = folded.find(key);
        return at == std::string_view::npos ? std::string_view{} : folded.substr(at + key.size());
    };
    const std::string_view ko = folded.substr(2);
    if (ko.starts_with("simple"))
        r.ko = KoRule::simple;
    else if (ko.starts_with("positional"))
        r.ko = KoRule::positional;
    else if (ko.starts_with("situational") || ko.starts_with("spight"))
        r.ko = KoRule::situational;
    else
        return std::nullopt;
    const std::string_view score = after("score");
    if (score.starts_with("area"))
        r.scoring = Scoring::area;
    else if (score.starts_with("territory"))
        r.scoring = Scoring::territory;
    else
        return std::nullopt;
    const std::string_view sui = after("sui");
    if (!sui.empty()) r.suicide_allowed = sui.front() == '1';
    return r;
}

}  // namespace

std::optional<Rules> rules_named(std::string_view ru) noexcept {
    // Compare without case, blanks and separators: "New Zealand", "new_zealand", "NZ".
    char folded[64];
    std::size_t n = 0;
    for (const char c : ru) {
        if (c == ' ' || c == '-' || c == '_' || c == '\t') continue;
        if (n == sizeof folded) return std::nullopt;
        folded[n++] = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    const std::string_view key(folded, n);
    for (const Alias& a : kAliases)
        if (a.alias == key) return kRules[a.rules];
    return katago_rules(key);
}

std::span<const Rules> all_rules() noexcept {
    return kRules;
}

std::string_view to_string(KoRule ko) noexcept {
    switch (ko) {
        case KoRule::simple:
            return "simple ko";
        case KoRule::positional:
            return "positional superko";
        case KoRule::situational:
            return "situational superko";
    }
    return "?";
}

std::string_view to_string(Scoring scoring) noexcept {
    return scoring == Scoring::area ? "area" : "territory";
}

}  // namespace kifu::go
