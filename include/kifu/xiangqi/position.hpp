#pragma once
// A xiangqi position and its FEN (WXF / UCCI):
//
//   rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
//
// Ten ranks of nine files from Black's side (rank 10) down to Red's (rank 1); Red upper
// case. Letters: K general, A advisor, B or E elephant, N or H horse, R chariot, C cannon,
// P soldier (both sets read; UCCI's B/N written unless asked for WXF's E/H). Side: w or r
// (Red), b (Black). The fields after the side ("- - 0 1") may be left out.
// Squares count from the top left as Red sees the board: index = 9 * (10 - rank) + file,
// files a-i as 0-8. Moves and their generation: move.hpp, movegen.hpp.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/problem.hpp"
#include "kifu/core/result.hpp"
#include "kifu/xiangqi/move.hpp"

namespace kifu::xiangqi {

enum class Color : std::uint8_t { red, black };
enum class PieceType : std::uint8_t { general, advisor, elephant, horse, chariot, cannon, soldier, none };

struct Piece {
    PieceType type = PieceType::none;
    Color color = Color::red;
    bool empty() const noexcept { return type == PieceType::none; }
    bool operator==(const Piece&) const = default;
};

inline constexpr int kFiles = 9, kRanks = 10, kSquares = 90;

struct Position {
    std::array<Piece, kSquares> board{};
    Color side_to_move = Color::red;
    int halfmove_clock = 0;
    int fullmove_number = 1;

    static Position start();
    Piece piece_on(Square s) const noexcept { return board[s]; }

    // Plays a legal move (one the generator gave for this position): the halfmove clock
    // counts the moves since the last capture, as UCCI's FEN does.
    void play(Move m) noexcept;
    // play() that remembers how to take the move back: make(m) then unmake(m, undo) gives
    // the position back exactly.
    struct Undo {
        Piece captured{};
        int halfmove_clock = 0;
    };
    Undo make(Move m) noexcept;
    void unmake(Move m, const Undo& undo) noexcept;

    bool operator==(const Position&) const = default;
};

enum class Letters : std::uint8_t { ucci, wxf };  // B/N or E/H

Result<Position> parse_fen(std::string_view text);
// Every error of the text (the placement's all at once), then the validity problems.
std::vector<Error> validate_fen(std::string_view text);
std::string write_fen(const Position& position, Letters letters = Letters::ucci);

// What no game can reach: piece counts beyond the set, a general or advisor outside its
// palace points, an elephant off its seven points, a soldier behind its starting rank or
// off the soldiers' files before the river, generals facing each other on an open file, a
// side without its general.
enum class ProblemKind : std::uint8_t {
    piece_off_its_points,  // a general or advisor outside its palace points, an elephant or soldier where it
                           // cannot be
    too_many_pieces,
    no_general,
    generals_facing,
};
using Problem = kifu::Problem<ProblemKind>;
std::string_view to_string(ProblemKind kind) noexcept;
std::vector<Problem> validity_problems(const Position& position);

}  // namespace kifu::xiangqi
