#include "kifu/shogi/status.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {
namespace {

// Plays `moves` (USI) from `sfen`, keeping the history of positions, and returns the status
// of the last one.
GameStatus after(std::string_view sfen, const std::vector<std::string_view>& moves) {
    Position pos = *parse_sfen(sfen);
    std::vector<HistoryEntry> history;
    for (const std::string_view text : moves) {
        history.push_back({repetition_key(pos), in_check(pos, pos.side_to_move())});
        pos.play(*parse_usi(pos, text));
    }
    return game_status(pos, history);
}

TEST(ShogiStatus, CheckmateAndNoLegalMove) {
    const GameStatus mate =
        game_status(*parse_sfen("ln1g1gsnl/1r1Bk2b1/ppppSpppp/4p4/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w - 1"));
    EXPECT_EQ(mate.outcome, Outcome::checkmate);
    EXPECT_EQ(mate.loser, Color::white);
    const GameStatus stuck = game_status(
        *parse_sfen("+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200"));
    EXPECT_EQ(stuck.outcome, Outcome::no_legal_move);
    EXPECT_EQ(game_status(Position::start()).outcome, Outcome::ongoing);
}

TEST(ShogiStatus, SennichiteOnTheFourthRepetition) {
    std::vector<std::string_view> moves;
    for (int i = 0; i < 3; ++i)
        for (const std::string_view m : {"5i4h", "5a4b", "4h5i", "4b5a"}) moves.push_back(m);
    EXPECT_EQ(after(kStartSfen, {moves.begin(), moves.end() - 4}).repetitions, 3);
    EXPECT_EQ(after(kStartSfen, {moves.begin(), moves.end() - 4}).outcome, Outcome::ongoing);
    const GameStatus fourth = after(kStartSfen, moves);
    EXPECT_EQ(fourth.repetitions, 4);
    EXPECT_EQ(fourth.outcome, Outcome::sennichite);
}

TEST(ShogiStatus, PerpetualCheckLosesForTheCheckingSide) {
    // Black's rook checks from 1c and 2c in turn while White's king steps between 1a and 2a.
    std::vector<std::string_view> moves;
    for (int i = 0; i < 3; ++i)
        for (const std::string_view m : {"2c1c", "1a2a", "1c2c", "2a1a"}) moves.push_back(m);
    const GameStatus s = after("8k/9/7R1/9/9/9/9/9/K8 b - 1", moves);
    EXPECT_EQ(s.repetitions, 4);
    EXPECT_EQ(s.outcome, Outcome::perpetual_check);
    EXPECT_EQ(s.loser, Color::black);
}

// make then unmake gives back the position, over every node of small perft trees.
std::uint64_t walk(Position& pos, int depth) {
    if (depth == 0) return 1;
    std::uint64_t nodes = 0;
    for (const Move m : legal_moves(pos)) {
        const Position before = pos;
        const Position::Undo undo = pos.make(m);
        nodes += walk(pos, depth - 1);
        pos.unmake(m, undo);
        EXPECT_EQ(pos, before) << write_sfen(before) << " " << write_usi(m);
        if (!(pos == before)) return 0;
    }
    return nodes;
}

TEST(ShogiStatus, MakeUnmakeRestoresEveryPosition) {
    Position start = Position::start();
    EXPECT_EQ(walk(start, 3), 25470u);
    Position matsuri = *parse_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
    EXPECT_EQ(walk(matsuri, 2), 28684u);
}

}  // namespace
}  // namespace kifu::shogi
