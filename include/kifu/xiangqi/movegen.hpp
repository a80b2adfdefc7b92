#pragma once
// Legal move generation for xiangqi, total: any position the FEN reader accepts gives a
// defined list. Generals and advisors stay in their palace, elephants on their side of
// the river and are stopped by a piece on the eye, horses by a piece on the leg, cannons
// capture over exactly one screen, soldiers step sideways once across the river, and no
// move may leave one's general attacked, by the flying general (the two generals on one
// open file) too. A side with no general, or several, has nothing to protect: all its
// pseudo-legal moves count.

#include <array>
#include <cstdint>

#include "kifu/core/move_list.hpp"
#include "kifu/xiangqi/move.hpp"
#include "kifu/xiangqi/position.hpp"

namespace kifu::xiangqi {

// A side has at most 2x17 (chariots) + 2x17 (cannons) + 2x8 + 2x4 + 2x2 + 4 + 5x3 = 115
// moves on an open board.
using MoveList = BoundedMoveList<Move, 128>;

MoveList legal_moves(const Position& position);
std::uint64_t count_legal_moves(const Position& position);
// Whether `move` is one of legal_moves(position), without generating them.
bool is_legal(const Position& position, Move move);
// A position kept in the generator's own form while a line of moves is played: the record
// readers (DhtmlXQ, XQF) check every move of a file with it, without building the
// generator's board again for each one. It keeps each general's safety from move to move,
// so that a move is asked only about what it changes near its own general.
class LineBoard {
  public:
    explicit LineBoard(const Position& position) noexcept;
    bool is_legal(Move move) const noexcept;  // as is_legal(position, move)
    void play(Move move) noexcept;            // a legal move
    Color side_to_move() const noexcept;

  private:
    bool general_at_home(std::size_t color) const noexcept;  // exactly one, in its palace
    bool general_safe(std::size_t color) const noexcept;     // and not attacked

    std::array<std::uint8_t, kSquares> cell_{};  // the generator's piece codes
    std::array<Square, 2> general_{kNoSquare, kNoSquare};
    // Whether each side's general is unattacked, kept from move to move: false also when
    // the side has none, several, or one outside its palace (its moves are then tested in
    // full).
    std::array<bool, 2> unattacked_{};
    std::uint8_t side_ = 0;
};

// Whether `c`'s general (if it has exactly one) is attacked.
bool in_check(const Position& position, Color c);
// Whether square `s` is attacked by a piece of `by` (the generals facing count).
bool attacked(const Position& position, Square s, Color by);
// Positions `depth` plies on (bulk-counted at the last ply).
std::uint64_t perft(const Position& position, int depth);

// The side to move with no legal move loses, in check (mate) or not (stalemate):
// unlike chess, a stalemate is no draw.
enum class Status : std::uint8_t { ongoing, checkmate, stalemate };
Status status(const Position& position);
// Whether neither side has a piece that can cross the river (chariot, horse, cannon,
// soldier): no mate can then be forced, and the game is drawn.
bool insufficient_material(const Position& position) noexcept;
std::string_view to_string(Status status) noexcept;

}  // namespace kifu::xiangqi
