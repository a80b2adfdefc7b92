// The one JSON writer (core/json.hpp) and the index's answers written with it
// (index/json.hpp): what they write parses, with the commas where JSON wants them, the
// text escaped, and each game's players under its own words.
#include "kifu/core/json.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "kifu/index/json.hpp"

namespace kifu {
namespace {

using nlohmann::json;

TEST(JsonWriter, NestsAndSeparatesValuesAndEscapesText) {
    JsonWriter j;
    j.open('{');
    j.key("a"), j.number(std::uint64_t{1});
    j.key("list");
    j.open('[');
    j.open('{');
    j.close('}');
    j.string("quote \" and \\ and \n and \x01");
    j.number(0.12345, 4);
    j.boolean(false);
    j.open('[');
    j.close(']');
    j.close(']');
    j.errors("errors", {Error(ErrorCode::unexpected_character, TextPlace{3, 2, 5}, "bad")}, "x.sgf");
    j.close('}');
    EXPECT_EQ(j.text().find(' '), j.text().find("quote \\\"") + 5) << j.text();  // compact
    const json v = json::parse(j.text());
    EXPECT_EQ(v["a"], 1);
    ASSERT_EQ(v["list"].size(), 5u);
    EXPECT_EQ(v["list"][1], "quote \" and \\ and \n and \x01");
    EXPECT_EQ(v["list"][2].dump(), "0.1235");
    EXPECT_EQ(v["errors"][0]["line"], 2);
    EXPECT_EQ(v["errors"][0]["column"], 5);
    EXPECT_EQ(v["errors"][0]["text"], "x.sgf:2:5: error: bad");
}

TEST(IndexJson, EveryAnswerParsesWithTheGamesOwnWords) {
    index::GameSummary shogi;
    shogi.game = formats::Game::shogi;
    shogi.file = "a \"b\".kif";
    shogi.first = "羽生";
    shogi.number = 2;
    index::GameSummary go;
    go.game = formats::Game::go;
    go.symmetry = 5;
    const json search = json::parse(index::to_json(index::SearchResult{7, {shogi, go}}));
    EXPECT_EQ(search["count"], 7);
    EXPECT_EQ(search["games"][0]["sente"], "羽生");
    EXPECT_EQ(search["games"][0]["file"], "a \"b\".kif");
    EXPECT_EQ(search["games"][0]["game"], 2);
    EXPECT_FALSE(search["games"][0].contains("symmetry"));  // only where keys go by symmetry
    EXPECT_EQ(search["games"][1]["symmetry"], 5);
    EXPECT_TRUE(search["games"][1].contains("black"));

    index::PatternResult pattern;
    pattern.count = 1;
    pattern.continuations = {{"B C3", 4, 3, 1, 0}};
    pattern.replayed = 9;
    const json p = json::parse(index::to_json(pattern));
    EXPECT_EQ(p["continuations"][0]["move"], "B C3");
    EXPECT_EQ(p["continuations"][0]["white"], 1);
    EXPECT_EQ(p["replayed"], 9);

    index::ExploreResult explore;
    explore.games = 3;
    explore.opening = "A00 Start position";
    explore.moves.push_back({"e4", 3, 2, 1, 0, 0, 2.5 / 3, {shogi}, "B00 King's pawn \"opening\""});
    explore.moves.push_back({"a3", 1, 0, 0, 1, 0, 0, {}, ""});
    const json e = json::parse(index::to_json(explore));
    EXPECT_EQ(e["opening"], "A00 Start position");
    EXPECT_EQ(e["moves"][0]["opening"], "B00 King's pawn \"opening\"");
    EXPECT_FALSE(e["moves"][1].contains("opening"));  // a position no book names
    EXPECT_EQ(e["moves"][0]["move"], "e4");
    EXPECT_DOUBLE_EQ(e["moves"][0]["score"].get<double>(), 0.8333);
    EXPECT_EQ(e["moves"][0]["games"].size(), 1u);
}

}  // namespace
}  // namespace kifu
