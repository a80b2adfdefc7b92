// The faults of the hostile-input review, each as a user meets it through the CLI. The
// bombs are made here, small enough for a sanitised build; scripts/check-memory runs the
// large ones against the optimised binary under a memory cap.

#include <algorithm>
#include <string>

#include "cli_fixture.hpp"

using namespace kifu_test;

namespace {

std::size_t count_lines(const std::string& s, const std::string& with) {
    std::size_t n = 0;
    for (std::size_t at = s.find(with); at != std::string::npos; at = s.find(with, at + 1)) ++n;
    return n;
}

// A game whose comment is `bytes` long, between two good games.
std::string pgn_with_a_long_comment(std::size_t bytes) {
    return "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"long\"]\n\n1. e4 {" + std::string(bytes, 'c') +
           "} 1... e5 1-0\n\n[Event \"c\"]\n\n1. d4 d5 *\n";
}

}  // namespace

TEST_F(Cli, InputReadWholeStopsAtItsLimit) {
    const Outcome zero = kifu({"validate", "--from", "sgf", "--max-input", "1", "/dev/zero"});
    EXPECT_EQ(zero.exit_code, 1);
    EXPECT_EQ(
        zero.err,
        "/dev/zero: error: the input is larger than the limit of 1 MiB for this format; --max-input MIB "
        "raises it\n");
    const std::string sgf = "(;FF[4]SZ[9]C[" + std::string(std::size_t{3} << 20, 'c') + "];B[ee])";
    EXPECT_EQ(kifu({"validate", "--max-input", "1", "-"}, sgf).exit_code, 1);
    EXPECT_EQ(kifu({"validate", "--max-input", "4", "-"}, sgf).exit_code, 0);
}

TEST_F(Cli, APgnGameOverTheLimitIsOneErrorAndTheGamesAroundItAreRead) {
    const std::string text = pgn_with_a_long_comment(std::size_t{3} << 20);
    const std::size_t long_game = text.find("1-0") + 3 - text.find("[Event \"long\"]");
    for (const std::string threads : {"1", "2"}) {
        SCOPED_TRACE("--threads " + threads);
        const Outcome v =
            kifu({"validate", "--from", "pgn", "--max-input", "1", "--threads", threads, "-"}, text);
        EXPECT_EQ(v.exit_code, 1);
        EXPECT_EQ(v.err,
                  "<stdin>:5:1: error: game 2: the game is " + std::to_string(long_game) +
                      " bytes long, over the limit of 1 MiB for one game: not read (kifu's --max-input MIB "
                      "raises the limit)\n<stdin>: 1 of 3 games have errors (1 errors)\n");
        const Outcome stats = kifu({"pgn", "stats", "--max-input", "1", "--threads", threads, "-"}, text);
        EXPECT_NE(stats.out.find("games: 3\n"), std::string::npos) << stats.out;
        EXPECT_NE(stats.out.find("errors: 1 in 1 games\n"), std::string::npos) << stats.out;
    }
    // Its bytes were never held, so the broken games' file cannot have them: the summary says so.
    const Outcome c = kifu({"convert", "--from", "pgn", "--to", "pgn", "--max-input", "1", "--keep-broken",
                            (dir_ / "broken.pgn").string(), "-"},
                           text);
    EXPECT_EQ(c.exit_code, 1);
    EXPECT_EQ(count_lines(c.out, "[Event "), 2u);
    EXPECT_EQ(slurp(dir_ / "broken.pgn"), "");
    EXPECT_NE(c.err.find("their text in " + (dir_ / "broken.pgn").string() +
                         " (but for the 1 over the size limit)"),
              std::string::npos)
        << c.err;
    // With the limit raised, the game reads.
    EXPECT_EQ(kifu({"validate", "--from", "pgn", "--max-input", "4", "-"}, text).exit_code, 0);
}

TEST_F(Cli, CompressedNulBytesAreOneShortError) {
    const Outcome r = shell(
        "head -c 3145728 /dev/zero | zstd -q > nul.pgn.zst && $KIFU validate --max-input 1 --threads 2 "
        "nul.pgn.zst");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err,
              "nul.pgn.zst:1:1: error: game 1: the game is 3145728 bytes long, over the limit of 1 MiB for "
              "one game: "
              "not read (kifu's --max-input MIB raises the limit)\nnul.pgn.zst: 1 of 1 games have errors (1 "
              "errors)\n");
    // Under the limit, the bytes are one word: an invalid move, quoted short.
    const Outcome word = shell("head -c 100000 /dev/zero > nul.pgn && $KIFU validate nul.pgn");
    EXPECT_EQ(word.exit_code, 1);
    EXPECT_LT(word.err.size(), 400u) << word.err.size();
    EXPECT_NE(word.err.find(R"(\x00\x00...')"), std::string::npos) << word.err;
}

TEST_F(Cli, DeepVariationsAreAnErrorNotAStackOfPositions) {
    std::string deep = "[Event \"deep\"]\n\n1. e4 ";
    for (int i = 0; i < 100000; ++i) deep += i % 2 ? "(1. e4 " : "(1. d4 ";
    deep += std::string(100000, ')') + " *\n";
    const Outcome r = kifu({"validate", "--from", "pgn", "-"}, deep);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("<stdin>:3:1792: error: game 1: variations are nested more than 255 deep here"),
              std::string::npos)
        << r.err;
}

TEST_F(Cli, RepeatedMessagesAreCappedAndCounted) {
    std::string games;
    for (int i = 0; i < 30; ++i) games += "[Event \"x\"]\n\n1. e5 *\n\n";
    const Outcome all = kifu({"validate", "--from", "pgn", "-"}, games);
    EXPECT_EQ(count_lines(all.err, ": error: game "), 30u);
    EXPECT_EQ(all.err.find("not shown"), std::string::npos);
    const Outcome five = kifu({"validate", "--from", "pgn", "--max-messages", "5", "-"}, games);
    EXPECT_EQ(five.exit_code, 1);
    EXPECT_EQ(count_lines(five.err, ": error: game "), 5u);
    EXPECT_NE(
        five.err.find("<stdin>: note: 25 more errors and warnings not shown (--max-messages N shows up to "
                      "N, 0 all)\n<stdin>: 30 of 30 games have errors (30 errors)\n"),
        std::string::npos)
        << five.err;
    // SGF warnings too, counted for each input on its own.
    std::string moves = "(;FF[4]SZ[9]";
    for (int i = 0; i < 12; ++i) moves += ";B[ee]";
    moves += ")";
    std::ofstream(dir_ / "a.sgf") << moves;
    std::ofstream(dir_ / "b.sgf") << moves;
    const Outcome two =
        kifu({"validate", "--max-messages", "3", (dir_ / "a.sgf").string(), (dir_ / "b.sgf").string()});
    EXPECT_EQ(count_lines(two.err, "warning: "), 6u) << two.err;
    EXPECT_EQ(count_lines(two.err, ": note: 8 more errors and warnings not shown"), 2u) << two.err;
}

TEST_F(Cli, EachFaultIsSaidWithWhatToDo) {
    const Outcome size = kifu({"info", "--text", "(;FF[4]SZ[53];B[aa])"});
    EXPECT_EQ(size.exit_code, 1);
    EXPECT_EQ(size.err, "<text>:1:8: error: SZ[53]: board size 53 is outside 1-52\n");
    // Text before the first tree of a .sgf file: the extension decides, the text is a warning.
    std::ofstream(dir_ / "preamble.sgf") << "Some text first\n(;FF[4]SZ[9];B[ee])\n";
    const Outcome preamble = kifu({"validate", (dir_ / "preamble.sgf").string()});
    EXPECT_EQ(preamble.exit_code, 0);
    EXPECT_NE(preamble.err.find("1:1: warning: text before the first game tree is ignored"),
              std::string::npos);
    const Outcome move = kifu({"convert", "--to", "hen", "--move", "-1", "--text", "(;SZ[9];B[ee])"});
    EXPECT_EQ(move.exit_code, 2);
    EXPECT_NE(move.err.find("--move: '-1' is not a whole number of 0 or more"), std::string::npos)
        << move.err;
    const Outcome usi = kifu({"convert", "--from", "usi", "--to", "japanese", "--text", "7g7f"});
    EXPECT_EQ(usi.exit_code, 0);
    EXPECT_EQ(usi.out, "▲７六歩\n");
    // A gzip file not named .pgn: the content under the compression decides.
    const Outcome gz =
        shell("printf '[Event \"x\"]\\n\\n1. e4 *\\n' | gzip > game.gz && $KIFU validate game.gz");
    EXPECT_EQ(gz.exit_code, 0) << gz.err;
    EXPECT_EQ(gz.out, "ok: 1 games\n");
}

// No command destroys its input: every output (-o, --keep-broken, the index an index
// command writes) is checked against every input, aliases included, and against the other
// outputs; a merge that fails leaves nothing under the name it was to write.
TEST_F(Cli, NoOutputDestroysAnInput) {
    const std::string games =
        "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 Ke7 2. Kxe1 *\n\n"
        "[Event \"c\"]\n\n1. d4 *\n";
    std::ofstream(dir_ / "m.pgn") << games;
    const std::string m = (dir_ / "m.pgn").string();
    const Outcome keep = kifu({"validate", m, "--keep-broken", m});
    EXPECT_EQ(keep.exit_code, 3) << keep.err;
    EXPECT_NE(keep.err.find("--keep-broken " + m + " names the input " + m), std::string::npos) << keep.err;
    EXPECT_EQ(slurp(dir_ / "m.pgn"), games);
    // By another name: a link.
    std::filesystem::create_symlink(dir_ / "m.pgn", dir_ / "link.pgn");
    EXPECT_EQ(kifu({"convert", "--to", "pgn", m, "--keep-broken", (dir_ / "link.pgn").string()}).exit_code,
              3);
    EXPECT_EQ(slurp(dir_ / "m.pgn"), games);
    // Two outputs of one name, before either exists.
    const Outcome both = kifu({"convert", "--to", "pgn", m, "--keep-broken", (dir_ / "o.pgn").string(), "-o",
                               (dir_ / "." / "o.pgn").string()});
    EXPECT_EQ(both.exit_code, 3);
    EXPECT_NE(both.err.find("name the same file"), std::string::npos) << both.err;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "o.pgn"));

    // The index's commands: search and explore -o onto the index or the query's record, an
    // index written over its input.
    const std::string db = (dir_ / "i.db").string();
    ASSERT_EQ(kifu({"index", db, m}).exit_code, 1);  // the broken game is left out
    const std::string index_bytes = slurp(dir_ / "i.db");
    const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    const Outcome search = kifu({"search", db, "--position", fen, "-o", db});
    EXPECT_EQ(search.exit_code, 3);
    EXPECT_NE(search.err.find("names the index"), std::string::npos) << search.err;
    EXPECT_EQ(kifu({"explore", db, "--position", fen, "-o", db}).exit_code, 3);
    EXPECT_EQ(slurp(dir_ / "i.db"), index_bytes);
    std::ofstream(dir_ / "q.pgn") << "1. e4 e5 2. Nf3 *\n";
    const std::string q = (dir_ / "q.pgn").string();
    EXPECT_EQ(kifu({"search", db, q, "--ply", "1", "-o", q}).exit_code, 3);
    EXPECT_EQ(slurp(dir_ / "q.pgn"), "1. e4 e5 2. Nf3 *\n");
    EXPECT_EQ(kifu({"index", m, m}).exit_code, 3);
    EXPECT_EQ(slurp(dir_ / "m.pgn"), games);

    // A merge that fails (an input that is no index) leaves no output, and a retry works.
    const std::string all = (dir_ / "all.db").string();
    EXPECT_EQ(kifu({"index", "--merge", all, db, m}).exit_code, 3);
    EXPECT_FALSE(std::filesystem::exists(all));
    EXPECT_FALSE(std::filesystem::exists(all + ".kifu-partial"));
    const Outcome retry = kifu({"index", "--merge", all, db});
    EXPECT_EQ(retry.exit_code, 0) << retry.err;
    EXPECT_NE(retry.out.find("2 games added"), std::string::npos) << retry.out;
}

// A node is named one way, by a number of 0 or more: two node options at once and a
// negative ply are usage errors, not a wrapped 2^64-1.
TEST_F(Cli, ANodeIsNamedOneWay) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"convert", "--to", "fen", "--ply", "-1", "--text", "1. e4 e5 *"},
          {"convert", "--to", "fen", "--ply", "1", "--node", "1", "--text", "1. e4 e5 *"},
          {"convert", "--to", "hen", "--ply", "1", "--move", "1", "--text", "(;SZ[9];B[ee];W[cc])"},
          {"convert", "--to", "hen", "--move", "1", "--node", "1", "--text", "(;SZ[9];B[ee];W[cc])"},
          {"search", "i.db", "--position", "1. e4 *", "--ply", "-2"},
          {"search", "i.db", "--position", "1. e4 *", "--ply", "1", "--node", "1"}}) {
        const Outcome o = kifu(args);
        EXPECT_EQ(o.exit_code, 2) << args[3] << ' ' << args[4] << ": " << o.err;
    }
    EXPECT_NE(kifu({"convert", "--to", "fen", "--ply", "-1", "--text", "1. e4 *"})
                  .err.find("--ply: '-1' is not a whole number of 0 or more"),
              std::string::npos);
    EXPECT_EQ(kifu({"convert", "--to", "fen", "--ply", "1", "--text", "1. e4 e5 *"}).exit_code, 0);
}

// An output file is whole or as it was: a run that fails leaves the old file and no
// partial one; a run that succeeds replaces it, keeping its permissions.
TEST_F(Cli, AFailedRunLeavesTheOutputAsItWas) {
    std::ofstream(dir_ / "out.txt") << "before\n";
    std::filesystem::permissions(dir_ / "out.txt", std::filesystem::perms::owner_read |
                                                       std::filesystem::perms::owner_write |
                                                       std::filesystem::perms::group_read);
    // A stream of games cut short inside its compression: games are written, then the fault.
    const Outcome cut = shell(
        "printf '[Event \"a\"]\\n\\n1. e4 *\\n\\n[Event \"b\"]\\n\\n1. d4 *\\n' | gzip | "
        "head -c 30 > cut.pgn.gz && $KIFU convert --to jsonl cut.pgn.gz -o out.txt");
    EXPECT_EQ(cut.exit_code, 3) << cut.err;
    EXPECT_EQ(slurp(dir_ / "out.txt"), "before\n");
    for (const auto& entry : std::filesystem::directory_iterator(dir_))
        EXPECT_EQ(entry.path().filename().string().find(".kifu-partial"), std::string::npos) << entry.path();
    const Outcome ok =
        kifu({"convert", "--to", "fen", "--text", "1. e4 *", "-o", (dir_ / "out.txt").string()});
    EXPECT_EQ(ok.exit_code, 0) << ok.err;
    EXPECT_EQ(slurp(dir_ / "out.txt"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
    EXPECT_EQ(std::filesystem::status(dir_ / "out.txt").permissions() & std::filesystem::perms::all,
              std::filesystem::perms::owner_read | std::filesystem::perms::owner_write |
                  std::filesystem::perms::group_read);
}

// A PGN found by its content is reported under its file's name, and a FIFO named .pgn is
// read once (it was opened twice, and the second open waited for ever for a writer).
TEST_F(Cli, APgnIsNamedAndReadOnce) {
    const std::string game = "[Event \"x\"]\n\n1. e4 Ke7 *\n";
    std::ofstream(dir_ / "game.txt") << game;
    const Outcome txt = kifu({"validate", (dir_ / "game.txt").string()});
    EXPECT_EQ(txt.exit_code, 1);
    EXPECT_EQ(txt.err.rfind((dir_ / "game.txt").string() + ":3:7: error: game 1: illegal move 'Ke7'", 0), 0u)
        << txt.err;
    const Outcome gz =
        shell("printf '[Event \"x\"]\\n\\n1. e4 Ke7 *\\n' | gzip > game.gz && $KIFU validate game.gz");
    EXPECT_EQ(gz.err.rfind("game.gz:3:7: error:", 0), 0u) << gz.err;
    const Outcome fifo = shell(
        "mkfifo games.pgn && (printf '[Event \"x\"]\\n\\n1. e4 *\\n' > games.pgn &) && timeout 10 $KIFU "
        "validate "
        "games.pgn");
    EXPECT_EQ(fifo.exit_code, 0) << fifo.err;
    EXPECT_EQ(fifo.out, "ok: 1 games\n");
}

// What a record says (tags, comments, names of archive members) reaches a terminal shown,
// not obeyed: escape sequences and C1 controls as \xNN. A file or a pipe gets the bytes.
TEST_F(Cli, WhatATerminalIsShownCannotDriveIt) {
    const std::string game =
        "[Event \"a\x1b]0;title\x07z\"]\n[White \"\x1b[2J\xc2\x9b\"]\n\n1. e4 {x\x1b[31my} e5 *\n";
    std::ofstream(dir_ / "evil.pgn", std::ios::binary) << game;
    // The members' names are made here, not by the shell: `script` runs the command with
    // $SHELL, which may be a POSIX sh without $'...' quoting.
    std::filesystem::create_directory(dir_ / "a");
    std::ofstream(dir_ / "a" / "n\x1b[1m.pgn", std::ios::binary) << game;
    std::ofstream(dir_ / "a" / "e\x1b[5m.sgf", std::ios::binary) << "\x1b]0;x\x07";
    // `script` runs the command on a pseudo-terminal and copies what it showed.
    const Outcome shown = shell(
        "script -qec \"$KIFU info evil.pgn; $KIFU tree evil.pgn; tar cf a.tar -C a . && $KIFU index i.db "
        "a.tar\" /dev/null");
    EXPECT_EQ(shown.exit_code, 1) << shown.err;  // the member that is not SGF
    std::string out = shown.out;
    // kifu's own progress line clears itself with ESC [K: the one sequence allowed.
    for (std::size_t at; (at = out.find("\x1b[K")) != std::string::npos;) out.erase(at, 3);
    for (const char control : {'\x1b', '\x07', '\x9b'})
        EXPECT_EQ(out.find(control), std::string::npos) << shown.out;
    for (const char* text :
         {"a\\x1b]0;title\\x07z", "\\x1b[2J\\xc2\\x9b", "{x\\x1b[31my}", "e\\x1b[5m.sgf:1:7: error"})
        EXPECT_NE(out.find(text), std::string::npos) << text << " in " << shown.out;
    const Outcome piped = kifu({"tree", (dir_ / "evil.pgn").string()});
    EXPECT_NE(piped.out.find("{x\x1b[31my}"), std::string::npos) << piped.out;
}
