#include <gtest/gtest.h>

#include "kifu/go/sgf.hpp"
#include "kifu/go/sgf_values.hpp"

namespace kifu::go {
namespace {

SgfCollection read_collection(std::string_view text) {
    Result<SgfCollection> sgf = read_sgf(text);
    EXPECT_TRUE(sgf) << text << "\n" << (sgf ? "" : sgf.error().format("<sgf>"));
    return sgf ? std::move(*sgf) : SgfCollection{};
}

std::vector<std::string> value_texts(const SgfCollection& sgf, std::uint32_t node, std::string_view id) {
    std::vector<std::string> out;
    if (const auto* p = sgf.find(node, id))
        for (const std::string_view v : sgf.values(*p)) out.emplace_back(v);
    return out;
}

std::vector<SgfIssue> issues(const SgfCollection& sgf) {
    std::vector<SgfIssue> out;
    for (const SgfWarning& w : sgf.warnings()) out.push_back(w.issue);
    return out;
}

TEST(SgfReader, NodesPropertiesAndVariations) {
    const SgfCollection sgf = read_collection("(;GM[1]SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))");
    ASSERT_EQ(sgf.games().size(), 1u);
    const std::uint32_t root = sgf.games()[0];
    EXPECT_EQ(*sgf.value(root, "SZ"), "9");
    const auto b = sgf.children(root);
    ASSERT_EQ(b.size(), 1u);
    const auto variations = sgf.children(b[0]);
    ASSERT_EQ(variations.size(), 2u);
    EXPECT_EQ(*sgf.value(variations[0], "W"), "bb");
    EXPECT_EQ(*sgf.value(variations[1], "W"), "dd");
    EXPECT_EQ(*sgf.value(sgf.children(variations[0])[0], "B"), "cc");
    EXPECT_EQ(sgf.node_count(), 5u);
    EXPECT_TRUE(sgf.warnings().empty());
}

TEST(SgfReader, CollectionsAndBlanks) {
    const SgfCollection sgf = read_collection(" \n(;GM[1] ;B [aa]\r\n C [hi] ) \n ( ; GM[1] )\n");
    EXPECT_EQ(sgf.games().size(), 2u);
    EXPECT_EQ(*sgf.value(sgf.children(sgf.games()[0])[0], "C"), "hi");
}

TEST(SgfReader, LongNamesOfOldFormatsBecomeFF4Ids) {
    const SgfCollection sgf =
        read_collection("(;GaMe[1]PlayerBlack[Honinbo]AddBlack[aa][bb];Black[cc]Comment[x])");
    const std::uint32_t root = sgf.games()[0];
    EXPECT_EQ(*sgf.value(root, "GM"), "1");
    EXPECT_EQ(*sgf.value(root, "PB"), "Honinbo");
    EXPECT_EQ(value_texts(sgf, root, "AB"), (std::vector<std::string>{"aa", "bb"}));
    EXPECT_EQ(*sgf.value(sgf.children(root)[0], "B"), "cc");
    EXPECT_EQ(*sgf.value(sgf.children(root)[0], "C"), "x");
}

TEST(SgfReader, RepeatedPropertiesMergeWithAWarning) {
    const SgfCollection sgf = read_collection("(;AW[aa]AB[cc]AW[bb])");
    const std::uint32_t root = sgf.games()[0];
    EXPECT_EQ(value_texts(sgf, root, "AW"), (std::vector<std::string>{"aa", "bb"}));
    EXPECT_EQ(sgf.properties(root).size(), 2u);
    EXPECT_EQ(issues(sgf), std::vector<SgfIssue>{SgfIssue::duplicate_property});
    EXPECT_EQ(sgf.warnings()[0].where.column, 15u);
}

TEST(SgfReader, EscapesAndUnescapedBrackets) {
    const SgfCollection sgf = read_collection("(;C[a \\] b \\\\]GC[foo [1k\\]: hi];C[broken ] text]PB[x])");
    const std::uint32_t root = sgf.games()[0];
    EXPECT_EQ(sgf_text(*sgf.value(root, "C")), "a ] b \\");
    EXPECT_EQ(sgf_text(*sgf.value(root, "GC")), "foo [1k]: hi");
    const std::uint32_t next = sgf.children(root)[0];
    EXPECT_EQ(*sgf.value(next, "C"), "broken ] text");  // the ']' followed by " text]" is text
    EXPECT_EQ(*sgf.value(next, "PB"), "x");
    EXPECT_EQ(issues(sgf), std::vector<SgfIssue>{SgfIssue::unescaped_bracket});
}

TEST(SgfReader, JunkAroundTreesIsAWarning) {
    const SgfCollection sgf = read_collection("Game record (see below)\n(;GM[1]) -- end of mail");
    EXPECT_EQ(sgf.games().size(), 1u);
    EXPECT_EQ(issues(sgf), (std::vector<SgfIssue>{SgfIssue::junk_outside_tree}));
}

TEST(SgfReader, NodeWithoutSemicolon) {
    const SgfCollection sgf = read_collection("(\r\nTE[x]\r\n;B[pd])");
    EXPECT_EQ(*sgf.value(sgf.games()[0], "TE"), "x");
    EXPECT_EQ(issues(sgf), std::vector<SgfIssue>{SgfIssue::missing_node_start});
}

TEST(SgfReader, EmptyNodesAndRedundantParentheses) {
    const SgfCollection sgf = read_collection("(;B[dd];;((( ;W[cb]))))");
    EXPECT_EQ(sgf.node_count(), 4u);
    const std::uint32_t empty = sgf.children(sgf.games()[0])[0];
    const std::uint32_t second = sgf.children(empty)[0];
    EXPECT_TRUE(sgf.properties(empty).empty());
    EXPECT_TRUE(sgf.properties(second).empty());
    ASSERT_EQ(sgf.children(second).size(), 1u);
    EXPECT_EQ(*sgf.value(sgf.children(second)[0], "W"), "cb");
}

// "(;a(;b);c)" is no SGF, but old editors wrote it: c becomes another variation of a
// (after b, as written), with a warning; written back, the file is valid SGF.
TEST(SgfReader, NodesAfterAVariationAreAnotherVariation) {
    const SgfCollection sgf = read_collection("(;B[aa](;W[bb]);W[cc];B[dd])");
    EXPECT_EQ(issues(sgf), std::vector<SgfIssue>{SgfIssue::node_after_variation});
    EXPECT_EQ(sgf.warnings()[0].where.column, 16u);
    EXPECT_EQ(sgf.children(0).size(), 2u);
    EXPECT_EQ(write_sgf(sgf), "(;FF[4]CA[UTF-8]B[aa]\n(;W[bb])\n(;W[cc]\n;B[dd]))\n");
    EXPECT_TRUE(read_collection("(;B[aa](;W[bb])(;W[cc]))").warnings().empty());
}

// A file cut short is read up to where it stops (Sabaki and SGFC do the same), with a
// warning at its end.
TEST(SgfReader, TruncatedFilesAreReadWithAWarning) {
    const Result<SgfCollection> tree = read_sgf("(;SZ[9];B[aa](;W[bb]");
    ASSERT_TRUE(tree);
    ASSERT_EQ(tree->node_count(), 3u);
    ASSERT_EQ(tree->warnings().size(), 1u);
    EXPECT_EQ(tree->warnings()[0].issue, SgfIssue::truncated);
    EXPECT_EQ(tree->warnings()[0].where.column, 21u);
    EXPECT_EQ(tree->warnings()[0].where.message,
              "the file ends inside the game tree opened at 1:1 and 1 variation(s) in it; read as if closed "
              "there");
    const Result<SgfCollection> value = read_sgf("(;SZ[9]C[a comment cut sh");
    ASSERT_TRUE(value);
    EXPECT_EQ(*value->value(0, "C"), "a comment cut sh");
    ASSERT_EQ(value->warnings().size(), 2u);
    EXPECT_EQ(value->warnings()[0].where.message,
              "the file ends inside the value of C opened at 1:9; read up to the end");
    // Nothing to read is still an error.
    EXPECT_FALSE(read_sgf("("));
}

TEST(SgfReader, StructuralErrorsAreFatalWithTheirPlace) {
    struct Case {
        const char* text;
        std::uint32_t line, column;
        const char* message;
    };
    const Case cases[] = {
        {"", 1, 1, "expected a game tree '(;', found end of input"},
        {"(;B;W[aa])", 1, 4, "expected '[' and a value of B, found ';'"},
        {"(;B[aa]\n  123)", 2, 3, "expected a property, ';', '(' or ')', found '1'"},
        {"(;abc[aa])", 1, 3, "expected a property identifier (upper-case letters), found 'abc'"},
    };
    for (const Case& c : cases) {
        const Result<SgfCollection> sgf = read_sgf(c.text);
        ASSERT_FALSE(sgf) << c.text;
        EXPECT_EQ(sgf.error().line, c.line) << c.text;
        EXPECT_EQ(sgf.error().column, c.column) << c.text;
        EXPECT_EQ(sgf.error().message, c.message) << c.text;
    }
}

TEST(SgfReader, DeepTreesNeedNoRecursion) {
    std::string deep = "(;GM[1]SZ[19]";
    for (int i = 0; i < 100000; ++i) deep += i % 2 ? ";W[tt]" : ";B[tt]";
    deep += ")";
    std::string nested = "(;GM[1]";
    for (int i = 0; i < 20000; ++i) nested += "(;B[aa]";
    for (int i = 0; i < 20000; ++i) nested += ")";
    nested += ")";
    EXPECT_EQ(read_collection(deep).node_count(), 100001u);
    const SgfCollection sgf = read_collection(nested);
    EXPECT_EQ(sgf.node_count(), 20001u);
    const std::string written = write_sgf(sgf);
    EXPECT_EQ(read_collection(written).node_count(), 20001u);
}

TEST(SgfReader, CharsetsDecodeToUtf8) {
    // "囲碁" in Shift_JIS; its second byte 0x5C is '\' and must not be an escape.
    const std::string sjis = "(;CA[Shift_JIS]C[\x88\xcd\x8c\xe9 \x95\x5c])";
    const SgfCollection sgf = read_collection(sjis);
    EXPECT_EQ(sgf_text(*sgf.value(sgf.games()[0], "C")), "囲碁 表");
    EXPECT_EQ(sgf.charset(), "CP932");
    // ISO-8859-1 when declared; a BOM is skipped.
    EXPECT_EQ(*read_collection("(;CA[ISO-8859-1]PB[Jos\xe9])").value(0, "PB"), "José");
    EXPECT_EQ(*read_collection("\xEF\xBB\xBF(;PB[Jos\xc3\xa9])").value(0, "PB"), "José");
    // Declared UTF-8 with a cut character: replaced, with a warning.
    const SgfCollection cut = read_collection("(;CA[UTF-8]PB[\xe5\x9b])");
    EXPECT_EQ(*cut.value(0, "PB"), "\xEF\xBF\xBD\xEF\xBF\xBD");
    EXPECT_EQ(issues(cut), std::vector<SgfIssue>{SgfIssue::invalid_text});
}

// Each game tree has its own CA; a tree without one is read as the first is.
TEST(SgfReader, EachGameHasItsOwnCharset) {
    const std::string file =
        "(;CA[UTF-8]PB[\xe5\x8f\xa4\xe5\x8a\x9b])\n"              // 古力 in UTF-8
        "(;CA[GB2312]PB[\xbf\xc2\xbd\xe0]C[\xce\xa7\xc6\xe5])\n"  // 柯洁, 围棋 in GB2312
        "(;CA[Shift_JIS]PB[\x83\x5c]C[\x95\x5c])\n"               // ソ, 表: second bytes '\\'
        "(;PB[x]C[\xc3\xa9])";                                    // none: UTF-8, as the first
    const SgfCollection sgf = read_collection(file);
    ASSERT_EQ(sgf.games().size(), 4u);
    EXPECT_EQ(sgf_simple_text(*sgf.value(sgf.games()[0], "PB")), "古力");
    EXPECT_EQ(sgf_simple_text(*sgf.value(sgf.games()[1], "PB")), "柯洁");
    EXPECT_EQ(sgf_text(*sgf.value(sgf.games()[1], "C")), "围棋");
    EXPECT_EQ(sgf_simple_text(*sgf.value(sgf.games()[2], "PB")), "ソ");
    EXPECT_EQ(sgf_text(*sgf.value(sgf.games()[2], "C")), "表");
    EXPECT_EQ(sgf_text(*sgf.value(sgf.games()[3], "C")), "é");
    EXPECT_EQ(sgf.charset(0), "UTF-8");
    EXPECT_EQ(sgf.charset(1), "GB18030");
    EXPECT_EQ(sgf.charset(2), "CP932");
    EXPECT_EQ(sgf.charset(3), "UTF-8");
    EXPECT_TRUE(sgf.warnings().empty());
    // A charset given decides for every game.
    const Result<SgfCollection> forced = read_sgf(file, {.charset = "ISO-8859-1"});
    ASSERT_TRUE(forced);
    EXPECT_EQ(forced->charset(1), "ISO-8859-1");
    // CA is a hint: UTF-8 text that kept its CA[GB2312] (re-encoded, pasted, a Python str)
    // reads as UTF-8.
    const SgfCollection kept = read_collection("(;CA[GB2312]PB[\xe6\x9f\xaf\xe6\xb4\x81])");  // 柯洁 in UTF-8
    EXPECT_EQ(sgf_simple_text(*kept.value(kept.games()[0], "PB")), "柯洁");
    EXPECT_EQ(kept.charset(0), "UTF-8");
    EXPECT_TRUE(kept.warnings().empty());
}

// Without CA the guess is said, with how sure it is.
TEST(SgfReader, GuessedCharsetIsAWarning) {
    const SgfCollection sgf = read_collection("(;SZ[19]PB[\xc4\xf4\xce\xc0\xc6\xbd])");  // 聂卫平 in GB2312
    EXPECT_EQ(sgf_simple_text(*sgf.value(0, "PB")), "聂卫平");
    EXPECT_EQ(issues(sgf), std::vector<SgfIssue>{SgfIssue::charset_guessed});
    EXPECT_EQ(sgf.warnings()[0].where.message,
              "no CA: the text was read as GB18030, a guess from little text (confidence 10 of 100); CA or "
              "--charset decides");
    EXPECT_TRUE(read_collection("(;SZ[19]PB[\xe5\x8f\xa4])").warnings().empty());  // UTF-8 needs no guess
}

// Found by the fuzzer: a "CA[" inside another value is no declaration, so what the
// writer writes (CA[UTF-8]) is what the reader reads again.
TEST(SgfReader, CharsetDeclarationIsAProperty) {
    const SgfCollection sgf = read_collection("(;GM[1CA[Shift_JIS]C[\xc3\xa9])");
    EXPECT_EQ(sgf.charset(), "UTF-8");
    EXPECT_EQ(*sgf.value(0, "C"), "é");
    EXPECT_EQ(write_sgf(read_collection(write_sgf(sgf))), write_sgf(sgf));
}

TEST(SgfValues, TextAndSimpleText) {
    EXPECT_EQ(sgf_text("a\\\nb"), "ab");  // soft line break
    EXPECT_EQ(sgf_text("a\r\nb\n\rc\rd"), "a\nb\nc\nd");
    EXPECT_EQ(sgf_text("a\tb"), "a b");
    EXPECT_EQ(sgf_simple_text("a\nb"), "a b");
    EXPECT_EQ(sgf_text("\\u\\n"), "un");  // needless escapes are just letters
    EXPECT_EQ(sgf_escape("a]b\\c:d"), "a\\]b\\\\c:d");
    EXPECT_EQ(sgf_escape("a:b", true), "a\\:b");
}

TEST(SgfValues, ComposeAndPointLists) {
    const auto parts = sgf_split_compose("dd:A\\:B");
    ASSERT_TRUE(parts);
    EXPECT_EQ(parts->first, "dd");
    EXPECT_EQ(parts->second, "A\\:B");
    EXPECT_FALSE(sgf_split_compose("a\\:b"));
    std::vector<Point> points;
    ASSERT_TRUE(sgf_expand_points({19, 19}, "aa:bc", points));
    EXPECT_EQ(points.size(), 6u);
    EXPECT_FALSE(sgf_expand_points({9, 9}, "aa:jj", points));
    EXPECT_EQ(*sgf_board_size("19"), (BoardSize{19, 19}));
    EXPECT_EQ(*sgf_board_size("19:13"), (BoardSize{19, 13}));
    EXPECT_EQ(*sgf_board_size(" 13 "), (BoardSize{13, 13}));
    EXPECT_FALSE(sgf_board_size("53"));
    EXPECT_FALSE(sgf_board_size("0"));
}

TEST(SgfWriter, Ff4OneNodeALineAndRereadable) {
    const SgfCollection sgf =
        read_collection("(;FF[3]GM[1]CA[Latin1]PB[x];B[aa](;W[bb]C[a\\]b];B[cc])(;W[dd]LB[ee:x\\:y]))");
    const std::string written = write_sgf(sgf);
    EXPECT_EQ(written,
              "(;GM[1]FF[4]CA[UTF-8]PB[x]\n;B[aa]\n(;W[bb]C[a\\]b]\n;B[cc])\n(;W[dd]LB[ee:x\\:y]))\n");
    const SgfCollection again = read_collection(written);
    EXPECT_EQ(write_sgf(again), written);
    // An unescaped ']' taken in as text is escaped on the way out.
    EXPECT_EQ(write_sgf(read_collection("(;C[a ] b])")), "(;FF[4]CA[UTF-8]C[a \\] b])\n");
}

TEST(SgfCollection, BuildingByHand) {
    SgfCollection sgf;
    const std::uint32_t root = sgf.add_game();
    sgf.set_property(root, "SZ", "9");
    const std::uint32_t move = sgf.add_child(root);
    sgf.set_property(move, "B", "ee");
    sgf.set_property(root, "GM", "1");  // a node's properties move to stay together
    sgf.set_property(move, "C", sgf_escape("a]b"));
    sgf.set_property(root, "SZ", "13");  // replaces
    EXPECT_EQ(write_sgf(sgf), "(;GM[1]FF[4]CA[UTF-8]SZ[13]\n;B[ee]C[a\\]b])\n");
}

TEST(SgfCollection, AddMoveMakesWhatAddChildAndSetPropertyMake) {
    std::string point = "cd";  // not one of the static point texts: kept as a copy
    SgfCollection by_move("x", "UTF-8"), by_property("x", "UTF-8");
    const std::uint32_t a = by_move.add_game(), b = by_property.add_game();
    const std::uint32_t a1 = by_move.add_move(a, true, point, 7);
    by_move.add_move(a1, false, "", 9);    // a pass
    by_move.add_move(a, false, "ab", 11);  // a variation
    point = "zz";
    const std::uint32_t b1 = by_property.add_child(b);
    by_property.set_offset(b1, 7);
    by_property.set_property(b1, "B", "cd");
    const std::uint32_t b2 = by_property.add_child(b1);
    by_property.set_offset(b2, 9);
    by_property.set_property(b2, "W", "");
    const std::uint32_t b3 = by_property.add_child(b);
    by_property.set_offset(b3, 11);
    by_property.set_property(b3, "W", "ab");
    EXPECT_EQ(write_sgf(by_move), write_sgf(by_property));
    EXPECT_EQ(write_sgf(by_move), "(;FF[4]CA[UTF-8]\n(;B[cd]\n;W[])\n(;W[ab]))\n");
    ASSERT_EQ(by_move.node_count(), by_property.node_count());
    for (std::uint32_t n = 0; n < by_move.node_count(); ++n) {
        EXPECT_EQ(by_move.node(n).offset, by_property.node(n).offset);
        ASSERT_EQ(by_move.properties(n).size(), by_property.properties(n).size());
        for (std::size_t k = 0; k < by_move.properties(n).size(); ++k) {
            EXPECT_EQ(by_move.properties(n)[k].id, by_property.properties(n)[k].id);
            EXPECT_EQ(by_move.properties(n)[k].offset, by_property.properties(n)[k].offset);
        }
    }
}

}  // namespace
}  // namespace kifu::go
