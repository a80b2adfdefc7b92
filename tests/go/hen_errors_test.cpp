// Strict validation: every rule of docs/hen.md, each error with its line, column and
// a message that says what was expected and what was found.

#include <gtest/gtest.h>

#include "kifu/go/hen.hpp"

namespace kifu::go {
namespace {

struct Expected {
    std::uint32_t line;
    std::uint32_t column;
    ErrorCode code;
    std::string message;
};

void expect_error(std::string_view text, const Expected& expected) {
    const Result<Position> p = parse_hen(text);
    ASSERT_FALSE(p) << "accepted: " << text;
    const Error& e = p.error();
    EXPECT_EQ(e.line, expected.line) << text << ": " << e.message;
    EXPECT_EQ(e.column, expected.column) << text << ": " << e.message;
    EXPECT_EQ(e.code, expected.code) << text << ": " << e.message;
    EXPECT_EQ(e.message, expected.message) << text;
    // validate_hen sees the same first error.
    const std::vector<Error> all = validate_hen(text);
    ASSERT_FALSE(all.empty());
}

TEST(HenErrors, UnknownCharacters) {
    expect_error("_19bx",
                 {1, 5, ErrorCode::unexpected_character,
                  "expected a column letter, a stone letter (b w r g l y p), '~' and a move number, or the "
                  "next part, found 'x'"});
    expect_error("19b",
                 {1, 1, ErrorCode::unexpected_character,
                  "expected a part: '.' (size, ko, move, turn, label), '_' (row) or '~' (order), found '1'"});
    expect_error(
        ".q", {1, 2, ErrorCode::unexpected_character,
               "expected a board size, a point, a stone letter (b w r g l y p) or 'p' after '.', found 'q'"});
    expect_error(".K10x",
                 {1, 5, ErrorCode::unexpected_character,
                  "expected a stone letter (b w r g l y p), '-' and a label or mark, or the end of the ko "
                  "part, found 'x'"});
    expect_error(".bw",
                 {1, 3, ErrorCode::unexpected_character, "expected the end of the turn part, found 'w'"});
    expect_error("_5K",
                 {1, 4, ErrorCode::unexpected_end,
                  "expected a stone letter (b w r g l y p) or '~' and a move number after the column letter, "
                  "found end of input"});
    expect_error("_",
                 {1, 2, ErrorCode::unexpected_end, "expected a row number after '_', found end of input"});
    expect_error("_5I b", {1, 3, ErrorCode::unexpected_character,
                           "'I' is not a column letter: HEN columns skip I (H is followed by J)"});
    expect_error("_5\xc3\xa9",
                 {1, 3, ErrorCode::unexpected_character,
                  "expected a column letter, a stone letter (b w r g l y p), '~' and a move number, or "
                  "the next part, found 'é' (U+00E9)"});
}

TEST(HenErrors, ZeroNumbers) {
    expect_error("_0b", {1, 2, ErrorCode::out_of_range,
                         "row 0 does not exist: rows are numbered from 1 at the bottom"});
    expect_error("_5b0", {1, 4, ErrorCode::out_of_range, "a run of 0 stones: a count must be at least 1"});
    expect_error(".0x9", {1, 2, ErrorCode::out_of_range,
                          "board width 0 is outside 1-25 (HEN columns are A-Z without I)"});
    expect_error(".9x0", {1, 4, ErrorCode::out_of_range, "board height 0 is outside 1-52"});
    expect_error("_5~0", {1, 4, ErrorCode::out_of_range, "move number 0 is outside 1-999999999"});
    expect_error(".K0b", {1, 3, ErrorCode::out_of_range,
                          "row 0 does not exist: rows are numbered from 1 at the bottom"});
}

TEST(HenErrors, OffTheBoard) {
    expect_error("_20b", {1, 2, ErrorCode::out_of_range, "row 20 is off a board 19 high (rows 1-19)"});
    expect_error(".9x9_5Kb", {1, 7, ErrorCode::out_of_range, "column K is off a board 9 wide (columns A-J)"});
    expect_error(".26x9", {1, 2, ErrorCode::out_of_range,
                           "board width 26 is outside 1-25 (HEN columns are A-Z without I)"});
    expect_error(".9x53", {1, 4, ErrorCode::out_of_range, "board height 53 is outside 1-52"});
    expect_error(".9x9.K10", {1, 6, ErrorCode::out_of_range, "column K is off a board 9 wide (columns A-J)"});
    expect_error(".9x9.E10-a", {1, 7, ErrorCode::out_of_range, "row 10 is off a board 9 high (rows 1-9)"});
    expect_error("_99999999999b",
                 {1, 2, ErrorCode::out_of_range, "row over 999999999 is off a board 19 high (rows 1-19)"});
}

TEST(HenErrors, RunsPastTheRightEdge) {
    expect_error(".9x9_5Gb4", {1, 7, ErrorCode::out_of_range,
                               "a run of 4 stones from column G goes past the right edge of a board 9 wide"});
    expect_error(".9x9_5Jbw",
                 {1, 9, ErrorCode::out_of_range, "a stone past the right edge of a board 9 wide"});
    // Found by the fuzzer: a numbered stone after the last column.
    expect_error(".4x9_7C~1D~8~9",
                 {1, 13, ErrorCode::out_of_range, "a stone past the right edge of a board 4 wide"});
    expect_error("_5b99999999999",
                 {1, 3, ErrorCode::out_of_range,
                  "a run of 1000000000 stones from column A goes past the right edge of a board 19 wide"});
}

TEST(HenErrors, PointsGivenTwice) {
    expect_error("_5Kb_5Lb", {1, 5, ErrorCode::duplicate, "row 5 is given twice (first at 1:1)"});
    expect_error("_5Kb2Lb", {1, 6, ErrorCode::duplicate, "point L5 is given twice"});
    expect_error("_5Kb3 Lw", {1, 7, ErrorCode::duplicate, "point L5 is given twice"});
    expect_error(".K10-SQ.K10-CR", {1, 8, ErrorCode::duplicate, "point K10 is given two marks"});
    expect_error(".K10-a.K10-b", {1, 7, ErrorCode::duplicate, "point K10 is given two labels"});
}

TEST(HenErrors, PartsGivenTwiceWithDifferentValues) {
    expect_error(".9x9.13x13",
                 {1, 5, ErrorCode::conflict, "the board size is given twice: 9x9 at 1:1, then 13x13"});
    expect_error(".L7.K7", {1, 4, ErrorCode::conflict, "the ko point is given twice: L7 at 1:1, then K7"});
    expect_error("_7Kw.K7w.pb",
                 {1, 9, ErrorCode::conflict, "the last move is given twice, differently (first at 1:5)"});
    expect_error(".b\n.w", {2, 1, ErrorCode::conflict, "the turn is given twice: black at 1:1, then white"});
    expect_error("~bw~wb",
                 {1, 4, ErrorCode::conflict, "the player order is given twice, differently (first at 1:1)"});
    // The same value twice is fine.
    EXPECT_TRUE(parse_hen(".9x9.9x9.b.b.E7.E7~bwr~bwr_7Dw.D7w.D7w"));
}

TEST(HenErrors, KoPointMustBeEmpty) {
    expect_error("_7Kb.K7", {1, 5, ErrorCode::conflict,
                             "the ko point K7 holds a black stone; a ko point must be empty"});
}

TEST(HenErrors, LastMoveNeedsItsStone) {
    expect_error(".K7w", {1, 1, ErrorCode::conflict,
                          "the last move white K7 needs a white stone there, but the point is empty"});
    expect_error("_7Kb.K7w",
                 {1, 5, ErrorCode::conflict,
                  "the last move white K7 needs a white stone there, but the point holds a black stone"});
}

TEST(HenErrors, NumberedMovesGivenTwice) {
    expect_error(".9x9_1~3Cw~3",
                 {1, 11, ErrorCode::duplicate, "move number 3 is given twice (first at 1:7)"});
}

TEST(HenErrors, PlayerOrders) {
    expect_error("~bwb", {1, 4, ErrorCode::duplicate, "the player order names black twice"});
    expect_error(
        "~b", {1, 3, ErrorCode::unexpected_end,
               "expected a stone letter (b w r g l y p) (a player order has at least two colours), found end "
               "of input"});
    expect_error(
        "~3", {1, 2, ErrorCode::unexpected_character,
               "expected a stone letter of the player order (a numbered stone '~N' belongs in a row), found "
               "'3'"});
}

TEST(HenErrors, Labels) {
    expect_error(".K10-", {1, 6, ErrorCode::unexpected_end,
                           "expected a label or a mark (CR, SQ, TR, MA) after '-', found end of input"});
    expect_error(".K10-a-b",
                 {1, 7, ErrorCode::unexpected_character,
                  "a label cannot hold '-' (labels are text without whitespace, '.', '_', '-' or '~')"});
    expect_error(".K10-a\xff",
                 {1, 7, ErrorCode::invalid_encoding, "a label must be UTF-8, found byte 0xFF (not UTF-8)"});
}

TEST(HenErrors, LinesAndColumnsCountCodePointsAndLines) {
    // Line 3, after a two-byte character on an earlier line that must not shift the column.
    expect_error(".9x9\n.E5-é\n_5 Gb Zb",
                 {3, 7, ErrorCode::out_of_range, "column Z is off a board 9 wide (columns A-J)"});
    expect_error(".E5-éé.F5-ab.G5!",
                 {1, 16, ErrorCode::unexpected_character,
                  "expected a stone letter (b w r g l y p), '-' and a label or mark, or the end of "
                  "the ko part, found '!'"});
}

TEST(HenErrors, ValidateReportsEveryErrorInOrder) {
    const std::vector<Error> errors = validate_hen("_0b\n_5Ib\n.K7.q\n.30x9");
    ASSERT_EQ(errors.size(), 4u);
    EXPECT_EQ(errors[0].format("x.hen"),
              "x.hen:1:2: error: row 0 does not exist: rows are numbered from 1 at the bottom");
    EXPECT_EQ(errors[1].line, 2u);
    EXPECT_EQ(errors[1].column, 3u);
    EXPECT_EQ(errors[2].line, 3u);
    EXPECT_EQ(errors[2].column, 5u);
    EXPECT_EQ(errors[3].format("x.hen"),
              "x.hen:4:2: error: board width 30 is outside 1-25 (HEN columns are A-Z without I)");
    EXPECT_TRUE(validate_hen(".19x19_19bwb2w3.b").empty());
}

TEST(HenErrors, ValidateStopsAtItsLimit) {
    std::string many;
    for (int i = 0; i < 1000; ++i) many += "_0b";
    EXPECT_EQ(validate_hen(many).size(), Diagnostics::kDefaultLimit);
    EXPECT_EQ(validate_hen(many, 3).size(), 3u);
}

}  // namespace
}  // namespace kifu::go
