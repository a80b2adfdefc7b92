// HEN <-> SGF on the spec's two examples, both ways, byte for byte.

#include <gtest/gtest.h>

#include "hen_fixtures.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/go/record.hpp"
#include "kifu/go/sgf_hen.hpp"

namespace kifu::go {
namespace {

namespace fx = fixtures;

// The spec's equivalent SGFs, as printed in ../shared/specs/hen.txt.
constexpr std::string_view kExample1Sgf =
    "(;GM[1]FF[4]SZ[19]PB[Black]PW[White]\n"
    ";AB[aa][ca][da][jj][jl][im][km][jn][fs][ns][os]AW[ba][ea][fa][ga][kl][lm][kn][cs][ds][es][ms]\n"
    ";W[jm])";
constexpr std::string_view kEarReddeningSgf =
    "(;GM[1]FF[4]CA[UTF-8]SZ[19]\n"
    ";AB[ja][db][jb][qb][fc][jc][kc][pc][ld][md][nd][qd][ke][pe][qe][pf][qg][rg][sg][oh][sh][mi][pi][qi][ri]["
    "oj]"
    "[qj][pk][qk][pl][rl][pm][jn][ln][pn][go][lo][no][po][cp][ep][hp][lp][op][fq][hq][mq][nq][oq][pq][gr][nr]"
    "[or]"
    "[qr][ns][ps][rs]AW[ka][la][kb][mb][ob][pb][cc][dc][ic][lc][mc][oc][qf][rf][ng][og][pg][ph][qh][rh][ni]["
    "oi][mj]"
    "[nj][rj][ck][ok][rk][ol][ql][mm][om][qm][rm][cn][mn][on][io][mo][oo][qo][mp][np][qp][gq][iq][kq][lq][qq]"
    "[rq]"
    "[hr][jr][kr][mr][rr][is][ls]\n"
    ";B[ji]SQ[ln][lo][lp][jn]CR[io])";

// The position at the end of the first game's main line, replayed with the rules checked.
Result<Position> end_position(std::string_view sgf_text, std::vector<SgfWarning>* warnings = nullptr) {
    Result<Record> record = read_record(sgf_text);
    if (!record) return record.error();
    return position_at(*record, 0, record->game(0).main_line_end(), {}, warnings);
}

std::string hen_at_end(std::string_view sgf_text, HenWriteOptions options = {}) {
    std::vector<SgfWarning> warnings;
    Result<Position> pos = end_position(sgf_text, &warnings);
    EXPECT_TRUE(pos);
    for (const SgfWarning& w : warnings) EXPECT_EQ(w.issue, SgfIssue::setup_after_root) << w.where.message;
    Result<std::string> hen = write_hen(*pos, options);
    EXPECT_TRUE(hen);
    return hen ? *hen : std::string{};
}

TEST(SgfToHen, SpecExample1) {
    EXPECT_EQ(hen_at_end(kExample1Sgf, {.always_size = true}), fx::kExample1);
}

TEST(SgfToHen, SpecEarReddening) {
    EXPECT_EQ(hen_at_end(kEarReddeningSgf), fx::kEarReddening);
}

// The AB, AW, move and markup of the spec's SGF (point order aside).
void expect_same_game(std::string_view hen, std::string_view expected_sgf) {
    Result<SgfCollection> made = hen_to_sgf(*parse_hen(hen));
    ASSERT_TRUE(made);
    Result<SgfCollection> expected = read_sgf(expected_sgf);
    ASSERT_TRUE(expected);
    const auto nodes = [](const SgfCollection& sgf) {
        std::vector<std::uint32_t> line{sgf.games()[0]};
        while (sgf.node(line.back()).first_child != SgfCollection::kNone)
            line.push_back(sgf.node(line.back()).first_child);
        return line;
    };
    const auto sorted = [](const SgfCollection& sgf, std::uint32_t node, std::string_view id) {
        std::vector<std::string> v;
        if (const auto* p = sgf.find(node, id))
            for (auto s : sgf.values(*p)) v.emplace_back(s);
        std::sort(v.begin(), v.end());
        return v;
    };
    const auto a = nodes(*made);
    const auto b = nodes(*expected);
    ASSERT_EQ(a.size(), 3u);
    ASSERT_EQ(b.size(), 3u);
    EXPECT_EQ(*made->value(a[0], "SZ"), "19");
    EXPECT_EQ(*made->value(a[0], "CA"), "UTF-8");
    for (std::size_t i = 1; i < 3; ++i)
        for (const char* id : {"AB", "AW", "B", "W", "SQ", "CR", "TR", "MA", "LB", "PL"})
            EXPECT_EQ(sorted(*made, a[i], id), sorted(*expected, b[i], id)) << id << " in node " << i;
    // And back to the same HEN.
    EXPECT_EQ(hen_at_end(write_sgf(*made), {.always_size = hen.substr(0, 6) == ".19x19"}), hen);
}

TEST(HenToSgf, SpecExample1) {
    expect_same_game(fx::kExample1, kExample1Sgf);
}

TEST(HenToSgf, SpecEarReddening) {
    expect_same_game(fx::kEarReddening, kEarReddeningSgf);
}

TEST(HenToSgf, TurnWithoutMoveAndNumbers) {
    const Result<SgfCollection> sgf = hen_to_sgf(*parse_hen(".9x9_5Gb_3E~1b~2.w"));
    ASSERT_TRUE(sgf);
    EXPECT_EQ(write_sgf(*sgf), "(;GM[1]FF[4]CA[UTF-8]SZ[9]\n;AB[ge][eg][fg]AW[gg]LB[eg:1][gg:2]PL[W])\n");
    const Result<SgfCollection> pass = hen_to_sgf(*parse_hen(".9x9_5Gb.pw"));
    EXPECT_EQ(write_sgf(*pass), "(;GM[1]FF[4]CA[UTF-8]SZ[9]\n;AB[ge]\n;W[])\n");
    EXPECT_EQ(write_sgf(*hen_to_sgf(*parse_hen(".13x9"))), "(;GM[1]FF[4]CA[UTF-8]SZ[13:9])\n");
}

// Found by the fuzzer: a suicide leaves no stone for the last move; the position is
// shown without one, so that its HEN is valid.
TEST(SgfToHen, SuicideAsTheLastMove) {
    const Result<Position> pos = end_position("(;SZ[9]AB[ba][ab];W[aa])");
    ASSERT_TRUE(pos);
    ASSERT_TRUE(pos->last_move);
    EXPECT_TRUE(pos->last_move_gone());
    EXPECT_EQ(pos->turn, Stone::black);
    // HEN cannot hold it (the registry's writer drops it with a note)...
    EXPECT_EQ(write_hen(*pos).error().code, ErrorCode::unsupported);
    Position without = *pos;
    without.last_move.reset();
    EXPECT_EQ(*write_hen(without), ".9x9_9Bb_8b.b");
    // ...SGF can: the lone stone's suicide replays to the same position.
    std::vector<std::string> dropped;
    const Result<SgfCollection> back = hen_to_sgf(*pos, &dropped);
    ASSERT_TRUE(back);
    EXPECT_TRUE(dropped.empty());
    EXPECT_EQ(write_sgf(*back), "(;GM[1]FF[4]CA[UTF-8]SZ[9]\n;AB[ba][ab]\n;W[aa])\n");
    // A suicide of a group cannot be replayed from the position after it: left out, and said.
    const Result<Position> after = end_position("(;SZ[9]AB[ba][bb][ac]AW[ab];W[aa])");
    ASSERT_TRUE(after && after->last_move_gone());
    const Result<SgfCollection> partial = hen_to_sgf(*after, &dropped);
    ASSERT_TRUE(partial);
    EXPECT_EQ(write_sgf(*partial), "(;GM[1]FF[4]CA[UTF-8]SZ[9]\n;AB[ba][bb][ac]PL[B])\n");
    ASSERT_EQ(dropped.size(), 1u);
    EXPECT_EQ(dropped[0], "the last move (white A9, a suicide of more than its own stone)");
}

// A node without a move (a comment, PL) keeps the last move and the ko it made: no move
// has been played since.
TEST(SgfToHen, KoAndLastMoveStandAtANodeWithoutAMove) {
    const Result<Position> pos = end_position("(;SZ[5]AB[bc][cb][cd]AW[db][dd][ec];B[dc];W[cc];C[x])");
    ASSERT_TRUE(pos);
    EXPECT_EQ(*write_hen(*pos), ".5x5_4Cbw_3BbwEw_2Cbw.D3.C3w.b");
    // PL handing the turn to the capturer: the ko does not bind the player to move.
    EXPECT_EQ(*write_hen(*end_position("(;SZ[5]AB[bc][cb][cd]AW[db][dd][ec];B[dc];W[cc];PL[W])")),
              ".5x5_4Cbw_3BbwEw_2Cbw.C3w.w");
    // Setup ends both.
    EXPECT_EQ(*write_hen(*end_position("(;SZ[5]AB[bc][cb][cd]AW[db][dd][ec];B[dc];W[cc];AB[aa])")),
              ".5x5_5b_4Cbw_3BbwEw_2Cbw.b");
}

// HEN -> SGF -> HEN with the turn back to the player who moved: PL in a node after the move.
TEST(HenToSgf, TurnBackToTheMover) {
    for (const std::string_view hen : {".9x9_5Eb.pw.w", ".9x9_5Eb_4Ew.E4w.w"}) {
        const Result<SgfCollection> sgf = hen_to_sgf(*parse_hen(hen));
        ASSERT_TRUE(sgf);
        EXPECT_EQ(hen_at_end(write_sgf(*sgf)), hen);
    }
}

// Found by the fuzzer: two labels for one point (merged LB properties). The position
// keeps the first, as HEN and FF[4] allow one label a point.
TEST(SgfToHen, OneLabelAPoint) {
    const Result<Position> pos = end_position("(;SZ[9]LB[ee:x]CR[aa]LB[ee:y]SQ[aa])");
    ASSERT_TRUE(pos);
    EXPECT_EQ(*write_hen(*pos), ".9x9.E5-x.A9-CR");
    Position twice = *pos;
    twice.labels.push_back({twice.labels[0].point, "z"});
    EXPECT_EQ(write_hen(twice).error().message, "HEN gives a point one label at most");
}

TEST(HenToSgf, MultiColourStonesCannotBeWritten) {
    const Result<SgfCollection> sgf = hen_to_sgf(*parse_hen(".9x9_5Gr"));
    ASSERT_FALSE(sgf);
    EXPECT_EQ(sgf.error().code, ErrorCode::unsupported);
    EXPECT_EQ(sgf.error().message, "SGF has no red stones (at G5); only black and white");
}

}  // namespace
}  // namespace kifu::go
