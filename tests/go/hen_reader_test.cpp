#include <gtest/gtest.h>

#include "hen_fixtures.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/hen.hpp"

namespace kifu::go {
namespace {

namespace fx = fixtures;

Position read(std::string_view text) {
    Result<Position> p = parse_hen(text);
    EXPECT_TRUE(p) << text << "\n" << (p ? "" : p.error().format("<hen>"));
    return p ? std::move(*p) : Position{};
}

Point human(const Position& p, std::string_view name) {
    return *from_human(p.size, name);
}
Point sgf(const Position& p, std::string_view name) {
    return *from_sgf(p.size, name);
}

TEST(HenReader, EmptyTextIsAnEmpty19x19Board) {
    const Position p = read("");
    EXPECT_EQ(p.size, (BoardSize{19, 19}));
    EXPECT_EQ(p.stone_count(), 0);
    EXPECT_FALSE(p.turn || p.ko || p.last_move);
}

TEST(HenReader, SpecExample1MatchesItsSgf) {
    const Position p = read(fx::kExample1);
    EXPECT_EQ(p.size, (BoardSize{19, 19}));
    Position expected;
    for (std::string_view s : fx::kExample1Black) expected.set(*from_sgf(expected.size, s), Stone::black);
    for (std::string_view s : fx::kExample1White) expected.set(*from_sgf(expected.size, s), Stone::white);
    // White's K7 (jm) captures the black stone on L7 (km), which becomes the ko point.
    expected.set(*from_sgf(expected.size, "jm"), Stone::white);
    expected.set(*from_sgf(expected.size, "km"), Stone::none);
    expected.ko = *from_sgf(expected.size, "km");
    expected.last_move = LastMove{Stone::white, Move::at(*from_sgf(expected.size, "jm"))};
    expected.turn = Stone::black;
    EXPECT_EQ(p, expected);
    EXPECT_EQ(read(fx::kExample1Pretty), p);
}

TEST(HenReader, EarReddeningMatchesItsSgf) {
    const Position p = read(fx::kEarReddening);
    Position expected;
    for (std::string_view s : fx::kEarReddeningBlack) expected.set(sgf(expected, s), Stone::black);
    for (std::string_view s : fx::kEarReddeningWhite) expected.set(sgf(expected, s), Stone::white);
    expected.set(sgf(expected, "ji"), Stone::black);  // the move B[ji]
    expected.last_move = LastMove{Stone::black, Move::at(sgf(expected, "ji"))};
    expected.turn = Stone::white;
    for (std::string_view s : {"ln", "lo", "lp", "jn"})
        expected.marks.push_back({sgf(expected, s), Mark::square});
    expected.marks.push_back({sgf(expected, "io"), Mark::circle});
    EXPECT_EQ(p, expected);
    EXPECT_EQ(p.stone_count(), 57 + 57 + 1);
    EXPECT_EQ(read(fx::kEarReddeningPrettySpec), p);
}

TEST(HenReader, NumberedStonesTakeTheirColourFromThePlayerOrder) {
    const Position p = read(fx::kNumbered9x9);
    EXPECT_EQ(p.size, (BoardSize{9, 9}));
    EXPECT_EQ(p.at(human(p, "E3")), Stone::black);
    EXPECT_EQ(p.at(human(p, "F3")), Stone::black);
    EXPECT_EQ(p.at(human(p, "G3")), Stone::white);
    EXPECT_EQ(p.at(human(p, "H3")), Stone::white);
    EXPECT_EQ(p.at(human(p, "G4")), Stone::black);
    EXPECT_EQ(p.at(human(p, "G5")), Stone::black);
    EXPECT_EQ(p.at(human(p, "F2")), Stone::white);
    EXPECT_EQ(p.number_at(human(p, "E3")), 1u);
    EXPECT_EQ(p.number_at(human(p, "G3")), 2u);
    EXPECT_EQ(p.number_at(human(p, "G4")), 3u);
    EXPECT_EQ(p.number_at(human(p, "H3")), 4u);
    EXPECT_EQ(p.number_at(human(p, "F3")), 0u);
    ASSERT_EQ(p.labels.size(), 1u);
    EXPECT_EQ(p.labels[0], (Label{human(p, "E2"), "a"}));
    EXPECT_EQ(p.last_move, (LastMove{Stone::white, Move::at(human(p, "H3"))}));

    // Three players: ~bwr colours 1 black, 2 white, 3 red, 4 black.
    const Position three = read(".9x9_1~1~2~3~4~bwr");
    EXPECT_EQ(three.at(human(three, "A1")), Stone::black);
    EXPECT_EQ(three.at(human(three, "B1")), Stone::white);
    EXPECT_EQ(three.at(human(three, "C1")), Stone::red);
    EXPECT_EQ(three.at(human(three, "D1")), Stone::black);
    EXPECT_EQ(three.order.size(), 3);
    // The order may come before the rows as well.
    EXPECT_EQ(read("~bwr.9x9_1~1~2~3~4"), three);
}

TEST(HenReader, PartsComeInAnyOrder) {
    EXPECT_EQ(read("_5Gb.9x9"), read(".9x9_5Gb"));
    EXPECT_EQ(read(".b.L7_10Kb.K7w_7JbwMw"), read("_10Kb_7JbwMw.L7.K7w.b"));
    // The Ear-reddening position with its parts reversed.
    std::string_view text = fx::kEarReddening;
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t i = 1; i <= text.size(); ++i)
        if (i == text.size() || text[i] == '.' || text[i] == '_') {
            parts.emplace_back(text.substr(start, i - start));
            start = i;
        }
    std::string reversed;
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) reversed += *it;
    EXPECT_EQ(read(reversed).stones, read(text).stones);
    EXPECT_EQ(read(reversed).turn, read(text).turn);
}

TEST(HenReader, BlanksAreIgnoredEverywhere) {
    EXPECT_EQ(read("_07 Kbw"), read("_7Kbw"));
    EXPECT_EQ(read(" . 9 x 9\t_ 5\r\n G b . p w \n"), read(".9x9_5Gb.pw"));
    EXPECT_EQ(read("_1 9bw"), read("_19bw"));
    EXPECT_EQ(read(".K10-a b"), read(".K10-ab"));
}

TEST(HenReader, LeadingZerosAndColumnA) {
    EXPECT_EQ(read("_019Ab"), read("_19b"));
    EXPECT_EQ(read(".09x009_05Gb"), read(".9x9_5Gb"));
    EXPECT_EQ(read("_19bwbbwww"), read("_19bwb2w3"));
    EXPECT_EQ(read("_19b02"), read("_19bb"));
}

TEST(HenReader, TurnsPassesAndPurple) {
    EXPECT_EQ(read(".p").turn, Stone::purple);
    EXPECT_FALSE(read(".p").last_move);
    EXPECT_EQ(read(".pw").last_move, (LastMove{Stone::white, Move::pass()}));
    EXPECT_FALSE(read(".pw").turn);
    EXPECT_EQ(read(".pp").last_move, (LastMove{Stone::purple, Move::pass()}));
    EXPECT_EQ(read(".l").turn, Stone::blue);
    EXPECT_EQ(read(".pb.w").last_move, (LastMove{Stone::black, Move::pass()}));
}

TEST(HenReader, MultiColourBoards) {
    const Position p = read(".9x9_9brglypw_8Cg3");
    const Stone row9[] = {Stone::black,  Stone::red,    Stone::green, Stone::blue,
                          Stone::yellow, Stone::purple, Stone::white};
    for (int col = 0; col < 7; ++col) EXPECT_EQ(p.at(Point{static_cast<std::uint8_t>(col), 0}), row9[col]);
    EXPECT_EQ(p.at(human(p, "E8")), Stone::green);
}

TEST(HenReader, MarksAndLabels) {
    const Position p = read(".K10-CR.K9-SQ.K8-TR.K7-MA.K6-X.K5-cr.K4-12.K3-é");
    ASSERT_EQ(p.marks.size(), 4u);
    EXPECT_EQ(p.marks[0].mark, Mark::circle);
    EXPECT_EQ(p.marks[1].mark, Mark::square);
    EXPECT_EQ(p.marks[2].mark, Mark::triangle);
    EXPECT_EQ(p.marks[3].mark, Mark::cross);
    ASSERT_EQ(p.labels.size(), 4u);
    EXPECT_EQ(p.labels[0].text, "X");  // the spec's ".K10-X" example: only CR SQ TR MA are marks
    EXPECT_EQ(p.labels[1].text, "cr");
    EXPECT_EQ(p.labels[2].text, "12");
    EXPECT_EQ(p.labels[3].text, "é");
    // A point may have a label and a mark.
    EXPECT_TRUE(parse_hen(".K10-CR.K10-a"));
}

TEST(HenReader, RectanglesAndWideBoards) {
    const Position p = read(".25x3_3Ub2wZb_1b_2Xy");
    EXPECT_EQ(p.size, (BoardSize{25, 3}));
    EXPECT_EQ(p.at(Point{19, 0}), Stone::black);  // U is the 20th column
    EXPECT_EQ(p.at(Point{20, 0}), Stone::black);
    EXPECT_EQ(p.at(Point{21, 0}), Stone::white);
    EXPECT_EQ(p.at(Point{24, 0}), Stone::black);  // Z
    EXPECT_EQ(p.at(Point{22, 1}), Stone::yellow);
    EXPECT_EQ(p.at(Point{0, 2}), Stone::black);
    EXPECT_EQ(p.stone_count(), 6);

    const Position tall = read(".1x52_52b_1w");
    EXPECT_EQ(tall.at(Point{0, 0}), Stone::black);
    EXPECT_EQ(tall.at(Point{0, 51}), Stone::white);
    const Position wide = read(".20x2_2Ub");
    EXPECT_EQ(wide.at(Point{19, 0}), Stone::black);
}

TEST(HenReader, ParseIntoReusesAPosition) {
    Position p;
    ASSERT_TRUE(parse_hen(fx::kEarReddening, p));
    ASSERT_TRUE(parse_hen(".9x9_5Gb", p));
    EXPECT_EQ(p, read(".9x9_5Gb"));  // nothing left over from the first position
}

TEST(HenReader, UrlForm) {
    const Result<Position> p = parse_hen_url("%2E9x9_5Gb.E5-%C3%A9");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->labels.at(0).text, "é");
    EXPECT_FALSE(parse_hen_url(".9x9.E5-%C3%A"));
}

}  // namespace
}  // namespace kifu::go
