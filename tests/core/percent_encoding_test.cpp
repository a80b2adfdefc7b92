#include "kifu/core/percent_encoding.hpp"

#include <gtest/gtest.h>

namespace kifu {
namespace {

TEST(PercentEncoding, KeepsUnreservedAndEncodesTheRest) {
    EXPECT_EQ(percent_encode(".9x9_5Gb~bw.E5-a"), ".9x9_5Gb~bw.E5-a");
    EXPECT_EQ(percent_encode("a b/é"), "a%20b%2F%C3%A9");
}

TEST(PercentEncoding, DecodesEitherCase) {
    EXPECT_EQ(*percent_decode("%c3%A9%2e"), "é.");
    EXPECT_EQ(*percent_decode("a+b"), "a+b");
    EXPECT_EQ(*percent_decode("a+b", {.plus_is_space = true}), "a b");
}

TEST(PercentEncoding, MalformedEscapesAreErrorsWithTheirColumn) {
    const Result<std::string> bad = percent_decode("ab%4g");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code, ErrorCode::invalid_encoding);
    EXPECT_EQ(bad.error().column, 5u);
    EXPECT_EQ(bad.error().message, "expected two hex digits after '%', found 'g'");
    const Result<std::string> cut = percent_decode("ab%4");
    ASSERT_FALSE(cut);
    EXPECT_EQ(cut.error().code, ErrorCode::unexpected_end);
    EXPECT_FALSE(percent_decode("%"));
}

TEST(PercentEncoding, RoundTripsEveryByte) {
    std::string all;
    for (int c = 0; c < 256; ++c) all.push_back(static_cast<char>(c));
    EXPECT_EQ(*percent_decode(percent_encode(all)), all);
    EXPECT_TRUE(looks_percent_encoded("x%41"));
    EXPECT_FALSE(looks_percent_encoded("100%"));
}

}  // namespace
}  // namespace kifu
