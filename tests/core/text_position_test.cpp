#include "kifu/core/text_position.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "kifu/core/diagnostics.hpp"

namespace kifu {
namespace {

TEST(TextPosition, LinesAndCodePointColumns) {
    const std::string_view text = "ab\ncé\r\nx\ty";
    EXPECT_EQ(locate(text, 0).line, 1u);
    EXPECT_EQ(locate(text, 0).column, 1u);
    EXPECT_EQ(locate(text, 2).column, 3u);  // the LF itself
    EXPECT_EQ(locate(text, 3).line, 2u);
    EXPECT_EQ(locate(text, 3).column, 1u);
    EXPECT_EQ(locate(text, 6).column, 3u);  // after 'c' and the two bytes of 'é'
    EXPECT_EQ(locate(text, 8).line, 3u);    // CR LF is one line end
    EXPECT_EQ(locate(text, 8).column, 1u);
    EXPECT_EQ(locate(text, 10).column, 3u);   // a tab is one column
    EXPECT_EQ(locate(text, 999).column, 4u);  // past the end: just after the last character
}

TEST(TextPosition, DescribesWhatIsFound) {
    EXPECT_EQ(describe_found("x", 0), "'x'");
    EXPECT_EQ(describe_found("x", 1), "end of input");
    EXPECT_EQ(describe_found(" ", 0), "a space");
    EXPECT_EQ(describe_found("\t", 0), "a tab");
    EXPECT_EQ(describe_found("\n", 0), "a line break");
    EXPECT_EQ(describe_found("'", 0), "\"'\"");
    EXPECT_EQ(describe_found(std::string_view("\0", 1), 0), "control character 0x00");
    EXPECT_EQ(describe_found("é", 0), "'é' (U+00E9)");
    EXPECT_EQ(describe_found("\xff", 0), "byte 0xFF (not UTF-8)");
}

TEST(TextPosition, ErrorsFormatAsSourceLineColumn) {
    const Error e = expected_at("ab\ncd", 4, "a digit");
    EXPECT_EQ(e.code, ErrorCode::unexpected_character);
    EXPECT_EQ(e.format("game.hen"), "game.hen:2:2: error: expected a digit, found 'd'");
    EXPECT_EQ(expected_at("ab", 2, "a digit").code, ErrorCode::unexpected_end);
    EXPECT_EQ((Error{ErrorCode::io_error, "cannot open"}).format("x"), "x: error: cannot open");
    EXPECT_EQ(to_string(ErrorCode::out_of_range), "out_of_range");
}

TEST(Diagnostics, StopsAtTheLimit) {
    Diagnostics d("abc", 2);
    EXPECT_TRUE(d.add(ErrorCode::duplicate, 0, "one"));
    EXPECT_FALSE(d.expected(1, "x"));
    EXPECT_FALSE(d.add(ErrorCode::duplicate, 2, "three"));
    ASSERT_EQ(d.errors().size(), 2u);
    EXPECT_EQ(d.errors()[1].message, "expected x, found 'b'");
    EXPECT_EQ(d.errors()[1].column, 2u);
}

}  // namespace
// The index carries on from its last lookup along a line: whatever the order of the
// lookups, each agrees with locate() from the start of the text.
TEST(TextPosition, LineEndsCountedAsStdCountCountsThem) {
    // Every length to past 255 blocks of 16 (one round of the byte counters), from every
    // alignment, of texts from all line ends to none.
    std::mt19937 random(7);
    for (const double share : {0.0, 0.02, 0.5, 1.0}) {
        std::bernoulli_distribution is_lf(share);
        std::string text(255 * 16 * 2 + 40, 'x');
        for (char& c : text)
            if (is_lf(random)) c = '\n';
        for (std::size_t begin = 0; begin < 17; ++begin)
            for (std::size_t length :
                 {std::size_t{0}, std::size_t{1}, std::size_t{15}, std::size_t{16}, std::size_t{17},
                  std::size_t{255 * 16}, std::size_t{255 * 16 + 1}, text.size() - begin}) {
                const std::string_view part = std::string_view(text).substr(begin, length);
                ASSERT_EQ(count_line_ends(part),
                          static_cast<std::size_t>(std::count(part.begin(), part.end(), '\n')))
                    << share << " " << begin << " " << length;
            }
    }
}

TEST(LineIndex, AgreesWithLocateInAnyOrder) {
    const std::string text = "ab\r\nc\u00e9d\u00e9\r\n\n\u7881x\ry\nlast";
    const LineIndex index(text);
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i <= text.size() + 2; ++i) order.push_back(i);
    for (std::size_t i = text.size() + 2;; --i) {
        order.push_back(i);
        if (i == 0) break;
    }
    for (std::size_t i = 0; i < text.size(); i += 3) order.push_back(text.size() - i);
    for (const std::size_t offset : order) {
        const LineColumn expected = locate(text, offset);
        const LineColumn got = index.locate(offset);
        EXPECT_EQ(got.line, expected.line) << offset;
        EXPECT_EQ(got.column, expected.column) << offset;
    }
}

}  // namespace kifu
