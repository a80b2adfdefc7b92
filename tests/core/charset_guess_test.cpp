// The charset guess on made cases of each charset: player names alone (too little text for
// statistics) and long comments (ICU's detector decides).

#include <iconv.h>

#include <gtest/gtest.h>

#include "kifu/core/charset.hpp"

namespace kifu::charset {
namespace {

// The UTF-8 text in `charset`, as a file that does not say would hold it.
std::string encoded(std::string_view text, const char* charset) {
    iconv_t cd = iconv_open(charset, "UTF-8");
    EXPECT_NE(cd, reinterpret_cast<iconv_t>(-1)) << charset;
    std::string out(text.size() * 4 + 16, '\0');
    char* in = const_cast<char*>(text.data());
    std::size_t in_left = text.size();
    char* dst = out.data();
    std::size_t dst_left = out.size();
    EXPECT_NE(iconv(cd, &in, &in_left, &dst, &dst_left), static_cast<std::size_t>(-1)) << charset;
    iconv_close(cd);
    out.resize(out.size() - dst_left);
    return out;
}

struct Case {
    const char* charset;  // to write the text in
    const char* text;     // UTF-8
    const char* guessed;  // what the guess must read it as
};

void expect_read_back(const Case& c) {
    const std::string bytes = encoded(c.text, c.charset);
    const Guess g = guess(bytes);
    EXPECT_EQ(g.charset, c.guessed) << c.text;
    const Result<Converted> back = to_utf8(bytes, g.charset);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->text, c.text) << c.charset;
}

TEST(CharsetGuess, NamesAlone) {
    const Case cases[] = {
        {"GB2312", "(;GM[1]SZ[19]PB[聂卫平])", "GB18030"},  // was read as EUC-KR
        {"GB2312", "(;GM[1]SZ[19]PB[常昊]PW[马晓春])", "GB18030"},
        {"BIG5", "(;GM[1]SZ[19]PB[聶衛平]PW[曹薰鉉])", "BIG5"},  // was read as GB18030
        {"BIG5", "(;GM[1]SZ[19]PB[周俊勳]PW[林海峰])", "BIG5"},
        {"EUC-KR", "(;GM[1]SZ[19]PB[이창호]PW[조훈현])", "CP949"},
        {"EUC-KR", "(;GM[1]SZ[19]PB[신진서]PW[박정환])", "CP949"},
        {"SHIFT_JIS", "(;GM[1]SZ[19]PB[井山裕太]PW[一力遼])", "CP932"},
        {"SHIFT_JIS", "(;GM[1]SZ[19]PB[趙治勲]PW[小林光一])", "CP932"},
        {"ISO-8859-1", "(;C[créé par])", "ISO-8859-1"},  // was read as GB18030
        {"ISO-8859-1", "(;GM[1]SZ[19]PB[Müller]PW[Søren]C[Très bien joué])", "ISO-8859-1"},
    };
    for (const Case& c : cases) expect_read_back(c);
    // GB2312 and hangul-only KS X 1001 score alike on these bytes; the characters' frequency
    // decides: 白 (B0 D7) is common Chinese, 겜 rare Korean (GNU Go's 9handicap.sgf names
    // White so), and likewise 盘面 against 턍충, and 黑 against 붚.
    const Case ties[] = {
        {"GB2312", "(;GM[1]SZ[19]PW[白])", "GB18030"},  {"GB2312", "(;GM[1]SZ[19]PB[黑]PW[白])", "GB18030"},
        {"GB2312", "(;GM[1]SZ[19]C[盘面])", "GB18030"}, {"EUC-KR", "(;GM[1]SZ[19]PB[김]PW[이])", "CP949"},
        {"EUC-KR", "(;GM[1]SZ[19]C[흑 백])", "CP949"},
    };
    for (const Case& c : ties) expect_read_back(c);
    // So little text is a guess, and says so.
    const Guess names = guess(encoded("(;PB[聂卫平])", "GB2312"));
    EXPECT_TRUE(names.from_little_text);
    EXPECT_LT(names.confidence, 50);
}

TEST(CharsetGuess, LongComments) {
    const Case cases[] = {
        {"GB2312",
         "(;GM[1]SZ[19]EV[第一届中日围棋擂台赛]PB[聂卫平]PW[藤泽秀行]RE[黑中盘胜]C["
         "这是一盘非常精彩的对局，黑棋在"
         "中盘取得了优势。])",
         "GB18030"},
        {"BIG5",
         "(;GM[1]SZ[19]EV[第一屆中日圍棋擂台賽]PB[聶衛平]PW[藤澤秀行]RE[黑中盤勝]C["
         "這是一盤非常精彩的對局，黑棋在"
         "中盤取得了優勢。])",
         "BIG5"},
        {"EUC-KR",
         "(;GM[1]SZ[19]EV[제1회 삼성화재배 세계바둑오픈]PB[이창호]PW[조훈현]RE[흑 불계승]C[흑이 중반에 "
         "우세를 "
         "잡았습니다.])",
         "EUC-KR"},
        {"SHIFT_JIS",
         "(;GM[1]SZ[19]EV[第1期棋聖戦七番勝負]PB[藤沢秀行]PW[大竹英雄]RE[黒中押し勝ち]C["
         "黒が中盤で優勢を築きました"
         "。])",
         "CP932"},
        {"CP1252",
         "(;GM[1]SZ[19]PB[François Lefèvre]PW[Jürgen Müller]C[Une très belle partie : les Noirs ont pris "
         "l'avantage au milieu de partie, après une invasion réussie.])",
         "ISO-8859-1"},
        {"CP1251",
         "(;GM[1]SZ[19]PB[Иванов]PW[Петров]C[Очень интересная партия: чёрные получили преимущество в "
         "середине "
         "игры после удачного вторжения.])",
         "CP1251"},
    };
    for (const Case& c : cases) {
        expect_read_back(c);
        EXPECT_FALSE(guess(encoded(c.text, c.charset)).from_little_text) << c.text;
    }
}

TEST(CharsetGuess, UnicodeIsCertain) {
    EXPECT_EQ(guess("(;PB[古力])").charset, "UTF-8");
    EXPECT_EQ(guess("(;PB[Lee])").confidence, 100);
    EXPECT_EQ(guess(encoded("(;GM[1]SZ[19]PB[Lee Sedol])", "UTF-16LE")).charset, "UTF-16LE");
    EXPECT_EQ(utf16_without_bom(encoded("(;GM[1]SZ[19]PB[Lee Sedol])", "UTF-16BE")), "UTF-16BE");
}

// Found by the fuzzer: glibc's CP949 reports an invalid sequence after taking the last
// bytes; the decoder replaced one byte more than there was.
TEST(CharsetGuess, DecoderFailingAtTheVeryEnd) {
    const std::string bytes = "]G\xc3\xa3\xa2\xe8";
    const Result<Converted> converted = to_utf8(bytes, "CP949");
    ASSERT_TRUE(converted);
    EXPECT_EQ(converted->replaced, 1u);
    EXPECT_LT(converted->first_replaced, bytes.size());
    EXPECT_FALSE(guess(bytes).charset.empty());
}

// A long file is judged on a bounded sample around its non-ASCII bytes, wherever they are.
TEST(CharsetGuess, LongFilesAreSampled) {
    std::string text = "(;GM[1]SZ[19]";
    for (int i = 0; i < 40000; ++i) text += ";B[aa]";
    text += "C[这是一盘非常精彩的对局，黑棋在中盘取得了优势。白棋最后认输了。])";
    const Guess g = guess(encoded(text, "GB2312"));
    EXPECT_EQ(g.charset, "GB18030");
    EXPECT_FALSE(g.from_little_text);
    // Shift_JIS second bytes can be ASCII ('\\' in 表 and ソ): no window of the sample may
    // end between the two bytes of a character.
    std::string japanese = "(;GM[1]SZ[19]";
    for (int i = 0; i < 3000; ++i) japanese += ";B[aa]C[表ソ表ソ黒が中盤で優勢を築きました]";
    const Guess sjis = guess(encoded(japanese + ")", "SHIFT_JIS"));
    EXPECT_EQ(sjis.charset, "CP932");
    EXPECT_FALSE(sjis.from_little_text);
}

}  // namespace
}  // namespace kifu::charset
