// The core game tree and its walk, on a toy game whose position is the list of moves
// played (so every position says exactly how it was reached), and on chess.

#include <gtest/gtest.h>

#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/core/walk.hpp"

namespace kifu {
namespace {

struct Toy {
    using Position = std::string;
    using Move = char;
    static inline int plays = 0;
    static void play(Position& p, Move m) {
        ++plays;
        p += m;
    }
};
using ToyTree = GameTree<Toy>;

// a - b - c           main line abc
//      \- x - y        variation after a: xy
//   \- d               variation at the start: d
ToyTree sample() {
    ToyTree t;
    const NodeId a = t.add_move(ToyTree::kRoot, 'a', "a");
    const NodeId b = t.add_move(a, 'b', "b");
    t.add_move(b, 'c', "c");
    const NodeId x = t.add_move(a, 'x', "x");
    t.add_move(x, 'y', "y");
    t.add_move(ToyTree::kRoot, 'd', "d");
    return t;
}

TEST(GameTree, WalkVisitsEveryPositionOnceInPreOrderPlayingEachMoveOnce) {
    const ToyTree t = sample();
    std::vector<std::string> seen;
    Toy::plays = 0;
    walk(t, [&](NodeId id, const std::string& position) {
        EXPECT_EQ(position, t.position_after(id)) << id;
        seen.push_back(position.empty() ? "-" : position);
        return true;
    });
    EXPECT_EQ(seen, (std::vector<std::string>{"-", "a", "ab", "abc", "ax", "axy", "d"}));
    // Only the moves themselves: no replay from the start (position_after above counts too).
    int replays = 0;
    for (NodeId id = 0; id < t.size(); ++id) replays += static_cast<int>(t.depth(id));
    EXPECT_EQ(Toy::plays, 6 + replays);
}

TEST(GameTree, WalkSkipsASubtreeWhenAsked) {
    const ToyTree t = sample();
    std::vector<std::string> seen;
    walk(t, [&](NodeId, const std::string& position) {
        seen.push_back(position);
        return position != "a";
    });
    EXPECT_EQ(seen, (std::vector<std::string>{"", "a", "d"}));
}

TEST(GameTree, NodePathsNameEveryNodeAndReadBack) {
    const ToyTree t = sample();
    std::vector<std::string> paths;
    for (NodeId id = 0; id < t.size(); ++id) {
        const std::string path = node_path(t, id);
        paths.push_back(path);
        Result<NodeId> back = node_at_path(t, path);
        ASSERT_TRUE(back) << path << ": " << back.error().message;
        EXPECT_EQ(*back, id) << path;
    }
    EXPECT_EQ(paths, (std::vector<std::string>{"0", "1", "2", "3", "1.v1", "1.v1.1", "v1"}));
    EXPECT_EQ(node_at_path(t, "4").error().message, "the line ends 1 move(s) before the step 4 does");
    EXPECT_EQ(node_at_path(t, "1.v2").error().column, 3u);
    EXPECT_FALSE(node_at_path(t, "x"));
    EXPECT_FALSE(node_at_path(t, ""));
    EXPECT_EQ(*main_line_node(t, 3), 3u);
    EXPECT_FALSE(main_line_node(t, 4));
}

TEST(GameTree, SameTreeIgnoresNodeNumbering) {
    ToyTree a = sample();
    ToyTree b;  // the same game, variations added first
    const NodeId d = b.add_move(ToyTree::kRoot, 'a', "a");
    const NodeId x = b.add_move(d, 'b', "b");
    b.add_move(d, 'x', "x");
    b.add_move(ToyTree::kRoot, 'd', "d");
    b.add_move(x, 'c', "c");
    b.add_move(b.node(d).children[1], 'y', "y");
    const auto result = [](const ToyTree& t) { return t.result; };
    EXPECT_TRUE(same_tree(a, b, result));
    b.node(1).notes().comments = {"!"};
    EXPECT_FALSE(same_tree(a, b, result));
}

TEST(GameTree, ChessGameIsTheCoreTree) {
    const std::vector<chess::Game> games = chess::read_pgn("1. e4 (1. d4 d5) e5 2. Nf3 *");
    ASSERT_EQ(games.size(), 1u);
    const chess::Game& g = games[0];
    std::vector<std::string> keys;
    walk(g, [&](NodeId id, const chess::Position& p) {
        EXPECT_EQ(chess::GameTraits::key(p), chess::GameTraits::key(g.position_after(id)));
        keys.push_back(node_path(g, id) + " " + g.node(id).text);
        return true;
    });
    EXPECT_EQ(keys, (std::vector<std::string>{"0 ", "1 e4", "2 e5", "3 Nf3", "v1 d4", "v1.1 d5"}));
    EXPECT_EQ(chess::GameTraits::write_move(g.start, g.node(1).move), "e4");
}

}  // namespace
}  // namespace kifu
