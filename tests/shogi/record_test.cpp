// Shogi records, format by format: what each reads into the tree (branches, comments,
// bookmarks, times, endings, start positions), the errors with their places, and writing.

#include <gtest/gtest.h>

#include <string>

#include "kifu/core/charset.hpp"
#include "kifu/shogi/record.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {
namespace {

Game one(Result<std::vector<Game>> r) {
    EXPECT_TRUE(r) << (r ? "" : r.error().format("record"));
    if (!r || r->empty()) return Game();
    return std::move(r->front());
}

std::string usi_of(const Game& g, NodeId id) {
    return write_usi(g.node(id).move);
}

constexpr std::string_view kBranches =
    "手合割：平手\n"
    "先手：A\n"
    "手数----指手---------消費時間--\n"
    "*before the first move\n"
    "   1 ７六歩(77)   ( 0:16/00:00:16)\n"
    "*after 1\n"
    "&mark\n"
    "   2 ３四歩(33)   ( 1:05/00:01:05)+\n"
    "   3 ２二角成(88) ( 0:01/00:00:17)\n"
    "   4 同　銀(31)   ( 0:02/00:01:07)\n"
    "   5 投了         ( 0:03/00:00:20)\n"
    "まで4手で後手の勝ち\n"
    "\n"
    "変化：2手\n"
    "   2 ８四歩(83)   ( 0:01/00:00:01)\n"
    "   3 中断         ( 0:00/00:00:16)\n";

TEST(ShogiKif, BranchesCommentsBookmarksTimesAndEndings) {
    const Game g = one(read_kif(kBranches));
    EXPECT_EQ(g.tag("先手").value_or(""), "A");
    EXPECT_FALSE(g.tag("手合割"));  // it is the start position, not a tag
    ASSERT_EQ(g.main_line().size(), 4u);
    const std::vector<NodeId> main = g.main_line();
    EXPECT_EQ(g.node(Game::kRoot).comments(), std::vector<std::string>{"before the first move"});
    EXPECT_EQ(g.node(main[0]).comments(), std::vector<std::string>{"after 1"});
    EXPECT_EQ(g.node(main[0]).name(), "mark");
    EXPECT_EQ(g.node(main[1]).time_ms, 65000);
    EXPECT_EQ(usi_of(g, main[2]), "8h2b+");
    EXPECT_EQ(usi_of(g, main[3]), "3a2b");
    EXPECT_EQ(g.node(main[3]).ending, Ending::resign);
    EXPECT_EQ(g.node(main[3]).ending_time_ms, 3000);
    // The variation replaces move 2 of the main line.
    const ChildList& after_first = g.node(main[0]).children;
    ASSERT_EQ(after_first.size(), 2u);
    EXPECT_EQ(usi_of(g, after_first[1]), "8c8d");
    EXPECT_EQ(g.node(after_first[1]).ending, Ending::interrupt);
    // Written back: the same tree, and the totals worked out again.
    std::vector<std::string> notes;
    const std::string kif = write_kif(g, notes);
    EXPECT_NE(kif.find("   4 同　銀(31)   ( 0:02/00:01:07)\n"), std::string::npos) << kif;
    EXPECT_NE(kif.find("   2 ３四歩(33)   ( 1:05/00:01:05)+\n"), std::string::npos) << kif;
    EXPECT_NE(kif.find("まで4手で後手の勝ち\n\n変化：2手\n"), std::string::npos) << kif;
    EXPECT_TRUE(same_tree(one(read_kif(kif)), g, [](const Game&) { return 0; }));
    EXPECT_TRUE(notes.empty());
}

std::string first_error(Result<std::vector<Game>> r) {
    EXPECT_FALSE(r);
    return r ? std::string() : r.error().format("x");
}

TEST(ShogiKif, ErrorsSayWhereAndWhat) {
    EXPECT_EQ(first_error(read_kif("手数----指手--\n   1 ７六歩(76)\n")),
              "x:2:6: error: illegal move '７六歩(76)': no piece stands on 76");
    EXPECT_EQ(first_error(read_kif("手数----指手--\n   1 ７六歩(77)\n   3 ３四歩(33)\n")),
              "x:3:4: error: move number 3 where 2 was expected");
    EXPECT_EQ(first_error(read_kif("手数----指手--\n   1 ７六金(77)\n")),
              "x:2:6: error: illegal move '７六金(77)': the piece on 77 is 歩, not 金");
    EXPECT_EQ(first_error(read_kif("手数----指手--\n   1 ５五角打\n")),
              "x:2:6: error: illegal move '５五角打': Black has no 角 in hand");
    EXPECT_EQ(first_error(read_kif("手合割：九枚落ち\n   1 ７六歩(77)\n")),
              "x:1:1: error: 手合割 '九枚落ち' is no handicap kifu knows (平手, 香落ち, 角落ち, ...), and no "
              "board diagram gives the position");
    EXPECT_EQ(first_error(read_kif("   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n")),
              "x:3:6: error: a move after the line ended (resign)");
    EXPECT_EQ(first_error(read_kif("   1 ７六歩(77)\n変化：3手\n   3 ２六歩(27)\n")),
              "x:2:1: error: 変化：3手 is no move of the line read last, which has moves 1 to 1");
    EXPECT_EQ(first_error(read_kif("   1 ７六歩(77)   ( 0:1x/00:00:01)\n")),
              "x:1:16: error: expected a time such as '( 0:16/00:00:16)', found '( 0:1x/00:00:01)'");
    EXPECT_EQ(first_error(read_kif("   1 同　歩(77)\n")),
              "x:1:6: error: 同 (the square of the previous move) at the first move");
}

TEST(ShogiKif, BoardDiagramsGiveTheStart) {
    const std::string bod =
        "後手の持駒：飛二　角二　金三　銀　桂三　香三　歩十五　\n"
        "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
        "+---------------------------+\n"
        "| ・ ・ ・ ・ ・ ・ とv桂v香|一\n"
        "| ・ ・ ・ ・ ・ ・ 銀v玉 ・|二\n"
        "| ・ ・ ・ ・ ・ ・v銀v歩 ・|三\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ 歩|五\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"
        "+---------------------------+\n"
        "先手の持駒：金　銀　\n"
        "手数----指手--\n"
        "   1 １三銀打\n";
    const Game g = one(read_kif(bod));
    EXPECT_EQ(write_sfen(g.start), "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1");
    ASSERT_EQ(g.main_line().size(), 1u);
    // Tsume's "the rest" (残り全部) is that same hand: the set less the board and the other hand.
    std::string rest = bod;
    rest.replace(0, rest.find('\n'), "後手の持駒：残り全部");
    EXPECT_EQ(write_sfen(one(read_kif(rest)).start), write_sfen(g.start));
    // A start that no preset is written as a diagram, and reads back the same.
    std::vector<std::string> notes;
    const std::string kif = write_kif(g, notes);
    EXPECT_NE(kif.find("| ・ ・ ・ ・ ・ ・ とv桂v香|一\n"), std::string::npos) << kif;
    EXPECT_EQ(write_sfen(one(read_kif(kif)).start), write_sfen(g.start));
    // A diagram with White to move, and an unfinished one.
    std::string white = bod;
    white.replace(white.find("手数----"), 0, "後手番\n");
    EXPECT_EQ(one(read_kif(white.substr(0, white.find("   1 ")))).start.side_to_move(), Color::white);
    EXPECT_EQ(first_error(
                  read_kif(bod.substr(0, bod.find("| ・ ・ ・ ・ ・ ・ ・ ・ ・|九")) + "手数----指手--\n")),
              "x:12:1: error: the board diagram has fewer than nine rows");
}

TEST(ShogiKif, HandicapsAndEncodings) {
    const Game g = one(read_kif("手合割：二枚落ち\n   1 ６二銀(71)\n"));
    EXPECT_EQ(write_sfen(g.start), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    std::vector<std::string> notes;
    const std::string kif = write_kif(g, notes);
    EXPECT_NE(kif.find("手合割：二枚落ち\n"), std::string::npos);
    // Shift_JIS out, and read back: the declaration says what the bytes are.
    const Result<std::string> sjis = to_shift_jis(kif);
    ASSERT_TRUE(sjis);
    EXPECT_TRUE(sjis->starts_with("#KIF version=2.0 encoding=Shift_JIS\n"));
    EXPECT_NE(*sjis, kif);
    EXPECT_TRUE(same_tree(one(read_kif(*sjis)), g, [](const Game&) { return 0; }));
    // Undeclared Shift_JIS reads too; a character Shift_JIS lacks is an error.
    const Result<std::string> undeclared = charset::from_utf8("手合割：二枚落ち\n   1 ６二銀(71)\n", "CP932");
    ASSERT_TRUE(undeclared);
    EXPECT_EQ(write_sfen(one(read_kif(*undeclared)).start), write_sfen(g.start));
    EXPECT_FALSE(to_shift_jis("先手：😀\n"));
    // The declaration is a hint: a record re-encoded as UTF-8 that kept its Shift_JIS header
    // (every Kifu for Windows record once converted) reads as UTF-8, KIF and CSA alike.
    const std::string kept = "#KIF version=2.0 encoding=Shift_JIS\n手合割：二枚落ち\n   1 ６二銀(71)\n";
    const Result<std::vector<Game>> utf8_kif = read_kif(kept);
    ASSERT_TRUE(utf8_kif) << utf8_kif.error().format("kif");
    EXPECT_EQ(write_sfen(one(utf8_kif).start), write_sfen(g.start));
    const Result<std::vector<Game>> utf8_csa =
        read_csa("'encoding=Shift_JIS\nV2.2\nN+先手\nPI\n+\n+7776FU\n");
    ASSERT_TRUE(utf8_csa) << utf8_csa.error().format("csa");
    EXPECT_EQ(utf8_csa->front().tag("先手").value_or(""), "先手");
}

TEST(ShogiKi2, MovesInJapaneseAndTheClosingLine) {
    const Game g =
        one(read_ki2("先手：A\n▲７六歩    △３四歩    ▲２二角成\n*a comment\n△同　銀\nまで4手で後手の勝ち\n"
                     "\n変化：   3手\n▲２六歩\nまで3手で中断\n"));
    const std::vector<NodeId> main = g.main_line();
    ASSERT_EQ(main.size(), 4u);
    EXPECT_EQ(usi_of(g, main[3]), "3a2b");
    EXPECT_EQ(g.node(main[2]).comments(), std::vector<std::string>{"a comment"});
    EXPECT_EQ(g.node(main[3]).ending, Ending::resign);
    EXPECT_EQ(g.node(g.node(main[1]).children[1]).ending, Ending::interrupt);
    std::vector<std::string> notes;
    EXPECT_EQ(
        write_ki2(g, notes),
        "手合割：平手\n先手：A\n▲７六歩    △３四歩    ▲２二角成\n*a comment\n△同　銀\nまで4手で後手の勝ち\n"
        "\n変化：   3手\n▲２六歩\nまで3手で中断\n");
    EXPECT_EQ(first_error(read_ki2("▲７六歩    ▲３四歩\n")),
              "x:1:9: error: illegal move '▲３四歩': it is White to move");
}

TEST(ShogiCsa, StartsTimesSpecialsAndSeveralRecords) {
    const Result<std::vector<Game>> r = read_csa(
        "'CSA encoding=UTF-8\nV3.0\nN+sente\nN-gote\n$EVENT:test\n$NOTE:kept\nPI82HI22KA\n-\n"
        "-3334FU,T1.5\n'*a comment\n+7776FU\nT2\n%TORYO,T3\n/\n"
        "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n"
        "P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n"
        "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n"
        "+\n+7776FU\n%+ILLEGAL_ACTION\n/\nP-11OU\nP+00HI00AL\n+\n");
    ASSERT_TRUE(r) << r.error().format("x");
    ASSERT_EQ(r->size(), 3u);
    const Game& first = (*r)[0];
    EXPECT_EQ(first.tag("先手").value_or(""), "sente");
    EXPECT_EQ(first.tag("棋戦").value_or(""), "test");
    EXPECT_EQ(first.tag("$NOTE").value_or(""), "kept");
    EXPECT_EQ(write_sfen(first.start), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    const std::vector<NodeId> main = first.main_line();
    ASSERT_EQ(main.size(), 2u);
    EXPECT_EQ(first.node(main[0]).time_ms, 1500);
    EXPECT_EQ(first.node(main[0]).comments(), std::vector<std::string>{"a comment"});
    EXPECT_EQ(first.node(main[1]).ending, Ending::resign);
    EXPECT_EQ(first.node(main[1]).ending_time_ms, 3000);
    // Black's foul, White to move: White wins.
    EXPECT_EQ((*r)[1].node((*r)[1].main_line().back()).ending, Ending::illegal_win);
    // 00AL: every piece not placed goes to the hand.
    EXPECT_EQ(write_sfen((*r)[2].start), "8k/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1");
    // Written as V3.0 the fraction stays; V2.2 says it drops it.
    std::vector<std::string> notes;
    const std::string v3 = write_csa(first, CsaVersion::v3_0, notes);
    EXPECT_NE(v3.find("-3334FU\nT1.5\n'*a comment\n+7776FU\nT2\n%TORYO\nT3\n"), std::string::npos) << v3;
    EXPECT_NE(v3.find("PI82HI22KA\n-\n"), std::string::npos) << v3;
    EXPECT_TRUE(notes.empty());
    EXPECT_NE(write_csa(first, CsaVersion::v2_2, notes).find("T1\n"), std::string::npos);
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes[0], "the fractions of seconds of the times");
}

TEST(ShogiCsa, Errors) {
    EXPECT_EQ(first_error(read_csa("PI\n+\n+7776FU\n-3334FU\n+7776FU\n")),
              "x:5:1: error: illegal move '+7776FU' (Black to move)");
    EXPECT_EQ(first_error(read_csa("PI99HI\n+\n")),
              "x:1:3: error: PI takes away '99HI', which is not on the starting board");
    EXPECT_EQ(first_error(read_csa("PI\n+\n+7776FU\nT1x\n")),
              "x:4:1: error: expected a time in seconds such as T12 or T12.345, found 'T1x'");
    EXPECT_EQ(first_error(read_csa("PI\n+\n%TOURYOU\n")),
              "x:3:1: error: expected a special such as %TORYO or %CHUDAN, found '%TOURYOU'");
    EXPECT_EQ(first_error(read_csa("P1-KY-KE-XX\n")),
              "x:1:9: error: expected ' * ' or a piece such as '+FU' for square 71, found '-XX'");
}

TEST(ShogiJkf, ForksInitialPositionsAndErrors) {
    const Game g = one(read_jkf(R"({"header": {"先手": "A", "後手": "B"},
        "initial": {"preset": "KA"},
        "moves": [{"comments": ["start"]},
                  {"move": {"from": {"x": 5, "y": 1}, "to": {"x": 4, "y": 2}, "piece": "OU", "color": 1},
                   "time": {"now": {"m": 1, "s": 2}, "total": {"h": 0, "m": 1, "s": 2}},
                   "forks": [[{"move": {"from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU", "color": 1}},
                              {"special": "CHUDAN"}]]},
                  {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU", "color": 0}},
                  {"special": "TORYO"}]})"));
    EXPECT_EQ(g.tags.size(), 2u);
    EXPECT_EQ(write_sfen(g.start), "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    EXPECT_EQ(g.node(Game::kRoot).comments(), std::vector<std::string>{"start"});
    ASSERT_EQ(g.node(Game::kRoot).children.size(), 2u);
    EXPECT_EQ(g.node(g.node(Game::kRoot).children[0]).time_ms, 62000);
    EXPECT_EQ(g.node(g.node(Game::kRoot).children[1]).ending, Ending::interrupt);
    EXPECT_EQ(g.node(g.main_line().back()).ending, Ending::resign);
    std::vector<std::string> notes;
    EXPECT_TRUE(same_tree(one(read_jkf(write_jkf(g, notes))), g, [](const Game&) { return 0; }));
    // No "from" is a drop; the place is the move's object.
    EXPECT_EQ(first_error(read_jkf(
                  "{\"moves\": [{}, {\"move\": {\"to\": {\"x\": 7, \"y\": 6}, \"piece\": \"FU\"}}]}")),
              "x:1:16: error: moves/1: illegal move: FU dropped on 76");
    EXPECT_EQ(first_error(read_jkf("{\"moves\": [}")),
              "x:1:12: error: invalid JSON: error while parsing value - unexpected '}'; expected '[', '{', "
              "or a literal");
}

// A fork that goes on from where its line ended (forks of the special itself, or of an
// element with no move): the node then continues, so it holds no ending (a warning says
// so), and the tree writes and reads back as it is. Found by jkf_fuzz.
TEST(ShogiJkf, AForkAfterALinesEndingLeavesTheEndingOut) {
    const Game g = one(read_jkf(R"({"moves": [{},
        {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU", "color": 0}},
        {"special": "TORYO",
         "forks": [[{"move": {"from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU", "color": 1}}]]}]})"));
    const NodeId first = g.node(Game::kRoot).children[0];
    ASSERT_EQ(g.node(first).children.size(), 1u);
    EXPECT_EQ(g.node(first).ending, Ending::none);
    ASSERT_EQ(g.warnings.size(), 1u);
    EXPECT_NE(g.warnings[0].message.find("a fork after the ending resign: the ending left out"),
              std::string::npos)
        << g.warnings[0].message;
    std::vector<std::string> notes;
    const std::string written = write_jkf(g, notes);
    const Game back = one(read_jkf(written));
    EXPECT_TRUE(same_tree(back, g, [](const Game&) { return 0; }));
    EXPECT_EQ(write_jkf(back, notes), written);
}

TEST(ShogiRecordJudge, RepetitionsAndTheirEndings) {
    // The rooks go and come back three times: the start stands a fourth time after move 12.
    const std::string moves =
        "▲５八飛 △５二飛 ▲２八飛 △８二飛 ▲５八飛 △５二飛 ▲２八飛 △８二飛 ▲５八飛 △５二飛 ▲２八飛 △８二飛\n";
    const Game drawn = one(read_ki2(moves + "まで12手で千日手\n"));
    const std::vector<LineFinding> found = judge_lines(drawn);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].node, drawn.main_line().back());
    EXPECT_EQ(found[0].message,
              "千日手 (repetition) after move 12: the position stands a fourth time, a draw");
    EXPECT_FALSE(found[0].contradicts);
    EXPECT_TRUE(drawn.warnings.empty());
    // A record that plays on, and one that says 千日手 with no repetition, are warned about.
    const Game goes_on = one(read_ki2(moves + "▲７六歩\nまで13手で中断\n"));
    ASSERT_EQ(goes_on.warnings.size(), 1u);
    EXPECT_EQ(goes_on.warnings[0].message, found[0].message);
    const Game says = one(read_ki2("▲７六歩\nまで1手で千日手\n"));
    ASSERT_EQ(says.warnings.size(), 1u);
    EXPECT_EQ(says.warnings[0].message,
              "the line of 1 moves ends with 千日手, but no position of it stands four times");
}

// Inputs the fuzzers found, each once a round trip that changed the tree.
TEST(ShogiRecordRegressions, WhatTheFuzzersFound) {
    std::vector<std::string> notes;
    // A variation that is only an ending has no node to hold it: a warning, and left out.
    const Game only_ending =
        one(read_ki2("▲７六歩    △３四歩\nまで2手で中断\n\n変化：   2手\nまで2手で中断\n"));
    EXPECT_EQ(only_ending.size(), 3u);
    EXPECT_EQ(only_ending.node(only_ending.main_line().back()).ending, Ending::interrupt);
    EXPECT_EQ(only_ending.node(only_ending.main_line().front()).ending, Ending::none);
    ASSERT_EQ(only_ending.warnings.size(), 1u);
    // A header key that starts like a diagram's file line, or with U+FEFF, reads back the same.
    for (const std::string_view text : {"９ 八：x\n   1 ７六歩(77)\n", "\uFEFF名：A\n   1 ７六歩(77)\n"}) {
        const Game g = one(read_kif(text));
        const Game again = one(read_kif(write_kif(g, notes)));
        EXPECT_EQ(again.tags, g.tags) << text;
    }
    // A lone CR in a bookmark is a space (the writers keep values on one line).
    EXPECT_EQ(one(read_kif("   1 ７六歩(77)\n&a\rb\n")).node(1).name(), "a b");
    // A file that declares UTF-8 and is not is read as Shift_JIS.
    const Result<std::string> sjis =
        charset::from_utf8("#KIF version=2.0 encoding=UTF-8\n先手：羽生\n", "CP932");
    ASSERT_TRUE(sjis);
    EXPECT_EQ(one(read_kif(*sjis)).tag("先手").value_or(""), "羽生");
    // A declared encoding's name ends at the first byte no charset name has (it took NULs and
    // all, and the written file, declaring the same, decoded another way).
    const std::string declares_nul = std::string(
        "\xff\xff\xff\x01\x00\x00\xef\x37\x00\x00\x00\xbb\xbf\xe5\x89\x8b\x30\xf3\x30\x3a\x31\x36"
        "\x29\x00\x00\x00\x0a\x27\x62\x65\xbc\xe5\x89\xb2\x8f\xbc\x9a\x66\x6f\x72\x2f\x30\x30\x3a"
        "\x00\x06\xad\x3a\x30\xf3\x65\x6e\x63\x6f\x64\x69\x6e\x67\x3d\x00\x00\x30\x3a\x36\x31\x29"
        "\x00\xe7\x00\x00\x00",
        71);
    // And only the formats' declarations declare: a header line that mentions "encoding=" after
    // a BOM (which decided) declared an unknown charset once written without the BOM.
    const std::string mentions_encoding = std::string(
        "\xef\xbb\xbf\xb2\xef\xbc\x97\xe5\x85\xed\xad\xa9\xe6\x0a\x85\xed\x2a\x97\xf3\x30\x3a\x31"
        "\x36\x29\x00\x00\x00\x0a\xe6\x95\xb0\x2d\x2d\x2d\xef\x8b\x30\xf3\x30\x3a\x31\x36\x29\x00"
        "\x00\x00\x0a\x27\x62\x65\xbc\xe5\x89\xb2\x8f\xbc\x9a\x66\x6f\x72\x2d\x2d\x2f\x30\x30\x3a"
        "\x00\x06\xad\x3a\x30\xf3\x65\x6e\x63\x6f\x64\x69\x6e\x67\x3d\x30\x3a\x31\x36\x29\x00\x00"
        "\xe5\x85\xed\xad\xa9\xe6\xed\xad\xa9\xe6\x0a\x85\xed\x2a\x97\xff\xff\x5f\x60\x00\x7f\xc9"
        "\xd7\x38\x38\x38\x74\x19",
        116);
    // And a declaration is the whole line: a header whose key began "'encoding=6" (read as a
    // header, its line not being one) was written first and read back as declaring "6".
    const std::string header_like_declaration = std::string(
        "\x09\x09\x09\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c"
        "\x0c\x27\x65\x6e\x63\x6f\x64\x69\x6e\x67\x3d\x36\x2f\x30\x30\x3a\x30\x30\x3a\x31\x36\x29"
        "\x78\xe6\xb0\x2d\x2d\x2d\x2d\x89\x8b\xe6\x95\xb0\x2d\x2d\x2d\x2d\x2d\x2d\x2d\x2d\x09\x0d"
        "\x09\x0a\x09\x09\x09\x09\x09\xe5\xbe\x8c\xe6\x89\x8b\x89\x8b\x2d\x2d\x2d\x2d\x2d\x2d\xe5"
        "\x8f\xb3\x2d\x2d\x2d\x30\x30\x3a\x31\x36\x29\x78\xe6\x89\x8b\xe6\x95\xb0\x2d\x2d\x2d\x2d"
        "\x2d\x2d\x2d\x2d\x09\x0d\x09\xca\xca\xca\x0a\x09\x09\x09\x09\x09\xe5\xbe\x8c\xe6\x89\x8b"
        "\x89\x8b\xe6\x8c\x20\x2a\x74",
        139);
    for (const std::string& text : {declares_nul, mentions_encoding, header_like_declaration}) {
        const Result<std::vector<Game>> declared = read_ki2(text);
        ASSERT_TRUE(declared) << declared.error().message;
        const Game first = declared->front();
        const Result<std::vector<Game>> again_read = read_ki2(write_ki2(first, notes));
        ASSERT_TRUE(again_read) << again_read.error().message;
        EXPECT_EQ(again_read->front().tags, first.tags);
        EXPECT_EQ(write_ki2(again_read->front(), notes), write_ki2(first, notes));
    }
    // A header line of the key 変化 that names no variation is skipped with a warning: kept as a
    // tag, it was written back as a line that read as a variation (or as none at all).
    const std::string kif_henka = std::string(
        "\xef\xbb\xbf\x89\xe5\x28\x36\x32\x2f\x20\x30\x30\x3a\x30\x30\x3a\x31\x36\x29\x0a\x2a\x9f"
        "\x99\x8b\x9a\x6b\x0a\x20\x2b\xbc\x93\xe5\x9b\x21\x35\x30\x29\x27\x20\x20\x28\x36\x31\x0a"
        "\x2a\xa9\x99\x8b\x9a\x2f\x20\x3a\x30\x30\x30\x30\x3a\x31\x36\x29\x0a\x2a\x3a\x31\x36\x29"
        "\x0a\x2a\x9f\x99\x8b\x9a\x6b\x0a\x20\x2b\xbc\x93\xe5\x9b\x21\x35\x30\x29\x27\x20\x20\x28"
        "\x36\x31\x2f\x20\x3a\x30\x30\x30\x3a\x30\x30\x3a\x31\x36\x29\x0a\x3a\x31\x36\x29\x0a\x2a"
        "\x9f\x99\x8b\x9a\x6b\x0a\x20\x2b\xbc\x93\xe5\x9b\x21\x35\x30\x29\x27\x28\x20\x20\x28\x36"
        "\x31\x2f\x20\x3a\x30\x30\x30\x3a\x30\x30\x3a\x31\x36\x29\x0a\x2a\x61\x66\x74\x65\x00\x00"
        "\x3a\x31\x36\x29\x0a\x2a\xa9\x99\x8b\x9a\x6b\x33\x20\xef\xbb\xbf\xa2\xe9\x2d\x0a\x2a\x62"
        "\xe8\x62\x65\x30\x30\x3a\x30\x30\xef\xbb\xbf\x89\xe5\xb9\x00\x76\xbb\xbf\x89\xe5\xb9\xac"
        "\xbb\xbf\x30\x30\x30\x2a\x62\x28\x20\x30\x3a\x31\x36\x2f\x30\x30\x3a\x30\x30\x3a\x31\x6f"
        "\x76\x65\x0a\x20\x20\x20\x31\x20\xef\xbc\x97\xe5\x85\xad\xe6\xad\xa9\x28\x37\x37\x29\x20"
        "\x20\x20\x28\x20\x30\x3a\x31\x36\x2f\x30\x30\x3a\x30\x30\x3a\x31\x36\x29\x0a\x2a\x61\x66"
        "\x74\x31\x72\x0a\x65\x20\x26\x6d\x61\x72\x6b\x0a\x20\x20\x20\x32\x20\xef\xbc\x93\xe5\x9b"
        "\x9b\xe6\xad\xa9\x28\x33\x33\x29\x20\x0a\xe3\x81\xbe\xe3\x81\xa7\x34\xe6\x89\x8b\xe3\x81"
        "\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70\x70"
        "\x70\x70\x70\x70\x70\x70\x70\x70\xa7\xe5\xbe\x8c\xe6\x89\x8b\xe3\x81\xae\xe5\x8b\x9d\xe3"
        "\x81\xa1\x0a\x2e\x0a\xe5\xa4\x89\xe5\x8c\x96\xef\xbb\xbf\xef\xbc\x9a\x33\xe6\x89\x8b\x3a"
        "\x30\x30\x3a\x31\x36\x29\x0a\x2a\x9f\x99\x8b\x9a\x6b\x0a\x20\x2b\xbc\x93\xe5\x9b\x21\x35"
        "\x30\x29\x27\x20\x20\x28\x36\x31\x2f\x20\x3a\x30\x30\x30\x3a\x30\x30\x3a\x31\x36\x29\x0a"
        "\x2a\x61\x66\x74\x65\x00\x00\x3a\x31\x36\x29\x0a\x2a\xa9\x99\x8b\x9a\x6b\x0a\x20\x2b\x20"
        "\x32\x20\x30\x30\x3a\x30\xbb\xbf\x89\xe5\xb9\x00\xef\xe5\xb9\xac\xbb\xbf\x89\x00\x95",
        461);
    const std::string ki2_henka = std::string(
        "\xef\xbb\xbf\x88\xe5\x98\x97\xff\xff\xff\xff\x0a\x0a\xe5\xa4\x89\xe5\x8c\x96\xef\xbc\x9a"
        "\x20\x20\x20\x31\xe6\x88\x8b\xe2\x98\x97\xff\xff\xff\xff\x0a\x0a\xe5\xa4\x89\xe5\x8c\x96"
        "\xef\xbb\xbf\x0c\x0c\x0c\x0c\xef\xbc\x9a\x20\x20\x20\x31\xe6\x89\x8b\xe2\x0a\x96\x98\x97"
        "\xff\xff\xff\xff\x0a\x26\x0a\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\xe5\xa4\x89\xe5\x8c"
        "\x96\xef\xbc\x9a\x20\x20\x20\x31\xe6\x89\x8b\xe2\x0a\x96\xb3\xef\xff\xff\xff\xff\xff\xff"
        "\xff\xff\xff\xff\x2d\xff\xff\x88\xff\xff\xff\xe2\x98\x97\xff\xff\xff\xff\x0a\x0a\xe5\xa4"
        "\x89\xe5\x8c\x96\xef\xbc\x9a\x20\x20\x20\x31\xe6\x89\x8b\xe2\x0a\x96\xb3\xef\xff\x09\x09"
        "\x09\xe6\x89\x8b\xe6\x95\xb0\x2d\x2d\x2d\x2d\x2d\x2d\x2d\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c"
        "\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x0c\x2d\xe2\x0a\x96\x09\x09\x09\xb3\x0e\x89\x8b"
        "\x0a\xe5\xe3\x81\xbc\x97\x00\x07\x78",
        207);
    for (const bool ki2 : {false, true}) {
        const auto read = ki2 ? read_ki2 : read_kif;
        const auto write = [&](const Game& g) { return ki2 ? write_ki2(g, notes) : write_kif(g, notes); };
        const Result<std::vector<Game>> games = read(ki2 ? ki2_henka : kif_henka, {});
        ASSERT_TRUE(games) << games.error().message;
        for (const Game& g : *games) {
            EXPECT_FALSE(g.tag("変化")) << ki2;
            const Result<std::vector<Game>> again = read(write(g), {});
            ASSERT_TRUE(again) << again.error().message;
            ASSERT_EQ(again->size(), 1u);
            EXPECT_EQ(write(again->front()), write(g)) << ki2;
        }
    }
    // nlohmann quotes the token it stopped at; the message stays short.
    const std::string long_token = "{\"moves\": [" + std::string(5000, '1') + "x]}";
    const Result<std::vector<Game>> bad = read_jkf(long_token);
    ASSERT_FALSE(bad);
    EXPECT_LE(bad.error().message.size(), 300u);
    // A time longer than the tree holds is read as the longest whole second it does, so that it
    // writes back the same (it was cut to INT32_MAX ms, which KIF writes without the 647 ms).
    const Game slow = one(read_kif("   1 ７六歩(77) ( 59133:00/)\n"));
    EXPECT_EQ(slow.node(1).time_ms, 2'000'000'000);
    EXPECT_TRUE(same_tree(one(read_kif(write_kif(slow, notes))), slow, [](const Game&) { return 0; }));
    // A hand listed with ASCII commas reads each comma once (the list stood on the first for ever).
    const std::string diagram =
        "後手の持駒：なし\n"
        "+---------------------------+\n"
        "| ・ ・ ・ ・ ・ ・ ・v玉 ・|一\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
        "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n"
        "+---------------------------+\n"
        "先手の持駒：金,銀 ,, 歩二\n";
    EXPECT_EQ(write_sfen(one(read_kif(diagram)).start), "7k1/9/9/9/9/9/9/9/4K4 b GS2P 1");
}

}  // namespace
}  // namespace kifu::shogi
