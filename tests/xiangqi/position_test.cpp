// Xiangqi FEN (WXF/UCCI) and validity, and the xiangqi FENs of the perft table through
// FEEN and back.

#include "kifu/xiangqi/position.hpp"
#include "../support/problems.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "kifu/feen/games.hpp"

namespace kifu::xiangqi {
namespace {
using test::messages;

namespace fs = std::filesystem;
constexpr std::string_view kStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

TEST(Xiangqi, FenBothLetterSetsAndBothWays) {
    const Position start = *parse_fen(kStart);
    EXPECT_EQ(write_fen(start), kStart);
    EXPECT_EQ(write_fen(start, Letters::wxf),
              "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1");
    EXPECT_EQ(*parse_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r"), start);
    EXPECT_EQ(start.board[9 * 9 + 4], (Piece{PieceType::general, Color::red}));  // e1
    EXPECT_TRUE(validity_problems(start).empty());
    EXPECT_EQ(parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w").error().message,
              "expected '/' and the next rank (a board has 10 ranks), found a space");
    EXPECT_EQ(parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x").error().message,
              "expected the side to move: 'w' or 'r' (Red), 'b' (Black), found 'x'");
}

TEST(Xiangqi, ValidateListsEveryErrorOfThePlacement) {
    const std::vector<Error> errors =
        validate_fen("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1Q1P/1C5C1/9/RNBAKABNR w");
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].message, "rank 9 has 8 squares, expected 9");
    EXPECT_EQ(errors[1].message,
              "expected a piece letter (K A B/E N/H R C P, lower case for Black), a digit or '/', found 'Q'");
    EXPECT_TRUE(validate_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w").empty());
}

TEST(Xiangqi, ValidityProblems) {
    const auto facing = validity_problems(*parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w"));
    ASSERT_EQ(facing.size(), 1u);
    EXPECT_EQ(facing[0].kind, ProblemKind::generals_facing);
    EXPECT_EQ(facing[0].cell, 9 * 9 + 4);  // e1
    EXPECT_EQ(to_string(facing[0].kind), "generals_facing");
    EXPECT_EQ(messages(validity_problems(*parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w"))),
              std::vector<std::string>{"the generals face each other on an open file"});
    EXPECT_EQ(messages(validity_problems(*parse_fen("3k5/9/9/9/9/9/9/9/9/K8 w"))),
              std::vector<std::string>{"the Red general on a1 is outside its palace"});
    EXPECT_EQ(messages(validity_problems(*parse_fen("3k5/9/9/9/9/9/9/9/P8/4K4 w"))),
              std::vector<std::string>{"the Red soldier on a2 is where no soldier can be"});
    const std::vector<std::string> elephant{"the Red elephant on e2 is off the elephants' points"};
    EXPECT_EQ(messages(validity_problems(*parse_fen("3k5/9/9/9/9/9/9/9/4B4/4K4 w"))), elephant);
}

TEST(Xiangqi, EveryPerftPositionThroughFeen) {
    const fs::path path = fs::path(KIFU_TESTDATA_DIR) / "xiangqi" / "perft" / "perft.tsv";
    if (!fs::exists(path)) GTEST_SKIP() << "test data not found: " << path.string();
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    std::set<std::string> fens;
    while (std::getline(in, line)) {
        std::istringstream s(line);
        std::string name, fen;
        std::getline(s, name, '\t');
        std::getline(s, fen, '\t');
        fens.insert(fen);
    }
    ASSERT_GE(fens.size(), 13u);
    for (const std::string& fen : fens) {
        Position pos = *parse_fen(fen);
        EXPECT_EQ(write_fen(*parse_fen(write_fen(pos))), write_fen(pos));
        const std::string feen = feen::write_feen(feen::from_xiangqi(pos));
        const Result<feen::Position> read = feen::parse_feen(feen);
        ASSERT_TRUE(read) << feen << ": " << read.error().message;
        Result<Position> back = feen::to_xiangqi(*read);
        ASSERT_TRUE(back) << feen;
        pos.halfmove_clock = 0;  // FEEN has no clocks
        pos.fullmove_number = 1;
        EXPECT_EQ(*back, pos) << fen << " -> " << feen;
    }
    EXPECT_EQ(feen::write_feen(feen::from_xiangqi(*parse_fen(kStart))),
              "rheag^aehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAG^AEHR / X/x");
}

}  // namespace
}  // namespace kifu::xiangqi
