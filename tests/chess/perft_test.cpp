// Legal move generation against the perft suites of ../shared/testdata/chess
// (KIFU_TESTDATA_DIR): every position, each depth whose node count is within the
// budget below (the whole suites to full depth are for a long run, not make test).

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/movegen.hpp"

namespace kifu::chess {
namespace {

namespace fs = std::filesystem;

// Depths are checked while their expected node count is at most this many nodes (the
// debug build runs under ASan+UBSan).
constexpr std::uint64_t kNodeBudget = 60'000;

const fs::path kChess = fs::path(KIFU_TESTDATA_DIR) / "chess";

struct Entry {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> depths;
};

std::vector<Entry> read_suite(const fs::path& path) {
    std::vector<Entry> out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t semi = line.find(';');
        if (semi == std::string::npos) continue;
        Entry e;
        e.fen = line.substr(0, line.find_last_not_of(' ', semi - 1) + 1);
        std::istringstream rest(line.substr(semi));
        std::string token;
        while (std::getline(rest, token, ';')) {
            int depth = 0;
            unsigned long long nodes = 0;
            if (std::sscanf(token.c_str(), " D%d %llu", &depth, &nodes) == 2)
                e.depths.push_back({depth, nodes});
        }
        out.push_back(std::move(e));
    }
    return out;
}

void run_suite(const fs::path& path, std::size_t minimum_entries, std::uint64_t budget = kNodeBudget) {
    if (!fs::exists(path))
        GTEST_SKIP() << "test data not found: " << path.string() << " (set KIFU_TESTDATA_DIR)";
    const std::vector<Entry> suite = read_suite(path);
    ASSERT_GE(suite.size(), minimum_entries);
    std::uint64_t nodes = 0;
    int checked = 0;
    for (const Entry& e : suite) {
        const Result<Position> pos = parse_fen(e.fen);
        ASSERT_TRUE(pos) << e.fen << ": " << pos.error().format("fen");
        for (const auto& [depth, expected] : e.depths) {
            if (expected > budget) break;
            EXPECT_EQ(perft(*pos, depth), expected) << e.fen << " depth " << depth;
            nodes += expected;
            ++checked;
        }
    }
    fmt::print("{}: {} positions, {} depth entries, {} nodes checked\n", path.filename().string(),
               suite.size(), checked, nodes);
}

TEST(Perft, StandardSuite) {
    run_suite(kChess / "perft.epd", 134);
}
TEST(Perft, Chess960Suite) {
    run_suite(kChess / "perft960.epd", 974);
}

// Positions no game reaches: the counts of the file, or a validity problem that says why
// the position is not to be trusted. Never a crash.
// make test-long (KIFU_LONG_TESTS=1, an optimised build): every depth of both suites.
TEST(PerftLong, StandardSuiteToFullDepth) {
    if (!std::getenv("KIFU_LONG_TESTS")) GTEST_SKIP() << "a long run: set KIFU_LONG_TESTS=1 (make test-long)";
    run_suite(kChess / "perft.epd", 134, UINT64_MAX);
}
TEST(PerftLong, Chess960SuiteToFullDepth) {
    if (!std::getenv("KIFU_LONG_TESTS")) GTEST_SKIP() << "a long run: set KIFU_LONG_TESTS=1 (make test-long)";
    run_suite(kChess / "perft960.epd", 974, UINT64_MAX);
}

TEST(Perft, ImpossiblePositions) {
    const fs::path path = kChess / "perft_impossible.epd";
    if (!fs::exists(path)) GTEST_SKIP() << "test data not found: " << path.string();
    for (const Entry& e : read_suite(path)) {
        const Result<Position> pos = parse_fen(e.fen);
        ASSERT_TRUE(pos) << e.fen;
        bool all_match = true;
        for (const auto& [depth, expected] : e.depths)
            all_match = all_match && perft(*pos, depth) == expected;
        EXPECT_TRUE(all_match || !validity_problems(*pos).empty()) << e.fen;
    }
}

TEST(Perft, StartPosition) {
    const Position start = Position::start();
    EXPECT_EQ(*parse_fen(kStartFen), start);
    EXPECT_EQ(perft(start, 1), 20u);
    EXPECT_EQ(perft(start, 2), 400u);
    EXPECT_EQ(perft(start, 3), 8902u);
    EXPECT_EQ(write_fen(start), kStartFen);
}

}  // namespace
}  // namespace kifu::chess

namespace kifu::chess {
namespace {

// make/unmake gives every position back exactly, over whole perft trees.
std::uint64_t perft_make_unmake(Position& pos, int depth) {
    if (depth == 0) return 1;
    std::uint64_t nodes = 0;
    for (const Move m : legal_moves(pos)) {
        const Position before = pos;
        const Position::Undo undo = pos.make(m);
        nodes += perft_make_unmake(pos, depth - 1);
        pos.unmake(m, undo);
        EXPECT_EQ(pos, before);
        if (!(pos == before)) return nodes;
    }
    return nodes;
}

TEST(MakeUnmake, RestoresEveryPosition) {
    for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                            "qb1nrkbr/1pppp1p1/1n3p2/p1B4p/8/3P1P1P/PPP1P1P1/QBNNRK1R w HEhe - 0 9"}) {
        Position pos = *parse_fen(fen);
        EXPECT_EQ(perft_make_unmake(pos, 3), perft(pos, 3)) << fen;
    }
}

}  // namespace
}  // namespace kifu::chess
