// The Go servers' records (go/server_records.hpp): the real files of tests/data/go-servers
// read as their servers meant them, errors with their line and column, and what the
// registry makes of them.

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "kifu/formats/registry.hpp"
#include "kifu/go/record.hpp"
#include "kifu/go/score.hpp"
#include "kifu/go/server_records.hpp"
#include "kifu/go/sgf_values.hpp"

namespace kifu::go {
namespace {

std::string data_file(std::string_view name) {
    std::ifstream in(std::string(KIFU_SOURCE_DIR) + "/tests/data/go-servers/" + std::string(name),
                     std::ios::binary);
    EXPECT_TRUE(in) << name;
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The root's property as text ("" when absent; several values joined by spaces).
std::string root_value(const SgfCollection& sgf, std::string_view id) {
    const SgfCollection::Property* p = sgf.find(sgf.games()[0], id);
    if (!p) return {};
    std::string out;
    for (const std::string_view v : sgf.values(*p)) out += (out.empty() ? "" : " ") + sgf_text(v);
    return out;
}

// The main line's moves, "B[pd]" each.
std::vector<std::string> main_line(const SgfCollection& sgf) {
    std::vector<std::string> out;
    for (std::uint32_t n = sgf.node(sgf.games()[0]).first_child; n != SgfCollection::kNone;
         n = sgf.node(n).first_child)
        for (const SgfCollection::Property& p : sgf.properties(n))
            if (p.id == "B" || p.id == "W") out.push_back(fmt::format("{}[{}]", p.id, sgf.values(p)[0]));
    return out;
}

// Every rule check of the game: a file the server wrote breaks none.
std::vector<SgfWarning> checked(const SgfCollection& sgf) {
    std::vector<SgfWarning> warnings = sgf.warnings();
    EXPECT_TRUE(check_game(sgf, sgf.games()[0], {}, warnings));
    return warnings;
}

using Reader = Result<SgfCollection> (*)(std::string_view, const SgfReadOptions&);
SgfCollection must_read(Reader reader, std::string_view text) {
    Result<SgfCollection> r = reader(text, {});
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    return r ? std::move(*r) : SgfCollection{};
}

TEST(GoServerRecords, TygemGibInEveryCharsetWithItsHandicapPlacement) {
    const SgfCollection utf8 = must_read(read_gib, data_file("utf8.gib"));
    EXPECT_EQ(root_value(utf8, "PB"), "jy512");
    EXPECT_EQ(root_value(utf8, "BR"), "15K");
    EXPECT_EQ(root_value(utf8, "PW"), "leejw977");
    EXPECT_EQ(root_value(utf8, "WR"), "10K");
    EXPECT_EQ(root_value(utf8, "KM"), "0");
    EXPECT_EQ(root_value(utf8, "DT"), "2016-03-26");
    EXPECT_EQ(root_value(utf8, "TM"), "1200");
    EXPECT_EQ(root_value(utf8, "OT"), "3x30 byo-yomi");
    // Tygem's third stone is in the upper left: White's first move takes the lower right.
    EXPECT_EQ(root_value(utf8, "HA"), "3");
    EXPECT_EQ(root_value(utf8, "AB"), "dp pd dd");
    const std::vector<std::string> moves = main_line(utf8);
    ASSERT_EQ(moves.size(), 118u);
    EXPECT_EQ(std::vector(moves.begin(), moves.begin() + 4),
              (std::vector<std::string>{"W[pp]", "B[nq]", "W[qn]", "B[no]"}));
    EXPECT_TRUE(checked(utf8).empty());

    const SgfCollection gb = must_read(read_gib, data_file("gb2312.gib"));
    EXPECT_EQ(gb.charset(), "GB18030");
    EXPECT_EQ(root_value(gb, "PB"), "石下之臣");
    EXPECT_EQ(root_value(gb, "BR"), "2段");
    EXPECT_EQ(root_value(gb, "RE"), "W+11");  // GRLT 1, ZIPSU 110: "白11目胜"
    EXPECT_EQ(root_value(gb, "HA"), "5");
    EXPECT_EQ(main_line(gb).size(), 268u);
    EXPECT_TRUE(checked(gb).empty());

    const SgfCollection kr = must_read(read_gib, data_file("euc-kr.gib"));
    EXPECT_EQ(root_value(kr, "GN"), "승강급 대국");
    EXPECT_EQ(root_value(kr, "RE"), "B+T");
    EXPECT_EQ(root_value(kr, "KM"), "6.5");
    EXPECT_EQ(main_line(kr).size(), 49u);

    const SgfCollection global = must_read(read_gib, data_file("katrain-global.gib"));
    EXPECT_EQ(root_value(global, "RE"), "W+T");
    EXPECT_EQ(main_line(global).size(), 232u);
    EXPECT_TRUE(checked(global).empty());
}

TEST(GoServerRecords, NgfBothLayoutsKomiHalfPointAndResults) {
    const SgfCollection even = must_read(read_ngf, data_file("even.ngf"));
    EXPECT_EQ(root_value(even, "KM"), "7.5");  // written "7"
    EXPECT_EQ(root_value(even, "PW"), "LQC");
    EXPECT_EQ(root_value(even, "WR"), "9p");
    EXPECT_EQ(root_value(even, "PB"), "CYY");
    EXPECT_EQ(root_value(even, "RE"), "B+0.5");
    EXPECT_EQ(root_value(even, "DT"), "2017-03-16");
    const std::vector<std::string> moves = main_line(even);
    ASSERT_EQ(moves.size(), 333u);
    EXPECT_EQ(std::vector(moves.begin(), moves.begin() + 4),
              (std::vector<std::string>{"B[qd]", "W[dd]", "B[pq]", "W[dp]"}));
    EXPECT_TRUE(checked(even).empty());

    const SgfCollection handicap = must_read(read_ngf, data_file("handicap2.ngf"));
    EXPECT_EQ(root_value(handicap, "HA"), "2");
    EXPECT_EQ(root_value(handicap, "AB"), "dp pd");
    EXPECT_EQ(root_value(handicap, "KM"), "0");
    EXPECT_EQ(root_value(handicap, "RE"), "W+R");
    EXPECT_EQ(main_line(handicap).size(), 189u);
    EXPECT_TRUE(checked(handicap).empty());

    const SgfCollection gi = must_read(read_ngf, data_file("gb2312.ngf"));
    EXPECT_EQ(root_value(gi, "GN"), "韩国十段战");
    EXPECT_EQ(root_value(gi, "PB"), "李载雄");
    EXPECT_EQ(root_value(gi, "BR"), "五段");
    EXPECT_EQ(root_value(gi, "RE"), "B+R");  // "黑中盘胜"
    EXPECT_EQ(root_value(gi, "DT"), "2006-09-05");
    EXPECT_EQ(main_line(gi).size(), 211u);
    EXPECT_TRUE(checked(gi).empty());
}

TEST(GoServerRecords, PandanetUgfAndUgiWithCommentsAndTheCountOfTheResult) {
    const SgfCollection ugf = must_read(read_ugf, data_file("amateur.ugf"));
    EXPECT_EQ(root_value(ugf, "KM"), "-5.5");
    EXPECT_EQ(root_value(ugf, "RE"), "B+7.5");
    EXPECT_EQ(root_value(ugf, "RU"), "Japanese");
    EXPECT_EQ(root_value(ugf, "CP"), "PANDANET INC.");
    EXPECT_EQ(root_value(ugf, "BR"), "7d");
    const std::vector<std::string> moves = main_line(ugf);
    ASSERT_EQ(moves.size(), 254u);
    EXPECT_EQ(std::vector(moves.begin(), moves.begin() + 4),
              (std::vector<std::string>{"B[qd]", "W[dd]", "B[pq]", "W[dq]"}));
    EXPECT_TRUE(checked(ugf).empty());

    const SgfCollection review = must_read(read_ugf, data_file("review.ugi"));
    EXPECT_EQ(root_value(review, "C"),
              "apetresc 2k?: Let's begin and enjoy a great game.\nken03110 2k : Hi!");
    const std::vector<std::string> reviewed = main_line(review);
    ASSERT_EQ(reviewed.size(), 222u);
    EXPECT_EQ(reviewed.back(), "W[]");  // "YA": off the board, a pass
    // ".Comment,19" is the node after move 18.
    std::uint32_t n = review.games()[0];
    for (int k = 0; k < 18; ++k) n = review.node(n).first_child;
    ASSERT_TRUE(review.value(n, "C"));
    EXPECT_EQ(sgf_text(*review.value(n, "C")), "apetresc [ 2k?]: I think white is ahead already?");
    EXPECT_TRUE(checked(review).empty());
    // Counted at the end of its main line, the game gives the result Pandanet wrote.
    Result<GameCount> count = count_game(review, review.games()[0]);
    ASSERT_TRUE(count);
    EXPECT_EQ(count->count.result(), "B+2.5");
    EXPECT_EQ(root_value(review, "RE"), "B+2.5");
}

TEST(GoServerRecords, ErrorsHaveTheirLineAndColumn) {
    const auto error = [](Reader reader, std::string_view text) {
        Result<SgfCollection> r = reader(text, {});
        EXPECT_FALSE(r) << text;
        return r ? std::string()
                 : fmt::format("{}:{}: {}", r.error().line, r.error().column, r.error().message);
    };
    EXPECT_EQ(error(read_gib, "\\HS\n\\HE\n\\GS\nSTO 0 2 3 15 3\n\\GE\n"),
              "4:9: a colour (1 black, 2 white) 3 is not from 1 to 2");
    EXPECT_EQ(error(read_gib, "\\GS\nSTO 0 2 1 15 19\n"), "2:14: a row 19 is not from 0 to 18");
    EXPECT_EQ(error(read_gib, "\\GS\nSTO 0 2 1 x 3\n"), "2:11: expected a column, found 'x'");
    EXPECT_EQ(error(read_gib, "(;B[aa])"),
              "1:1: expected a GIB record: \\HS (the header) and \\GS (the moves)");
    EXPECT_EQ(error(read_ngf, "Rated game\nnineteen\n"), "2:1: expected the board size, found 'n'");
    EXPECT_EQ(error(read_ngf, "t\n19\nw\nb\np\n0\n0\n6\n\n5\n\n1\nPMABXDD\n"),
              "13:5: expected B or W, found 'X'");
    EXPECT_EQ(error(read_ngf, "t\n9\nw\nb\np\n0\n0\n6\n\n5\n\n1\nPMABBDZ\n"),
              "13:7: 'Z' is off the 9x9 board ('B' is the first line, \"AA\" a pass)");
    EXPECT_EQ(error(read_ugf, "[Header]\nSize=19\n[Data]\nQ,B1,1,0\n"),
              "4:1: expected a point: two letters from A, found 'Q'");
    EXPECT_EQ(error(read_ugf, "[Header]\nSize=nine\n"), "2:6: the board size must be a number from 2 to 52");
    EXPECT_EQ(error(read_ugf, "hello\n[Header]\n"), "1:1: expected a UGF section: [Header], found 'h'");
}

TEST(GoServerRecords, RuleChecksPointAtTheLineOfTheMove) {
    SgfCollection sgf =
        must_read(read_gib, "\\HS\n\\HE\n\\GS\nSTO 0 2 1 3 3\nSTO 0 3 2 3 3\nSKI 0 4\n\\GE\n");
    const std::vector<SgfWarning> warnings = checked(sgf);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].issue, SgfIssue::move_on_occupied);
    EXPECT_EQ(warnings[0].where.line, 5u);
    EXPECT_EQ(main_line(sgf), (std::vector<std::string>{"B[dd]", "W[dd]", "B[]"}));  // SKI: Black's pass
}

TEST(GoServerRecords, GibNumbersOfAnyWidthReadAlike) {
    // One or two digits take the quick way, others number_in's: both read the same point.
    const SgfCollection sgf = must_read(read_gib, "\\GS\nSTO 0 2 1 003 3\nSTO 0 3 02 3 04\n\\GE\n");
    EXPECT_EQ(main_line(sgf), (std::vector<std::string>{"B[dd]", "W[de]"}));
}

TEST(GoServerRecords, TheCharsetGivenDecides) {
    const std::string gb = data_file("gb2312.gib");
    Result<SgfCollection> as_big5 = read_gib(gb, {.charset = "BIG5"});
    ASSERT_TRUE(as_big5);
    EXPECT_NE(root_value(*as_big5, "PB"), "石下之臣");
    EXPECT_EQ(as_big5->charset(), "BIG5");
}

TEST(GoServerRecords, TheRegistryDetectsReadsAndWritesThemAsSgf) {
    for (const auto& [file, format] : {std::pair{"utf8.gib", "gib"}, std::pair{"even.ngf", "ngf"},
                                       std::pair{"gb2312.ngf", "ngf"}, std::pair{"review.ugi", "ugf"}}) {
        const std::string text = data_file(file);
        Result<const formats::Format*> detected = formats::detect_format(text);
        ASSERT_TRUE(detected) << file;
        EXPECT_EQ((*detected)->name, format) << file;
        Result<formats::Document> d = (*detected)->read(text, {});
        ASSERT_TRUE(d) << file;
        std::vector<std::string> notes;
        Result<std::string> sgf = formats::find_format("sgf")->write(*d, {}, notes);
        ASSERT_TRUE(sgf) << file;
        // SGF -> tree -> SGF: the written SGF reads back into the same game and writes the same.
        Result<Record> back = read_record(*sgf);
        ASSERT_TRUE(back) << file;
        const Record& first = std::get<Record>(d->value);
        EXPECT_EQ(main_line(back->sgf), main_line(first.sgf)) << file;
        EXPECT_EQ(back->game(0).size(), first.game(0).size()) << file;
        EXPECT_EQ(write_sgf(back->sgf), *sgf) << file;
        std::vector<Error> warnings;
        EXPECT_TRUE((*detected)->validate(text, {}, warnings).empty()) << file;
        EXPECT_TRUE(warnings.empty()) << file;
    }
}

}  // namespace
}  // namespace kifu::go
