// The named starting positions: each preset is a legal position with White to move (but
// the even game), takes as many of White's pieces as its name says, and is found by
// every one of its names and from its position.

#include <gtest/gtest.h>

#include <string>

#include "kifu/shogi/handicap.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {
namespace {

int pieces_of(const Position& p, Color c) {
    int n = 0;
    for (Square s = 0; s < kSquares; ++s) n += !p.piece_on(s).empty() && p.piece_on(s).color == c;
    for (int t = 0; t < kHandTypes; ++t) n += p.hand(c, static_cast<PieceType>(t));
    return n;
}

TEST(Handicap, EveryPresetTakesItsPiecesFromWhite) {
    // How many pieces each name takes away, in the order of handicaps().
    const int taken[] = {0, 1, 1, 1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7, 8, 10};
    ASSERT_EQ(handicaps().size(), std::size(taken));
    for (std::size_t i = 0; i < handicaps().size(); ++i) {
        const Handicap& h = handicaps()[i];
        SCOPED_TRACE(std::string(h.japanese));
        const Result<Position> p = parse_sfen(h.sfen);
        ASSERT_TRUE(p);
        EXPECT_TRUE(validity_problems(*p).empty());
        EXPECT_EQ(p->side_to_move(), i == 0 ? Color::black : Color::white);
        EXPECT_EQ(pieces_of(*p, Color::black), 20);
        EXPECT_EQ(pieces_of(*p, Color::white), 20 - taken[i]);
        EXPECT_EQ(handicap_of(*p), &h);
        EXPECT_EQ(handicap_named(h.japanese), &h);
        EXPECT_EQ(handicap_named(h.romanised), &h);
        EXPECT_EQ(handicap_named(h.english), &h);
    }
}

TEST(Handicap, LeftIsTheGiversLeftFileOne) {
    const Position lance = *parse_sfen(handicap_named("香落ち")->sfen);
    EXPECT_TRUE(lance.piece_on(make_square(1, 0)).empty());
    EXPECT_EQ(lance.piece_on(make_square(9, 0)).type, PieceType::lance);
    const Position right = *parse_sfen(handicap_named("右香落ち")->sfen);
    EXPECT_TRUE(right.piece_on(make_square(9, 0)).empty());
    const Position left5 = *parse_sfen(handicap_named("左五枚落ち")->sfen);
    EXPECT_TRUE(left5.piece_on(make_square(2, 0)).empty());  // the knight on the left goes
    EXPECT_EQ(left5.piece_on(make_square(8, 0)).type, PieceType::knight);
}

TEST(Handicap, NamesAsHeadersAndCommandLinesWriteThem) {
    EXPECT_EQ(handicap_named("平手　　"), &handicaps()[0]);  // padded with ideographic spaces, as in KIF
    EXPECT_EQ(handicap_named(" 2MAI "), handicap_named("二枚落ち"));
    EXPECT_EQ(handicap_named("Rook-Lance"), handicap_named("飛香落ち"));
    EXPECT_EQ(handicap_named("その他"), nullptr);
    EXPECT_EQ(handicap_named(""), nullptr);
    Position moved = Position::start();
    moved.play(*parse_usi(moved, "7g7f"));
    EXPECT_EQ(handicap_of(moved), nullptr);
}

TEST(Handicap, AStartPositionIsANameAnSfenOrAUsiPosition) {
    EXPECT_EQ(write_sfen(*read_start_position("2mai")), handicap_named("二枚落ち")->sfen);
    EXPECT_EQ(write_sfen(*read_start_position("startpos")), kStartSfen);
    EXPECT_EQ(write_sfen(*read_start_position("startpos moves 7g7f")),
              "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    EXPECT_EQ(write_sfen(*read_start_position("4k4/9/9/9/9/9/9/9/4K4 b G")), "4k4/9/9/9/9/9/9/9/4K4 b G 1");
    EXPECT_FALSE(read_start_position("nimaiochi"));
}

}  // namespace
}  // namespace kifu::shogi
