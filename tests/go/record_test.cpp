// go::Record: an SGF collection as core trees beside its raw layer (go/record.hpp).

#include <thread>

#include <gtest/gtest.h>

#include "kifu/core/walk.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/go/record.hpp"

#include "../support/go.hpp"

namespace kifu::go {
namespace {

using test::must_read;

TEST(GoRecord, EveryTreeNodeMapsToTheRawNodeItCameFrom) {
    const Record r = must_read("(;SZ[9]AB[cc];B[dd]C[a](;W[ee];B[ff])(;W[gg]LB[gg:x]))(;SZ[5];B[aa])");
    ASSERT_EQ(r.size(), 2u);
    ASSERT_EQ(r.size(), 2u);
    for (std::size_t g = 0; g < r.size(); ++g) {
        const Game& tree = r.game(g);
        ASSERT_EQ(r.sgf_nodes(g).size(), tree.size());
        EXPECT_EQ(tree.index, g);
        for (NodeId id = 1; id < tree.size(); ++id) {
            const std::uint32_t raw = r.sgf_nodes(g)[id];
            // Parent links agree, and the node's moves are the raw node's, as written.
            EXPECT_EQ(r.sgf_nodes(g)[tree.nodes[id].parent], r.sgf.node(raw).parent);
            std::string written;
            for (const auto& p : r.sgf.properties(raw))
                if (p.id == "B" || p.id == "W")
                    for (const std::string_view v : r.sgf.values(p))
                        written += std::string(p.id) + "[" + std::string(v) + "]";
            EXPECT_EQ(tree.nodes[id].text, written);
        }
    }
    // A node by path: the raw node it maps to is the one the path names in the file.
    const Game& first = r.game(0);
    Result<NodeId> node = node_at_path(first, "1.v1");
    ASSERT_TRUE(node);
    const std::uint32_t raw_first = r.sgf.node(r.sgf.games()[0]).first_child;
    EXPECT_EQ(r.sgf_nodes(0)[*node], r.sgf.node(r.sgf.node(raw_first).first_child).next_sibling);
    EXPECT_EQ(first.nodes[*node].text, "W[gg]");
    ASSERT_EQ(first.nodes[*node].marks().size(), 1u);
    EXPECT_EQ(first.nodes[*node].marks()[0].text, "x");
    EXPECT_EQ(first.nodes[1].comments(), std::vector<std::string>{"a"});
}

TEST(GoRecord, AGameWithABadSizeKeepsItsErrorAndTheRestReads) {
    const Record r = must_read("(;SZ[0];B[aa])(;SZ[9];B[cc])");
    ASSERT_EQ(r.size(), 2u);
    ASSERT_EQ(r.game(0).errors.size(), 1u);
    EXPECT_NE(r.game(0).errors[0].message.find("SZ[0]"), std::string::npos);
    EXPECT_EQ(r.game(0).size(), 1u);
    Result<Position> p = position_at(r, 0, Game::kRoot);
    EXPECT_FALSE(p);
    EXPECT_TRUE(r.game(1).errors.empty());
    Result<Position> q = position_at(r, 1, 1);
    ASSERT_TRUE(q);
    // The checked replay comes to the tree's own state (position_after checks nothing).
    EXPECT_EQ(*write_hen(*q), *write_hen(position_of(r.game(1).position_after(1))));
}

TEST(GoRecord, TheRulesAreCheckedOnTheWayToANode) {
    // White retakes the ko at once: a warning with its line and column, as the raw replay gives.
    const Record r = must_read("(;SZ[5]AB[bc][cb][cd]AW[db][dd][ec];B[dc];W[cc]\n;B[dc])");
    std::vector<SgfWarning> warnings;
    Result<Position> p = position_at(r, 0, 3, {}, &warnings);
    ASSERT_TRUE(p);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].issue, SgfIssue::ko_violation);
    EXPECT_EQ(warnings[0].where.line, 2u);
}

TEST(GoRecord, MovesAreCountedNotNodes) {
    // The root plays a move; a comment node and a setup node play none; a node plays two.
    const Record r = must_read("(;SZ[9]B[aa];W[bb];C[just a comment];AB[cc];B[dd]W[ee];B[ff])");
    const Game& g = r.game(0);
    EXPECT_EQ(*main_line_after_move(g, 0), Game::kRoot);
    EXPECT_EQ(*main_line_after_move(g, 1), Game::kRoot);
    EXPECT_EQ(*main_line_after_move(g, 2), NodeId{1});
    EXPECT_EQ(*main_line_after_move(g, 3), NodeId{4});
    EXPECT_EQ(*main_line_after_move(g, 4), NodeId{4});
    EXPECT_EQ(*main_line_after_move(g, 5), NodeId{5});
    Result<NodeId> past = main_line_after_move(g, 6);
    ASSERT_FALSE(past);
    EXPECT_EQ(past.error().code, ErrorCode::out_of_range);
}

TEST(GoRecord, AnAppendedGameWritesBackAsItWasAndKeepsItsTree) {
    const Record a = must_read("(;GM[1]SZ[9]PB[x];B[cc](;W[dd]C[one])(;W[ee];B[ff]))(;SZ[9];B[aa])");
    const Record b = must_read("(;SZ[13];B[gg])");
    Record into;
    append_game(b, 0, into);
    append_game(a, 0, into);
    ASSERT_EQ(into.size(), 2u);
    EXPECT_EQ(into.game(1).index, 1u);
    const Record written = must_read(write_sgf(into.sgf));
    ASSERT_EQ(written.size(), 2u);
    const Game& back = written.game(1);
    const Game& kept = into.game(1);
    EXPECT_EQ(kept.tags, a.game(0).tags);  // the writer adds FF and CA; the rest is as read
    ASSERT_EQ(back.size(), kept.size());
    for (NodeId id = 0; id < back.size(); ++id) {
        EXPECT_EQ(back.nodes[id].text, kept.nodes[id].text);
        EXPECT_EQ(back.nodes[id].move, kept.nodes[id].move);
        EXPECT_EQ(back.nodes[id].parent, kept.nodes[id].parent);
        EXPECT_EQ(back.nodes[id].comments(), kept.nodes[id].comments());
    }
    EXPECT_EQ(written.sgf_nodes(1), into.sgf_nodes(1));
    EXPECT_EQ(written.game(0).nodes[1].text, "B[gg]");
}

TEST(GoRecord, ATreeIsMadeOnceWhateverTheThreadsThatAskForIt) {
    std::string text;
    for (int g = 0; g < 64; ++g) text += "(;SZ[9];B[cc];W[dd](;B[ee])(;B[ff]))";
    const Record r = must_read(text);
    ASSERT_EQ(r.size(), 64u);
    std::vector<std::vector<const Game*>> seen(4);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < seen.size(); ++t)
        threads.emplace_back([&r, &mine = seen[t], t] {
            for (std::size_t k = 0; k < r.size(); ++k) mine.push_back(&r.game((k + 16 * t) % r.size()));
        });
    for (std::thread& t : threads) t.join();
    for (std::size_t k = 0; k < r.size(); ++k) {
        const Game* first = seen[0][k];
        for (std::size_t t = 1; t < seen.size(); ++t)
            EXPECT_EQ(seen[t][(k + r.size() - 16 * t) % r.size()], first) << k;
        EXPECT_EQ(first->index, k);
        EXPECT_EQ(first->size(), 5u);
        EXPECT_EQ(r.sgf_nodes(k).size(), 5u);
    }
}

TEST(GoRecord, ANodeOfOneMoveHoldsItInPlace) {
    SmallList<LastMove> moves;
    EXPECT_TRUE(moves.empty());
    moves.push_back({Stone::black, Move::at({2, 3})});
    EXPECT_EQ(moves.size(), 1u);
    moves.push_back({Stone::white, Move::pass()});
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_EQ(moves[1].stone, Stone::white);
    SmallList<LastMove> same;
    same.push_back({Stone::black, Move::at({2, 3})});
    EXPECT_FALSE(same == moves);
    same.push_back({Stone::white, Move::pass()});
    EXPECT_TRUE(same == moves);
    std::size_t seen = 0;
    for (const LastMove& m : moves) seen += m.stone == Stone::black ? 1 : 10;
    EXPECT_EQ(seen, 11u);
    moves.clear();
    EXPECT_TRUE(moves.empty());
}

// A node of one move alone is read on a short path; the same node with another property
// beside it is read the general way: both give the same action, text and warnings.
TEST(GoRecord, ANodeOfOneMoveReadsAsTheGeneralWayReadsIt) {
    for (const char* size : {"19", "21", "9"}) {
        for (const char* value : {"pd", "aa", "tt", "", "sa", "zz", "ab", "Q16", "p", "pdd"}) {
            for (const char* colour : {"B", "W"}) {
                const std::string move = std::string(colour) + "[" + value + "]";
                const std::string head = std::string("(;FF[4]SZ[") + size + "];";
                const Record alone = must_read(head + move + ")");
                const Record beside = must_read(head + move + "N[x])");
                const Game& a = alone.game(0);
                const Game& b = beside.game(0);
                ASSERT_EQ(a.size(), 2u) << move;
                ASSERT_EQ(b.size(), 2u) << move;
                EXPECT_EQ(a.nodes[1].move, b.nodes[1].move) << move << " SZ " << size;
                EXPECT_EQ(a.nodes[1].text, b.nodes[1].text) << move << " SZ " << size;
                EXPECT_EQ(a.warnings.size(), b.warnings.size()) << move << " SZ " << size;
            }
        }
    }
    // And the short path is the one taken: "B[pd]" is the node's text and move.
    const Record record = must_read("(;SZ[19];B[pd];W[tt])");
    const Game& g = record.game(0);
    EXPECT_EQ(g.nodes[1].text, "B[pd]");
    ASSERT_EQ(g.nodes[1].move.moves.size(), 1u);
    EXPECT_EQ(g.nodes[1].move.moves[0].move, Move::at({15, 3}));
    ASSERT_EQ(g.nodes[2].move.moves.size(), 1u);
    EXPECT_TRUE(g.nodes[2].move.moves[0].move.is_pass);  // FF[3]'s pass on 19x19
}

}  // namespace
}  // namespace kifu::go
