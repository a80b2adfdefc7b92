#include "kifu/chess/polyglot.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/movegen.hpp"
#include "kifu/chess/san.hpp"
#include "kifu/core/hash.hpp"

namespace kifu::chess {
namespace {

Position after(std::initializer_list<std::string_view> moves) {
    Position p = Position::start();
    for (const std::string_view m : moves) p.play(*parse_san(p, m));
    return p;
}

// The worked examples of the Polyglot book format.
TEST(Polyglot, KeysOfTheFormatsExamples) {
    EXPECT_EQ(polyglot_key(Position::start()), 0x463b96181691fc9cull);
    EXPECT_EQ(polyglot_key(after({"e4"})), 0x823c9b50fd114196ull);
    EXPECT_EQ(polyglot_key(after({"e4", "d5"})), 0x0756b94461c50fb0ull);
    EXPECT_EQ(polyglot_key(after({"e4", "d5", "e5"})), 0x662fafb965db29d4ull);
    // e.p. counts: the e5 pawn stands beside f5.
    EXPECT_EQ(polyglot_key(after({"e4", "d5", "e5", "f5"})), 0x22a48b5a8e47ff78ull);
    EXPECT_EQ(polyglot_key(after({"e4", "d5", "e5", "f5", "Ke2"})), 0x652a607ca3f242c1ull);
    EXPECT_EQ(polyglot_key(after({"e4", "d5", "e5", "f5", "Ke2", "Kf7"})), 0x00fdd303c946bdd9ull);
    // c4 stands beside the b4 pawn: the en-passant file counts.
    EXPECT_EQ(polyglot_key(after({"a4", "b5", "h4", "b4", "c4"})), 0x3c8123ea7b067637ull);
    EXPECT_EQ(polyglot_key(after({"a4", "b5", "h4", "b4", "c4", "bxc3", "Ra3"})), 0x5c3f9b829b279560ull);
}

TEST(Polyglot, FenGivesTheSameKeyAsPlay) {
    const Position played = after({"e4", "d5", "e5", "f5"});
    EXPECT_EQ(polyglot_key(*parse_fen(write_fen(played))), polyglot_key(played));
}

std::string polyglot_program() {
    for (const char* path : {"/usr/games/polyglot", "/usr/bin/polyglot"})
        if (std::filesystem::exists(path)) return path;
    return {};
}

// Random games, written as PGN, made into a book by the polyglot program: every key
// in its book must be one of ours and the other way round. Random play reaches
// en-passant chances (taken or not), castling, promotions and under-promotions.
TEST(Polyglot, KeysEqualThoseOfBooksThePolyglotProgramWrites) {
    const std::string program = polyglot_program();
    if (program.empty())
        GTEST_SKIP() << "the polyglot program is not installed (scripts/install-deps installs it)";
    const auto dir = std::filesystem::temp_directory_path() / ("kifu_polyglot_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::set<std::uint64_t> ours;
    {
        std::ofstream pgn(dir / "games.pgn");
        std::uint64_t seed = 7;
        for (int game = 0; game < 300; ++game) {
            pgn << "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
                   "[Black \"?\"]\n[Result \"1/2-1/2\"]\n\n";
            Position p = Position::start();
            for (int ply = 0; ply < 120; ++ply) {
                const MoveList moves = legal_moves(p);
                if (moves.empty() || p.halfmove_clock() >= 100) break;
                seed = splitmix64(seed);
                const Move m = moves[seed % moves.size()];
                ours.insert(polyglot_key(p));
                if (ply % 2 == 0) pgn << (ply / 2 + 1) << ". ";
                pgn << write_san(p, m) << ' ';
                p.play(m);
            }
            pgn << "1/2-1/2\n\n";
        }
    }
    const std::string command = program + " make-book -pgn " + (dir / "games.pgn").string() + " -bin " +
                                (dir / "book.bin").string() + " -min-game 1 -max-ply 1024 > /dev/null 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    std::set<std::uint64_t> theirs;
    std::ifstream book(dir / "book.bin", std::ios::binary);
    unsigned char entry[16];
    while (book.read(reinterpret_cast<char*>(entry), sizeof entry)) {
        std::uint64_t key = 0;
        for (int i = 0; i < 8; ++i) key = key << 8 | entry[i];
        theirs.insert(key);
    }
    std::filesystem::remove_all(dir);
    EXPECT_GT(theirs.size(), 20000u);
    EXPECT_EQ(ours, theirs);
}

}  // namespace
}  // namespace kifu::chess
