// The games table (formats/games.hpp): every game has a row that the rest reads, and the
// numbers the position index stores on disk never change.

#include <set>

#include <gtest/gtest.h>

#include "kifu/formats/registry.hpp"

namespace kifu::formats {
namespace {

TEST(Games, TheNumbersOnDiskAreFixed) {
    // Indexes written before keep reading: these are stored in every chunk row.
    EXPECT_EQ(static_cast<int>(Game::go), 0);
    EXPECT_EQ(static_cast<int>(Game::chess), 1);
    EXPECT_EQ(static_cast<int>(Game::shogi), 2);
    EXPECT_EQ(static_cast<int>(Game::xiangqi), 3);
    for (const GameInfo& g : all_games()) EXPECT_EQ(game_numbered(static_cast<int>(g.game)), g.game);
    EXPECT_EQ(game_numbered(4), std::nullopt);
    EXPECT_EQ(game_numbered(-1), std::nullopt);
    EXPECT_EQ(game_info(Game::any), nullptr);
}

TEST(Games, EveryGameHasARowThatNamesWhatItsFormatsAre) {
    std::set<std::string_view> names;
    for (const GameInfo& g : all_games()) {
        EXPECT_TRUE(names.insert(g.name).second) << g.name;
        EXPECT_EQ(game_named(g.name), &g);
        EXPECT_EQ(game_info(g.game), &g);
        EXPECT_EQ(to_string(g.game), g.name);
        EXPECT_NE(g.first, g.second) << g.name;
        // Its own position format reads and writes positions of this game.
        const Format* own = find_format(g.position_format);
        ASSERT_NE(own, nullptr) << g.name;
        EXPECT_EQ(own->game, g.game);
        EXPECT_EQ(own->kind, Kind::position);
        EXPECT_TRUE(own->can_read() && own->can_write()) << g.name;
    }
    // Every format belongs to a game of the table, or to all of them.
    for (const Format& f : all_formats())
        EXPECT_TRUE(f.game == Game::any || game_info(f.game) != nullptr) << f.name;
    EXPECT_EQ(game_named("checkers"), nullptr);
    EXPECT_EQ(game_names(), "go, chess, shogi and xiangqi");
}

}  // namespace
}  // namespace kifu::formats
