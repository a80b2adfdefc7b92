// FEEN v1.0.0 and the seed's form against the vectors of
// ../shared/testdata/shogi/feen/feen_vectors.tsv, and fixtures of our own.

#include "kifu/feen/feen.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace kifu::feen {
namespace {

namespace fs = std::filesystem;

TEST(Feen, EveryVectorOfTheTwoSupportedForms) {
    const fs::path path = fs::path(KIFU_TESTDATA_DIR) / "shogi" / "feen" / "feen_vectors.tsv";
    if (!fs::exists(path))
        GTEST_SKIP() << "test data not found: " << path.string() << " (set KIFU_TESTDATA_DIR)";
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    int v1 = 0, seed = 0, other = 0;
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::istringstream s(line);
        for (std::string x; std::getline(s, x, '\t');) f.push_back(x);
        ASSERT_GE(f.size(), 4u);
        const std::string& text = f[1];
        const bool valid = f[2] == "true";
        if (f[0].rfind("FEEN-1.0.0", 0) == 0) {
            ++v1;
            const Result<Position> p = parse_feen(text);
            EXPECT_EQ(static_cast<bool>(p), valid)
                << text << " (" << f[3] << ")" << (p ? "" : ": " + p.error().message);
            if (p) {
                EXPECT_EQ(write_feen(*p), text);
            } else {
                EXPECT_FALSE(p.error().message.empty());
            }
        } else if (f[0].rfind("FEEN-2015", 0) == 0) {
            ++seed;
            const Result<SeedPosition> p = parse_feen2015(text);
            ASSERT_TRUE(p) << text << ": " << p.error().message;
            const bool chess = text.find("♜") != std::string::npos;  // the seed writes chess in glyphs
            EXPECT_EQ(write_feen2015(p->position, p->captured, chess), text);
        } else {
            // Versions between the two kifu reads: none of them is read as FEEN v1.0.0.
            ++other;
            EXPECT_FALSE(parse_feen(text)) << text;
        }
    }
    EXPECT_EQ(v1, 31);
    EXPECT_EQ(seed, 2);
    EXPECT_EQ(other, 6);
}

TEST(Feen, TheSeedsExamplesReadAndWriteBackByteForByte) {
    for (const char* text : {"♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/8/8/♙♙♙♙♙♙♙♙/♖♘♗♕♔♗♘♖ B -",
                             "♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/4♙3/8/♙♙♙♙1♙♙♙/♖♘♗♕♔♗♘♖ t -"}) {
        const Result<SeedPosition> p = parse_feen2015(text);
        ASSERT_TRUE(p) << p.error().message;
        EXPECT_EQ(write_feen2015(p->position, p->captured, true), text);
        EXPECT_EQ(p->position.shape, (std::vector<int>{8, 8}));
    }
    const SeedPosition e4 = *parse_feen2015("♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/4♙3/8/♙♙♙♙1♙♙♙/♖♘♗♕♔♗♘♖ t -");
    EXPECT_FALSE(e4.position.first_to_move);
    EXPECT_EQ(e4.position.cells[4 * 8 + 4].letter, 'P');
    EXPECT_EQ(write_feen2015(e4.position, {}, false), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR t -");
    // Commas between cells and captured actors in alphabetical order.
    const SeedPosition commas = *parse_feen2015("k,1,K/3 B Ppr");
    EXPECT_EQ(commas.captured, (std::vector<std::string>{"P", "p", "r"}));
    EXPECT_FALSE(parse_feen2015("k1K/3 B rP"));
    EXPECT_FALSE(parse_feen2015("k1K/3 x -"));
}

TEST(Feen, ShapesAndCanonicalWriting) {
    const Position cube = *parse_feen("ab/cd//AB/CD / G/g");
    EXPECT_EQ(cube.shape, (std::vector<int>{2, 2, 2}));
    EXPECT_EQ(write_feen(cube), "ab/cd//AB/CD / G/g");
    const Position line = *parse_feen("k^+p4+PK^ / C/c");
    EXPECT_EQ(line.shape, (std::vector<int>{8}));
    EXPECT_TRUE(line.cells[0].terminal);
    EXPECT_EQ(line.cells[1].modifier, '+');
    // Hands are written in the canonical order whatever order they are built in.
    Position p = *parse_feen("8/8/8/8/8/8/8/8 / C/c");
    p.hands[0] = {{Piece{'R'}, 1}, {Piece{'P'}, 2}, {Piece{'B'}, 3}, {Piece{'N'}, 1}};
    p.hands[1] = {{Piece{'p'}, 1}, {Piece{'q'}, 2}};
    p.first_to_move = false;
    EXPECT_EQ(write_feen(p), "8/8/8/8/8/8/8/8 3B2PNR/2qp c/C");
    EXPECT_EQ(*parse_feen(write_feen(p)),
              (Position{p.shape,
                        p.cells,
                        {{{Piece{'B'}, 3}, {Piece{'P'}, 2}, {Piece{'N'}, 1}, {Piece{'R'}, 1}},
                         {{Piece{'q'}, 2}, {Piece{'p'}, 1}}},
                        {'C', 'c'},
                        false}));
}

// The order of a hand as sashite's feen.rb checks and writes it: count, then the letter
// regardless of case (upper case first), then '-' before '+' before none, then '^', then '\''.
TEST(Feen, HandsInTheReferenceImplementationsOrder) {
    for (const std::string_view text : {"9/9/9/9/9/9/9/9/9 -P+PP/ S/s", "9/9/9/9/9/9/9/9/9 aB/ S/s",
                                        "9/9/9/9/9/9/9/9/9 2bAa/ S/s", "9/9/9/9/9/9/9/9/9 PP'P^/ S/s"}) {
        const Result<Position> p = parse_feen(text);
        ASSERT_TRUE(p) << text << ": " << p.error().message;
        EXPECT_EQ(write_feen(*p), text);
    }
    EXPECT_FALSE(parse_feen("9/9/9/9/9/9/9/9/9 P+P/ S/s"));
    EXPECT_FALSE(parse_feen("9/9/9/9/9/9/9/9/9 Ba/ S/s"));
    EXPECT_FALSE(parse_feen("9/9/9/9/9/9/9/9/9 aA/ S/s"));
    // A layer of one rank is refused, as feen.rb refuses it: the board is 9/9.
    EXPECT_EQ(
        parse_feen("9//9 / G/g").error().format("feen"),
        "feen:1:2: error: a layer here has one rank: layers ('//') hold two ranks or more; write a board "
        "of one rank a layer with '/' (9/9)");
    EXPECT_TRUE(parse_feen("9/9 / G/g"));
    EXPECT_TRUE(parse_feen("9/9//9/9 / G/g"));
}

TEST(Feen, ErrorsSayWhatIsWrong) {
    const auto message = [](std::string_view text) { return parse_feen(text).error().format("feen"); };
    EXPECT_EQ(message("K PP/ C/c"), "feen:1:4: error: 'P' is given twice in a hand: aggregate it (2P)");
    EXPECT_EQ(
        message("8 PB/ C/c"),
        "feen:1:4: error: hand pieces go highest count first, then by letter (upper case first), then '-', "
        "'+', plain: 'B' comes before 'P'");
    EXPECT_EQ(
        message("K / C/C"),
        "feen:1:5: error: the two styles must differ in case (upper case for the first player), found C/C");
    EXPECT_EQ(message("rkr//PPPP / G/g"),
              "feen:1:9: error: rank 2 has more than 3 squares (as the first rank: boards are regular)");
    EXPECT_EQ(message("K 2P/ C/c"),
              "feen:1:1: error: 3 pieces on the board and in hand, more than the 1 cells of the board");
    EXPECT_EQ(message("K /"),
              "feen:1:1: error: a FEEN has 3 fields (placement, hands, style-turn) separated by one space, "
              "found 2");
}

TEST(Feen, ValidateListsEveryErrorOfThePlacement) {
    const std::vector<Error> errors = validate_feen("rk?r/4/+/Z3 / G/g");
    ASSERT_EQ(errors.size(), 2u) << errors[0].message;
    EXPECT_EQ(errors[0].column, 3u);
    EXPECT_EQ(errors[1].column, 9u);
    EXPECT_TRUE(validate_feen("rkr/3 / G/g").empty());
}

}  // namespace
}  // namespace kifu::feen
