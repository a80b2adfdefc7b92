#include "kifu/shogi/handicap.hpp"

#include <array>
#include <cctype>

#include "kifu/core/scanner.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {
namespace {

// Black's side is the same in every preset: only White's pieces are taken away.
#define KIFU_BLACK_SIDE "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"

constexpr std::array<Handicap, 16> kHandicaps{{
    {"平手", "hirate", "even", kStartSfen},
    {"香落ち", "kyo", "lance", "lnsgkgsn1/1r5b1" KIFU_BLACK_SIDE},
    {"右香落ち", "migikyo", "right-lance", "1nsgkgsnl/1r5b1" KIFU_BLACK_SIDE},
    {"角落ち", "kaku", "bishop", "lnsgkgsnl/1r7" KIFU_BLACK_SIDE},
    {"飛車落ち", "hisha", "rook", "lnsgkgsnl/7b1" KIFU_BLACK_SIDE},
    {"飛香落ち", "hikyo", "rook-lance", "lnsgkgsn1/7b1" KIFU_BLACK_SIDE},
    {"二枚落ち", "2mai", "2-piece", "lnsgkgsnl/9" KIFU_BLACK_SIDE},
    {"三枚落ち", "3mai", "3-piece", "lnsgkgsn1/9" KIFU_BLACK_SIDE},
    {"四枚落ち", "4mai", "4-piece", "1nsgkgsn1/9" KIFU_BLACK_SIDE},
    {"五枚落ち", "5mai", "5-piece", "2sgkgsn1/9" KIFU_BLACK_SIDE},
    {"左五枚落ち", "hidari5mai", "left-5-piece", "1nsgkgs2/9" KIFU_BLACK_SIDE},
    {"六枚落ち", "6mai", "6-piece", "2sgkgs2/9" KIFU_BLACK_SIDE},
    {"左七枚落ち", "hidari7mai", "left-7-piece", "2sgkg3/9" KIFU_BLACK_SIDE},
    {"右七枚落ち", "migi7mai", "right-7-piece", "3gkgs2/9" KIFU_BLACK_SIDE},
    {"八枚落ち", "8mai", "8-piece", "3gkg3/9" KIFU_BLACK_SIDE},
    {"十枚落ち", "10mai", "10-piece", "4k4/9" KIFU_BLACK_SIDE},
}};

#undef KIFU_BLACK_SIDE

bool same_latin(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::string_view trimmed(std::string_view t) noexcept {
    // Blanks, and the ideographic spaces (U+3000) that KIF headers pad names with.
    for (std::string_view before; before != t;) {
        before = t;
        t = trim_blanks(t);
        if (t.starts_with("\u3000")) t.remove_prefix(3);
        if (t.ends_with("\u3000")) t.remove_suffix(3);
    }
    return t;
}

}  // namespace

std::span<const Handicap> handicaps() noexcept {
    return kHandicaps;
}

const Handicap* handicap_named(std::string_view name) noexcept {
    name = trimmed(name);
    for (const Handicap& h : kHandicaps)
        if (name == h.japanese || same_latin(name, h.romanised) || same_latin(name, h.english)) return &h;
    return nullptr;
}

const Handicap* handicap_of(const Position& position) {
    // The move number aside: a record may start a preset at any number.
    const std::string sfen = write_sfen(position);
    const std::string_view key = std::string_view(sfen).substr(0, sfen.rfind(' '));
    for (const Handicap& h : kHandicaps)
        if (h.sfen.substr(0, h.sfen.rfind(' ')) == key) return &h;
    return nullptr;
}

Result<Position> read_start_position(std::string_view text) {
    const std::string_view t = trimmed(text);
    if (const Handicap* h = handicap_named(t)) return parse_sfen(h->sfen);
    if (t == "startpos" || t.starts_with("startpos ") || t.starts_with("sfen ") || t.starts_with("position "))
        return parse_usi_position(t);
    return parse_sfen(t, {.relaxed = true});
}

}  // namespace kifu::shogi
