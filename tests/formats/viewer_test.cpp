// What a record viewer is given of a game (formats/viewer.hpp): the readings of every game's
// evaluation forms (PGN's [%eval] and [%clk], Floodgate's and ShogiGUI's comments, Sabaki's
// SBKV and SBKS), the chances a graph plots on each game's scale, and the node's marks.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../support/documents.hpp"
#include "kifu/formats/viewer.hpp"

namespace kifu::formats {
namespace {

using test::read_as;

std::string nodes(std::string_view format, std::string_view text) {
    Result<std::string> json = game_nodes_json(read_as(format, text), 0);
    EXPECT_TRUE(json) << (json ? "" : json.error().message);
    return json ? *json : std::string();
}

// The text of key `key` of the node whose path is `path` ("" when it has none).
std::string field(const std::string& json, std::string_view path, std::string_view key) {
    const std::size_t node = json.find("\"path\":\"" + std::string(path) + "\"");
    if (node == std::string::npos) return "no node " + std::string(path);
    const std::size_t end = json.find("\"path\":", node + 1);
    const std::size_t at = json.find("\"" + std::string(key) + "\":", node);
    if (at == std::string::npos || at > end) return "";
    const std::size_t from = at + key.size() + 3;
    std::size_t to = from;
    int depth = 0;
    while (to < json.size() && (depth > 0 || (json[to] != ',' && json[to] != '}'))) {
        if (json[to] == '[' || json[to] == '{') ++depth;
        if (json[to] == ']' || json[to] == '}') --depth;
        ++to;
    }
    return json.substr(from, to - from);
}

TEST(Viewer, ReadsPgnEvaluationsAndClocks) {
    const std::string json =
        nodes("pgn",
              "[White \"A\"]\n[Black \"B\"]\n\n1. e4 { [%eval 0.17,20] [%clk 0:03:00] } e5 "
              "{ a reply [%eval -1.5] [%clk 0:02:58.5] } 2. Qh5 { [%eval #-3] } *\n");
    EXPECT_NE(json.find(R"("sides":["white","black"],"colours":["white","black"])"), std::string::npos)
        << json;
    EXPECT_EQ(field(json, "1", "eval"), "0.17");
    EXPECT_EQ(field(json, "1", "clock"), "180");
    EXPECT_EQ(field(json, "2", "clock"), "178.5");
    EXPECT_EQ(field(json, "2", "eval"), "-1.5");
    // lichess's scale: -1.5 pawns is 2 / (1 + e^(0.00368208 * 150)) - 1 for white.
    EXPECT_EQ(field(json, "2", "chances"), "-0.269");
    EXPECT_EQ(field(json, "3", "eval"), "-1000");
    EXPECT_EQ(field(json, "3", "chances"), "-1");
    EXPECT_EQ(field(json, "0", "eval"), "");  // the start has no reading
    EXPECT_EQ(field(json, "2", "comments"), R"(["a reply [%eval -1.5] [%clk 0:02:58.5]"])");
}

TEST(Viewer, ReadsXiangqiPgnEvaluations) {
    const std::string json = nodes(
        "pgn-xiangqi", "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n1. h2e2 { [%eval 0.3] } h9g7 *\n");
    EXPECT_EQ(field(json, "1", "eval"), "0.3");
    EXPECT_NE(json.find(R"("sides":["red","black"])"), std::string::npos) << json;
}

TEST(Viewer, ReadsShogiAnalysisCommentsOnShogisScale) {
    // Floodgate's CSA comment and ShogiGUI's KIF line, in centipawns from black's side.
    const std::string csa = nodes("csa", "PI\n+\n+7776FU\n'** 600 -3334FU\n-3334FU\n'** -35\n");
    EXPECT_EQ(field(csa, "1", "eval"), "6");
    EXPECT_EQ(field(csa, "2", "eval"), "-0.35");
    // 600 centipawns is shogi's scale: e^-1 from an even game, 2 / (1 + e^-1) - 1.
    EXPECT_EQ(field(csa, "1", "chances"), "0.462");
    const std::string kif = nodes("kif",
                                  "手数----指手---------消費時間--\n"
                                  "   1 ７六歩(77)   ( 0:03/00:00:03)\n"
                                  "**解析 0 深さ 20 評価値 -120↓ 読み筋 △３四歩(33)\n"
                                  "   2 ３四歩(33)   ( 0:10/00:00:10)\n");
    EXPECT_EQ(field(kif, "1", "eval"), "-1.2");
    EXPECT_EQ(field(kif, "1", "time"), "3");
    EXPECT_EQ(field(kif, "2", "time"), "10");
    EXPECT_NE(kif.find(R"("sides":["sente","gote"],"colours":["black","white"])"), std::string::npos) << kif;
}

TEST(Viewer, ReadsSabakisWinRateAndLead) {
    const std::string json =
        nodes("sgf", "(;SZ[9];B[ee]SBKV[62.50]SBKS[3.5];W[cc]SBKS[-2]TR[aa][bb]LB[cc:A])");
    EXPECT_EQ(field(json, "1", "win_rate"), "0.625");
    EXPECT_EQ(field(json, "1", "eval"), "3.5");
    EXPECT_EQ(field(json, "1", "chances"), "0.25");  // the win rate, where there is one
    EXPECT_EQ(field(json, "2", "eval"), "-2");
    // Go's scale is 10 points of lead: 2 / (1 + e^0.2) - 1.
    EXPECT_EQ(field(json, "2", "chances"), "-0.1");
    EXPECT_EQ(
        field(json, "2", "marks"),
        R"([{"kind":"triangle","cell":0},{"kind":"triangle","cell":10},{"kind":"label","cell":20,"text":"A"}])");
}

TEST(Viewer, GivesPgnsSquaresAndArrowsAsMarks) {
    // lichess's [%csl] and [%cal], as the board view draws them (a8 is cell 0).
    const std::string json = nodes("pgn", "1. e4 { [%csl Gd4] [%cal Re2e4] } *\n");
    EXPECT_EQ(field(json, "1", "marks"),
              R"([{"kind":"highlight","cell":35,"text":"G"},{"kind":"arrow","cell":52,"to":36,"text":"R"}])");
}

}  // namespace
}  // namespace kifu::formats
