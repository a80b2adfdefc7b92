// DhtmlXQ (xiangqi/dhtmlxq.hpp): variations and comments where the viewers put them, the
// start from binit, errors and warnings with their line and column, the writer's round trip,
// and vschess's sample read whole.

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "kifu/core/walk.hpp"
#include "kifu/xiangqi/dhtmlxq.hpp"
#include "kifu/xiangqi/pgn.hpp"

namespace kifu::xiangqi {
namespace {

Game must_read_dhtmlxq(std::string_view text, std::vector<Error>* warnings = nullptr) {
    Result<std::vector<Game>> games = read_dhtmlxq(text, warnings);
    EXPECT_TRUE(games) << (games ? "" : games.error().message);
    if (!games || games->size() != 1) return Game{};
    return std::move(games->front());
}

std::string iccs(const Game& g, NodeId n) {
    return write_move(g.position_after(g.node(n).parent), g.node(n).move, Notation::iccs);
}

TEST(Dhtmlxq, VariationsLeaveTheMoveTheyReplaceAndCommentsFollowTheirMove) {
    // The example of the cloud-manual readers: variation 1 replaces move 2 of the main line,
    // variation 2 replaces move 4 of variation 1.
    const Game g = must_read_dhtmlxq(
        "<p>page text</p>[DhtmlXQ]\n[DhtmlXQ_red]许银川[/DhtmlXQ_red]\n[DhtmlXQ_black]吕钦[/DhtmlXQ_black]\n"
        "[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n[DhtmlXQ_movelist]774772427967706289798081[/"
        "DhtmlXQ_movelist]\n"
        "[DhtmlXQ_move_0_2_1]12427967102289790010[/DhtmlXQ_move_0_2_1]\n[DhtmlXQ_move_1_4_2]7062[/"
        "DhtmlXQ_move_1_4_2]\n"
        "[DhtmlXQ_comment0]开局||第二行[/DhtmlXQ_comment0]\n[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]\n"
        "[DhtmlXQ_comment1_2]变着[/DhtmlXQ_comment1_2]\n[/DhtmlXQ] more page");
    EXPECT_EQ(g.tag("Red"), "许银川");
    EXPECT_EQ(g.tag("Black"), "吕钦");
    EXPECT_EQ(g.result, "1-0");
    EXPECT_EQ(g.node(Game::kRoot).comments(), std::vector<std::string>{"开局\n第二行"});
    const NodeId first = g.node(Game::kRoot).children[0];
    EXPECT_EQ(iccs(g, first), "h2e2");
    EXPECT_EQ(g.node(first).comments(), std::vector<std::string>{"中炮"});
    ASSERT_EQ(g.node(first).children.size(), 2u);
    const NodeId variation = g.node(first).children[1];
    EXPECT_EQ(iccs(g, variation), "b7e7");
    EXPECT_EQ(g.node(variation).comments(), std::vector<std::string>{"变着"});
    EXPECT_EQ(node_path(g, variation), "1.v1");  // after ply 1, variation 1
    // Variation 2 leaves move 4 of variation 1: its first move is the sibling of that move.
    const NodeId fourth = g.node(g.node(variation).children[0]).children[0];
    ASSERT_EQ(g.node(g.node(fourth).parent).children.size(), 2u);
    EXPECT_EQ(iccs(g, g.node(g.node(fourth).parent).children[1]), "h9g7");
    EXPECT_EQ(g.line_count(), 3u);
}

TEST(Dhtmlxq, BinitGivesTheStartAndTheFirstMoveTheSideToMove) {
    // Kings and a black chariot only; the first move is Black's.
    std::string binit(64, '9');
    binit.replace(8, 2, "39");   // red general d0
    binit.replace(40, 2, "40");  // black general e9
    binit.replace(32, 2, "00");  // black chariot a9
    const Game g = must_read_dhtmlxq("[DhtmlXQ][DhtmlXQ_binit]" + binit +
                                     "[/DhtmlXQ_binit][DhtmlXQ_movelist]0001[/DhtmlXQ_movelist][/DhtmlXQ]");
    EXPECT_EQ(write_fen(g.start), "r3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
    ASSERT_EQ(g.size(), 2u);
    // Written back, the same binit (each piece in its kind's first place).
    Result<std::string> written = write_dhtmlxq(g);
    ASSERT_TRUE(written);
    EXPECT_NE(written->find("[DhtmlXQ_binit]" + binit + "[/DhtmlXQ_binit]"), std::string::npos) << *written;
}

TEST(Dhtmlxq, ErrorsAndTheLinesCutAtAnIllegalMove) {
    const auto error = [](std::string_view text) {
        Result<std::vector<Game>> r = read_dhtmlxq(text);
        EXPECT_FALSE(r) << text;
        return r ? std::string()
                 : fmt::format("{}:{}: {}", r.error().line, r.error().column, r.error().message);
    };
    EXPECT_EQ(error("[DhtmlXQ]\n[DhtmlXQ_binit]123[/DhtmlXQ_binit]\n[/DhtmlXQ]"),
              "2:16: a binit is 64 digits: 32 squares, two digits each (99 for a piece not on the board)");
    EXPECT_EQ(error("[DhtmlXQ]\n[DhtmlXQ_movelist]774[/DhtmlXQ_movelist]"),
              "2:19: a move list is four digits a move (from file, from row, to file, to row)");
    EXPECT_EQ(error("hello"), "1:1: expected a DhtmlXQ record: [DhtmlXQ_movelist] and its tags");
    std::vector<Error> warnings;
    const Game g = must_read_dhtmlxq(
        "[DhtmlXQ]\n[DhtmlXQ_movelist]774777477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]", &warnings);
    EXPECT_EQ(g.size(), 2u);  // h2e2, then h2e2 again: not a move
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].line, 2u);
    EXPECT_EQ(warnings[0].column, 23u);
    EXPECT_EQ(warnings[0].message, "move 2 (7747) is not legal here; the main line ends before it");
}

TEST(Dhtmlxq, WrittenAndReadBackTheSameGameFromPgnToo) {
    Result<std::vector<Game>> pgn = read_pgn(
        "[Game \"Chinese Chess\"]\n[Event \"全国赛\"]\n[Red \"胡荣华\"]\n[Result \"1/2-1/2\"]\n[Format "
        "\"ICCS\"]\n\n"
        "{开局 [注] [/DhtmlXQ_x]} 1. h2e2 {中炮} h9g7 (1... b7e7 2. b0c2 {顺炮}) 2. h0g2 1/2-1/2\n");
    ASSERT_TRUE(pgn) << pgn.error().message;
    Result<std::string> written = write_dhtmlxq(pgn->front());
    ASSERT_TRUE(written);
    EXPECT_NE(written->find("[DhtmlXQ_result]和棋[/DhtmlXQ_result]"), std::string::npos);
    EXPECT_NE(written->find("[DhtmlXQ_comment0]开局 [注] ［/DhtmlXQ_x][/DhtmlXQ_comment0]"),
              std::string::npos)
        << *written;
    EXPECT_NE(written->find("[DhtmlXQ_move_0_2_1]12421927[/DhtmlXQ_move_0_2_1]"), std::string::npos)
        << *written;
    const Game back = must_read_dhtmlxq(*written);
    EXPECT_EQ(back.tag("Event"), "全国赛");
    EXPECT_EQ(back.result, "1/2-1/2");
    EXPECT_EQ(back.size(), pgn->front().size());
    EXPECT_EQ(write_dhtmlxq(back).value(), *written);
}

TEST(Dhtmlxq, VschessSampleEveryVariationAndCommentRead) {
    std::ifstream in(std::string(KIFU_SOURCE_DIR) + "/tests/data/xiangqi/vschess-dhtmlxq.txt",
                     std::ios::binary);
    ASSERT_TRUE(in);
    std::stringstream s;
    s << in.rdbuf();
    std::string text = s.str();
    text.erase(0, 3);  // the BOM (the registry drops it)
    std::vector<Error> warnings;
    const Game g = must_read_dhtmlxq(text, &warnings);
    EXPECT_EQ(g.tag("Title"), "仙人指路全集（史上最全最新版）");
    EXPECT_EQ(g.line_count(), 1447u);  // the main line and its 1,446 variations: each one reached
    EXPECT_EQ(g.size(), 106998u);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].line, 1517u);
    EXPECT_EQ(warnings[0].column, 244u);
    std::size_t commented = 0;
    for (const Game::Node& n : g.nodes) commented += !n.comments().empty();
    EXPECT_EQ(commented, 314u);  // every comment on its move
    // Written and read back: the same tree, and the same text again.
    Result<std::string> written = write_dhtmlxq(g);
    ASSERT_TRUE(written);
    const Game back = must_read_dhtmlxq(*written);
    EXPECT_TRUE(same_tree(g, back, [](const Game& x) { return x.result; }));
    EXPECT_EQ(write_dhtmlxq(back).value(), *written);
}

}  // namespace
}  // namespace kifu::xiangqi
