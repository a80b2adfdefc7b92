#include "kifu/chess/epd.hpp"

#include <gtest/gtest.h>

namespace kifu::chess {
namespace {

TEST(Epd, OperationsAndClocks) {
    const Result<Epd> epd = parse_epd(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4; id \"start \\\"pos\\\"\"; c0 \"a; "
        "b\"; "
        "hmvc 3; fmvn 9;");
    ASSERT_TRUE(epd) << epd.error().message;
    EXPECT_EQ(*epd->find("bm"), (std::vector<std::string>{"e4", "d4"}));
    EXPECT_EQ(*epd->find("id"), std::vector<std::string>{"start \"pos\""});
    EXPECT_EQ(*epd->find("c0"), std::vector<std::string>{"a; b"});
    EXPECT_EQ(epd->position.halfmove_clock(), 3);
    EXPECT_EQ(epd->position.fullmove_number(), 9);
    EXPECT_EQ(write_epd(epd->position, epd->operations),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4; id \"start \\\"pos\\\"\"; "
              "c0 \"a; b\"; hmvc 3; fmvn 9;");
}

// Found by the fuzzer: an operand holding a line break must be quoted to read back.
TEST(Epd, OperandsWithAnyBlankAreQuoted) {
    const Position pos = Position::start();
    const std::vector<EpdOperation> ops{{"c0", {"two\nlines", "tab\there", ""}}};
    const std::string written = write_epd(pos, ops);
    EXPECT_EQ(written,
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"two\nlines\" \"tab\there\" \"\";");
    EXPECT_EQ(parse_epd(written)->operations, ops);
}

TEST(Epd, Errors) {
    EXPECT_FALSE(parse_epd("8/8/8/8/8/8/8/8 w - - bm e4"));  // no kings
    const Result<Epd> open = parse_epd("4k3/8/8/8/8/8/8/4K3 w - - id \"x;");
    ASSERT_FALSE(open);
    EXPECT_EQ(open.error().column, 30u);
    EXPECT_FALSE(parse_epd("4k3/8/8/8/8/8/8/4K3 w - - bm e4"));  // no ';'
    EXPECT_TRUE(parse_epd("4k3/8/8/8/8/8/8/4K3 w - -"));
}

}  // namespace
}  // namespace kifu::chess
