#pragma once
// FF[4]'s property identifiers, as static text: the reader and a collection built by hand
// keep an id that is one of these without storage of its own.

#include <array>
#include <cstdint>
#include <string_view>

namespace kifu::go {

// FF[4] identifiers, so that an id spelled with lower-case letters (FF[1]-FF[3] long
// names such as "AddBlack") needs no storage of its own once reduced to "AB".
inline constexpr std::array<std::string_view, 87> kKnownIds{
    "AB", "AE", "AN", "AP", "AR", "AS", "AW", "B",  "BL", "BM", "BR", "BS", "BT", "C",  "CA",
    "CH", "CP", "CR", "DD", "DM", "DO", "DT", "EL", "EV", "EX", "FF", "FG", "GB", "GC", "GM",
    "GN", "GW", "HA", "HO", "ID", "IP", "IT", "IY", "KM", "KO", "L",  "LB", "LN", "LT", "M",
    "MA", "MN", "N",  "OB", "OH", "OM", "ON", "OP", "OT", "OV", "OW", "PB", "PC", "PL", "PM",
    "PW", "RE", "RG", "RO", "RU", "SC", "SE", "SI", "SL", "SO", "SQ", "ST", "SU", "SZ", "TB",
    "TC", "TE", "TM", "TR", "TW", "UC", "US", "V",  "VW", "W",  "WL", "WS"};

// Each id's place in kKnownIds (+1; 0: none) by its letters: the first (A-Z) times 27
// plus the second (0 when none, else 1 + its letter), so that a lookup is one load.
struct KnownIdIndex {
    static constexpr int kSlots = 26 * 27;
    std::array<std::uint8_t, kSlots> place{};
    static constexpr int slot(char first, char second) noexcept {
        return (first - 'A') * 27 + (second == 0 ? 0 : second - 'A' + 1);
    }
    constexpr KnownIdIndex() {
        for (std::size_t k = 0; k < kKnownIds.size(); ++k)
            place[static_cast<std::size_t>(
                slot(kKnownIds[k][0], kKnownIds[k].size() > 1 ? kKnownIds[k][1] : 0))] =
                static_cast<std::uint8_t>(k + 1);
    }
};
inline constexpr KnownIdIndex kKnownIdIndex{};

// The static copy of `id` when it is an FF[4] identifier, else "".
inline std::string_view known_id(std::string_view id) noexcept {
    if (id.empty() || id.size() > 2) return {};
    const auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    const char second = id.size() > 1 ? id[1] : 0;
    if (!upper(id[0]) || (second != 0 && !upper(second))) return {};
    const std::uint8_t place =
        kKnownIdIndex.place[static_cast<std::size_t>(KnownIdIndex::slot(id[0], second))];
    return place == 0 ? std::string_view{} : kKnownIds[place - 1u];
}

}  // namespace kifu::go

namespace kifu::go {

// Every SGF point "aa".."ZZ" (52 letters a side) as static text, column letter first: a
// collection built by hand (go/server_records.hpp) gives its moves views of these, which it
// keeps without a copy.
struct SgfPointTexts {
    static constexpr int kSide = 52;
    std::array<char, kSide * kSide * 2> chars{};
    constexpr SgfPointTexts() {
        constexpr std::string_view letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        for (int col = 0; col < kSide; ++col)
            for (int row = 0; row < kSide; ++row) {
                chars[static_cast<std::size_t>((col * kSide + row) * 2)] =
                    letters[static_cast<std::size_t>(col)];
                chars[static_cast<std::size_t>((col * kSide + row) * 2 + 1)] =
                    letters[static_cast<std::size_t>(row)];
            }
    }
};
inline constexpr SgfPointTexts kSgfPointTexts{};

// The SGF text of the point (col, row), both < 52.
inline std::string_view sgf_point_text(int col, int row) noexcept {
    return {kSgfPointTexts.chars.data() + (col * SgfPointTexts::kSide + row) * 2, 2};
}

inline bool is_sgf_point_text(std::string_view text) noexcept {
    return text.data() >= kSgfPointTexts.chars.data() &&
           text.data() + text.size() <= kSgfPointTexts.chars.data() + kSgfPointTexts.chars.size();
}

}  // namespace kifu::go
