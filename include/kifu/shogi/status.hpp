#pragma once
// How a shogi game stands: checkmate, no legal move, repetition (sennichite: the same
// position, hands and side to move four times, a draw) and perpetual check (a repetition
// in which every move of one side gave check: that side loses).

#include <cstdint>
#include <span>

#include "kifu/shogi/position.hpp"

namespace kifu::shogi {

// A hash of the board, the hands and the side to move: what makes two positions the
// same for sennichite.
std::uint64_t repetition_key(const Position& position);

struct HistoryEntry {
    std::uint64_t key = 0;  // repetition_key of the position
    bool in_check = false;  // its side to move was in check
};

enum class Outcome : std::uint8_t {
    ongoing,
    checkmate,        // the side to move is mated: it loses
    no_legal_move,    // not in check but nothing to play (possible in shogi): it loses
    sennichite,       // fourth repetition: a draw
    perpetual_check,  // fourth repetition, every move of one side a check: that side loses
};

struct GameStatus {
    Outcome outcome = Outcome::ongoing;
    bool check = false;
    int repetitions = 1;         // how often the present position has stood
    Color loser = Color::black;  // for checkmate, no_legal_move and perpetual_check
};

// The status of `position`, the last of a game whose earlier positions are `history`
// (oldest first).
GameStatus game_status(const Position& position, std::span<const HistoryEntry> history = {});

}  // namespace kifu::shogi
