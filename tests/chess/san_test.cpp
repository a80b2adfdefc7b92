#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/san.hpp"

#include "../support/chess.hpp"

namespace kifu::chess {
namespace {

using test::at;

std::string san(std::string_view fen, std::string_view uci) {
    const Position pos = at(fen);
    const Result<Move> m = parse_uci(pos, uci);
    EXPECT_TRUE(m) << uci;
    return m ? write_san(pos, *m) : std::string{};
}

TEST(San, WritesThePgnForms) {
    EXPECT_EQ(san(kStartFen, "g1f3"), "Nf3");
    EXPECT_EQ(san(kStartFen, "e2e4"), "e4");
    // Disambiguation by file, then rank, then square.
    EXPECT_EQ(san("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1"), "Rad1");
    EXPECT_EQ(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    EXPECT_EQ(san("k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1", "c3d2"), "Qc3d2");
    // Only legal moves count: the pinned knight on d2 does not make Nf3 ambiguous.
    EXPECT_EQ(san("3rk3/8/8/8/8/8/3N4/3KN3 w - - 0 1", "e1f3"), "Nf3");
    EXPECT_EQ(san("r3k3/8/8/8/8/8/3N4/3KN3 w - - 0 1", "e1f3"), "Nef3");
    EXPECT_EQ(san("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
    EXPECT_EQ(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
    EXPECT_EQ(san("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q");
    EXPECT_EQ(san("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8r"), "e8=R+");
    EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
    EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
    EXPECT_EQ(san("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8#");
    EXPECT_EQ(write_san(Position::start(), Move::null()), "--");
}

TEST(San, ReadsPermissively) {
    const Position start = Position::start();
    const Move nf3 = *parse_uci(start, "g1f3");
    for (const char* text : {"Nf3", "Ng1f3", "Ng1-f3", "g1f3", "Nf3+", "Nf3!?", "Nf3??", "N1f3", "Ngf3"})
        EXPECT_EQ(*parse_san(start, text), nf3) << text;
    EXPECT_EQ(*parse_san(start, "e2-e4"), *parse_uci(start, "e2e4"));
    const Position castle = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(*parse_san(castle, "0-0"), *parse_san(castle, "O-O"));
    EXPECT_EQ(*parse_san(castle, "O-O-O+"), *parse_uci(castle, "e1c1"));
    const Position promo = at("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(*parse_san(promo, "e8Q"), *parse_san(promo, "e8=Q"));
    EXPECT_EQ(*parse_san(promo, "e7e8q"), *parse_san(promo, "e8=Q"));
    for (const char* null : {"--", "Z0", "0000"}) EXPECT_TRUE(parse_san(start, null)->is_null()) << null;
    const Position check = at("4k3/8/8/8/8/8/8/4RK2 b - - 0 1");
    for (const char* null : {"--", "Z0", "0000"}) {
        const Result<Move> m = parse_san(check, null);
        ASSERT_FALSE(m) << null;
        EXPECT_EQ(m.error().code, ErrorCode::illegal_move);
    }
    EXPECT_FALSE(parse_uci(check, "0000"));
}

TEST(San, ThreeDistinctErrors) {
    const Position start = Position::start();
    const Result<Move> invalid = parse_san(start, "Xz9");
    ASSERT_FALSE(invalid);
    EXPECT_EQ(invalid.error().code, ErrorCode::unexpected_character);
    const Result<Move> illegal = parse_san(start, "Ke2");
    ASSERT_FALSE(illegal);
    EXPECT_EQ(illegal.error().code, ErrorCode::illegal_move);
    EXPECT_EQ(illegal.error().message, "illegal move 'Ke2' (white to move)");
    const Result<Move> ambiguous = parse_san(at("4k3/8/8/8/8/8/4K3/R6R w - - 0 1"), "Rf1");
    ASSERT_FALSE(ambiguous);
    EXPECT_EQ(ambiguous.error().code, ErrorCode::ambiguous_move);
    EXPECT_EQ(ambiguous.error().message, "ambiguous move 'Rf1' (white to move): 2 legal moves fit it");
}

// The quick path (PGN reading's) finds castling written O-O, and leaves what it cannot
// castle, and other spellings, to the full match.
TEST(San, QuickPathCastles) {
    const Position castle = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(find_san_move(castle, "O-O"), *parse_uci(castle, "e1g1"));
    EXPECT_EQ(find_san_move(castle, "O-O-O+"), *parse_uci(castle, "e1c1"));
    EXPECT_EQ(find_san_move(castle, "O-O#"), *parse_uci(castle, "e1g1"));
    EXPECT_FALSE(find_san_move(castle, "O-O-O-O"));
    EXPECT_FALSE(find_san_move(castle, "O-"));
    EXPECT_FALSE(find_san_move(at("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"), "O-O"));     // no right
    EXPECT_FALSE(find_san_move(at("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"), "O-O"));  // f1 attacked
    const Position chess960 = at("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1");
    EXPECT_EQ(find_san_move(chess960, "O-O"), *parse_san(chess960, "O-O"));
}

TEST(San, Chess960CastlingInUci) {
    const Position pos = at("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1");
    const Result<Move> short_castle = parse_san(pos, "O-O");
    ASSERT_TRUE(short_castle);
    EXPECT_EQ(write_uci(pos, *short_castle), "c1e1");  // king takes rook in Chess960
    EXPECT_EQ(*parse_uci(pos, "c1e1"), *short_castle);
    EXPECT_EQ(write_san(pos, *short_castle), "O-O");
}

// Every legal move of every suite position: SAN and UCI written, then read, give it back.
TEST(San, SuiteRoundTrips) {
    const std::filesystem::path dir = std::filesystem::path(KIFU_TESTDATA_DIR) / "chess";
    if (!std::filesystem::exists(dir)) GTEST_SKIP() << "test data not found: " << dir.string();
    int moves = 0;
    for (const char* name : {"perft.epd", "perft960.epd"}) {
        std::ifstream in(dir / name);
        std::string line;
        while (std::getline(in, line)) {
            const Position pos = *parse_fen(line.substr(0, line.find(" ;")));
            for (const Move m : legal_moves(pos)) {
                const std::string s = write_san(pos, m);
                const Result<Move> back = parse_san(pos, s);
                ASSERT_TRUE(back) << line << " " << s << ": " << back.error().message;
                EXPECT_EQ(*back, m) << line << " " << s;
                const Result<Move> uci = parse_uci(pos, write_uci(pos, m));
                ASSERT_TRUE(uci) << line << " " << write_uci(pos, m);
                EXPECT_EQ(*uci, m) << line << " " << write_uci(pos, m);
                ++moves;
            }
        }
    }
    EXPECT_GT(moves, 20000);
}

}  // namespace
}  // namespace kifu::chess
