#include "kifu/core/scanner.hpp"

#include <gtest/gtest.h>

namespace kifu {
namespace {

TEST(Scanner, SkipsBlanksOnlyWhenAsked) {
    Scanner strict(" a");
    EXPECT_EQ(strict.peek(), ' ');
    Scanner loose(" \t\r\n a b", Scanner::Blanks::ignored);
    EXPECT_EQ(loose.peek(), 'a');
    EXPECT_EQ(loose.offset(), 5u);
    EXPECT_EQ(loose.peek_second(), 'b');
    EXPECT_TRUE(loose.consume('a'));
    EXPECT_FALSE(loose.consume('a'));
    EXPECT_TRUE(loose.consume('b'));
    EXPECT_TRUE(loose.at_end());
    EXPECT_EQ(loose.peek(), '\0');
    EXPECT_FALSE(loose.consume('\0'));
}

TEST(Scanner, ReadsNumbersWithoutOverflow) {
    Scanner s("007x12345678901234567890y");
    const Scanner::Number a = s.read_number();
    EXPECT_EQ(a.value, 7u);
    EXPECT_EQ(a.digits, 3u);
    EXPECT_FALSE(a.overflow);
    EXPECT_TRUE(s.consume('x'));
    const Scanner::Number b = s.read_number(1000);
    EXPECT_TRUE(b.overflow);
    EXPECT_EQ(b.value, 1001u);
    EXPECT_EQ(b.digits, 20u);
    EXPECT_EQ(s.peek(), 'y');
    EXPECT_EQ(s.read_number().digits, 0u);
}

TEST(Scanner, NumbersMayHoldBlanksWhenBlanksAreIgnored) {
    Scanner s("1 9", Scanner::Blanks::ignored);
    EXPECT_EQ(s.read_number().value, 19u);
}

}  // namespace
}  // namespace kifu
