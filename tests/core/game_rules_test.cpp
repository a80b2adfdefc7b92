// The game interface (core/game_rules.hpp) for every game behind it: the 16-bit move word
// gives every legal move back, the position notation reads back what it writes, the side to
// move is one of the players the games table names, and the one dispatch reaches each
// game's traits by its number.

#include <set>
#include <type_traits>

#include <gtest/gtest.h>

#include "kifu/formats/game_rules.hpp"

namespace kifu {
namespace {

// Every position within `depth` plies of `start`, each visited once per path.
template <GameRules Rules, class Each>
void each_position(const typename Rules::Position& start, int depth, Each&& each) {
    each(start);
    if (depth == 0) return;
    for (const auto& m : Rules::legal_moves(start)) {
        typename Rules::Position next = start;
        Rules::play(next, m);
        each_position<Rules>(next, depth - 1, each);
    }
}

// A start with few enough positions two plies on for a test under the sanitizers (Go's
// 19x19 board has 130,683).
template <GameRules Rules>
Result<typename Rules::Position> small_start() {
    if constexpr (std::is_same_v<Rules, go::GameTraits>)
        return Rules::read_position(".5x5");
    else
        return Rules::read_position("startpos");
}

template <class Rules>
class GameRulesTest : public ::testing::Test {};
using AllRules = ::testing::Types<chess::GameTraits, go::GameTraits, shogi::GameTraits, xiangqi::GameTraits>;
TYPED_TEST_SUITE(GameRulesTest, AllRules);

TYPED_TEST(GameRulesTest, MoveWordsGiveEveryLegalMoveBack) {
    using Rules = TypeParam;
    const Result<typename Rules::Position> start = small_start<Rules>();
    ASSERT_TRUE(start);
    std::size_t moves = 0;
    each_position<Rules>(*start, 2, [&](const typename Rules::Position& pos) {
        std::set<std::uint16_t> words;
        for (const auto& m : Rules::legal_moves(pos)) {
            const std::uint16_t w = Rules::move_word(m);
            EXPECT_TRUE(Rules::move_of_word(w) == m) << Rules::engine_move(pos, m);
            EXPECT_TRUE(words.insert(w).second) << "two moves share the word " << w;
            ++moves;
        }
    });
    EXPECT_GT(moves, 400u);
}

TYPED_TEST(GameRulesTest, PositionsReadBackWhatTheyWrite) {
    using Rules = TypeParam;
    const formats::GameInfo* info = formats::game_named(Rules::game);
    ASSERT_NE(info, nullptr) << Rules::game;
    const Result<typename Rules::Position> start = small_start<Rules>();
    ASSERT_TRUE(start);
    EXPECT_EQ(Rules::side_to_move(*start), info->first_colour);
    EXPECT_TRUE(Rules::read_position("startpos"));
    each_position<Rules>(*start, 2, [&](const typename Rules::Position& pos) {
        const std::string text = Rules::write_position(pos);
        const Result<typename Rules::Position> back = Rules::read_position(text);
        ASSERT_TRUE(back) << text;
        EXPECT_EQ(Rules::write_position(*back), text);
        EXPECT_EQ(Rules::key(*back), Rules::key(pos)) << text;
        const std::string_view side = Rules::side_to_move(pos);
        EXPECT_TRUE(side == info->first_colour || side == info->second_colour) << side;
    });
    EXPECT_FALSE(Rules::read_position("no position"));
    EXPECT_EQ(Rules::perft(*start, 1), Rules::legal_moves(*start).size());
}

TEST(GameRulesDispatch, EachGameOfTheTableReachesItsTraits) {
    std::size_t reached = 0;
    for (const formats::GameInfo& g : formats::all_games()) {
        const bool has = formats::visit_game_rules(g.game, [&]<class Rules>(std::type_identity<Rules>) {
            EXPECT_EQ(Rules::game, g.name);
            ++reached;
        });
        EXPECT_TRUE(has) << g.name;
    }
    EXPECT_EQ(reached, formats::all_games().size());
    EXPECT_FALSE(formats::visit_game_rules(formats::Game::any, [](auto) { FAIL(); }));
}

}  // namespace
}  // namespace kifu
