// kifu index, search and explore from the command line: building, extending and merging
// an index from the examples, every kind of query with --json, the filters, and the
// usage and I/O errors (exit 2 and 3).

#include "cli_fixture.hpp"

namespace {

using namespace kifu_test;

const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST_F(Cli, IndexSearchExploreAndMerge) {
    const std::string db = (dir_ / "games.db").string();
    // Every game's records at once: PGN (with a broken game), SGF, KIF, xiangqi PGN.
    const Outcome built =
        kifu({"index", db, kExamples + "/opera-game.pgn", kExamples + "/broken-game.pgn",
              kExamples + "/ko.sgf", kExamples + "/short-game.kifu", kExamples + "/xiangqi-game.pgn"});
    EXPECT_EQ(built.exit_code, 1) << built.err;  // the broken game is reported and left out
    EXPECT_NE(built.err.find("broken-game.pgn:"), std::string::npos) << built.err;
    EXPECT_NE(built.err.find(": error: game 1: "), std::string::npos) << built.err;
    EXPECT_NE(built.out.find("1 broken"), std::string::npos) << built.out;
    // Indexing again adds nothing.
    const Outcome again = kifu({"index", db, kExamples + "/opera-game.pgn"});
    EXPECT_EQ(again.exit_code, 0) << again.err;
    EXPECT_NE(again.out.find("0 added, 1 already indexed"), std::string::npos) << again.out;

    // The Opera game's position after 1.e4, as JSON.
    const Outcome e4 = kifu(
        {"search", db, "--position", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "--json"});
    EXPECT_EQ(e4.exit_code, 0) << e4.err;
    EXPECT_EQ(e4.out.rfind("{\"count\":1,\"games\":[{\"file\":\"" + kExamples +
                               "/opera-game.pgn\",\"game\":1,\"ply\":1,",
                           0),
              0u)
        << e4.out;
    EXPECT_NE(e4.out.find("\"white\":\"Morphy, Paul\""), std::string::npos) << e4.out;
    // A record and a ply name the position too.
    const Outcome at = kifu({"search", db, kExamples + "/opera-game.pgn", "--ply", "20"});
    EXPECT_EQ(at.exit_code, 0) << at.err;
    EXPECT_EQ(at.out.rfind("1 game\n  " + kExamples + "/opera-game.pgn game 1 (ply 20): ", 0), 0u) << at.out;
    // The explorer from the start.
    const Outcome start = kifu({"explore", db, "--position", kStart});
    EXPECT_EQ(start.exit_code, 0) << start.err;
    EXPECT_NE(start.out.find("1 game through the position; 0 end there"), std::string::npos) << start.out;
    EXPECT_NE(start.out.find("  e4 "), std::string::npos) << start.out;
    const Outcome json = kifu({"explore", db, "--position", kStart, "--json"});
    EXPECT_EQ(
        json.out.rfind("{\"games\":1,\"ended\":0,\"moves\":[{\"move\":\"e4\",\"count\":1,\"first\":1,", 0),
        0u)
        << json.out;
    // Shogi and xiangqi positions: their start.
    const Outcome shogi =
        kifu({"search", db, "--position", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"});
    EXPECT_EQ(shogi.out.rfind("1 game\n", 0), 0u) << shogi.out << shogi.err;
    // "startpos" is every game's start: chess's where the index holds several games, the one
    // game's where it holds one.
    EXPECT_EQ(kifu({"search", db, "--position", "startpos"})
                  .out.rfind("1 game\n  " + kExamples + "/opera-game.pgn", 0),
              0u);
    const std::string shogi_db = (dir_ / "shogi.db").string();
    EXPECT_EQ(kifu({"index", shogi_db, kExamples + "/short-game.kifu"}).exit_code, 0);
    const Outcome shogi_start = kifu({"search", shogi_db, "--position", "startpos"});
    EXPECT_EQ(shogi_start.out.rfind("1 game\n  " + kExamples + "/short-game.kifu", 0), 0u)
        << shogi_start.out << shogi_start.err;
    // Filters.
    EXPECT_EQ(kifu({"search", db, "--position", kStart, "--where", "White=morphy"}).out.rfind("1 game\n", 0),
              0u);
    EXPECT_EQ(
        kifu({"search", db, "--position", kStart, "--where", "White=carlsen"}).out.rfind("0 games\n", 0), 0u);
    EXPECT_EQ(kifu({"search", db, "--position", kStart, "--date", "1850..1860"}).out.rfind("1 game\n", 0),
              0u);
    EXPECT_EQ(kifu({"search", db, "--position", kStart, "--result", "0-1"}).out.rfind("0 games\n", 0), 0u);
    // Filters alone: the games they choose, each with its length (no ply: no position).
    const Outcome chosen = kifu({"search", db, "--where", "White=morphy", "--date", "1858"});
    EXPECT_EQ(chosen.exit_code, 0) << chosen.err;
    EXPECT_EQ(chosen.out.rfind("1 game\n  " + kExamples + "/opera-game.pgn game 1 (33 plies): ", 0), 0u)
        << chosen.out;
    EXPECT_EQ(kifu({"search", db, "--result", "1/2-1/2"}).out.rfind("0 games\n", 0), 0u);
    const Outcome chosen_json = kifu({"search", db, "--where", "White=morphy", "--json"});
    EXPECT_EQ(chosen_json.out.find("\"ply\""), std::string::npos) << chosen_json.out;
    EXPECT_NE(chosen_json.out.find("\"count\":1,"), std::string::npos) << chosen_json.out;
    // Chess material and sub-FEN.
    const Outcome material = kifu({"search", db, "--sub-fen", "8/8/8/8/8/8/8/4K3", "--threads", "2"});
    EXPECT_EQ(material.exit_code, 0) << material.err;
    EXPECT_EQ(material.out.rfind("1 game\n", 0), 0u) << material.out;
    // Go: the ko position of ko.sgf, rotated, is found; its pattern too.
    const Outcome go = kifu({"convert", kExamples + "/ko.sgf", "--to", "hen"});
    ASSERT_EQ(go.exit_code, 0);
    const Outcome pattern =
        kifu({"search", db, "--pattern", go.out.substr(0, go.out.size() - 1), "--region", "A1-E5", "--json"});
    EXPECT_EQ(pattern.exit_code, 0) << pattern.err;
    EXPECT_NE(pattern.out.find("\"continuations\":["), std::string::npos) << pattern.out;
    EXPECT_NE(pattern.out.find("\"replayed\":1}"), std::string::npos) << pattern.out;  // the one Go game

    // Merge: two indexes built apart.
    const std::string a = (dir_ / "a.db").string(), b = (dir_ / "b.db").string(),
                      m = (dir_ / "m.db").string();
    EXPECT_EQ(kifu({"index", a, kExamples + "/opera-game.pgn"}).exit_code, 0);
    EXPECT_EQ(kifu({"index", b, kExamples + "/ko.sgf"}).exit_code, 0);
    const Outcome merged = kifu({"index", "--merge", m, a, b});
    EXPECT_EQ(merged.exit_code, 0) << merged.err;
    EXPECT_NE(merged.out.find("m.db: 2 games"), std::string::npos) << merged.out;
    EXPECT_EQ(kifu({"search", m, "--position", kStart}).out.rfind("1 game\n", 0), 0u);
}

// search --export: the games found, read again from their files (a PGN stream split again,
// an SGF collection's game alone, an archive's entry), as they are there or converted.
TEST_F(Cli, SearchExportsTheGamesFoundFromTheirFiles) {
    const std::string first =
        "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Carl\"]\n[Result \"1-0\"]\n\n"
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 $2 {a comment} 4. Qxf7# 1-0\n\n";
    const std::string second =
        "[Event \"Club\"]\n[White \"Boris\"]\n[Black \"Anna\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# "
        "0-1\n\n";
    const std::string third =
        "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"1/2-1/2\"]\n\n"
        "1. d4 d5 (1... Nf6 2. c4) 2. c4 1/2-1/2\n\n";
    std::ofstream(dir_ / "games.pgn", std::ios::binary) << first << second << third;
    std::ofstream(dir_ / "collection.sgf", std::ios::binary)
        << "(;GM[1]SZ[9]PB[first]PW[w];B[ee];W[cc])\n(;GM[1]SZ[9]PB[second]PW[w]C[kept];B[ce];W[ec])\n";
    std::ofstream(dir_ / "tarred.sgf", std::ios::binary) << "(;GM[1]SZ[9]PB[tarred]PW[w];B[dd])\n";
    ASSERT_EQ(shell("tar -cf archive.tar tarred.sgf && rm tarred.sgf").exit_code, 0);
    const std::string db = (dir_ / "games.db").string(), pgn = (dir_ / "games.pgn").string();
    const Outcome built =
        kifu({"index", db, pgn, (dir_ / "collection.sgf").string(), (dir_ / "archive.tar").string()});
    ASSERT_EQ(built.exit_code, 0) << built.err;

    // As the file holds them: each PGN game's own bytes, every game found (no --limit).
    const std::string out = (dir_ / "anna.pgn").string();
    const Outcome anna = kifu({"search", db, "--where", "White=Anna", "--export", "source", "-o", out});
    EXPECT_EQ(anna.exit_code, 0) << anna.err;
    EXPECT_EQ(slurp(out), first + third);
    // Converted, and --limit still counts.
    const Outcome jsonl = kifu({"search", db, "--where", "White=Anna", "--export", "jsonl", "--limit", "1"});
    EXPECT_EQ(jsonl.exit_code, 0) << jsonl.err;
    EXPECT_EQ(std::count(jsonl.out.begin(), jsonl.out.end(), '\n'), 1) << jsonl.out;
    EXPECT_NE(jsonl.out.find("\"comments\":[\"a comment\"]"), std::string::npos) << jsonl.out;
    // One game of an SGF collection, alone; an archive's entry.
    const Outcome sgf = kifu({"search", db, "--where", "PB=second", "--export", "source"});
    EXPECT_EQ(sgf.exit_code, 0) << sgf.err;
    EXPECT_EQ(sgf.out, "(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[second]PW[w]C[kept]\n;B[ce]\n;W[ec])\n");
    const Outcome tarred = kifu({"search", db, "--where", "PB=tarred", "--export", "hen"});
    EXPECT_EQ(tarred.exit_code, 0) << tarred.err;
    EXPECT_EQ(tarred.out, ".9x9_6Db.D6b.w\n");  // the game's final position

    // Errors: a format that cannot be a stream of games, --json beside it (exit 2); an output
    // that is a file of the games found (exit 3, the file untouched); a file changed since it
    // was indexed (exit 1, the others written).
    EXPECT_EQ(kifu({"search", db, "--where", "White=Anna", "--export", "png"}).exit_code, 2);
    EXPECT_EQ(kifu({"search", db, "--where", "White=Anna", "--export", "pgn", "--json"}).exit_code, 2);
    const Outcome over = kifu({"search", db, "--where", "White=Anna", "--export", "pgn", "-o", pgn});
    EXPECT_EQ(over.exit_code, 3) << over.err;
    EXPECT_EQ(slurp(pgn), first + second + third);
    std::ofstream(pgn, std::ios::binary) << second << first << third;  // the first two swapped
    const Outcome changed = kifu({"search", db, "--where", "White=Anna", "--export", "source"});
    EXPECT_EQ(changed.exit_code, 1) << changed.err;
    EXPECT_NE(
        changed.err.find(
            "games.pgn (game 1): error: game 1 is no longer the game indexed there (Anna - Carl, 7 plies)"),
        std::string::npos)
        << changed.err;
    EXPECT_EQ(changed.out, third);
}

// The help lists what the registry reads as records.
TEST_F(Cli, IndexHelpNamesTheRegistrysRecordFormats) {
    const Outcome help = kifu({"index", "--help"});
    EXPECT_EQ(help.exit_code, 0);
    for (const char* name : {"sgf (go)", "pgn (chess)", "kif (shogi)", "ki2 (shogi)", "csa (shogi)",
                             "jkf (shogi)", "pgn-xiangqi (xiangqi)"})
        EXPECT_NE(help.out.find(name), std::string::npos) << name << "\n" << help.out;
    EXPECT_EQ(help.out.find("jsonl"), std::string::npos);  // written only
}

TEST_F(Cli, IndexUsageAndIoErrors) {
    const std::string db = (dir_ / "games.db").string();
    ASSERT_EQ(kifu({"index", db, kExamples + "/opera-game.pgn"}).exit_code, 0);
    // Usage: options that do not apply, a query missing its part, two kinds of query.
    EXPECT_EQ(kifu({"search", db, "--position", kStart, "--colours", "any"}).exit_code, 2);
    EXPECT_EQ(kifu({"search", db, "--position", kStart, "--threads", "2"}).exit_code, 2);
    EXPECT_EQ(kifu({"search", db, "--region", "A1-D4"}).exit_code, 2);
    EXPECT_EQ(kifu({"search", db, "--pattern", ".9x9_9"}).exit_code, 2);
    EXPECT_EQ(kifu({"search", db, "--position", kStart, "--material", "KvK"}).exit_code, 2);
    EXPECT_EQ(kifu({"search", db, "--position", kStart, "--date", "85..90"}).exit_code, 2);
    EXPECT_EQ(kifu({"search", db, "--position", kStart, "--result", "white"}).exit_code, 2);
    EXPECT_EQ(kifu({"search", db, "--position", kStart, "--where", "White"}).exit_code, 2);
    // Nothing to search for (no position, not even on standard input, and no filter); a
    // position's options with filters alone.
    const Outcome nothing = kifu({"search", db});
    EXPECT_EQ(nothing.exit_code, 2);
    EXPECT_NE(nothing.err.find("nothing to search for"), std::string::npos) << nothing.err;
    EXPECT_EQ(kifu({"search", db, "--where", "White=morphy", "--ply", "3"}).exit_code, 2);
    EXPECT_EQ(kifu({"index", "--merge", db, db}).exit_code, 3);  // the output exists
    // Invalid input: a bad position, a bad material, with their places.
    const Outcome bad =
        kifu({"search", db, "--position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_EQ(bad.err.rfind("<position>:1:", 0), 0u) << bad.err;
    const Outcome material = kifu({"search", db, "--material", "KQXvK"});
    EXPECT_EQ(material.exit_code, 1);
    EXPECT_EQ(material.err.rfind("<material>:1:3: error: ", 0), 0u) << material.err;
    // I/O: no such index, an index that is a directory or not an index, a missing record.
    EXPECT_EQ(kifu({"search", (dir_ / "none.db").string(), "--position", kStart}).exit_code, 3);
    EXPECT_EQ(kifu({"search", dir_.string(), "--position", kStart}).exit_code, 3);
    const Outcome not_index = kifu({"search", kExamples + "/opera-game.pgn", "--position", kStart});
    EXPECT_EQ(not_index.exit_code, 3);
    EXPECT_NE(not_index.err.find("not a kifu index"), std::string::npos) << not_index.err;
    EXPECT_EQ(kifu({"index", db, (dir_ / "missing.pgn").string()}).exit_code, 3);
    // A failed run leaves the index as it was (one transaction).
    EXPECT_EQ(kifu({"index", db, kExamples + "/ko.sgf", (dir_ / "missing.pgn").string()}).exit_code, 3);
    EXPECT_EQ(kifu({"search", db, "--position", kStart}).out.rfind("1 game\n", 0), 0u);
    const Outcome go = kifu({"convert", kExamples + "/ko.sgf", "--to", "hen"});
    EXPECT_EQ(
        kifu({"search", db, "--position", go.out.substr(0, go.out.size() - 1)}).out.rfind("0 games\n", 0),
        0u);
}

// --openings: games named by position from a book of any record format, streamed PGN or
// read whole, in the index too (search --where, explore), and the options' mistakes.
TEST_F(Cli, OpeningsAreNamedByPositionInConvertIndexAndExplore) {
    std::ofstream(dir_ / "book.eco") << "# a book\nC00 \"French\" 1.e4 e6 *\n"
                                        "C01 \"French: Exchange\" 1.e4 e6 2.d4 d5 3.exd5 exd5 *\n";
    std::ofstream(dir_ / "games.pgn") << "[White \"a\"]\n[ECO \"A00\"]\n[Variation \"old\"]\n\n"
                                         "1. d4 e6 2. e4 d5 3. exd5 exd5 4. Nf3 1-0\n\n"
                                         "[White \"b\"]\n[ECO \"A40\"]\n\n1. d4 d5 0-1\n";
    // Streamed: the transposed exchange French named, the other game left as it was.
    Outcome out = kifu({"convert", "--to", "pgn", "--openings", (dir_ / "book.eco").string(),
                        (dir_ / "games.pgn").string()});
    ASSERT_EQ(out.exit_code, 0) << out.err;
    EXPECT_NE(out.out.find("[ECO \"C01\"]\n[Opening \"French\"]\n[Variation \"Exchange\"]"),
              std::string::npos)
        << out.out;
    EXPECT_EQ(out.out.find("old"), std::string::npos) << out.out;
    EXPECT_NE(out.out.find("[ECO \"A40\"]"), std::string::npos) << out.out;
    // Read whole (stdin, --from pgn), to JSON Lines: the same tags.
    out = kifu({"convert", "--to", "jsonl", "--openings", (dir_ / "book.eco").string(), "--from", "pgn", "-"},
               slurp(dir_ / "games.pgn"));
    ASSERT_EQ(out.exit_code, 0) << out.err;
    EXPECT_NE(out.out.find("\"ECO\":\"C01\",\"Opening\":\"French\",\"Variation\":\"Exchange\""),
              std::string::npos)
        << out.out;
    // The index stores the names; search filters by them, explore names the positions.
    out = kifu({"index", (dir_ / "g.db").string(), (dir_ / "games.pgn").string(), "--openings",
                (dir_ / "book.eco").string()});
    ASSERT_EQ(out.exit_code, 0) << out.err;
    out = kifu({"search", (dir_ / "g.db").string(), "--where", "Variation=exchange"});
    ASSERT_EQ(out.exit_code, 0) << out.err;
    EXPECT_EQ(out.out.rfind("1 game", 0), 0u) << out.out;
    out = kifu({"explore", (dir_ / "g.db").string(), "--position",
                "rnbqkbnr/pppp1ppp/4p3/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2", "--openings",
                (dir_ / "book.eco").string(), "--json"});
    ASSERT_EQ(out.exit_code, 0) << out.err;
    EXPECT_EQ(out.out.find("\"opening\":\"C00"), std::string::npos) << out.out;  // 1.e4 e6 2.d4 is not named
    out = kifu({"explore", (dir_ / "g.db").string(), "--position",
                "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "--openings",
                (dir_ / "book.eco").string()});
    ASSERT_EQ(out.exit_code, 0) << out.err;
    EXPECT_EQ(out.out.rfind("opening: C00 French\n", 0), 0u) << out.out;

    // Mistakes: a book that is not there (3), a book with an error (1, at its line and
    // column), a book of another game or a target that is no record (2).
    out = kifu({"convert", "--to", "pgn", "--openings", (dir_ / "none.pgn").string(),
                (dir_ / "games.pgn").string()});
    EXPECT_EQ(out.exit_code, 3) << out.err;
    std::ofstream(dir_ / "bad.eco") << "C00 \"French\" 1.e4 e6 *\nC01 \"x\" 1.e4 Ke7 *\n";
    out = kifu(
        {"convert", "--to", "pgn", "--openings", (dir_ / "bad.eco").string(), (dir_ / "games.pgn").string()});
    EXPECT_EQ(out.exit_code, 1) << out.err;
    EXPECT_NE(out.err.find("bad.eco:2:14: error: C01 \"x\": illegal move"), std::string::npos) << out.err;
    out = kifu({"convert", "--to", "fen", "--openings", (dir_ / "book.eco").string(),
                (dir_ / "games.pgn").string()});
    EXPECT_EQ(out.exit_code, 2) << out.err;
    out = kifu({"convert", "--to", "kif", "--openings", (dir_ / "book.eco").string(), "--from", "usi",
                "--text", "7g7f"});
    EXPECT_EQ(out.exit_code, 2) << out.err;
    EXPECT_NE(out.err.find("a book of chess, and the input is shogi"), std::string::npos) << out.err;
    out = kifu({"convert", "--to", "kif", "--openings", "installed", "--from", "usi", "--text", "7g7f"});
    EXPECT_EQ(out.exit_code, 2) << out.err;
    EXPECT_NE(out.err.find("no opening book of shogi is installed"), std::string::npos) << out.err;
}

}  // namespace

// Queries run beside a writer (write-ahead logging: they read the last committed state),
// and a second writer waits for the first instead of failing at once. The searches run
// while the first writer is alive; each must answer.
TEST_F(Cli, QueriesRunBesideAWriter) {
    const Outcome o = shell(
        "for i in $(seq 60000); do printf '[Event \"%d\"]\\n\\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\\n\\n' $i; "
        "done "
        "> many.pgn; printf '[Event \"x\"]\\n\\n1. d4 *\\n' > one.pgn; $KIFU index i.db one.pgn > /dev/null; "
        "$KIFU index i.db many.pgn > w1.log 2>&1 & w=$!; during=0; "
        "while kill -0 $w 2>/dev/null; do "
        "  $KIFU search i.db --position 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1' > s.out "
        "2>&1 "
        "    || { echo \"search failed: $(cat s.out)\"; }; "
        "  kill -0 $w 2>/dev/null && during=$((during + 1)); "
        "done; wait $w; echo \"writer $?\"; echo \"searches during the run: $during\"");
    EXPECT_EQ(o.out.find("search failed"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("writer 0"), std::string::npos) << o.out;
    if (o.out.find("searches during the run: 0") != std::string::npos)
        GTEST_SKIP() << "the index run ended before a search could run beside it";
    // A second writer against a short run (a second or so): it waits for the first (up to
    // 5 s) and then writes, where it failed at once.
    const Outcome two = shell(
        "head -n 80000 many.pgn > some.pgn; $KIFU index j.db some.pgn > /dev/null 2>&1 & w=$!; sleep 0.3; "
        "$KIFU index j.db one.pgn > w2.log 2>&1; echo \"second $?\"; cat w2.log; wait $w");
    EXPECT_NE(two.out.find("second 0"), std::string::npos) << two.out;
}

// A damaged index is an error, not an empty answer; kifu index --check says what is wrong
// (SQLite's integrity check and the index's tables).
// A file that gives no game is named with a warning, whatever the reason; the run is
// still a success (nothing in it was broken).
TEST_F(Cli, AFileOfNoGameIsSaid) {
    const std::string db = (dir_ / "games.db").string();
    const std::filesystem::path empty = dir_ / "empty.pgn", position = dir_ / "start.fen",
                                noise = dir_ / "noise.txt";
    std::ofstream(empty) << "\n\n";
    std::ofstream(position) << kStart << "\n";
    std::ofstream(noise) << "nothing a game\n";
    const Outcome r =
        kifu({"index", db, empty.string(), position.string(), noise.string(), kExamples + "/ko.sgf"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find(empty.string() + ": warning: no game read: the file holds no PGN game"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find(position.string() + ": warning: no game read: it is a position (fen), not a record"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find(noise.string() + ": warning: no game read: not a notation kifu recognises"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("ko.sgf"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("read 1 game "), std::string::npos) << r.out;
}

TEST_F(Cli, ADamagedIndexIsAnError) {
    const std::string db = (dir_ / "games.db").string();
    ASSERT_EQ(kifu({"index", db, kExamples + "/opera-game.pgn"}).exit_code, 0);
    const Outcome whole = kifu({"index", "--check", db});
    EXPECT_EQ(whole.exit_code, 0) << whole.err;
    EXPECT_EQ(whole.out, db + ": ok\n");
    ASSERT_EQ(
        shell("/usr/bin/python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute(\"DROP TABLE "
              "moves\")' " +
              quote(db))
            .exit_code,
        0);
    const Outcome search = kifu({"search", db, "--position", kStart});
    EXPECT_EQ(search.exit_code, 3);
    EXPECT_NE(search.err.find("a damaged kifu index (no table 'moves'"), std::string::npos) << search.err;
    EXPECT_EQ(kifu({"index", db, kExamples + "/ko.sgf"}).exit_code, 3);  // not silently made whole again
    const Outcome check = kifu({"index", "--check", db});
    EXPECT_EQ(check.exit_code, 1);
    EXPECT_EQ(check.err, db + ": error: no table 'moves'\n");
    EXPECT_EQ(kifu({"index", "--check", kExamples + "/opera-game.pgn"}).exit_code, 3);
    EXPECT_EQ(kifu({"index", "--check", db, kExamples + "/ko.sgf"}).exit_code, 2);
    EXPECT_EQ(kifu({"index", db}).exit_code, 2);
}

namespace {

TEST_F(Cli, PlayerAndRatingFiltersSelectGames) {
    std::ofstream(dir_ / "rated.pgn")
        << "[White \"Carlsen, Magnus\"]\n[Black \"Nepo\"]\n[WhiteElo \"2850\"]\n[BlackElo \"2790\"]\n\n1. e4 "
           "e5 1-0\n\n"
        << "[White \"Amateur\"]\n[Black \"Carlsen, Magnus\"]\n[WhiteElo \"1800\"]\n[BlackElo \"2850\"]\n\n1. "
           "d4 d5 0-1\n\n"
        << "[White \"Unrated\"]\n[Black \"Carlsen, Magnus\"]\n\n1. c4 c5 *\n\n"
        << "[White \"A\"]\n[Black \"B\"]\n[WhiteElo \"2400\"]\n[BlackElo \"x\"]\n\n1. Nf3 Nf6 *\n";
    const std::string db = (dir_ / "games.db").string();
    ASSERT_EQ(kifu({"index", db, (dir_ / "rated.pgn").string()}).exit_code, 0);
    EXPECT_EQ(kifu({"search", db, "--player", "carlsen"}).out.rfind("3 games\n", 0), 0u);
    EXPECT_EQ(kifu({"search", db, "--player", "nepo"}).out.rfind("1 game\n", 0), 0u);
    // Both players rated in the range; a game without both ratings never passes.
    EXPECT_EQ(kifu({"search", db, "--rating", "2700.."}).out.rfind("1 game\n", 0), 0u);
    EXPECT_EQ(kifu({"search", db, "--rating", "1700"}).out.rfind("2 games\n", 0), 0u);
    EXPECT_EQ(kifu({"search", db, "--rating", "..2800"}).out.rfind("0 games\n", 0), 0u);
    EXPECT_EQ(kifu({"search", db, "--rating", "1800..2850", "--player", "Amateur"}).out.rfind("1 game\n", 0),
              0u);
    EXPECT_EQ(kifu({"search", db, "--position", kStart, "--player", "Carlsen", "--rating", "2750.."})
                  .out.rfind("1 game\n", 0),
              0u);
    for (const std::string bad : {"high", "..", "2500..x", "12345"}) {
        const Outcome r = kifu({"search", db, "--rating", bad});
        EXPECT_EQ(r.exit_code, 2) << bad;
        EXPECT_NE(r.err.find("--rating"), std::string::npos) << r.err;
    }
}

}  // namespace
