#pragma once
// The starting positions of shogi by name: 平手 (the even game) and the 駒落ち handicaps,
// as a KIF header's 手合割 line names them (Kifu for Windows' list, which KIF readers
// share), with a romanised and an English name for the command line:
//
//   二枚落ち = 2mai = 2-piece:  lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1
//
// In a handicap game the upper player (上手) gives the pieces, plays White's side and
// moves first, so every handicap SFEN has White to move. "Left" is the giver's left,
// which is file 1: 香落ち takes the lance on 1a, 右香落ち the one on 9a (docs/shogi.md).

#include <span>
#include <string_view>

#include "kifu/core/result.hpp"
#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

struct Handicap {
    std::string_view japanese;   // 平手, 香落ち, ...
    std::string_view romanised;  // hirate, kyo, ...
    std::string_view english;    // even, lance, ...
    std::string_view sfen;
};

// 平手 first, then the handicaps from the smallest to the largest.
std::span<const Handicap> handicaps() noexcept;

// The preset with this name (Japanese, romanised or English; Latin letters in any case).
const Handicap* handicap_named(std::string_view name) noexcept;

// The preset whose position this is (board, hands and side to move), if any.
const Handicap* handicap_of(const Position& position);

// A starting position as the command line takes one: a preset's name, "startpos", an
// SFEN (the move number may be left out) or a USI position ("startpos moves 7g7f").
Result<Position> read_start_position(std::string_view text);

}  // namespace kifu::shogi
