#include "kifu/core/utf8.hpp"
#include "kifu/core/error.hpp"

#include <gtest/gtest.h>

namespace kifu::utf8 {
namespace {

TEST(Utf8, DecodesEveryLength) {
    EXPECT_EQ(decode("a", 0).code_point, U'a');
    EXPECT_EQ(decode("é", 0).length, 2u);
    EXPECT_EQ(decode("碁", 0).code_point, U'碁');
    EXPECT_EQ(decode("碁", 0).length, 3u);
    EXPECT_EQ(decode("😀", 0).length, 4u);
}

TEST(Utf8, RejectsMalformedSequences) {
    EXPECT_EQ(decode("\x80", 0).length, 0u);              // lone continuation byte
    EXPECT_EQ(decode("\xc3", 0).length, 0u);              // truncated
    EXPECT_EQ(decode("\xc0\xaf", 0).length, 0u);          // overlong '/'
    EXPECT_EQ(decode("\xed\xa0\x80", 0).length, 0u);      // surrogate
    EXPECT_EQ(decode("\xf4\x90\x80\x80", 0).length, 0u);  // past U+10FFFF
    EXPECT_EQ(find_invalid("ab\xffz"), 2u);
    EXPECT_TRUE(is_valid("囲碁 is fun"));
    EXPECT_FALSE(is_valid("\xe5\x9b"));
}

}  // namespace
// Snippets quoted in messages never end inside a character (a JSON writer would write
// invalid UTF-8 otherwise).
TEST(Utf8, PrefixNeverCutsACharacter) {
    const std::string text = "ab\u7881\u7881";  // 2 + 3 + 3 bytes
    EXPECT_EQ(prefix(text, 100), text);
    EXPECT_EQ(prefix(text, 2), "ab");
    EXPECT_EQ(prefix(text, 3), "ab");
    EXPECT_EQ(prefix(text, 4), "ab");
    EXPECT_EQ(prefix(text, 5), "ab\u7881");
    EXPECT_EQ(prefix(text, 7), "ab\u7881");
    for (std::size_t n = 0; n <= text.size(); ++n) EXPECT_TRUE(is_valid(prefix(text, n))) << n;
    EXPECT_LE(prefix("\x80\x80\x80\x80\x80", 2).size(), 2u);  // not UTF-8 to begin with: still bounded
}

}  // namespace kifu::utf8

namespace kifu {
namespace {

// The one escaping path: controls (C0 but tab, DEL, C1) and bytes of no UTF-8 sequence as
// \xNN; text in any script unchanged; line breaks kept only when asked.
TEST(VisibleText, ShowsControlsAndStrayBytesKeepsText) {
    EXPECT_EQ(visible_text("\xe6\x89\x8b\xe6\x95\xb0 e4\tok"), "\xe6\x89\x8b\xe6\x95\xb0 e4\tok");
    EXPECT_EQ(visible_text("a\x1b[2Jb\x07\x7f"), "a\\x1b[2Jb\\x07\\x7f");
    EXPECT_EQ(visible_text("csi \xc2\x9b nel \xc2\x85 nbsp \xc2\xa0"),
              "csi \\xc2\\x9b nel \\xc2\\x85 nbsp \xc2\xa0");
    EXPECT_EQ(visible_text("\xff\xc3\x28 cut \xe6\x89"), "\\xff\\xc3( cut \\xe6\\x89");
    EXPECT_EQ(visible_text("one\ntwo\r\n"), "one\\x0atwo\\x0d\\x0a");
    EXPECT_EQ(visible_text("one\ntwo\r\n", LineBreaks::keep), "one\ntwo\\x0d\n");
    const std::string once = visible_text("\x1b\xff\xc2\x9b");
    EXPECT_EQ(visible_text(once), once);  // shown text is shown as it is
}

}  // namespace
}  // namespace kifu
