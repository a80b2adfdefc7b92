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
    // Columns 4-7 of the file: csa, hodges, hodges_number, hosking.
    const std::pair<std::size_t, Notation> columns[] = {
        {4, Notation::csa}, {5, Notation::hodges}, {6, Notation::hodges_number}, {7, Notation::hosking}};
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
            if (written != f[column] && ++written_wrong <= 10)
                ADD_FAILURE() << f[0] << " " << f[1] << ": " << to_string(notation) << " wrote " << written
                              << ", expected " << f[column];
            const Result<Move> read = parse_move(pos, f[column], notation);
            if ((!read || *read != m) && ++read_wrong <= 10)
                ADD_FAILURE() << f[0] << " " << f[column] << ": " << to_string(notation) << " read "
                              << (read ? write_usi(*read) : read.error().message) << ", expected " << f[1];
        }
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
