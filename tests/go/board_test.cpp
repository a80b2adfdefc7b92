#include "kifu/go/board.hpp"

#include <gtest/gtest.h>

#include "kifu/go/coordinates.hpp"

namespace kifu::go {
namespace {

class BoardTest : public ::testing::Test {
  protected:
    Point at(std::string_view human) const { return *from_human(board.size(), human); }
    void stones(Stone s, std::initializer_list<std::string_view> points) {
        for (auto p : points) board.set(at(p), s);
    }
    Board board{BoardSize{9, 9}};
};

TEST_F(BoardTest, CapturesASingleStone) {
    stones(Stone::white, {"E5"});
    stones(Stone::black, {"D5", "F5", "E6"});
    const PlayOutcome o = board.play(Stone::black, at("E4"));
    EXPECT_EQ(o.legality, Legality::legal);
    EXPECT_EQ(o.captured, 1);
    EXPECT_EQ(board.at(at("E5")), Stone::none);
    EXPECT_EQ(board.prisoners(Stone::black), 1);
}

TEST_F(BoardTest, CapturesAGroupOnTheEdge) {
    stones(Stone::white, {"A1", "B1", "A2"});
    stones(Stone::black, {"C1", "B2"});
    EXPECT_EQ(board.play(Stone::black, at("A3")).captured, 3);
    EXPECT_EQ(board.stone_count(), 3);
}

TEST_F(BoardTest, CaptureComesBeforeSuicide) {
    // Black A2 has no liberty of its own but takes White A1.
    stones(Stone::white, {"A1", "B2", "A3"});
    stones(Stone::black, {"B1"});
    const PlayOutcome o = board.play(Stone::black, at("A2"));
    EXPECT_EQ(o.legality, Legality::legal);
    EXPECT_EQ(o.captured, 1);
    EXPECT_EQ(board.at(at("A2")), Stone::black);
}

TEST_F(BoardTest, SuicideRemovesTheMoversGroup) {
    stones(Stone::white, {"B1", "A2"});
    const PlayOutcome o = board.play(Stone::black, at("A1"));
    EXPECT_EQ(o.legality, Legality::suicide);
    EXPECT_EQ(o.suicided, 1);
    EXPECT_EQ(board.at(at("A1")), Stone::none);
    EXPECT_EQ(board.prisoners(Stone::white), 1);
}

TEST_F(BoardTest, SimpleKo) {
    //   . B W .
    //   B W . W
    //   . B W .
    stones(Stone::black, {"B5", "A4", "B3"});
    stones(Stone::white, {"C5", "B4", "D4", "C3"});
    // Black takes at C4; the ko point is B4, and White may not retake at once.
    const PlayOutcome take = board.play(Stone::black, at("C4"));
    EXPECT_EQ(take.captured, 1);
    ASSERT_TRUE(board.ko_point());
    EXPECT_EQ(*board.ko_point(), at("B4"));
    EXPECT_EQ(board.ko_binds(), Stone::white);
    EXPECT_EQ(board.play(Stone::white, at("B4")).legality, Legality::ko);  // played all the same
    EXPECT_EQ(board.at(at("C4")), Stone::none);
}

TEST_F(BoardTest, PassEndsTheKo) {
    stones(Stone::black, {"B5", "A4", "B3"});
    stones(Stone::white, {"C5", "B4", "D4", "C3"});
    board.play(Stone::black, at("C4"));
    board.pass(Stone::white);
    EXPECT_FALSE(board.ko_point());
}

TEST_F(BoardTest, TakingTwoIsNoKo) {
    stones(Stone::white, {"A1", "A2"});
    stones(Stone::black, {"B1", "B2"});
    EXPECT_EQ(board.play(Stone::black, at("A3")).captured, 2);
    EXPECT_FALSE(board.ko_point());
}

TEST_F(BoardTest, OccupiedPointIsReplaced) {
    stones(Stone::white, {"E5"});
    EXPECT_EQ(board.play(Stone::black, at("E5")).legality, Legality::occupied);
    EXPECT_EQ(board.at(at("E5")), Stone::black);
}

TEST_F(BoardTest, SetupNeverCaptures) {
    stones(Stone::black, {"E5"});
    stones(Stone::white, {"D5", "F5", "E6", "E4"});
    EXPECT_EQ(board.at(at("E5")), Stone::black);
    EXPECT_EQ(board.stone_count(), 5);
}

TEST_F(BoardTest, PositionalSuperko) {
    board.track_superko(true);
    stones(Stone::black, {"B5", "A4", "B3"});
    stones(Stone::white, {"C5", "B4", "D4", "C3"});
    board.track_superko(true);  // the setup is the first position
    board.play(Stone::black, at("C4"));
    board.pass(Stone::white);
    board.pass(Stone::black);
    // Retaking now is no simple-ko violation, but recreates the starting position.
    EXPECT_EQ(board.play(Stone::white, at("B4")).legality, Legality::superko);
}

TEST(Board, BigBoards) {
    Board big(BoardSize{52, 52});
    big.set(Point{51, 51}, Stone::white);
    EXPECT_EQ(big.play(Stone::black, Point{50, 51}).captured, 0);
    EXPECT_EQ(big.play(Stone::black, Point{51, 50}).captured, 1);
    EXPECT_EQ(big.position().at(Point{51, 51}), Stone::none);
}

}  // namespace
}  // namespace kifu::go
