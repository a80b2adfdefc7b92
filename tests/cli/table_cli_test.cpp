// kifu convert --to csv: one header for every input of an output (streamed PGN, its threads,
// SGF, KIF, xiangqi PGN), --columns and --positions, the duplicates' own header, kifu search
// --export csv, and the usage errors.

#include <fmt/format.h>

#include "cli_fixture.hpp"

namespace kifu_test {
namespace {

using TableCli = Cli;

constexpr std::string_view kTableGames =
    "[Event \"Cup, round 1\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[WhiteElo \"2100\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"Cup\"]\n[White \"Bob\"]\n[Black \"Ann\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n";

TEST_F(TableCli, OneHeaderForEveryInputOfTheOutput) {
    std::ofstream(dir_ / "a.pgn") << kTableGames;
    std::ofstream(dir_ / "b.pgn") << kTableGames;
    for (const std::string_view threads : {"1", "2"}) {
        const Outcome r = kifu({"convert", "--to", "csv", "--threads", std::string(threads),
                                (dir_ / "a.pgn").string(), (dir_ / "b.pgn").string()});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out.rfind("Event,Site,Date,Round,White,Black,WhiteElo,BlackElo,ECO,Opening,result,plies,"
                              "moves,final\n",
                              0),
                  0u)
            << r.out;
        EXPECT_EQ(occurrences(r.out, "\n"), 5u) << r.out;
        EXPECT_EQ(occurrences(r.out, "Event,"), 1u) << r.out;
        EXPECT_NE(r.out.find("\"Cup, round 1\",,,,Ann,Bob,2100,,,,1-0,7,e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#,"
                             "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\n"),
                  std::string::npos)
            << r.out;
    }
}

TEST_F(TableCli, ColumnsAndPositionsForRecordsOfEveryGame) {
    std::ofstream(dir_ / "g.sgf")
        << "(;GM[1]SZ[9]PB[Kim]PW[Lee]RE[B+R];B[cc];W[gg])(;GM[1]SZ[9]PB[Ito];B[ee])";
    Outcome r = kifu(
        {"convert", "--to", "csv", "--columns", "PB,PW,result,moves,positions", (dir_ / "g.sgf").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "PB,PW,result,moves,positions");
    EXPECT_NE(r.out.find("\nKim,Lee,B+R,C7 G3,"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" | "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nIto,,,E5,"), std::string::npos) << r.out;
    r = kifu({"convert", "--to", "csv", "--positions", "--from", "usi", "--text", "7g7f 3c3d"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find(",2,7g7f 3c3d,"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("positions\n"), std::string::npos) << r.out;
}

// --positions on JSON Lines: each move, in the variations too, has the position after it.
TEST_F(TableCli, JsonLinesPositionsAreAFieldOfEveryMove) {
    std::ofstream(dir_ / "v.pgn") << "1. e4 (1. d4 d5) 1... e5 *\n";
    for (const std::string& input : {std::string("--text"), (dir_ / "v.pgn").string()}) {
        const Outcome r =
            input == "--text"
                ? kifu({"convert", "--to", "jsonl", "--positions", "--text", "1. e4 (1. d4 d5) e5 *"})
                : kifu({"convert", "--to", "jsonl", "--positions", input});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(occurrences(r.out, "\"fen\":"), 4u) << r.out;
        EXPECT_NE(
            r.out.find("\"uci\":\"d7d5\",\"fen\":\"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq"),
            std::string::npos)
            << r.out;
        EXPECT_NE(r.out.find("\"uci\":\"e7e5\",\"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"),
                  std::string::npos)
            << r.out;
    }
    EXPECT_EQ(occurrences(kifu({"convert", "--to", "jsonl", "--text", "1. e4 e5 *"}).out, "\"fen\""), 0u);
}

TEST_F(TableCli, DuplicatesGetTheirOwnHeader) {
    std::ofstream(dir_ / "a.pgn") << kTableGames << kTableGames;
    const Outcome r = kifu({"convert", "--to", "csv", "--unique", "--duplicates", (dir_ / "dup.csv").string(),
                            (dir_ / "a.pgn").string(), "-o", (dir_ / "out.csv").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string out = slurp(dir_ / "out.csv"), dup = slurp(dir_ / "dup.csv");
    EXPECT_EQ(occurrences(out, "\n"), 3u) << out;
    EXPECT_EQ(occurrences(dup, "\n"), 3u) << dup;
    EXPECT_EQ(out.substr(0, out.find('\n')), dup.substr(0, dup.find('\n')));
}

TEST_F(TableCli, AnIndexSearchExportsOneTable) {
    std::ofstream(dir_ / "a.pgn") << kTableGames;
    const std::string db = (dir_ / "games.db").string();
    ASSERT_EQ(kifu({"index", db, (dir_ / "a.pgn").string()}).exit_code, 0);
    const Outcome r =
        kifu({"search", db, "--where", "White=Bob", "--export", "csv", "-o", (dir_ / "found.csv").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string found = slurp(dir_ / "found.csv");
    EXPECT_EQ(occurrences(found, "Event,"), 1u) << found;
    EXPECT_EQ(occurrences(found, "\n"), 2u) << found;
    EXPECT_NE(found.find("Cup,,,,Bob,Ann,,,,,*,2,d4 d5,"), std::string::npos) << found;
}

TEST_F(TableCli, UsageErrors) {
    std::ofstream(dir_ / "a.pgn") << kTableGames;
    const std::string a = (dir_ / "a.pgn").string();
    Outcome r = kifu({"convert", "--to", "pgn", "--columns", "White", a});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--columns does not apply"), std::string::npos) << r.err;
    r = kifu({"convert", "--to", "csv", "--columns", "White,,moves", a});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("empty column name"), std::string::npos) << r.err;
    r = kifu({"convert", "--to", "csv", "--text", "startpos", "--from", "fen"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("csv"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace kifu_test
