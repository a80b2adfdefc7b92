#pragma once
// FF[4]'s property identifiers, as static text: the reader and a collection built by hand
// keep an id that is one of these without storage of its own.

#include <algorithm>
#include <array>
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

// The static copy of `id` when it is an FF[4] identifier, else "".
inline std::string_view known_id(std::string_view id) noexcept {
    if (id.empty() || id.size() > 2) return {};
    // One or two upper-case letters: compared as a number, without memcmp.
    const auto key = [](std::string_view s) {
        return (unsigned{static_cast<unsigned char>(s[0])} << 8) |
               (s.size() > 1 ? static_cast<unsigned char>(s[1]) : 0u);
    };
    const unsigned wanted = key(id);
    const auto it = std::lower_bound(kKnownIds.begin(), kKnownIds.end(), wanted,
                                     [&](std::string_view known, unsigned k) { return key(known) < k; });
    return it != kKnownIds.end() && key(*it) == wanted ? *it : std::string_view{};
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
