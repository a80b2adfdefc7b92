// The read options as data (formats/options.hpp): every row sets its field, refuses what
// it does not take, applies to some format and not to others; and a text read with
// --charset is read in that charset, for each format that takes it.

#include <gtest/gtest.h>

#include "kifu/core/charset.hpp"
#include "kifu/formats/games.hpp"
#include "kifu/formats/options.hpp"

namespace kifu::formats {
namespace {

TEST(ReadOptions, EveryRowSetsItsFieldAndAppliesToSomeFormatsOnly) {
    for (const ReadOptionSpec& spec : read_option_specs()) {
        EXPECT_EQ(find_read_option(spec.name), &spec);
        ReadOptions o;
        ASSERT_TRUE(set_read_option(o, spec.name, spec.example)) << spec.name;
        EXPECT_NE(o.start + (o.superko ? "superko" : "") + o.rules + o.charset, "")
            << spec.name << " set nothing";
        std::size_t taking = 0, refusing = 0;
        for (const Format& f : all_formats()) {
            if (!f.can_read()) continue;
            (check_applies(f, spec) ? taking : refusing) += 1;
        }
        EXPECT_GT(taking, 0u) << spec.name;
        EXPECT_GT(refusing, 0u) << spec.name;
    }
    ReadOptions o;
    EXPECT_EQ(set_read_option(o, "charsett", "GB2312").error().message,
              "no read option 'charsett'; the read options are position, superko, rules, charset");
    EXPECT_EQ(set_read_option(o, "charset", "NO-SUCH").error().message,
              "charset: 'NO-SUCH' is no charset kifu (iconv) knows");
    EXPECT_EQ(set_read_option(o, "superko", "maybe").error().message,
              "superko: 'maybe' is no yes or no (true, false)");
    EXPECT_FALSE(set_read_option(o, "rules", "Martian"));
    ASSERT_TRUE(set_read_option(o, "charset", "euc-kr"));
    EXPECT_EQ(o.charset, "EUC-KR");  // iconv's name, as charset::canonical_name gives
    ASSERT_TRUE(set_read_option(o, "superko", "false"));
    EXPECT_FALSE(o.superko);
}

// The same bytes, read without and with a charset, by every format that takes one.
TEST(ReadOptions, TheCharsetGivenDecidesForEveryFormatThatTakesIt) {
    struct Case {
        const char* format;
        std::string text;     // UTF-8, written to the charset whole
        const char* charset;  // the charset given
        const char* other;    // one that reads the bytes otherwise ("": kifu's own rule)
        const char* needle;   // what the charset given must make of the bytes
    };
    const Case cases[] = {
        {"sgf", "(;GM[1]SZ[9]PB[김 이];B[ee])", "EUC-KR", "GB2312", "김 이"},
        {"pgn", "[Event \"김 이\"]\n\n1. e4 *\n", "EUC-KR", "GB2312", "김 이"},
        {"pgn-xiangqi", "[Game \"Chinese Chess\"]\n[Event \"김 이\"]\n\n1. h2e2 *\n", "EUC-KR", "GB2312",
         "김 이"},
        {"csa", "V2.2\n$EVENT:김 이\nPI\n+\n+7776FU\n", "EUC-KR", "GB2312", "김 이"},
        // An EUC-JP KIF (older Unix programs wrote them); without the charset, Shift_JIS.
        {"kif", "棋戦：竜王戦\n手数----指手---------消費時間--\n   1 ７六歩(77)\n", "EUC-JP", "", "竜王戦"},
        {"ki2", "棋戦：竜王戦\n\n▲７六歩\n", "EUC-JP", "", "竜王戦"},
        {"gib", "\\HS\n\\[GAMEBLACKNAME=김 이 (2D)\\]\n\\HE\n\\GS\nSTO 0 2 1 15 3\n\\GE\n", "EUC-KR",
         "GB2312", "김 이"},
        {"ngf", "t\n19\n김이 1K\nb 2K\np\n0\n0\n6\n\n5\n\n1\nPMABBDDDD\n", "EUC-KR", "GB2312", "김이"},
        {"dhtmlxq",
         "[DhtmlXQ][DhtmlXQ_red]김 이[/DhtmlXQ_red][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]",
         "EUC-KR", "GB2312", "김 이"},
        {"ugf", "[Header]\nSize=9\nPlayerB=김 이,1k\n[Data]\nEE,B1,1,0\n", "EUC-KR", "GB2312", "김 이"},
    };
    std::size_t covered = 0;
    for (const Case& c : cases) {
        const Format* f = find_format(c.format);
        ASSERT_NE(f, nullptr) << c.format;
        ASSERT_TRUE(f->takes(kCharset)) << c.format;
        ++covered;
        const Result<std::string> text = charset::from_utf8(c.text, c.charset);
        ASSERT_TRUE(text) << c.format;
        ReadOptions given, other;
        ASSERT_TRUE(set_read_option(given, "charset", c.charset));
        if (*c.other) {
            ASSERT_TRUE(set_read_option(other, "charset", c.other));
        }
        Result<Document> read = f->read(*text, given), read_otherwise = f->read(*text, other);
        ASSERT_TRUE(read) << c.format << ": " << read.error().message;
        // Written back (in UTF-8), the text is what the charset made of the bytes.
        // A format that only reads is written as its game's record format (GIB as SGF).
        const Format* writer = f->can_write() ? f : find_format(game_info(f->game)->record_format);
        const auto written = [&](const Document& d) {
            std::vector<std::string> notes;
            Result<std::string> out = writer->write(d, {}, notes);
            return out ? *out : out.error().message;
        };
        EXPECT_NE(written(*read).find(c.needle), std::string::npos) << c.format << ": " << written(*read);
        if (read_otherwise) {
            EXPECT_EQ(written(*read_otherwise).find(c.needle), std::string::npos) << c.format;
        }
    }
    // XQF is binary: only its strings are in a charset (GBK unless --charset says otherwise).
    {
        const Result<std::string> name = charset::from_utf8("김 이", "EUC-KR");
        ASSERT_TRUE(name);
        std::string xqf(0x400, '\0');
        xqf.replace(0, 3, "XQ\x0a");
        xqf.replace(0x10, 32, std::string(32, '\xFF'));
        xqf[0x130] = static_cast<char>(name->size());
        xqf.replace(0x131, name->size(), *name);
        xqf += std::string("\x18\x20\x00\xFF\0\0\0\0", 8);
        const Format* f = find_format("xqf");
        ASSERT_TRUE(f->takes(kCharset));
        ++covered;
        ReadOptions given;
        ASSERT_TRUE(set_read_option(given, "charset", "EUC-KR"));
        const auto red = [&](const ReadOptions& o) {
            Result<Document> d = f->read(xqf, o);
            EXPECT_TRUE(d);
            return d ? std::string(*std::get<std::vector<xiangqi::Game>>(d->value).front().tag("Red")) : "";
        };
        EXPECT_EQ(red(given), "김 이");
        EXPECT_NE(red({}), "김 이");
    }
    std::size_t taking = 0;
    for (const Format& f : all_formats()) taking += f.can_read() && f.takes(kCharset) && f.detect != nullptr;
    EXPECT_GE(covered, taking) << "a format that takes --charset has no case here";
}

// A xiangqi PGN that is not UTF-8 is read in the charset the guess gives (GB2312 here, as
// Chinese programs write them), moves in Chinese included.
TEST(ReadOptions, AXiangqiPgnInGb2312IsReadWithoutACharset) {
    const Result<std::string> text = charset::from_utf8(
        "[Game \"Chinese Chess\"]\n[Event \"全国象棋个人赛\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ "
        "*\n",
        "GB2312");
    ASSERT_TRUE(text);
    Result<Document> d = find_format("pgn-xiangqi")->read(*text, {});
    ASSERT_TRUE(d) << d.error().message;
    std::vector<std::string> notes;
    const Result<std::string> written = find_format("pgn-xiangqi")->write(*d, {}, notes);
    ASSERT_TRUE(written);
    EXPECT_NE(written->find("全国象棋个人赛"), std::string::npos) << *written;
    EXPECT_NE(written->find("炮二平五"), std::string::npos) << *written;
}

}  // namespace
}  // namespace kifu::formats
