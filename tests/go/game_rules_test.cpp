// Go behind the game interface (go/game.hpp's GameTraits): the legality test agrees with
// playing the move out, perft counts what the rules allow, the move word keeps the index's
// layout, and HEN diagrams give their turn, order and ko point.
#include <random>

#include <gtest/gtest.h>

#include "kifu/go/coordinates.hpp"
#include "kifu/go/game.hpp"

namespace kifu::go {
namespace {

GameState state(std::string_view hen) {
    Result<GameState> s = GameTraits::read_position(hen);
    EXPECT_TRUE(s) << hen << ": " << (s ? "" : s.error().message);
    return s ? *s : GameState{Board(BoardSize{}), {}, {}, 0, {}};
}

// Board::allows says what playing the move out says: legal, and nothing of the mover's taken.
TEST(GoGameRules, AllowsAgreesWithPlayingTheMoveOut) {
    std::mt19937 random(20261203);
    std::size_t checked = 0, refused = 0;
    for (int board_number = 0; board_number < 300; ++board_number) {
        const std::uint8_t n = static_cast<std::uint8_t>(2 + board_number % 6);
        Board board(BoardSize{n, n});
        const int fill = static_cast<int>(random() % (n * n));
        for (int i = 0; i < fill; ++i) {
            const Point p{static_cast<std::uint8_t>(random() % n), static_cast<std::uint8_t>(random() % n)};
            board.play(random() % 2 ? Stone::black : Stone::white, p);
        }
        for (std::uint8_t row = 0; row < n; ++row)
            for (std::uint8_t col = 0; col < n; ++col)
                for (const Stone stone : {Stone::black, Stone::white}) {
                    Board after = board;
                    const PlayOutcome outcome = after.play(stone, Point{col, row});
                    const bool expected = outcome.legality == Legality::legal && outcome.suicided == 0;
                    const std::uint64_t hash = board.hash();
                    EXPECT_EQ(board.allows(stone, Point{col, row}), expected)
                        << "board " << board_number << " point " << int(col) << "," << int(row);
                    EXPECT_EQ(board.hash(), hash);  // the board is unchanged
                    ++checked;
                    refused += !expected;
                }
    }
    EXPECT_GT(refused, checked / 10);  // occupied, ko and suicide all came up
}

TEST(GoGameRules, PerftCountsEveryEmptyPointAndThePass) {
    for (const std::uint8_t n : {std::uint8_t{3}, std::uint8_t{5}, std::uint8_t{9}, std::uint8_t{19}}) {
        const GameState empty{Board(BoardSize{n, n}), {}, {}, 0, {}};
        const std::uint64_t points = std::uint64_t{n} * n;
        EXPECT_EQ(GameTraits::perft(empty, 1), points + 1);
        // After a stone the other n*n - 1 points and the pass; after the pass the n*n + 1 again.
        EXPECT_EQ(GameTraits::perft(empty, 2), points * points + points + 1) << int(n);
    }
    EXPECT_EQ(GameTraits::perft(state("startpos"), 0), 1u);
}

TEST(GoGameRules, TheMoveWordIsTheIndexLayout) {
    const GameState s = state(".19x19");
    const NodeAction d4 = *GameTraits::parse_move(s, "D4");
    // Column 3, row 15 (the top row is 0), black: colour 0.
    EXPECT_EQ(GameTraits::move_word(d4), 3 | (15 << 6));
    EXPECT_EQ(GameTraits::move_of_word(GameTraits::move_word(d4)), d4);
    const NodeAction pass = *GameTraits::parse_move(state(".19x19.w"), "pass");
    EXPECT_EQ(GameTraits::move_word(pass), 0x1FFF);  // white: colour 1
    for (const Stone stone : {Stone::black, Stone::white, Stone::red, Stone::purple})
        for (int row = 0; row < 52; ++row)
            for (int col = 0; col < 52; ++col) {
                NodeAction a;
                a.moves.push_back(LastMove{
                    stone, Move::at(Point{static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(row)})});
                ASSERT_EQ(GameTraits::move_of_word(GameTraits::move_word(a)), a);
            }
    NodeAction setup;
    setup.setup.emplace_back(Point{3, 3}, Stone::black);
    setup.has_setup = true;
    EXPECT_EQ(GameTraits::move_word(setup), 0xFFFF);  // no single move: an empty action back
    EXPECT_EQ(GameTraits::move_of_word(0xFFFF), NodeAction{});
}

TEST(GoGameRules, IllegalMovesSayWhy) {
    // White's E5 stone in atari at the ko shape; Black just took at D5, White may not retake.
    GameState s = state(".5x5");
    for (const char* m : {"B3", "D4", "C4", "D2", "C2", "E3", "pass", "C3", "D3"})
        GameTraits::play(s, *GameTraits::parse_move(s, m));
    EXPECT_EQ(GameTraits::status_note(s), "ko at C3");
    const Result<NodeAction> retake = GameTraits::parse_move(s, "C3");
    ASSERT_FALSE(retake);
    EXPECT_EQ(retake.error().code, ErrorCode::illegal_move);
    EXPECT_NE(retake.error().message.find("ko"), std::string::npos) << retake.error().message;
    EXPECT_NE(GameTraits::parse_move(s, "D3").error().message.find("taken"), std::string::npos);
    EXPECT_EQ(GameTraits::parse_move(s, "ae")->moves[0],
              GameTraits::parse_move(s, "A1")->moves[0]);  // SGF too
    EXPECT_EQ(GameTraits::parse_move(s, "Z9").error().code, ErrorCode::out_of_range);
    EXPECT_EQ(GameTraits::side_to_move(s), "white");
    EXPECT_EQ(GameTraits::status(s).outcome, "ongoing");
}

TEST(GoGameRules, DiagramsGiveTurnOrderAndKo) {
    // Three colours in turn: after red, black again.
    GameState three = state(".9x9~brw");
    EXPECT_EQ(GameTraits::side_to_move(three), "black");
    for (const char* m : {"A1", "B1", "C1"}) GameTraits::play(three, *GameTraits::parse_move(three, m));
    EXPECT_EQ(GameTraits::side_to_move(three), "black");
    // What a position writes reads back to the same key.
    const std::string hen = GameTraits::write_position(three);
    EXPECT_EQ(GameTraits::key(state(hen)), GameTraits::key(three)) << hen;
    EXPECT_NE(GameTraits::key(state(".9x9.w")), GameTraits::key(state(".9x9")));  // the turn counts
}

}  // namespace
}  // namespace kifu::go
