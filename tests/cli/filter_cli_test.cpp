// kifu convert's game filters (--where, --date, --result, --player, --rating): a streamed PGN
// on one and two threads, records read whole (SGF, KIF), the opening a book names, a filter
// that passes nothing, and the usage errors.

#include "cli_fixture.hpp"

namespace kifu_test {
namespace {

using FilterCli = Cli;

constexpr std::string_view kFilterGames =
    "[White \"Ann\"]\n[Black \"Bob\"]\n[Date \"2019.01.02\"]\n[WhiteElo \"2100\"]\n[BlackElo \"2050\"]\n"
    "[ECO \"B00\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[White \"Bob\"]\n[Black \"Ann\"]\n[Date \"2021.??.??\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n"
    "[White \"Cid\"]\n[Black \"Bob\"]\n[Result \"1/2-1/2\"]\n\n1. c4 1/2-1/2\n\n";

std::size_t games_listed_in(const std::string& pgn) {
    return occurrences(pgn, "[White ");
}

TEST_F(FilterCli, AStreamedPgnOnOneAndTwoThreads) {
    std::ofstream(dir_ / "a.pgn") << kFilterGames;
    const std::string a = (dir_ / "a.pgn").string();
    for (const std::string threads : {"1", "2"}) {
        Outcome r = kifu({"convert", "--to", "pgn", "--threads", threads, "--player", "ann", a});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(games_listed_in(r.out), 2u) << r.out;
        EXPECT_NE(r.err.find("2 of 3 games pass the filters"), std::string::npos) << r.err;
        r = kifu(
            {"convert", "--to", "pgn", "--threads", threads, "--result", "0-1", "--where", "White=bO", a});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(games_listed_in(r.out), 1u) << r.out;
        EXPECT_NE(r.out.find("1. d4 d5 0-1"), std::string::npos) << r.out;
    }
    Outcome r = kifu({"convert", "--to", "csv", "--columns", "White,result", "--date", "..2020", a});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "White,result\nAnn,1-0\n");
    r = kifu({"convert", "--to", "csv", "--columns", "White", "--rating", "2000..2100", a});
    EXPECT_EQ(r.out, "White\nAnn\n") << r.err;
    // --text is streamed as well.
    r = kifu({"convert", "--to", "jsonl", "--result", "draw", "--text", std::string(kFilterGames)});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\"White\":\"Cid\""), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("\"White\":\"Ann\""), std::string::npos) << r.out;
}

TEST_F(FilterCli, NothingPassingIsAnAnswer) {
    std::ofstream(dir_ / "a.pgn") << kFilterGames;
    const Outcome r = kifu({"convert", "--to", "pgn", "--player", "nobody", (dir_ / "a.pgn").string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("0 of 3 games pass the filters"), std::string::npos) << r.err;
}

TEST_F(FilterCli, RecordsReadWholeOfEveryGame) {
    std::ofstream(dir_ / "g.sgf") << "(;GM[1]SZ[9]PB[Lee]PW[Ke]DT[2016-03-13]RE[B+R];B[cc])"
                                     "(;GM[1]SZ[9]PB[Ke]PW[Lee]RE[B+2.5];B[ee])";
    Outcome r =
        kifu({"convert", "--to", "sgf", "--player", "lee", "--result", "W+", (dir_ / "g.sgf").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");  // Lee took white in the second game, which black won
    r = kifu({"convert", "--to", "sgf", "--date", "2016", (dir_ / "g.sgf").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("PB[Lee]"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("PB[Ke]"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("1 of 2 games pass the filters"), std::string::npos) << r.err;
    // KIF: the ending of the record says who won (投了 by gote after sente's move: sente).
    std::ofstream(dir_ / "g.kif")
        << "先手：羽生\n後手：谷川\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n";
    r = kifu({"convert", "--to", "usi", "--result", "sente", (dir_ / "g.kif").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("7g7f"), std::string::npos) << r.out;
    r = kifu({"convert", "--to", "usi", "--result", "gote", (dir_ / "g.kif").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");
}

TEST_F(FilterCli, TheOpeningABookNamesIsFiltered) {
    std::ofstream(dir_ / "a.pgn") << kFilterGames;
    std::ofstream(dir_ / "book.pgn") << "[ECO \"C20\"]\n[Opening \"King's pawn game\"]\n\n1. e4 e5 *\n";
    const Outcome r = kifu({"convert", "--to", "pgn", "--openings", (dir_ / "book.pgn").string(), "--where",
                            "ECO=C20", (dir_ / "a.pgn").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(games_listed_in(r.out), 1u) << r.out;
    EXPECT_NE(r.out.find("[ECO \"C20\"]"), std::string::npos) << r.out;
}

TEST_F(FilterCli, UsageErrors) {
    std::ofstream(dir_ / "a.pgn") << kFilterGames;
    const std::string a = (dir_ / "a.pgn").string();
    Outcome r = kifu({"convert", "--to", "pgn", "--date", "20x", a});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--date:1:1: error: years are four digits"), std::string::npos) << r.err;
    r = kifu({"convert", "--to", "pgn", "--rating", "2000..2x", a});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--rating:1:7: error:"), std::string::npos) << r.err;
    r = kifu({"convert", "--to", "pgn", "--where", "White", a});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--where:1:6: error: give NAME=TEXT"), std::string::npos) << r.err;
    r = kifu({"convert", "--to", "pgn", "--result", "white", a});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    r = kifu({"convert", "--to", "fen", "--from", "fen", "--text", "startpos", "--player", "x"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--player does not apply"), std::string::npos) << r.err;
    r = kifu({"convert", "--to", "pgn", "--game-index", "1", "--player", "x", a});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--game-index does not apply"), std::string::npos) << r.err;
}

// kifu search --duplicate-groups: the sets across collections, the index's own copies of a
// file given again among them, by --by's rule, narrowed by the filters; and its usage errors.
TEST_F(FilterCli, DuplicateGroupsAcrossTheIndexsCollections) {
    std::ofstream(dir_ / "a.pgn") << kFilterGames;
    // b.pgn: the first game's moves under other tags, and two games of its own.
    std::ofstream(dir_ / "b.pgn") << "[White \"Ann B.\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n"
                                     "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
                                     "[White \"Dee\"]\n[Black \"Eve\"]\n[Result \"*\"]\n\n1. Nf3 *\n\n"
                                     "[White \"Fay\"]\n[Black \"Eve\"]\n[Result \"*\"]\n\n1. e4 c5 *\n\n";
    std::ofstream(dir_ / "c.pgn") << kFilterGames;  // a's games again: copies the index does not store
    const std::string db = (dir_ / "g.db").string();
    Outcome r =
        kifu({"index", db, (dir_ / "a.pgn").string(), (dir_ / "b.pgn").string(), (dir_ / "c.pgn").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = kifu({"search", db, "--duplicate-groups"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(r.out.starts_with("3 sets of duplicates (moves): 4 games beside the first of each\n"))
        << r.out;
    EXPECT_NE(r.out.find("a.pgn game 1 (7 plies): Ann - Bob"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("    = " + (dir_ / "b.pgn").string() + " game 1 (7 plies): Ann B. - Bob"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("    = " + (dir_ / "c.pgn").string() + " game 3 (1 plies): Cid - Bob"),
              std::string::npos)
        << r.out;
    r = kifu({"search", db, "--duplicate-groups", "--json", "--where", "White=Ann"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(r.out.starts_with("{\"count\":1,\"duplicates\":2,")) << r.out;
    // By the position after the first ply: Fay's 1.e4 c5 joins the 1.e4 e5 games.
    r = kifu({"search", db, "--duplicate-groups", "--by", "depth:1", "--limit", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(r.out.starts_with("3 sets of duplicates (depth:1): 5 games")) << r.out;
    EXPECT_NE(r.out.find("game 3 (2 plies): Fay - Eve"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("... 2 more (--offset 1)"), std::string::npos) << r.out;
    for (const std::vector<std::string>& wrong :
         {std::vector<std::string>{"search", db, "--by", "moves", "--where", "White=Ann"},
          {"search", db, "--duplicate-groups", "--unique"},
          {"search", db, "--duplicate-groups", "--position", "8/8/8/8/8/8/8/K6k w - - 0 1"},
          {"search", db, "--duplicate-groups", "--by", "colour"}}) {
        r = kifu(wrong);
        EXPECT_EQ(r.exit_code, 2) << wrong.back() << r.out;
    }
}

}  // namespace
}  // namespace kifu_test
