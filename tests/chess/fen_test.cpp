#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/movegen.hpp"

namespace kifu::chess {
namespace {

void expect_error(std::string_view fen, std::uint32_t column, const std::string& message) {
    const Result<Position> pos = parse_fen(fen);
    ASSERT_FALSE(pos) << fen;
    EXPECT_EQ(pos.error().column, column) << fen << ": " << pos.error().message;
    EXPECT_EQ(pos.error().message, message) << fen;
}

TEST(Fen, ValidateListsEveryErrorOfThePlacementWithItsColumn) {
    // One reader for every placement field (core/placement.hpp): each bad rank is said.
    const std::vector<Error> errors = validate_fen("rnbqkbnr/ppppxppp/9/8/8/8/PPPPPPP/RNBQKBNR x KQkq - 0 1");
    ASSERT_EQ(errors.size(), 4u);
    EXPECT_EQ(errors[0].column, 14u);
    EXPECT_EQ(errors[0].message, "expected a piece letter (PNBRQK, pnbrqk), a digit or '/', found 'x'");
    EXPECT_EQ(errors[1].column, 19u);
    EXPECT_EQ(errors[1].message, "rank 6 has more than 8 squares");
    EXPECT_EQ(errors[2].column, 34u);
    EXPECT_EQ(errors[2].message, "rank 2 has 7 squares, expected 8");
    EXPECT_EQ(errors[3].column, 44u);
    EXPECT_EQ(errors[3].message, "expected the side to move, 'w' or 'b', found 'x'");
}

TEST(Fen, StrictErrorsSayWhereAndWhat) {
    expect_error("8/8/8/8/8/8/8/8 w - -", 22,
                 "a FEN has 6 fields (placement, side, castling, en passant, halfmove clock, fullmove "
                 "number), found 4");
    expect_error("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 17,
                 "rank 7 has 7 squares, expected 8");
    expect_error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 19,
                 "rank 6 has more than 8 squares");
    expect_error("rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 8,
                 "expected a piece letter (PNBRQK, pnbrqk), a digit or '/', found 'x'");
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1", 1,
                 "white has 0 kings; each side has exactly one");
    expect_error("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1", 8,
                 "a pawn on rank 8: pawns never stand on the first or last rank");
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 45,
                 "expected the side to move, 'w' or 'b', found 'x'");
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", 50,
                 "expected castling rights: '-', KQkq or rook files A-H, a-h, found 'x'");
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", 48,
                 "castling right 'K' is given twice");
    expect_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", 55,
                 "an en-passant square is on rank 3 when black is to move, not 4");
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 54,
                 "expected the halfmove clock: a number, found 'x'");
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", 56,
                 "the fullmove number 0 is outside 1-1000000");
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  KQkq - 0 1", 47,
                 "expected a single space between fields, found a space");
}

TEST(Fen, RelaxedReadsEpdAndMissingClocks) {
    const FenReadOptions relaxed{.relaxed = true};
    const Result<Position> four =
        parse_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  ", relaxed);
    ASSERT_TRUE(four);
    EXPECT_EQ(*four, Position::start());
    EXPECT_FALSE(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"));
}

TEST(Fen, CastlingNotations) {
    // X-FEN: K and Q are the outermost rooks; an inner rook by its file.
    const Result<Position> xfen = parse_fen("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1");
    ASSERT_TRUE(xfen);
    EXPECT_EQ(xfen->castling_rook(castling_index(Color::white, true)), make_square(4, 0));
    EXPECT_EQ(xfen->castling_rook(castling_index(Color::white, false)), make_square(0, 0));
    EXPECT_TRUE(xfen->chess960());
    EXPECT_EQ(write_fen(*xfen), "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1");
    EXPECT_EQ(write_fen(*xfen, {.castling = CastlingNotation::shredder}),
              "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w EAea - 0 1");
    // Shredder-FEN reads to the same position.
    EXPECT_EQ(*parse_fen("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w EAea - 0 1"), *xfen);
    // An inner rook in X-FEN is written by its file.
    const Result<Position> inner = parse_fen("4k3/8/8/8/8/8/8/R2RK3 w D - 0 1");
    ASSERT_TRUE(inner);
    EXPECT_EQ(write_fen(*inner), "4k3/8/8/8/8/8/8/R2RK3 w D - 0 1");
    EXPECT_EQ(write_fen(*parse_fen("4k3/8/8/8/8/8/8/R2RK3 w Q - 0 1")), "4k3/8/8/8/8/8/8/R2RK3 w Q - 0 1");
}

TEST(Fen, RightsWithoutTheirRookAreDroppedAndReported) {
    const std::string_view fen = "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1";
    const Result<Position> pos = parse_fen(fen);
    ASSERT_TRUE(pos);
    EXPECT_EQ(pos->castling(), 0);
    const std::vector<Error> problems = validate_fen(fen);
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0].message, "castling right 'K' has no white king and rook on the back rank for it");
}

TEST(Fen, EnPassantWrittenOnlyWhenACaptureIsLegal) {
    Position pos = Position::start();
    pos.play(Move::make(make_square(4, 1), make_square(4, 3)));  // e4
    EXPECT_EQ(write_fen(pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(write_fen(pos, {.en_passant = EnPassantField::after_double_push}),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    const std::string capturable = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    EXPECT_EQ(write_fen(*parse_fen(capturable)), capturable);
}

TEST(Fen, ValidityProblems) {
    EXPECT_EQ(validity_problems(*parse_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")).size(), 0u);
    const auto wrong_side = validity_problems(*parse_fen("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"));
    ASSERT_EQ(wrong_side.size(), 1u);
    EXPECT_EQ(wrong_side[0].message, "black, not to move, is in check");
    EXPECT_EQ(wrong_side[0].kind, ProblemKind::side_not_to_move_in_check);
    EXPECT_EQ(wrong_side[0].cell, 4);  // e8
    const auto ep = validity_problems(*parse_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"));
    ASSERT_EQ(ep.size(), 1u);
    EXPECT_EQ(ep[0].message, "en-passant square e6 without a pawn that just moved two squares past it");
    EXPECT_EQ(ep[0].kind, ProblemKind::en_passant_without_pawn);
    EXPECT_EQ(ep[0].cell, 2 * 8 + 4);  // e6
}

// Every FEN of the perft suites writes back to a text that reads to the same position.
TEST(Fen, SuitesRoundTrip) {
    const std::filesystem::path dir = std::filesystem::path(KIFU_TESTDATA_DIR) / "chess";
    if (!std::filesystem::exists(dir)) GTEST_SKIP() << "test data not found: " << dir.string();
    int count = 0;
    for (const char* name : {"perft.epd", "perft960.epd", "perft_impossible.epd"}) {
        std::ifstream in(dir / name);
        std::string line;
        while (std::getline(in, line)) {
            const std::string fen = line.substr(0, line.find(" ;"));
            const Result<Position> pos = parse_fen(fen);
            ASSERT_TRUE(pos) << fen;
            for (const CastlingNotation c : {CastlingNotation::xfen, CastlingNotation::shredder}) {
                const std::string written =
                    write_fen(*pos, {.castling = c, .en_passant = EnPassantField::after_double_push});
                const Result<Position> again = parse_fen(written);
                ASSERT_TRUE(again) << written;
                EXPECT_EQ(*again, *pos) << fen << " -> " << written;
            }
            ++count;
        }
    }
    EXPECT_EQ(count, 134 + 974 + 6);
}

}  // namespace
}  // namespace kifu::chess

namespace kifu::chess {
namespace {

// Found by fen_fuzz (fuzz/corpus/fen/regression-two-queen-side-rights.epd): two letters for
// one right ("CQ": the c1 rook and the outermost a1 rook) used to keep the last and mark the
// position Chess960 from the first, so it did not write back to the same position.
TEST(Fen, TwoLettersForOneCastlingRightAreAnError) {
    const Result<Position> p = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNRQKBNR w CQkq - 0 1");
    ASSERT_FALSE(p);
    EXPECT_EQ(p.error().code, ErrorCode::duplicate);
    EXPECT_EQ(p.error().message, "castling rights 'C' and 'Q' both name white's queen-side right");
    EXPECT_EQ(p.error().column, 48u);  // the second letter
    // One letter for it reads, and only a right off the classical squares makes it Chess960.
    EXPECT_FALSE(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNRQKBNR w Qkq - 0 1")->chess960());
    EXPECT_TRUE(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNRQKBNR w Ckq - 0 1")->chess960());
}

}  // namespace
}  // namespace kifu::chess
