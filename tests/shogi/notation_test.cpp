// Shogi move notations against the 14,949 notation vectors (every legal move of 300
// random positions; ../shared/testdata/shogi/notation): our writer produces each column,
// and our reader turns each column back into the row's USI move.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kifu/shogi/notation.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {
namespace {

namespace fs = std::filesystem;

TEST(ShogiNotation, EveryColumnOfTheVectorsBothWays) {
    const fs::path path =
        fs::path(KIFU_TESTDATA_DIR) / "shogi" / "notation" / "random_positions_all_moves.tsv";
    if (!fs::exists(path))
        GTEST_SKIP() << "test data not found: " << path.string() << " (set KIFU_TESTDATA_DIR)";
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    // Columns 2 and 4-7 of the file: ki2 (tsshogi), csa, hodges, hodges_number, hosking.
    const std::pair<std::size_t, Notation> columns[] = {{2, Notation::japanese},
                                                        {4, Notation::csa},
                                                        {5, Notation::hodges},
                                                        {6, Notation::hodges_number},
                                                        {7, Notation::hosking}};
    std::size_t rows = 0, written_wrong = 0, read_wrong = 0;
    std::string last_sfen;
    Position pos;
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::istringstream s(line);
        for (std::string x; std::getline(s, x, '\t');) f.push_back(x);
        ASSERT_EQ(f.size(), 8u);
        if (f[0] != last_sfen) {
            pos = *parse_sfen(f[0]);
            last_sfen = f[0];
        }
        const Move m = *parse_usi(pos, f[1]);
        for (const auto& [column, notation] : columns) {
            const std::string written = write_move(pos, m, notation);
            if (written != f[column] && ++written_wrong <= 20)
                ADD_FAILURE() << f[0] << " " << f[1] << ": " << to_string(notation) << " wrote " << written
                              << ", expected " << f[column];
            const Result<Move> read = parse_move(pos, f[column], notation);
            if ((!read || *read != m) && ++read_wrong <= 20)
                ADD_FAILURE() << f[0] << " " << f[column] << ": " << to_string(notation) << " read "
                              << (read ? write_usi(*read) : read.error().message) << ", expected " << f[1];
        }
        // The other Japanese spelling (no side mark; 行 where the first writes 上) reads too.
        const Result<Move> other = parse_move(pos, f[3], Notation::japanese);
        if ((!other || *other != m) && ++read_wrong <= 20)
            ADD_FAILURE() << f[0] << " " << f[3] << ": japanese read "
                          << (other ? write_usi(*other) : other.error().message) << ", expected " << f[1];
        ++rows;
    }
    EXPECT_EQ(rows, 14949u);
    EXPECT_EQ(written_wrong, 0u);
    EXPECT_EQ(read_wrong, 0u);
}

TEST(ShogiNotation, ErrorsAndLenience) {
    const Position start = Position::start();
    EXPECT_EQ(parse_move(start, "P-7f", Notation::hodges).value(), *parse_usi(start, "7g7f"));
    EXPECT_EQ(parse_move(start, "P76", Notation::hosking).value(), *parse_usi(start, "7g7f"));
    EXPECT_EQ(parse_move(start, "Px76", Notation::hosking).value(),
              *parse_usi(start, "7g7f"));  // capture mark ignored
    EXPECT_EQ(parse_move(start, "P-7e", Notation::hodges).error().message,
              "illegal move 'P-7e' (Black to move)");
    EXPECT_EQ(parse_move(start, "Q-7f", Notation::hodges).error().code, ErrorCode::unexpected_character);
    EXPECT_EQ(parse_move(start, "G-5h", Notation::hodges).error().code, ErrorCode::ambiguous_move);
    EXPECT_EQ(parse_move(start, "+7776FU", Notation::csa).value(), *parse_usi(start, "7g7f"));
    EXPECT_EQ(parse_move(start, "-7776FU", Notation::csa).error().message,
              "illegal move '-7776FU': it is Black to move");
    EXPECT_EQ(write_move(start, *parse_usi(start, "6i5h"), Notation::hodges), "G6i-5h");
    EXPECT_EQ(write_move(start, *parse_usi(start, "6i5h"), Notation::hosking), "G69-58");
}

}  // namespace
}  // namespace kifu::shogi

namespace kifu::shogi {
namespace {

// The comparison table of the Sassersson spec, in the position it implies: Black tokins on
// 21, 12 and 23, silvers on 33 and 13, a silver and a pawn in hand; all go to 22.
TEST(ShogiNotation, TheSpecsComparisonTable) {
    const Position pos = *parse_sfen("k6+P1/8+P/6S+PS/9/9/9/9/9/4K4 b SP 1");
    struct Row {
        const char *usi, *japanese, *hosking, *sassersson;
    };
    const Row rows[] = {
        {"2a2b", "▲２二と引", "+P21-22", "22to↓"},
        {"1b2b", "▲２二と寄", "+P12-22", "22to←"},
        {"2c2b", "▲２二と上", "+P23-22", "22to↑"},
        {"3c2b+", "▲２二銀左成", "S33-22+", "22gin↗+"},
        {"1c2b", "▲２二銀右不成", "S13-22=", "22gin↖="},
        {"S*2b", "▲２二銀打", "S'22", "22gin□"},
        {"P*2b", "▲２二歩", "P'22", "22fu"},
    };
    for (const Row& r : rows) {
        const Move m = *parse_usi(pos, r.usi);
        EXPECT_EQ(write_move(pos, m, Notation::japanese), r.japanese);
        EXPECT_EQ(write_move(pos, m, Notation::hosking), r.hosking);
        EXPECT_EQ(write_move(pos, m, Notation::sassersson), r.sassersson);
        for (const auto& [text, n] :
             {std::pair{r.japanese, Notation::japanese}, std::pair{r.hosking, Notation::hosking},
              std::pair{r.sassersson, Notation::sassersson}}) {
            const Result<Move> read = parse_move(pos, text, n);
            ASSERT_TRUE(read) << text << ": " << read.error().message;
            EXPECT_EQ(*read, m) << text;
        }
    }
    // Numbering and side symbols, and the ditto mark for taking the piece that just moved.
    EXPECT_EQ(parse_move(pos, "1. ☗22fu", Notation::sassersson).value(), *parse_usi(pos, "P*2b"));
    const Position after = *parse_usi_position("startpos moves 7g7f 3c3d 8h2b+");
    EXPECT_EQ(write_move(after, *parse_usi(after, "3a2b"), Notation::sassersson, make_square(2, 1)), "〃gin");
    EXPECT_EQ(write_move(after, *parse_usi(after, "3a2b"), Notation::japanese, make_square(2, 1)), "△同　銀");
    EXPECT_EQ(parse_move(after, "〃gin", Notation::sassersson, make_square(2, 1)).value(),
              *parse_usi(after, "3a2b"));
    EXPECT_EQ(parse_move(after, "同　銀", Notation::japanese, make_square(2, 1)).value(),
              *parse_usi(after, "3a2b"));
}

TEST(ShogiNotation, JapaneseCuratedCases) {
    const fs::path path =
        fs::path(KIFU_TESTDATA_DIR) / "shogi" / "notation" / "japanese_disambiguation_curated.tsv";
    if (!fs::exists(path)) GTEST_SKIP() << "test data not found: " << path.string();
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    int cases = 0;
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::istringstream s(line);
        for (std::string x; std::getline(s, x, '\t');) f.push_back(x);
        const Position pos = *parse_sfen(f[1]);
        const Move m = *parse_usi(pos, f[2]);
        std::string expected = f[3];  // ☗/☖ in the file, ▲/△ in our output
        for (const auto& [from, to] : {std::pair<std::string, std::string>{"☗", "▲"}, {"☖", "△"}})
            if (expected.rfind(from, 0) == 0) expected = to + expected.substr(from.size());
        EXPECT_EQ(write_move(pos, m, Notation::japanese), expected) << f[1] << " " << f[2];
        const Result<Move> read = parse_move(pos, f[3], Notation::japanese);
        EXPECT_TRUE(read && *read == m) << f[3] << ": " << (read ? write_usi(*read) : read.error().message);
        ++cases;
    }
    EXPECT_EQ(cases, 43);
}

// A pinned like piece still calls for the modifier, as tsshogi and shogiops write it; the
// older form without it still reads, and a modifier that does not fit does not.
TEST(ShogiNotation, JapanesePinnedPiecesStillCount) {
    const Position golds = *parse_sfen("4r3k/9/9/9/9/9/9/4G1G2/4K4 b - 1");  // 5h pinned by the rook
    const Move sideways = *parse_usi(golds, "3h4h");
    EXPECT_EQ(write_move(golds, sideways, Notation::japanese), "▲４八金右");
    EXPECT_EQ(*parse_move(golds, "▲４八金右", Notation::japanese), sideways);
    EXPECT_EQ(*parse_move(golds, "▲４八金", Notation::japanese), sideways);
    EXPECT_FALSE(parse_move(golds, "▲４八金左", Notation::japanese));
    const Position drop = *parse_sfen("4r3k/9/9/9/9/9/9/4G4/4K4 b G 1");
    const Move g4h = *parse_usi(drop, "G*4h");
    EXPECT_EQ(write_move(drop, g4h, Notation::japanese), "▲４八金打");
    EXPECT_EQ(*parse_move(drop, "▲４八金打", Notation::japanese), g4h);
    EXPECT_EQ(*parse_move(drop, "▲４八金", Notation::japanese), g4h);
}

// No peer writes Sassersson: every legal move of the 300 positions is written and read
// back, and an arrow or □ appears exactly when another like piece could reach the square.
TEST(ShogiNotation, SasserssonRoundTripAndMarks) {
    const fs::path path =
        fs::path(KIFU_TESTDATA_DIR) / "shogi" / "notation" / "random_positions_all_moves.tsv";
    if (!fs::exists(path)) GTEST_SKIP() << "test data not found: " << path.string();
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    std::string last;
    std::size_t moves = 0, marked = 0, failures = 0;
    while (std::getline(in, line)) {
        const std::string sfen = line.substr(0, line.find('\t'));
        if (sfen == last) continue;
        last = sfen;
        const Position pos = *parse_sfen(sfen);
        for (const Move m : legal_moves(pos)) {
            const std::string text = write_move(pos, m, Notation::sassersson);
            const Result<Move> read = parse_move(pos, text, Notation::sassersson);
            if ((!read || *read != m) && ++failures <= 10)
                ADD_FAILURE() << sfen << " " << write_usi(m) << " " << text;
            // Another like piece on the board that could move to the square (pinned or not)?
            const Piece mover = m.is_drop() ? Piece{m.dropped(), pos.side_to_move()} : pos.piece_on(m.from());
            bool rival = false;
            for (Square s = 0; s < kSquares; ++s)
                rival = rival || ((m.is_drop() || s != m.from()) && pos.piece_on(s) == mover &&
                                  piece_could_reach(pos, s, m.to()));
            const bool mark = text.find("□") != std::string::npos || text.find("↑") != std::string::npos ||
                              text.find("↓") != std::string::npos || text.find("←") != std::string::npos ||
                              text.find("→") != std::string::npos || text.find("↗") != std::string::npos ||
                              text.find("↖") != std::string::npos || text.find("↘") != std::string::npos ||
                              text.find("↙") != std::string::npos;
            if (mark != rival && ++failures <= 10)
                ADD_FAILURE() << sfen << " " << write_usi(m) << " " << text;
            marked += mark;
            ++moves;
        }
    }
    EXPECT_EQ(moves, 14949u);
    EXPECT_GT(marked, 100u);
    EXPECT_EQ(failures, 0u);
}

}  // namespace
}  // namespace kifu::shogi
