#pragma once
// How a game stands: check, mate, stalemate, dead positions, the move-count rules,
// and repetitions over the positions of a game.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/chess/position.hpp"

namespace kifu::chess {

// A hash of what makes two positions "the same" for the repetition rules: the pieces,
// the side to move, the castling rights, and the en-passant square when a capture
// there is legal. (Not Polyglot's keys: see polyglot.hpp.)
std::uint64_t repetition_key(const Position& position);

// Neither side can give mate by any series of legal moves: K v K, K and one minor piece
// v K, or only kings and bishops, all bishops on squares of one colour.
bool insufficient_material(const Position& position);

enum class Outcome : std::uint8_t {
    ongoing,
    checkmate,
    stalemate,
    insufficient_material,
    seventy_five_moves,   // automatic draw: 150 plies without a capture or pawn move
    fivefold_repetition,  // automatic draw
};

struct GameStatus {
    Outcome outcome = Outcome::ongoing;
    bool check = false;
    bool fifty_move_claim = false;  // a draw may be claimed: 100 plies without a capture or pawn move
    bool threefold_claim = false;   // a draw may be claimed: the position has stood three times
    int repetitions = 1;            // how often the present position has stood
};

// "ongoing", "checkmate", "stalemate", "insufficient_material", "seventy_five_moves",
// "fivefold_repetition": the names JSON output uses.
std::string_view to_string(Outcome outcome) noexcept;

// The status in words, for people: "checkmate", "stalemate", "check", "insufficient
// material: a draw", "a draw may be claimed (threefold repetition)"; "" for an ongoing
// position with nothing to say.
std::string describe(const GameStatus& status);

// The status of the last position of a game; `history` holds the repetition keys of the
// positions before it, oldest first (all of them, or those since the last capture or
// pawn move).
GameStatus game_status(const Position& position, std::span<const std::uint64_t> history = {});

}  // namespace kifu::chess
