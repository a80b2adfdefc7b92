#pragma once
// Stone colours. Two-player Go uses black and white; multi-colour Go (HEN) adds
// five more, each with the one-letter name HEN gives it.

#include <cstdint>
#include <optional>
#include <string_view>

namespace kifu::go {

enum class Stone : std::uint8_t { none = 0, black, white, red, green, blue, yellow, purple };

inline constexpr int kStoneColours = 7;  // every colour but none

// HEN's lower-case letter: b w r g l y p ('.' for none).
constexpr char stone_letter(Stone s) noexcept {
    constexpr char kLetters[] = ".bwrglyp";
    return kLetters[static_cast<int>(s)];
}

constexpr std::optional<Stone> stone_from_letter(char c) noexcept {
    switch (c) {
        case 'b':
            return Stone::black;
        case 'w':
            return Stone::white;
        case 'r':
            return Stone::red;
        case 'g':
            return Stone::green;
        case 'l':
            return Stone::blue;
        case 'y':
            return Stone::yellow;
        case 'p':
            return Stone::purple;
        default:
            return std::nullopt;
    }
}

// The other player of two-colour Go (none for the multi-colour stones).
constexpr Stone two_player_opponent(Stone s) noexcept {
    return s == Stone::black ? Stone::white : s == Stone::white ? Stone::black : Stone::none;
}

// "black", "white", "red", ... ("empty" for none).
std::string_view stone_name(Stone s) noexcept;

}  // namespace kifu::go
