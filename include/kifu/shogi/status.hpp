#pragma once
// How a shogi game stands: checkmate, no legal move, repetition (sennichite: the same
// position, hands and side to move four times, a draw) and perpetual check (a repetition
// in which every move of one side gave check: that side loses).

#include <cstdint>
#include <span>
#include <string>

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

// The counts of the entering-king rules (入玉), indexed by Color. Points: a rook or bishop
// (promoted or not) 5, any other piece 1, the king none.
struct EnteringKingCount {
    int points[2] = {0, 0};       // 24-point rule (持将棋): all of a side's pieces, board and hand
    int camp_points[2] = {0, 0};  // 27-point rule (declaration): in the opponent's camp and in hand
    int camp_pieces[2] = {0, 0};  // pieces but the king in the opponent's camp (its three ranks)
    bool king_in_camp[2] = {false, false};
};
EnteringKingCount entering_king_count(const Position& position);

// Whether the side to move may declare a win by the 27-point rule (as the CSA and the JSA's
// rule for amateurs have it): its king in the opponent's camp, ten other pieces there, 28
// points for Black or 27 for White (in the camp and in hand), and not in check. `why`, when
// given, gets the first condition that fails.
bool declaration_holds(const Position& position, std::string* why = nullptr);

}  // namespace kifu::shogi
