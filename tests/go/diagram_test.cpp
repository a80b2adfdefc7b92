#include "kifu/go/diagram.hpp"

#include <gtest/gtest.h>

#include "hen_fixtures.hpp"
#include "kifu/go/hen.hpp"

namespace kifu::go {
namespace {

TEST(Diagram, NineByNineWithNotes) {
    const Result<Position> p = parse_hen(fixtures::kNumbered9x9);
    ASSERT_TRUE(p);
    EXPECT_EQ(render_diagram(*p),
              "   A B C D E F G H J\n"
              " 9 . . . . . . . . . 9     to move: black\n"
              " 8 . . . . . . . . . 8     last move: white H3\n"
              " 7 . . + . . . + . . 7     moves: 1 E3, 2 G3, 3 G4, 4 H3\n"
              " 6 . . . . . . . . . 6     labels: E2 a\n"
              " 5 . . . . + . X . . 5\n"
              " 4 . . . . . . X . . 4\n"
              " 3 . . + . X X O(O). 3\n"
              " 2 . . . . . O . . . 2\n"
              " 1 . . . . . . . . . 1\n"
              "   A B C D E F G H J\n");
}

TEST(Diagram, NotesPastTheLastRowAndColoursAndEdges) {
    const Result<Position> p = parse_hen(".3x2_2brglypw~bw r.C1-TR.A2-x.C2y.l");
    ASSERT_FALSE(p);  // a 3-wide board cannot hold seven stones in a row
    const Result<Position> q = parse_hen(".3x2_2rgl_1y.C2l.L.C1-TR.A1-x~bwr.l");
    ASSERT_FALSE(q);  // '.L' is not a part
    const Result<Position> r = parse_hen(".3x2_2rgl_1y.C2l.C1-TR.A1-x~bwr.l");
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(render_diagram(*r),
              "   A B C\n"
              " 2 R G(L)2     to move: blue\n"
              " 1 Y . . 1     last move: blue C2\n"
              "   A B C\n"
              "               player order: black, white, red\n"
              "               marks: C1 TR\n"
              "               labels: A1 x\n");
}

TEST(Diagram, NineteenStarPointsAndPass) {
    const Result<Position> p = parse_hen(".pw");
    ASSERT_TRUE(p);
    const std::string d = render_diagram(*p);
    EXPECT_NE(d.find("\n 19 . . . . . . . . . . . . . . . . . . . 19     last move: white passed\n"),
              std::string::npos)
        << d;
    EXPECT_NE(d.find("\n  4 . . . + . . . . . + . . . . . + . . . 4\n"), std::string::npos) << d;
    EXPECT_NE(d.find("\n 10 . . . + . . . . . + . . . . . + . . . 10\n"), std::string::npos) << d;
}

}  // namespace
}  // namespace kifu::go
