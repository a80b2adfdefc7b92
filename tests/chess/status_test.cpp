#include "kifu/chess/status.hpp"

#include <gtest/gtest.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/san.hpp"

#include "../support/chess.hpp"

namespace kifu::chess {
namespace {

using test::at;

TEST(Status, MateStalemateAndCheck) {
    EXPECT_EQ(game_status(at("R5k1/5ppp/8/8/8/8/8/4K3 b - - 1 1")).outcome, Outcome::checkmate);
    EXPECT_EQ(game_status(at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).outcome, Outcome::stalemate);
    const GameStatus check = game_status(at("4k3/8/8/8/8/8/8/R3K3 b - - 0 1"));
    EXPECT_EQ(check.outcome, Outcome::ongoing);
    EXPECT_FALSE(check.check);
    EXPECT_TRUE(game_status(at("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1")).check);
}

TEST(Status, DeadPositions) {
    EXPECT_TRUE(insufficient_material(at("4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
    EXPECT_TRUE(insufficient_material(at("4k3/8/8/8/8/8/8/4KN2 w - - 0 1")));
    EXPECT_TRUE(
        insufficient_material(at("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1")));  // both bishops on dark squares
    EXPECT_FALSE(insufficient_material(at("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1")));
    EXPECT_FALSE(insufficient_material(at("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1")));
    EXPECT_FALSE(insufficient_material(at("4k3/8/8/8/8/8/P7/4K3 w - - 0 1")));
    EXPECT_EQ(game_status(at("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).outcome, Outcome::insufficient_material);
}

TEST(Status, MoveCountRules) {
    EXPECT_TRUE(game_status(at("4k3/8/8/8/8/8/8/R3K3 w - - 100 80")).fifty_move_claim);
    EXPECT_EQ(game_status(at("4k3/8/8/8/8/8/8/R3K3 w - - 100 80")).outcome, Outcome::ongoing);
    EXPECT_EQ(game_status(at("4k3/8/8/8/8/8/8/R3K3 w - - 150 80")).outcome, Outcome::seventy_five_moves);
}

TEST(Status, Repetitions) {
    Position pos = Position::start();
    std::vector<std::uint64_t> history;
    const char* shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    for (int round = 0; round < 4; ++round)
        for (const char* san : shuffle) {
            history.push_back(repetition_key(pos));
            pos.play(*parse_san(pos, san));
        }
    const GameStatus status = game_status(pos, history);
    EXPECT_EQ(status.repetitions, 5);
    EXPECT_TRUE(status.threefold_claim);
    EXPECT_EQ(status.outcome, Outcome::fivefold_repetition);
    // Castling rights are part of the position: after Ke2 Ke7 Ke1 Ke8 the start position
    // does not stand again.
    EXPECT_NE(repetition_key(at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")),
              repetition_key(Position::start()));
}

}  // namespace
}  // namespace kifu::chess
