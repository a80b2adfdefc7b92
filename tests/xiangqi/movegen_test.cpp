// Xiangqi move generation against the perft table of ../shared/testdata/xiangqi/perft
// (KIFU_TESTDATA_DIR): the rows within the node budget in make test, every row in make
// test-long; and the rules one by one.

#include "kifu/xiangqi/movegen.hpp"

#include <gtest/gtest.h>

#include "../support/perft_table.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace kifu::xiangqi {
namespace {

namespace fs = std::filesystem;
const fs::path kPerft = fs::path(KIFU_TESTDATA_DIR) / "xiangqi" / "perft" / "perft.tsv";

// Two million nodes a row in make test (52 of the 69 rows, 6,986,203 nodes in all).
constexpr std::uint64_t kNodeBudget = 2'000'000;

void run(std::uint64_t budget) {
    if (!fs::exists(kPerft))
        GTEST_SKIP() << "test data not found: " << kPerft.string() << " (set KIFU_TESTDATA_DIR)";
    const std::vector<test::PerftRow> rows = test::read_perft_table(kPerft);
    ASSERT_EQ(rows.size(), 69u);
    std::uint64_t nodes = 0;
    int checked = 0;
    for (const test::PerftRow& r : rows) {
        if (r.nodes > budget) continue;
        const Result<Position> pos = parse_fen(r.position);
        ASSERT_TRUE(pos) << r.position << ": " << pos.error().message;
        EXPECT_EQ(perft(*pos, r.depth), r.nodes) << r.position << " depth " << r.depth;
        nodes += r.nodes;
        ++checked;
    }
    fmt::print("perft.tsv: {} of {} rows, {} nodes checked\n", checked, rows.size(), nodes);
}

TEST(XiangqiPerft, TableWithinBudget) {
    run(kNodeBudget);
}

TEST(XiangqiPerftLong, EveryRow) {
    if (!std::getenv("KIFU_LONG_TESTS")) GTEST_SKIP() << "a long run: set KIFU_LONG_TESTS=1 (make test-long)";
    run(10'000'000'000ull);
}

Position fen(std::string_view text) {
    const Result<Position> p = parse_fen(text);
    EXPECT_TRUE(p) << text;
    return p ? *p : Position{};
}

// The moves of one square, as ICCS-style "from-to" pairs of square names.
std::vector<std::string> moves_from(const Position& pos, std::string_view square) {
    const auto named = [](Square s) {
        return fmt::format("{}{}", static_cast<char>('a' + file_of(s)), 9 - row_of(s));
    };
    std::vector<std::string> out;
    for (const Move m : legal_moves(pos))
        if (named(m.from()) == square) out.push_back(named(m.to()));
    std::sort(out.begin(), out.end());
    return out;
}

using Names = std::vector<std::string>;

TEST(XiangqiMoves, PiecesMoveByTheirRules) {
    // The horse on e4 is blocked at e5 (up) and free elsewhere.
    const Position horse = fen("3k5/9/9/9/9/4p4/4H4/9/9/5K3 w");
    EXPECT_EQ(moves_from(horse, "e3"), (Names{"c2", "c4", "d1", "f1", "g2", "g4"}));
    // The elephant stays on its side and is stopped at its eye.
    const Position elephant = fen("3k5/9/9/9/9/9/9/2E6/3P5/5K3 w");
    EXPECT_EQ(moves_from(elephant, "c2"), (Names{"a0", "a4", "e4"}));
    // A cannon moves like a chariot and captures over exactly one screen.
    const Position cannon = fen("5k3/9/4r4/9/4p4/9/9/4C4/9/3K5 w");
    EXPECT_EQ(moves_from(cannon, "e2"),
              (Names{"a2", "b2", "c2", "d2", "e0", "e1", "e3", "e4", "e7", "f2", "g2", "h2", "i2"}));
    // A soldier steps forward before the river, sideways too after it, never back.
    EXPECT_EQ(moves_from(fen("3k5/9/9/9/9/9/4P4/9/9/5K3 w"), "e3"), (Names{"e4"}));
    EXPECT_EQ(moves_from(fen("3k5/9/9/9/4P4/9/9/9/9/5K3 w"), "e5"), (Names{"d5", "e6", "f5"}));
    // Advisors and the general stay in the palace.
    EXPECT_EQ(moves_from(fen("3k5/9/9/9/9/9/9/9/9/3AK4 w"), "d0"), (Names{"e1"}));
    EXPECT_EQ(moves_from(fen("3k5/9/9/9/9/9/9/9/9/3AK4 w"), "e0"), (Names{"e1", "f0"}));
}

TEST(XiangqiMoves, FlyingGeneralAndPins) {
    // The generals may not face each other: the Red general cannot step to the open e file,
    // and the chariot between them may not leave it.
    const Position open = fen("4k4/9/9/9/9/9/9/9/9/3K5 w");
    EXPECT_EQ(moves_from(open, "d0"), (Names{"d1"}));
    const Position pinned = fen("4k4/9/9/9/4R4/9/9/9/9/4K4 w");
    EXPECT_EQ(moves_from(pinned, "e5"), (Names{"e1", "e2", "e3", "e4", "e6", "e7", "e8", "e9"}));
    // Of two screens between an enemy cannon and the general, neither may leave the file,
    // and a piece may not step onto an open file to become the one screen.
    const Position screens = fen("4k4/9/9/4c4/9/4P4/4H4/9/9/4K4 w");
    EXPECT_EQ(moves_from(screens, "e3"), (Names{}));
    EXPECT_EQ(moves_from(screens, "e4"), (Names{"e5"}));
    const Position become = fen("3k5/9/9/4c4/9/9/9/3H5/9/4K4 w");
    EXPECT_EQ(moves_from(become, "d2"), (Names{"b1", "b3", "c0", "c4", "f1", "f3"}));
}

TEST(XiangqiMoves, MateAndStalemateBothLose) {
    // Two chariots mate the general on its back rank.
    const Position mate = fen("3k5/9/9/9/9/9/9/9/3R5/4KR3 b");
    EXPECT_EQ(status(mate), Status::checkmate);
    // Black's general has no move and is not attacked: a stalemate, which loses.
    const Position stalemate = fen("3k5/4R4/9/9/9/9/9/9/9/4K4 b");
    EXPECT_EQ(count_legal_moves(stalemate), 0u);
    EXPECT_FALSE(in_check(stalemate, Color::black));
    EXPECT_EQ(status(stalemate), Status::stalemate);
    EXPECT_EQ(status(Position::start()), Status::ongoing);
    EXPECT_EQ(count_legal_moves(Position::start()), 44u);
}

TEST(XiangqiMoves, MakeUnmakeIsLegalAndLineBoardAgreeWithTheGenerator) {
    std::mt19937 random(2026);
    for (int game = 0; game < 6; ++game) {
        Position pos = Position::start();
        LineBoard line(pos);  // played along: the same answers without rebuilding
        for (int ply = 0; ply < 60; ++ply) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            // Every move of every piece of the side to move, and of one other square.
            const auto other = static_cast<Square>(random() % kSquares);
            for (Square from = 0; from < kSquares; ++from)
                for (Square to = 0; to < kSquares; ++to) {
                    if (from == to ||
                        ((pos.board[from].empty() || pos.board[from].color != pos.side_to_move) &&
                         from != other))
                        continue;
                    const Move m(from, to);
                    ASSERT_EQ(is_legal(pos, m), moves.contains(m)) << write_fen(pos);
                    ASSERT_EQ(line.is_legal(m), moves.contains(m)) << write_fen(pos);
                }
            for (const Move m : moves) {
                Position copy = pos;
                const Position::Undo undo = copy.make(m);
                copy.unmake(m, undo);
                ASSERT_EQ(copy, pos);
            }
            const Move played = moves[random() % moves.size()];
            pos.play(played);
            line.play(played);
            ASSERT_EQ(line.side_to_move(), pos.side_to_move);
        }
    }
}

// LineBoard keeps each general's safety from move to move and asks only what a move
// changed: games that check and take as often as they can, played along, must find every
// answer the generator gives (a check missed lets a wrong move through; one imagined
// rejects a right one).
TEST(XiangqiMoves, LineBoardAgreesInGamesFullOfChecksAndCaptures) {
    std::mt19937 random(39);
    std::size_t checks = 0, asked = 0;
    for (int game = 0; game < 60; ++game) {
        Position pos = game % 3 == 2
                           ? fen("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w")
                           : Position::start();
        LineBoard line(pos);
        for (int ply = 0; ply < 150; ++ply) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            for (Square from = 0; from < kSquares; ++from) {
                if (pos.board[from].empty() || pos.board[from].color != pos.side_to_move) continue;
                for (Square to = 0; to < kSquares; ++to) {
                    ASSERT_EQ(line.is_legal(Move(from, to)), moves.contains(Move(from, to)))
                        << write_fen(pos) << " " << int(from) << "-" << int(to);
                    ++asked;
                }
            }
            // A checking move when there is one (most often), else a capture, else any.
            std::vector<Move> checking, taking;
            for (const Move m : moves) {
                Position after = pos;
                after.play(m);
                if (in_check(after, after.side_to_move)) checking.push_back(m);
                if (!pos.board[m.to()].empty()) taking.push_back(m);
            }
            const std::vector<Move>& pool = !checking.empty() && random() % 4 != 0 ? checking : taking;
            const Move played = !pool.empty() && random() % 3 != 0 ? pool[random() % pool.size()]
                                                                   : moves[random() % moves.size()];
            pos.play(played);
            line.play(played);
            checks += in_check(pos, pos.side_to_move);
            ASSERT_EQ(line.side_to_move(), pos.side_to_move);
        }
    }
    EXPECT_GT(checks, 500u);  // the games did check (667)
    EXPECT_GT(asked, 1'000'000u);
}

TEST(XiangqiMoves, IsLegalAndLineBoardInPositionsNoGameReach) {
    // Positions no game reaches, which the generator defines all the same: no general,
    // two generals of a side, generals facing, a general in check from a cannon and a horse,
    // the side not to move attacked.
    for (const std::string_view text :
         {"9/9/9/9/9/9/9/9/4R4/9 w", "3k1k3/9/9/9/9/9/9/9/2C6/4K4 b", "4k4/9/9/9/9/9/9/9/9/4K4 w",
          "3k5/9/9/9/4n4/9/4c4/3R5/4A4/3AK4 w",
          "3k5/9/4N4/9/9/9/p8/9/3R5/4K4 w",  // the side not to move attacked: its general taken
          "3k1k3/9/9/9/9/9/9/9/3R5/4K4 w",   // one of two generals taken: the other one counts
          "4k4/9/9/9/r5N2/9/9/9/9/3K5 w",    // a horse checks off the general's lines
          "4k4/9/9/9/9/9/9/9/4A4/4K4 w",     // the advisor may not step aside: generals would face
          "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w"}) {
        const Position pos = fen(text);
        const MoveList moves = legal_moves(pos);
        for (Square from = 0; from < kSquares; ++from)
            for (Square to = 0; to < kSquares; ++to)
                ASSERT_EQ(is_legal(pos, Move(from, to)), moves.contains(Move(from, to))) << text;
        // LineBoard after each legal move (generals moving and pieces taken among them).
        for (const Move m : moves) {
            LineBoard line(pos);
            line.play(m);
            Position after = pos;
            after.play(m);
            const MoveList next = legal_moves(after);
            for (Square from = 0; from < kSquares; ++from)
                for (Square to = 0; to < kSquares; ++to)
                    ASSERT_EQ(line.is_legal(Move(from, to)), next.contains(Move(from, to))) << text;
        }
    }
}

}  // namespace
}  // namespace kifu::xiangqi
