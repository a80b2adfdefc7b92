// The CLI as loops over the format registry: formats, every game through convert,
// validate, info and tree, options that do not apply, several inputs, compressed inputs,
// and I/O faults.

#include <fstream>

#include "cli_fixture.hpp"

namespace {

using namespace kifu_test;

const std::string kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string kShogiStart = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

TEST_F(Cli, FormatsListsTheRegistry) {
    const Outcome r = kifu({"formats"});
    EXPECT_EQ(r.exit_code, 0);
    for (const char* line : {"hen            go       position  read, validate, write",
                             "pgn            chess    record    read, validate, write",
                             "jsonl          chess    record    write ",
                             "japanese       shogi    moves     read, validate, write",
                             "feen           any      position  read, validate, write"})
        EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
    // Help and "can be written as" messages come from the same list.
    EXPECT_NE(kifu({"convert", "--help"}).out.find("sfen, usi, csa-moves"), std::string::npos);
    const Outcome unknown = kifu({"convert", "--to", "sgff", "--text", ".9x9"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("--to sgff: no such format (did you mean sgf?)"), std::string::npos)
        << unknown.err;
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--from", "jsonl", "--text", "{}"}).exit_code, 2);
}

TEST_F(Cli, MisspeltCommandSuggestsTheNearest) {
    const Outcome r = kifu({"valdate", "--text", ".9x9"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("'valdate' is not a command; did you mean 'validate'?"), std::string::npos) << r.err;
}

TEST_F(Cli, MessagesEraseTheProgressLineOnATerminal) {
    // 3,000 games (two batches), the last one with an illegal move; stderr is a terminal
    // (script(1) gives the command a pseudo-terminal and copies what it prints).
    const Outcome r = shell(
        "for i in $(seq 3000); do printf '[Event \"e\"]\\n\\n1. e4 e5 *\\n\\n'; done > many.pgn; "
        "printf '[Event \"bad\"]\\n\\n1. e4 e5 2. Ke3 *\\n' >> many.pgn; "
        "script -qec \"$KIFU validate many.pgn\" /dev/null");
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("\r2,048 games...\x1b[K"), std::string::npos) << r.out;  // digits grouped
    EXPECT_NE(r.out.find("\r\x1b[Kmany.pgn:"), std::string::npos) << r.out;       // erased before the error
    EXPECT_EQ(r.out.find("...many.pgn"), std::string::npos) << r.out;
}

TEST_F(Cli, ManualPageAndCompletionComeFromTheCommandsAndTheRegistry) {
    const Outcome man = kifu({"man"});
    EXPECT_EQ(man.exit_code, 0) << man.err;
    EXPECT_EQ(man.out.rfind(".TH KIFU 1", 0), 0u) << man.out.substr(0, 200);
    for (const char* part :
         {".SS kifu convert", ".SS kifu index", "\\-\\-to", ".B xfen\\-xiangqi", ".SH EXIT STATUS"})
        EXPECT_NE(man.out.find(part), std::string::npos) << part;
    EXPECT_EQ(man.out.find(".SS kifu man"), std::string::npos);  // the hidden commands are not listed
    if (std::system("man --version >/dev/null 2>&1") == 0) {
        const Outcome shown = shell("$KIFU man > kifu.1 && MANWIDTH=80 man -l kifu.1 2>&1 | head -n 20");
        EXPECT_NE(shown.out.find("kifu - read, validate"), std::string::npos) << shown.out;
    }
    // bash: complete "kifu convert --to s" and "kifu val".
    const Outcome bash = shell(
        "$KIFU completion bash > kifu.bash && source kifu.bash && "
        "COMP_WORDS=(kifu convert --to s); COMP_CWORD=3; _kifu; echo \"${COMPREPLY[*]}\"; "
        "COMP_WORDS=(kifu val); COMP_CWORD=1; _kifu; echo \"${COMPREPLY[*]}\"; "
        "COMP_WORDS=(kifu render --th); COMP_CWORD=2; _kifu; echo \"${COMPREPLY[*]}\"");
    EXPECT_EQ(bash.exit_code, 0) << bash.err;
    EXPECT_NE(bash.out.find("sgf"), std::string::npos) << bash.out;
    EXPECT_NE(bash.out.find("sfen"), std::string::npos) << bash.out;
    EXPECT_NE(bash.out.find("\nvalidate\n"), std::string::npos) << bash.out;
    EXPECT_NE(bash.out.find("--theme"), std::string::npos) << bash.out;
    if (std::system("zsh --version >/dev/null 2>&1") == 0) {
        EXPECT_EQ(shell("$KIFU completion zsh > _kifu && zsh -n _kifu").exit_code, 0);
    }
    EXPECT_EQ(kifu({"completion", "fish"}).exit_code, 2);
}

TEST_F(Cli, MisspeltOptionIsNamedWithTheNearest) {
    // CLI11 alone reports what the misspelling left missing ("--to is required").
    const Outcome to = kifu({"convert", "--too", "fen", "--text", "startpos"});
    EXPECT_EQ(to.exit_code, 2);
    EXPECT_NE(to.err.find("'--too' is not an option of 'kifu convert'; did you mean '--to'?"),
              std::string::npos)
        << to.err;
    const Outcome ply = kifu({"convert", "--to", "fen", "--pyl", "3", "--text", "1. e4 e5"});
    EXPECT_EQ(ply.exit_code, 2);
    EXPECT_NE(ply.err.find("did you mean '--ply'?"), std::string::npos) << ply.err;
    const Outcome top = kifu({"--foo"});
    EXPECT_EQ(top.exit_code, 2);
    EXPECT_NE(top.err.find("'--foo' is not an option of 'kifu'"), std::string::npos) << top.err;
    // A value that begins with '-' is a value, not an option.
    EXPECT_EQ(kifu({"convert", "--to", "fen", "-o", "-", "--text", "startpos"}).exit_code, 0);
}

TEST_F(Cli, TextDiagramsForEveryGame) {
    const Outcome shogi = kifu({"convert", "--to", "txt", "--text", "4k4/9/9/9/9/9/9/9/4K4 b R2Pbp 1"});
    EXPECT_EQ(shogi.exit_code, 0) << shogi.err;
    EXPECT_NE(shogi.out.find("i . . . . K . . . . i"), std::string::npos) << shogi.out;
    EXPECT_NE(shogi.out.find("in hand, black: R Px2"), std::string::npos) << shogi.out;
    EXPECT_NE(shogi.out.find("in hand, white: b p"), std::string::npos) << shogi.out;
    const Outcome xiangqi =
        kifu({"info", "--text", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"});
    EXPECT_NE(xiangqi.out.find("0 R N B A K A B N R 0"), std::string::npos) << xiangqi.out;
    EXPECT_NE(xiangqi.out.find("to move: red"), std::string::npos);
    const Outcome feen = kifu({"convert", "--to", "txt", "--text", "ab2/CD2 2P/q G/g"});
    EXPECT_EQ(feen.exit_code, 0) << feen.err;
    EXPECT_NE(feen.out.find("2 a b . . 2\n1 C D . . 1"), std::string::npos) << feen.out;
    EXPECT_NE(feen.out.find("in hand, first: Px2"), std::string::npos) << feen.out;
}

TEST_F(Cli, StartposWhereverAChessOrShogiPositionIsRead) {
    EXPECT_EQ(kifu({"convert", "--from", "fen", "--to", "fen", "--text", "startpos"}).out,
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    EXPECT_EQ(kifu({"convert", "--from", "sfen", "--to", "sfen", "--text", "startpos"}).out,
              kShogiStart + "\n");
    EXPECT_EQ(kifu({"convert", "--to", "sfen", "--text", "startpos moves 7g7f"}).out,
              "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n");
    EXPECT_EQ(kifu({"validate", "--from", "fen", "--text", "startpos"}).out, "ok\n");
    // No --from: the game is the one the output is written in, else chess.
    EXPECT_EQ(kifu({"convert", "--to", "fen", "--text", "startpos"}).out,
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    EXPECT_EQ(kifu({"convert", "--to", "sfen", "--text", "startpos"}).out, kShogiStart + "\n");
    EXPECT_EQ(kifu({"convert", "--to", "xfen-xiangqi", "--text", "startpos"}).out,
              "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n");
    EXPECT_EQ(kifu({"convert", "--to", "txt", "--game", "xiangqi", "--text", "startpos"}).exit_code, 0);
    EXPECT_EQ(kifu({"validate", "--text", "startpos"}).out, "ok\n");
}

TEST_F(Cli, PlyOnEveryRecord) {
    EXPECT_EQ(kifu({"convert", "--to", "fen", "--ply", "2", kExamples + "/opera-game.pgn"}).out,
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n");
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--ply", "1", kExamples + "/ko.sgf"}).out,
              kifu({"convert", "--to", "hen", "--move", "1", kExamples + "/ko.sgf"}).out);
    EXPECT_EQ(kifu({"convert", "--from", "usi", "--to", "sfen", "--ply", "1", "--text", "7g7f 3c3d"}).out,
              "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n");
    const Outcome past = kifu({"convert", "--from", "usi", "--to", "sfen", "--ply", "9", "--text", "7g7f"});
    EXPECT_EQ(past.exit_code, 1);
    EXPECT_EQ(past.err, "--ply: error: the main line has 1 move(s); there is no ply 9\n");
    // A node path that kifu tree printed, on a PGN variation.
    const Outcome tree = kifu({"tree", "--text", "1. e4 (1. d4 d5) e5 *"});
    EXPECT_EQ(tree.out, "0  (start)\n1  e4\n2  e5\nv1  d4\nv1.1  d5\n") << tree.err;
    EXPECT_EQ(kifu({"convert", "--to", "fen", "--node", "v1.1", "--text", "1. e4 (1. d4 d5) e5 *"}).out,
              "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n");
}

TEST_F(Cli, TreeListsEveryNodeOfEveryRecordFormat) {
    const Outcome sgf = kifu({"tree", kExamples + "/ko.sgf"});
    EXPECT_EQ(sgf.exit_code, 0) << sgf.err;
    EXPECT_NE(sgf.out.find("1.v1  W[bf]  {Taking back at once breaks the ko rule.}"), std::string::npos)
        << sgf.out;
    const Outcome shogi = kifu({"tree", "--from", "japanese", "--text", "▲７六歩 △３四歩"});
    EXPECT_EQ(shogi.out, "0  (start)\n1  ▲７六歩\n2  △３四歩\n");
    EXPECT_EQ(kifu({"tree", "--text", kStartFen}).exit_code, 2);
}

TEST_F(Cli, InfoSaysEachWarningWithItsKind) {
    // The main line retakes a ko at once (the replay of `info` warns, as `validate` does).
    const Outcome r = kifu({"info", "--text", "(;SZ[5]AB[bc][cb][cd]AW[db][dd][ec];B[dc];W[cc];B[dc])"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.err, "<text>:1:51: warning: move 3 B[dc] retakes a ko at once [ko_violation]\n");
}

TEST_F(Cli, OptionsThatDoNotApplyAreUsageErrors) {
    const auto usage = [&](const std::vector<std::string>& args, const std::string& says) {
        const Outcome r = kifu(args);
        EXPECT_EQ(r.exit_code, 2) << r.err;
        EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
    };
    usage({"convert", "--to", "fen", "--move", "3", kExamples + "/opera-game.pgn"},
          "--move does not apply here");
    usage({"convert", "--to", "fen", "--pretty", "--text", kStartFen}, "--pretty does not apply here");
    usage({"convert", "--to", "hen", "--keep-broken", "x.pgn", "--text", ".9x9"},
          "--keep-broken does not apply");
    usage({"validate", "--threads", "2", kExamples + "/ko.sgf"}, "--threads does not apply");
    usage({"convert", "--to", "hen", "--ply", "2", "--text", ".9x9"}, "--ply does not apply");
    usage({"convert", "--to", "sfen", "--position", "startpos", "--text", kShogiStart},
          "--position does not apply");
    usage({"convert", "--to", "pgn", "--letters", kExamples + "/opera-game.pgn"}, "--letters does not apply");
    usage({"convert", "--to", "jsonl", "--no-comments", kExamples + "/opera-game.pgn"}, "--no-comments");
}

TEST_F(Cli, TextWinsOverStandardInput) {
    // An illegal game on stdin, a legal one in --text: --text is what is read.
    const Outcome r = kifu({"validate", "--from", "pgn", "--text", "1. e4 *"}, "1. e4 e5 2. Ke3 *");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const Outcome bad = kifu({"validate", "--from", "pgn", "--text", "1. e4 e5 2. Ke3 *"}, "1. e4 *");
    EXPECT_EQ(bad.exit_code, 1);
}

TEST_F(Cli, SeveralInputsEachUnderItsOwnName) {
    std::ofstream(dir_ / "bad.hen") << ".9x9_Zb";
    const Outcome r =
        kifu({"validate", kExamples + "/ko.sgf", (dir_ / "bad.hen").string(), kExamples + "/opera-game.pgn"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find(kExamples + "/ko.sgf: ok\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(kExamples + "/opera-game.pgn: ok: 1 games\n"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("bad.hen:1:6: error:"), std::string::npos) << r.err;
    const Outcome converted =
        kifu({"convert", "--to", "hen", kExamples + "/example1.hen", kExamples + "/ko.sgf"});
    EXPECT_EQ(std::count(converted.out.begin(), converted.out.end(), '\n'), 2) << converted.out;
}

TEST_F(Cli, EveryFormatReadsCompressed) {
    const Outcome r = shell("gzip -c " + quote(kExamples + "/ko.sgf") + " > ko.sgf.gz && zstd -qc " +
                            quote(kExamples + "/example1.hen") + " > e.hen.zst && bzip2 -c " +
                            quote(kExamples + "/opera-game.pgn") + " > o.pgn.bz2 && xz -c " +
                            quote(kExamples + "/three-colours.hen") +
                            " > t.xz && $KIFU validate ko.sgf.gz e.hen.zst "
                            "o.pgn.bz2 t.xz");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "ko.sgf.gz: ok\ne.hen.zst: ok\no.pgn.bz2: ok: 1 games\nt.xz: ok\n");
    const Outcome truncated = shell("xz -c " + quote(kExamples + "/ko.sgf") +
                                    " | head -c 60 > k.sgf.xz && $KIFU validate k.sgf.xz");
    EXPECT_EQ(truncated.exit_code, 3);
    EXPECT_NE(truncated.err.find("xz: the compressed data ends early"), std::string::npos) << truncated.err;
}

TEST_F(Cli, EmptyInputIsAnErrorWhereTheFormatCannotBeEmpty) {
    std::ofstream(dir_ / "empty.sgf").flush();
    std::ofstream(dir_ / "empty.pgn").flush();
    EXPECT_EQ(kifu({"validate", (dir_ / "empty.sgf").string()}).exit_code, 1);
    EXPECT_EQ(kifu({"validate", (dir_ / "empty.pgn").string()}).exit_code, 1);
    EXPECT_EQ(kifu({"validate", "--from", "fen", "--text", ""}).exit_code, 1);
    // An empty HEN is an empty 19x19 board (the spec says so).
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--always-size", "--text", ""}).out, ".19x19\n");
}

TEST_F(Cli, DirectoriesAndArchivesAreReadEntryByEntry) {
    // What kifu index reads, every command that takes INPUT reads: a directory's record
    // files (recursively, in name order), a tar or zip archive's entries, each by its name.
    std::filesystem::create_directories(dir_ / "games" / "more");
    std::filesystem::copy_file(kExamples + "/ko.sgf", dir_ / "games" / "ko.sgf");
    std::filesystem::copy_file(kExamples + "/opera-game.pgn", dir_ / "games" / "more" / "opera.pgn");
    {
        std::ofstream bad(dir_ / "games" / "z-bad.sgf");
        bad << "(;GM[1]SZ[9]\n;B[ee] x)";
    }
    const Outcome directory = shell("$KIFU validate games");
    EXPECT_EQ(directory.exit_code, 1) << directory.err;
    EXPECT_EQ(directory.out, "games/ko.sgf: ok\ngames/more/opera.pgn: ok: 1 games\n") << directory.out;
    EXPECT_NE(directory.err.find("games/z-bad.sgf:2:"), std::string::npos) << directory.err;
    const Outcome archive = shell(
        "tar czf games.tar.gz games/ko.sgf games/more/opera.pgn games/z-bad.sgf && $KIFU validate "
        "games.tar.gz");
    EXPECT_EQ(archive.out, "games.tar.gz:games/ko.sgf: ok\ngames.tar.gz:games/more/opera.pgn: ok: 1 games\n")
        << archive.out << archive.err;
    EXPECT_NE(archive.err.find("games.tar.gz:games/z-bad.sgf:2:"), std::string::npos) << archive.err;
    const Outcome converted = shell("$KIFU convert --to fen --ply 2 games.tar.gz");
    EXPECT_EQ(converted.out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n")
        << converted.out << converted.err;
    const Outcome described = shell("$KIFU info games");
    EXPECT_NE(described.out.find("games/ko.sgf:\n"), std::string::npos) << described.out;
    std::filesystem::create_directories(dir_ / "empty");
    const Outcome empty = kifu({"validate", (dir_ / "empty").string()});
    EXPECT_EQ(empty.exit_code, 1);
    EXPECT_NE(empty.err.find("empty: error: no record files in the directory"), std::string::npos)
        << empty.err;
}

TEST_F(Cli, IoFaultsExitThreeWithAMessage) {
    const Outcome missing = kifu({"validate", (dir_ / "nowhere.pgn").string()});
    EXPECT_EQ(missing.exit_code, 3);
    EXPECT_NE(missing.err.find("nowhere.pgn: error: "), std::string::npos) << missing.err;
    const Outcome full = kifu({"convert", "--to", "hen", "--text", ".9x9", "-o", "/dev/full"});
    EXPECT_EQ(full.exit_code, 3);
    EXPECT_NE(full.err.find("No space left on device"), std::string::npos) << full.err;
    EXPECT_EQ(
        shell("$KIFU convert --to pgn " + quote(kExamples + "/opera-game.pgn") + " > /dev/full").exit_code,
        3);
    // -o over the input: refused before anything is read or truncated.
    std::filesystem::copy_file(kExamples + "/ko.sgf", dir_ / "ko.sgf");
    const Outcome over =
        kifu({"convert", "--to", "sgf", (dir_ / "ko.sgf").string(), "-o", (dir_ / "ko.sgf").string()});
    EXPECT_EQ(over.exit_code, 3);
    EXPECT_EQ(slurp(dir_ / "ko.sgf"), slurp(kExamples + "/ko.sgf"));
    // An error that cannot be reported (stderr closed) is not a success.
    EXPECT_EQ(shell("$KIFU validate --text .9x9_Zb 2>&-").exit_code, 3);
    // A reader that goes away (`| head`): a quiet end (exit 0, no message), as grep and zstd
    // do, not a death by SIGPIPE nor an error that fails a `set -o pipefail` script.
    const Outcome pipe = shell("for i in $(seq 300); do cat " + quote(kExamples + "/opera-game.pgn") +
                               "; done > many.pgn; $KIFU convert --to pgn many.pgn | head -c 1 >/dev/null; "
                               "exit ${PIPESTATUS[0]}");
    EXPECT_EQ(pipe.exit_code, 0) << pipe.err;
    EXPECT_EQ(pipe.err, "");
}

}  // namespace
