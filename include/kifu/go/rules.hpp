#pragma once
// Rule sets, as SGF's RU names them: how each treats a repeated position (ko), suicide,
// and the count at the end. The details and sources are in docs/sgf.md.
//
//   name           ko rule                 suicide of a group   count
//   Japanese       simple ko               illegal              territory
//   Korean         simple ko               illegal              territory
//   Chinese        positional superko      illegal              area
//   AGA            situational superko     illegal              area
//   New Zealand    situational superko     legal                area
//   Tromp-Taylor   positional superko      legal                area
//   Ing (GOE)      situational superko     legal                area
//
// A lone stone's suicide is illegal under every one of them (it would only pass, or
// repeat the position).

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace kifu::go {

enum class KoRule : std::uint8_t {
    simple,       // no immediate retaking of a single-stone ko
    positional,   // no move may repeat an earlier whole-board position
    situational,  // ... an earlier position with the same player to move
};

enum class Scoring : std::uint8_t {
    area,       // stones on the board and the empty points they surround
    territory,  // surrounded empty points and prisoners (captures and dead stones)
};

struct Rules {
    std::string_view name;  // as written in RU by kifu: "Japanese", "AGA", "New Zealand", ...
    KoRule ko = KoRule::simple;
    bool suicide_allowed = false;  // of a group of two or more stones
    Scoring scoring = Scoring::territory;
    // Area counting gives White a point for each handicap stone after the first (AGA) or
    // for each one (Chinese, Ing); the count of a game with HA adds them.
    int handicap_points_per_stone = 0;
    bool first_handicap_stone_counts = true;
};

// The rule set a RU value names (case-insensitive, with the names servers write:
// "Japanese", "jp", "Chinese", "cn", "AGA", "NZ", "New Zealand", "Tromp-Taylor", "TT",
// "Korean", "GOE", "Ing"; and KataGo's "koSIMPLEscoreAREAtaxSEKIsui0"), or nothing.
std::optional<Rules> rules_named(std::string_view ru) noexcept;

// Every rule set, in the order of the table above.
std::span<const Rules> all_rules() noexcept;

std::string_view to_string(KoRule ko) noexcept;
std::string_view to_string(Scoring scoring) noexcept;

}  // namespace kifu::go
