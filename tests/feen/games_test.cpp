// Chess and shogi positions through both FEEN forms and back: every FEN of the perft suite
// and every SFEN of the named positions.

#include "kifu/feen/games.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "kifu/chess/fen.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::feen {
namespace {

namespace fs = std::filesystem;

// The FEN of a position with the clocks FEEN cannot hold set to 0 and 1.
std::string without_clocks(chess::Position p) {
    p.set_clocks(0, 1);
    return chess::write_fen(p, {.castling = chess::CastlingNotation::shredder,
                                .en_passant = chess::EnPassantField::after_double_push});
}

TEST(FeenGames, ChessStartAndE4) {
    const chess::Position start = chess::Position::start();
    EXPECT_EQ(write_feen(from_chess(start)),
              "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c");
    EXPECT_EQ(write_feen2015(start), "♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/8/8/♙♙♙♙♙♙♙♙/♖♘♗♕♔♗♘♖ B -");
    chess::Position e4 = start;
    e4.play(chess::Move::make(chess::make_square(4, 1), chess::make_square(4, 3)));
    EXPECT_EQ(write_feen2015(e4), "♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/4♙3/8/♙♙♙♙1♙♙♙/♖♘♗♕♔♗♘♖ t -");
    EXPECT_EQ(write_feen(from_chess(e4)),
              "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / c/C");
    EXPECT_EQ(write_feen2015(e4, true), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR t -");
}

TEST(FeenGames, EveryPerftPositionThroughBothForms) {
    const fs::path path = fs::path(KIFU_TESTDATA_DIR) / "chess" / "perft.epd";
    if (!fs::exists(path)) GTEST_SKIP() << "test data not found: " << path.string();
    std::ifstream in(path);
    std::string line;
    int count = 0;
    while (std::getline(in, line)) {
        const std::string fen = line.substr(0, line.find(';'));
        const chess::Position pos = *chess::parse_fen(fen, {.relaxed = true});
        const std::string feen = write_feen(from_chess(pos));
        const Result<Position> read = parse_feen(feen);
        ASSERT_TRUE(read) << feen << ": " << read.error().message;
        const Result<chess::Position> back = to_chess(*read);
        ASSERT_TRUE(back) << feen << ": " << back.error().message;
        EXPECT_EQ(without_clocks(*back), without_clocks(pos)) << fen << " -> " << feen;
        // The seed's form keeps the board and the side to move.
        const Result<SeedPosition> seed = parse_feen2015(write_feen2015(pos));
        ASSERT_TRUE(seed);
        const Result<chess::Position> board = chess_from_feen2015(*seed);
        ASSERT_TRUE(board);
        EXPECT_EQ(chess::write_fen(*board).substr(0, chess::write_fen(*board).find(' ') + 2),
                  chess::write_fen(pos).substr(0, chess::write_fen(pos).find(' ') + 2));
        ++count;
    }
    EXPECT_EQ(count, 134);
}

TEST(FeenGames, EveryNamedShogiPositionThroughBothForms) {
    const fs::path path = fs::path(KIFU_TESTDATA_DIR) / "shogi" / "sfen" / "positions.tsv";
    if (!fs::exists(path)) GTEST_SKIP() << "test data not found: " << path.string();
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    int count = 0;
    while (std::getline(in, line)) {
        std::istringstream s(line);
        std::string name, sfen;
        std::getline(s, name, '\t');
        std::getline(s, sfen, '\t');
        shogi::Position pos = *shogi::parse_sfen(sfen);
        pos.set_move_number(1);  // FEEN has no move number
        const std::string feen = write_feen(from_shogi(pos));
        const Result<Position> read = parse_feen(feen);
        ASSERT_TRUE(read) << name << ": " << feen << ": " << read.error().message;
        const Result<shogi::Position> back = to_shogi(*read);
        ASSERT_TRUE(back) << feen << ": " << back.error().message;
        EXPECT_EQ(shogi::write_sfen(*back), shogi::write_sfen(pos)) << feen;
        const Result<SeedPosition> seed = parse_feen2015(write_feen2015(pos));
        ASSERT_TRUE(seed) << write_feen2015(pos);
        const Result<shogi::Position> seed_back = shogi_from_feen2015(*seed);
        ASSERT_TRUE(seed_back) << write_feen2015(pos);
        EXPECT_EQ(shogi::write_sfen(*seed_back), shogi::write_sfen(pos)) << write_feen2015(pos);
        ++count;
    }
    EXPECT_EQ(count, 28);
    // The data file's shogi start position, exactly.
    EXPECT_EQ(write_feen(from_shogi(shogi::Position::start())),
              "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s");
    EXPECT_EQ(write_feen2015(shogi::Position::start()),
              "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL B -");
}

TEST(FeenGames, WhatDoesNotFitIsSaid) {
    EXPECT_EQ(to_chess(*parse_feen("K / C/c")).error().message, "a chess position needs an 8x8 board");
    EXPECT_EQ(to_shogi(*parse_feen("8/8/8/8/8/8/8/8 / C/c")).error().message,
              "a shogi position needs a 9x9 board");
    EXPECT_EQ(to_chess(*parse_feen("8/8/8/8/8/8/8/8 / S/s")).error().message,
              "the styles S/s are not chess (C/c)");
}

}  // namespace
}  // namespace kifu::feen
