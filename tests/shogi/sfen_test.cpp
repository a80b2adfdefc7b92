// SFEN and USI: the named positions of the test data, the notation vectors' USI column,
// and our own fixtures for the errors and the validity check.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "../support/problems.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {
namespace {
using test::messages;

namespace fs = std::filesystem;
const fs::path kShogi = fs::path(KIFU_TESTDATA_DIR) / "shogi";

std::vector<std::vector<std::string>> read_tsv(const fs::path& path) {
    std::vector<std::vector<std::string>> rows;
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        std::istringstream s(line);
        for (std::string f; std::getline(s, f, '\t');) fields.push_back(f);
        rows.push_back(fields);
    }
    return rows;
}

TEST(Sfen, StartPositionBothWays) {
    const Position start = Position::start();
    EXPECT_EQ(write_sfen(start), kStartSfen);
    EXPECT_EQ(*parse_sfen(kStartSfen), start);
    EXPECT_EQ(*parse_sfen(std::string("sfen ") + std::string(kStartSfen)), start);
    EXPECT_EQ(count_legal_moves(start), 30u);
}

TEST(Sfen, HandsAndPromotedPieces) {
    const Position p =
        *parse_sfen("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124");
    EXPECT_EQ(p.hand(Color::black, PieceType::silver), 1);
    EXPECT_EQ(p.hand(Color::white, PieceType::pawn), 3);
    EXPECT_EQ(p.piece_on(make_square(7, 1)), (Piece{PieceType::dragon, Color::black}));
    EXPECT_EQ(p.move_number(), 124);
    EXPECT_EQ(write_sfen(p),
              "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124");
    // Hands are written in the USI order whatever order they came in.
    EXPECT_EQ(write_sfen(*parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b p2PRb 1")), "4k4/9/9/9/9/9/9/9/4K4 b R2Pbp 1");
}

TEST(Sfen, ErrorsSayWhatWasExpected) {
    const auto error = [](std::string_view text) { return parse_sfen(text).error().format("sfen"); };
    EXPECT_EQ(error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1"),
              "sfen:1:48: error: expected '/' and the next rank (a board has 9 ranks), found a space");
    EXPECT_EQ(error("lnsgkgsnl/1r5b1/ppppppppp/8/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
              "sfen:1:28: error: rank d has 8 squares, expected 9");
    EXPECT_EQ(
        error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1"),
        "sfen:1:57: error: expected a piece letter (K R B G S N L P, lower case for White), a digit or '/', "
        "found 'X'");
    EXPECT_EQ(error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1"),
              "sfen:1:52: error: 'G' cannot be promoted (only P L N S B R can)");
    EXPECT_EQ(error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1"),
              "sfen:1:59: error: expected the side to move, 'b' or 'w', found 'x'");
    EXPECT_EQ(error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1"),
              "sfen:1:61: error: expected a piece in hand (R B G S N L P, lower case for White), found 'K'");
    EXPECT_EQ(error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"),
              "sfen:1:62: error: expected the move number, found end of input");
    EXPECT_TRUE(
        parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -", {.relaxed = true}));
}

TEST(Sfen, ValidateListsEveryErrorOfThePlacement) {
    const std::vector<Error> errors =
        validate_sfen("lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPXPP/1B5R1/+KNSGKGSNL b - 1");
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].message, "rank b has 8 squares, expected 9");
    EXPECT_EQ(errors[0].column, 15u);
    EXPECT_EQ(errors[1].column, 38u);
    EXPECT_EQ(errors[2].message, "'K' cannot be promoted (only P L N S B R can)");
}

TEST(Sfen, ValidityProblems) {
    const auto nifu = validity_problems(*parse_sfen("4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1"));
    ASSERT_EQ(nifu.size(), 1u);
    EXPECT_EQ(nifu[0].kind, ProblemKind::two_pawns_on_file);
    const auto stuck = validity_problems(*parse_sfen("P3k4/9/9/9/9/9/9/9/4K4 b - 1"));
    ASSERT_EQ(stuck.size(), 1u);
    EXPECT_EQ(stuck[0].kind, ProblemKind::piece_cannot_move);
    EXPECT_EQ(stuck[0].cell, 0);  // 9a
    EXPECT_TRUE(validity_problems(Position::start()).empty());
    EXPECT_EQ(messages(validity_problems(*parse_sfen("4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1"))),
              std::vector<std::string>{"Black has 2 unpromoted pawns on file 5"});
    EXPECT_EQ(messages(validity_problems(*parse_sfen("P3k4/9/9/9/9/9/9/9/4K4 b - 1"))),
              std::vector<std::string>{"the Black pawns on 9a can never move"});
    EXPECT_EQ(messages(validity_problems(*parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b 5G 1"))),
              std::vector<std::string>{"5 golds on the board and in hand, a set has 4"});
    EXPECT_EQ(messages(validity_problems(*parse_sfen("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"))),
              std::vector<std::string>{"White is in check but it is Black to move"});
}

TEST(Sfen, NamedPositionsOfTheTestData) {
    const fs::path path = kShogi / "sfen" / "positions.tsv";
    if (!fs::exists(path))
        GTEST_SKIP() << "test data not found: " << path.string() << " (set KIFU_TESTDATA_DIR)";
    const auto rows = read_tsv(path);
    ASSERT_EQ(rows.size(), 28u);
    for (const auto& r : rows) {
        const Result<Position> p = parse_sfen(r[1]);
        ASSERT_TRUE(p) << r[0] << ": " << p.error().message;
        EXPECT_EQ(count_legal_moves(*p), std::stoull(r[2])) << r[0];
        if (r[3] == "true") {
            EXPECT_EQ(write_sfen(*p), r[1]) << r[0];
        }
    }
}

TEST(Usi, EveryMoveOfTheNotationVectors) {
    const fs::path path = kShogi / "notation" / "random_positions_all_moves.tsv";
    if (!fs::exists(path))
        GTEST_SKIP() << "test data not found: " << path.string() << " (set KIFU_TESTDATA_DIR)";
    const auto rows = read_tsv(path);
    ASSERT_EQ(rows.size(), 14949u);
    std::string last_sfen;
    Position pos;
    std::size_t moves_in_position = 0, rows_in_position = 0;
    const auto check_complete = [&] {
        // The file lists every legal move of each position: as many as we generate.
        if (!last_sfen.empty()) {
            EXPECT_EQ(rows_in_position, moves_in_position) << last_sfen;
        }
    };
    for (const auto& r : rows) {
        if (r[0] != last_sfen) {
            check_complete();
            last_sfen = r[0];
            pos = *parse_sfen(r[0]);
            moves_in_position = legal_moves(pos).size();
            rows_in_position = 0;
        }
        ++rows_in_position;
        const Result<Move> m = parse_usi(pos, r[1]);
        ASSERT_TRUE(m) << r[0] << " " << r[1] << ": " << m.error().message;
        EXPECT_EQ(write_usi(*m), r[1]);
    }
    check_complete();
}

TEST(Usi, MovesAndPositionCommand) {
    const Position start = Position::start();
    EXPECT_EQ(parse_usi(start, "7g7f").value(), Move::make(make_square(7, 6), make_square(7, 5)));
    EXPECT_EQ(parse_usi(start, "7g7e").error().message, "illegal move '7g7e' (Black to move)");
    EXPECT_EQ(parse_usi(start, "7g").error().code, ErrorCode::unexpected_character);
    const Position after = *parse_usi_position("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e");
    EXPECT_EQ(write_sfen(after), "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6");
    EXPECT_EQ(write_usi(Move::drop(PieceType::bishop, make_square(4, 4))), "B*4e");
    const Result<Position> bad = parse_usi_position("startpos moves 7g7f 7g7f");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().column, 21u);
}

}  // namespace
}  // namespace kifu::shogi
