#include "kifu/go/coordinates.hpp"

#include <gtest/gtest.h>

namespace kifu::go {
namespace {

constexpr BoardSize k19{19, 19};

Point pt(int col, int row) {
    return {static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(row)};
}
BoardSize sz(int w, int h) {
    return {static_cast<std::uint8_t>(w), static_cast<std::uint8_t>(h)};
}

// The trap table of the spec, on 19x19.
TEST(GoCoordinates, TrapTable) {
    EXPECT_EQ(*from_human(k19, "A19"), pt(0, 0));
    EXPECT_EQ(*from_sgf(k19, "aa"), pt(0, 0));
    EXPECT_EQ(*from_human(k19, "A1"), pt(0, 18));
    EXPECT_EQ(*from_sgf(k19, "as"), pt(0, 18));
    EXPECT_EQ(from_human(k19, "J10")->col, 8);
    EXPECT_EQ(from_sgf(k19, "jj")->col, 9);
    EXPECT_NE(*from_human(k19, "J10"), *from_sgf(k19, "jj"));
    EXPECT_EQ(*to_sgf(k19, *from_human(k19, "J10")), "ij");
    EXPECT_EQ(*to_human(k19, *from_sgf(k19, "jj")), "K10");
}

TEST(GoCoordinates, D4IsDpIs3And15) {
    EXPECT_EQ(*from_human(k19, "D4"), pt(3, 15));
    EXPECT_EQ(*from_sgf(k19, "dp"), pt(3, 15));
    EXPECT_EQ(*to_human(k19, pt(3, 15)), "D4");
    EXPECT_EQ(*to_sgf(k19, pt(3, 15)), "dp");
    EXPECT_EQ(to_index(pt(3, 15)), "3,15");
    EXPECT_EQ(*from_index(k19, "3,15"), pt(3, 15));
    EXPECT_EQ(*from_index(k19, "(3, 15)"), pt(3, 15));
}

TEST(GoCoordinates, ColumnLettersSkipI) {
    EXPECT_EQ(*column_letter(0), 'A');
    EXPECT_EQ(*column_letter(7), 'H');
    EXPECT_EQ(*column_letter(8), 'J');
    EXPECT_EQ(*column_letter(24), 'Z');
    EXPECT_FALSE(column_letter(25));
    EXPECT_FALSE(column_letter(-1));
    EXPECT_EQ(*letter_column('J'), 8);
    EXPECT_EQ(*letter_column('j'), 8);
    EXPECT_EQ(*letter_column('Z'), 24);
    const Result<int> i = letter_column('I');
    ASSERT_FALSE(i);
    EXPECT_NE(i.error().message.find("skip I"), std::string::npos);
    EXPECT_FALSE(letter_column('1'));
    for (int col = 0; col < kMaxHumanWidth; ++col) EXPECT_EQ(*letter_column(*column_letter(col)), col);
}

TEST(GoCoordinates, HumanAcceptsLowerCase) {
    EXPECT_EQ(*from_human(k19, "q16"), pt(15, 3));
}

TEST(GoCoordinates, MalformedHumanIsAnErrorWithItsColumn) {
    struct Case {
        const char* text;
        std::uint32_t column;
        ErrorCode code;
    };
    const Case cases[] = {
        {"", 1, ErrorCode::unexpected_end},          {"I5", 1, ErrorCode::unexpected_character},
        {"5D", 1, ErrorCode::unexpected_character},  {"D", 2, ErrorCode::unexpected_end},
        {"D04", 2, ErrorCode::unexpected_character}, {"D0", 2, ErrorCode::out_of_range},
        {"D20", 2, ErrorCode::out_of_range},         {"U4", 1, ErrorCode::out_of_range},
        {"D4x", 3, ErrorCode::unexpected_character}, {"D99999999999", 2, ErrorCode::out_of_range},
    };
    for (const Case& c : cases) {
        const Result<Point> p = from_human(k19, c.text);
        ASSERT_FALSE(p) << c.text;
        EXPECT_EQ(p.error().code, c.code) << c.text;
        EXPECT_EQ(p.error().line, 1u) << c.text;
        EXPECT_EQ(p.error().column, c.column) << c.text << ": " << p.error().message;
    }
    EXPECT_EQ(from_human(k19, "D0").error().message, "row 0 does not exist: rows start at 1");
    EXPECT_EQ(from_human(k19, "U4").error().message, "column U is off a board 19 wide (columns A-T)");
    EXPECT_EQ(from_human(k19, "D4x").error().message, "expected the end of the point, found 'x'");
}

TEST(GoCoordinates, MalformedSgfIsAnError) {
    EXPECT_FALSE(from_sgf(k19, ""));
    EXPECT_FALSE(from_sgf(k19, "a"));
    EXPECT_FALSE(from_sgf(k19, "abc"));
    EXPECT_FALSE(from_sgf(k19, "a1"));
    EXPECT_FALSE(from_sgf(k19, "ua"));
    EXPECT_EQ(from_sgf(k19, "ua").error().code, ErrorCode::out_of_range);
    EXPECT_EQ(from_sgf(k19, "au").error().column, 2u);
    EXPECT_FALSE(from_sgf(sz(9, 9), "jj"));
}

TEST(GoCoordinates, TtIsAPassOnlyUpTo19) {
    EXPECT_FALSE(from_sgf(k19, "tt"));
    EXPECT_EQ(from_sgf(k19, "tt").error().code, ErrorCode::unsupported);
    EXPECT_TRUE(sgf_move(k19, "tt")->is_pass);
    EXPECT_TRUE(sgf_move(sz(9, 9), "tt")->is_pass);
    EXPECT_TRUE(sgf_move(sz(19, 21), "")->is_pass);
    EXPECT_FALSE(sgf_move(sz(19, 21), "tt"));  // row t exists, column t does not
    EXPECT_EQ(*from_sgf(sz(21, 21), "tt"), pt(19, 19));
    EXPECT_EQ(*sgf_move(sz(21, 21), "tt"), Move::at(pt(19, 19)));
    EXPECT_TRUE(sgf_move(sz(52, 52), "")->is_pass);
    EXPECT_EQ(*to_sgf_move(k19, Move::pass()), "");
}

TEST(GoCoordinates, SgfUsesUpperCaseBeyondZ) {
    const BoardSize big = sz(52, 52);
    EXPECT_EQ(*to_sgf(big, pt(26, 51)), "AZ");
    EXPECT_EQ(*from_sgf(big, "AZ"), pt(26, 51));
    EXPECT_EQ(*from_sgf(big, "zA"), pt(25, 26));
}

TEST(GoCoordinates, HumanNeedsAtMost25Columns) {
    EXPECT_EQ(*to_human(sz(25, 25), pt(24, 0)), "Z25");
    const Result<std::string> wide = to_human(sz(26, 26), pt(0, 0));
    ASSERT_FALSE(wide);
    EXPECT_EQ(wide.error().code, ErrorCode::unsupported);
    EXPECT_FALSE(from_human(sz(26, 26), "A1"));
}

TEST(GoCoordinates, OffBoardPointsAreErrors) {
    EXPECT_FALSE(to_human(k19, pt(19, 0)));
    EXPECT_FALSE(to_human(k19, pt(0, 19)));
    EXPECT_FALSE(to_sgf(k19, pt(19, 0)));
    EXPECT_FALSE(from_index(k19, "19,0"));
    EXPECT_FALSE(from_index(k19, "0,19"));
    EXPECT_FALSE(from_index(k19, "3;15"));
    EXPECT_FALSE(from_index(k19, "(3,15"));
    EXPECT_FALSE(to_human(sz(0, 5), pt(0, 0)));
}

// Every point of every square board 1-25 and of rectangles, through all three forms.
TEST(GoCoordinates, RoundTripsEveryPoint) {
    std::vector<BoardSize> sizes;
    for (int n = 1; n <= 25; ++n) sizes.push_back(sz(n, n));
    for (const auto& [w, h] :
         {std::pair{1, 52}, {25, 1}, {13, 9}, {9, 13}, {25, 52}, {7, 19}, {19, 7}, {20, 3}})
        sizes.push_back(sz(w, h));
    for (const BoardSize size : sizes) {
        for (int index = 0; index < size.points(); ++index) {
            const Point p = Point::from_index(size, index);
            const Result<std::string> human = to_human(size, p);
            const Result<std::string> sgf = to_sgf(size, p);
            ASSERT_TRUE(human && sgf);
            EXPECT_EQ(*from_human(size, *human), p) << *human;
            EXPECT_EQ(*from_index(size, to_index(p)), p);
            if (*sgf == "tt" && size.width <= 19 && size.height <= 19) {
                ADD_FAILURE() << "tt cannot be a point on " << int{size.width} << "x" << int{size.height};
                continue;
            }
            EXPECT_EQ(*from_sgf(size, *sgf), p) << *sgf;
            EXPECT_EQ(*sgf_move(size, *sgf), Move::at(p));
            // Rows: human counts from the bottom, SGF from the top.
            EXPECT_EQ(std::stoi(human->substr(1)), size.height - p.row);
        }
    }
}

TEST(GoCoordinates, Transcript) {
    const Move moves[] = {Move::at(pt(15, 3)), Move::at(pt(3, 15)), Move::pass(), Move::at(pt(8, 9))};
    const Result<std::vector<std::string>> t = transcript(k19, moves);
    ASSERT_TRUE(t);
    EXPECT_EQ(*t, (std::vector<std::string>{"Q16", "D4", "pass", "J10"}));

    const Move bad[] = {Move::pass(), Move::at(pt(20, 0))};
    const Result<std::vector<std::string>> e = transcript(k19, bad);
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().message.rfind("move 2: ", 0), 0u) << e.error().message;
}

TEST(GoCoordinates, HumanMoveReadsPass) {
    EXPECT_TRUE(human_move(k19, "pass")->is_pass);
    EXPECT_TRUE(human_move(k19, "PASS")->is_pass);
    EXPECT_EQ(*human_move(k19, "D4"), Move::at(pt(3, 15)));
}

TEST(GoCoordinates, BoardSizes) {
    EXPECT_EQ(*parse_board_size("19"), sz(19, 19));
    EXPECT_EQ(*parse_board_size("13x9"), sz(13, 9));
    EXPECT_EQ(*parse_board_size("52X52"), sz(52, 52));
    EXPECT_FALSE(parse_board_size("0"));
    EXPECT_FALSE(parse_board_size("53"));
    EXPECT_FALSE(parse_board_size("19x"));
    EXPECT_FALSE(parse_board_size("x19"));
    EXPECT_FALSE(parse_board_size("19x19x19"));
}

}  // namespace
}  // namespace kifu::go
