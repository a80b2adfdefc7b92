// is_legal, the one-move test the record readers use, against legal_moves: for every board
// move, promotion and drop a position could name, on the perft table's positions and the
// positions of seeded random games from each of them.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {
namespace {

namespace fs = std::filesystem;

// Every move a text could name: all squares to all squares, promoting or not, and drops.
std::size_t disagreements(const Position& pos) {
    const MoveList legal = legal_moves(pos);
    std::size_t wrong = 0;
    const auto check = [&](Move m) {
        const bool listed = std::find(legal.begin(), legal.end(), m) != legal.end();
        wrong += listed != is_legal(pos, m);
    };
    for (Square from = 0; from < kSquares; ++from) {
        if (pos.piece_on(from).empty()) continue;
        for (Square to = 0; to < kSquares; ++to)
            if (to != from) {
                check(Move::make(from, to, false));
                check(Move::make(from, to, true));
            }
    }
    for (int t = 0; t < kHandTypes; ++t)
        for (Square to = 0; to < kSquares; ++to) check(Move::drop(static_cast<PieceType>(t), to));
    return wrong;
}

TEST(ShogiLegality, IsLegalAgreesWithTheGenerator) {
    const fs::path table = fs::path(KIFU_TESTDATA_DIR) / "shogi" / "perft" / "perft.tsv";
    std::set<std::string> starts{std::string(kStartSfen)};
    if (std::ifstream in(table); in) {
        std::string line;
        std::getline(in, line);
        while (std::getline(in, line)) {
            std::istringstream fields(line);
            std::string name, sfen;
            std::getline(fields, name, '\t');
            std::getline(fields, sfen, '\t');
            starts.insert(sfen);
        }
    }
    std::mt19937 random(20261201);
    std::size_t positions = 0;
    for (const std::string& sfen : starts) {
        Result<Position> start = parse_sfen(sfen);
        ASSERT_TRUE(start) << sfen;
        Position pos = *start;
        for (int ply = 0; ply < 40; ++ply) {
            EXPECT_EQ(disagreements(pos), 0u) << write_sfen(pos);
            ++positions;
            const MoveList legal = legal_moves(pos);
            if (legal.size() == 0) break;
            pos.play(legal[random() % legal.size()]);
        }
    }
    EXPECT_GE(positions, 40u);
}

}  // namespace
}  // namespace kifu::shogi
