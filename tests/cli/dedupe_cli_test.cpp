// kifu dedupe and convert --unique: several inputs (compressed too), the kept games as their
// source has them, --duplicates and --groups, the rules, Go up to symmetry, the usage errors.

#include <fmt/format.h>

#include "cli_fixture.hpp"

namespace kifu_test {
namespace {

using DedupeCli = Cli;

// Four games: 0, its copy under other tags with a comment (a duplicate by moves), a game
// reaching 0's final position in another order, and a game of its own.
constexpr std::string_view kDedupeGames =
    "[Event \"first\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"
    "[Event \"copy\"]\n\n1. e4 {main} e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n\n"
    "[Event \"transposed\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 *\n\n"
    "[Event \"other\"]\n\n1. d4 d5 *\n\n";

std::size_t games_in(const std::string& pgn) {
    return occurrences(pgn, "[Event ");
}

TEST_F(DedupeCli, KeepsTheFirstOfEachGameAcrossInputsAsTheirTextIs) {
    std::ofstream(dir_ / "a.pgn") << kDedupeGames;
    // The second input, compressed: a copy of the transposed game and of the other.
    std::ofstream(dir_ / "b.pgn") << "[Event \"again\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 0-1\n\n"
                                     "[Event \"other again\"]\n\n1. d4 d5 1-0\n";
    ASSERT_EQ(shell("gzip b.pgn").exit_code, 0);
    const Outcome r = kifu({"dedupe", (dir_ / "a.pgn").string(), (dir_ / "b.pgn.gz").string(), "-o",
                            (dir_ / "out.pgn").string(), "--duplicates", (dir_ / "dup.pgn").string(),
                            "--groups", (dir_ / "groups.jsonl").string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("6 games (moves): 3 kept, 3 duplicates of 3 games"), std::string::npos) << r.err;
    const std::string out = slurp(dir_ / "out.pgn");
    EXPECT_EQ(games_in(out), 3u);
    // The kept games as their source has them.
    EXPECT_NE(out.find("[Event \"first\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n"), std::string::npos) << out;
    EXPECT_NE(out.find("[Event \"transposed\"]"), std::string::npos);
    EXPECT_NE(out.find("[Event \"other\"]"), std::string::npos);
    const std::string dup = slurp(dir_ / "dup.pgn");
    EXPECT_EQ(games_in(dup), 3u);
    EXPECT_NE(dup.find("1. e4 {main} e5"), std::string::npos) << dup;
    EXPECT_NE(dup.find("[Event \"other again\"]"), std::string::npos);
    const std::string groups = slurp(dir_ / "groups.jsonl");
    const std::string a = (dir_ / "a.pgn").string(), b = (dir_ / "b.pgn.gz").string();
    // A set as --groups writes it: the kept game, then its one duplicate.
    const auto set = [](const std::string& input, int game, int line, const std::string& copy_input, int copy,
                        int copy_line) {
        return fmt::format(R"({{"kept": {{"input": "{}", "game": {}, "line": {}}}, "duplicates": )"
                           R"([{{"input": "{}", "game": {}, "line": {}}}]}})"
                           "\n",
                           input, game, line, copy_input, copy, copy_line);
    };
    EXPECT_NE(groups.find(set(a, 1, 1, a, 2, 5)), std::string::npos) << groups;
    EXPECT_NE(groups.find(set(a, 4, 13, b, 2, 5)), std::string::npos) << groups;

    // By the final position the transposition is a duplicate too; on two threads the same.
    const Outcome p = kifu({"dedupe", "--by", "position", "--threads", "2", (dir_ / "a.pgn").string()});
    EXPECT_EQ(p.exit_code, 0) << p.err;
    EXPECT_EQ(games_in(p.out), 2u) << p.out;
    EXPECT_NE(p.err.find("4 games (position): 2 kept, 2 duplicates of 1 game"), std::string::npos) << p.err;
    // After two plies, 1. e4 e5 and 1. Nf3 Nc6 differ; the two e4 games are one.
    const Outcome d = kifu({"dedupe", "--by", "depth:2", (dir_ / "a.pgn").string()});
    EXPECT_NE(d.err.find("4 games (depth:2): 3 kept"), std::string::npos) << d.err;
}

TEST_F(DedupeCli, ConvertUniqueWritesTheFirstOfEachInAnyFormat) {
    const Outcome r =
        kifu({"convert", "--to", "jsonl", "--unique", "-", "--duplicates", (dir_ / "dup.jsonl").string()},
             std::string(kDedupeGames));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 3) << r.out;
    const std::string dup = slurp(dir_ / "dup.jsonl");
    EXPECT_EQ(std::count(dup.begin(), dup.end(), '\n'), 1) << dup;
    // The final positions as FEN, one a position.
    const Outcome f =
        kifu({"convert", "--to", "fen", "--unique", "--by", "position", "-"}, std::string(kDedupeGames));
    EXPECT_EQ(f.exit_code, 0) << f.err;
    EXPECT_EQ(std::count(f.out.begin(), f.out.end(), '\n'), 2) << f.out;
    // Through the tree (a position target) and the streamed writer, the same counts.
    const Outcome t = kifu({"convert", "--to", "fen", "--unique", "-"}, std::string(kDedupeGames));
    EXPECT_EQ(std::count(t.out.begin(), t.out.end(), '\n'), 3) << t.out;
}

TEST_F(DedupeCli, GoGamesRotatedOrColourSwappedAreDuplicates) {
    std::ofstream(dir_ / "a.sgf") << "(;GM[1]SZ[19];B[pd];W[dp];B[pq];W[dd];B[fq])\n"
                                  // mirrored left to right, colours swapped
                                  << "(;GM[1]SZ[19];W[dd];B[pp];W[dq];B[pd];W[nq])\n"
                                  << "(;GM[1]SZ[19];B[pd];W[dp];B[pq];W[dd];B[fp])\n";
    // rotated a quarter turn, in a file of its own
    std::ofstream(dir_ / "b.sgf") << "(;GM[1]SZ[19];B[pp];W[dd];B[cp];W[pd];B[cf])\n";
    const Outcome r = kifu({"dedupe", (dir_ / "a.sgf").string(), (dir_ / "b.sgf").string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("4 games (moves): 2 kept, 2 duplicates of 1 game"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("B[pd]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("B[fp]"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("W[nq]"), std::string::npos) << r.out;
}

TEST_F(DedupeCli, AnIndexSearchShowsOneGameOfEachSet) {
    std::ofstream(dir_ / "a.pgn") << kDedupeGames;
    std::ofstream(dir_ / "b.pgn") << "[Event \"again\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 0-1\n";
    std::ofstream(dir_ / "go.sgf") << "(;GM[1]SZ[19];B[pd];W[dp];B[pq];W[dd];B[fq])\n"
                                   << "(;GM[1]SZ[19];W[dd];B[pp];W[dq];B[pd];W[nq])\n";
    const std::string db = (dir_ / "games.db").string();
    ASSERT_EQ(
        kifu({"index", db, (dir_ / "a.pgn").string(), (dir_ / "b.pgn").string(), (dir_ / "go.sgf").string()})
            .exit_code,
        0);
    // Across the files: the copy (other tags), the transposed game's copy and the Go game's
    // mirror image with colours swapped are passed over.
    Outcome r = kifu({"search", db, "--unique", "--limit", "10"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("4 games"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("b.pgn"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("go.sgf game 2"), std::string::npos) << r.out;
    r = kifu({"search", db, "--position", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
              "--unique"});
    EXPECT_NE(r.out.find("1 game\n"), std::string::npos) << r.out;  // the first, not its copy
    r = kifu({"search", db, "--position", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"});
    EXPECT_NE(r.out.find("2 games"), std::string::npos) << r.out;
}

TEST_F(DedupeCli, UsageErrors) {
    std::ofstream(dir_ / "a.pgn") << kDedupeGames;
    std::ofstream(dir_ / "a.sgf") << "(;SZ[9];B[ee])\n";
    const std::string a = (dir_ / "a.pgn").string();
    Outcome r = kifu({"dedupe", "--by", "depth:x", a});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--by:1:7: error: expected a number of plies"), std::string::npos) << r.err;
    r = kifu({"convert", "--to", "pgn", "--duplicates", (dir_ / "d.pgn").string(), a});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--duplicates does not apply"), std::string::npos) << r.err;
    r = kifu({"dedupe", a, (dir_ / "a.sgf").string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("the inputs are pgn and sgf"), std::string::npos) << r.err;
    r = kifu({"dedupe", "--text", "startpos", "--from", "fen"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("compares the games of records"), std::string::npos) << r.err;
    r = kifu({"dedupe", a, "--duplicates", a});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_EQ(slurp(dir_ / "a.pgn"), kDedupeGames) << "an input is never written";
}

TEST_F(DedupeCli, AGameWithAnErrorIsKeptAsItIsOrGoesToKeepBroken) {
    const std::string text = std::string(kDedupeGames) + "[Event \"broken\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    Outcome r = kifu({"dedupe", "-"}, text);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("<stdin>:19:"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("2. Ke3"), std::string::npos) << r.out;
    EXPECT_EQ(games_in(r.out), 4u);
    r = kifu({"dedupe", "-", "--keep-broken", (dir_ / "broken.pgn").string()}, text);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(games_in(r.out), 3u);
    EXPECT_NE(slurp(dir_ / "broken.pgn").find("2. Ke3"), std::string::npos);
}

// kifu dedupe --openings (pgn-extract's -e -D): one read a game finds its key and its
// opening; the kept games are their own text with the book's tags in place of theirs, a game
// the book does not name as it was; convert --openings --unique names the same.
TEST_F(DedupeCli, OpeningsNameTheKeptGamesInTheirOwnText) {
    std::ofstream(dir_ / "book.eco") << "C00 \"French\" 1.e4 e6 *\n"
                                        "C01 \"French: Exchange\" 1.e4 e6 2.d4 d5 3.exd5 exd5 *\n";
    const std::string transposed =
        "[White \"a\"]\r\n[ECO \"A00\"]\r\n[Variation \"old\"]\r\n\r\n"
        "1. d4 e6 {a comment} 2. e4 d5 3. exd5 exd5 4. Nf3 1-0";
    const std::string other = "[White \"b\"]\n[ECO \"A40\"]\n\n1. d4 d5 0-1";
    const std::string copy = "[White \"c\"]\n\n1. d4 e6 2. e4 d5 3. exd5 exd5 4. Nf3 1-0";
    std::ofstream(dir_ / "games.pgn", std::ios::binary) << transposed << "\r\n\r\n"
                                                        << other << "\n\n"
                                                        << copy << "\n";
    const std::string book = (dir_ / "book.eco").string(), games = (dir_ / "games.pgn").string();
    Outcome r = kifu({"dedupe", "--openings", book, games});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "[White \"a\"]\r\n[ECO \"C01\"]\r\n[Opening \"French\"]\r\n[Variation \"Exchange\"]\r\n\r\n"
              "1. d4 e6 {a comment} 2. e4 d5 3. exd5 exd5 4. Nf3 1-0\n\n" +
                  other + "\n\n");
    EXPECT_NE(r.err.find("3 games (moves): 2 kept, 1 duplicate of 1 game"), std::string::npos) << r.err;
    // The same games, named the same, through convert's writer.
    r = kifu({"convert", "--to", "pgn", "--openings", book, "--unique", games});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("[ECO \"C01\"]\n[Opening \"French\"]\n[Variation \"Exchange\"]"), std::string::npos)
        << r.out;
    EXPECT_EQ(occurrences(r.out, "[White "), 2u) << r.out;
    // A book of another game is a usage error; a missing book an I/O error.
    std::ofstream(dir_ / "go.sgf") << "(;GM[1]SZ[9];B[ee])";
    r = kifu({"dedupe", "--openings", book, (dir_ / "go.sgf").string()});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    r = kifu({"dedupe", "--openings", (dir_ / "none.eco").string(), games});
    EXPECT_EQ(r.exit_code, 3) << r.err;
}

}  // namespace
}  // namespace kifu_test
