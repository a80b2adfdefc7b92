// The kifu command line, run as a user runs it: arguments, stdin, exit codes,
// stdout and stderr.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_fixture.hpp"

namespace {

using namespace kifu_test;

TEST_F(Cli, ConvertsSpecExample1ToCanonicalHen) {
    const Outcome r = kifu({"convert", "--to", "hen", "--always-size", kExamples + "/example1.hen"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, ".19x19_19bwb2w3_10Kb_8Kbw_7JbwMw_6Kbw_1Cw3bNwb2.L7.K7w.b\n");
    EXPECT_EQ(r.err, "");
}

TEST_F(Cli, PrettyFormReadsBackTheSame) {
    const Outcome pretty =
        kifu({"convert", "--to", "hen", "--pretty", "--always-size", kExamples + "/example1.hen"});
    ASSERT_EQ(pretty.exit_code, 0);
    EXPECT_EQ(pretty.out, slurp(kExamples + "/example1.hen"));
    const Outcome back = kifu({"convert", "--to", "hen", "-"}, pretty.out);
    EXPECT_EQ(back.out, "_19bwb2w3_10Kb_8Kbw_7JbwMw_6Kbw_1Cw3bNwb2.L7.K7w.b\n");
}

TEST_F(Cli, TextDiagram) {
    const Outcome r = kifu({"convert", "--to", "txt", "--text", ".5x3_2Bbw.C2w"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "   A B C D E\n"
              " 3 . . . . . 3     last move: white C2\n"
              " 2 . X(O). . 2\n"
              " 1 . . . . . 1\n"
              "   A B C D E\n");
}

TEST_F(Cli, UrlFormIsDetectedAndWritten) {
    const Outcome r = kifu({"convert", "--to", "hen", kExamples + "/labels-url.txt"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, ".9x9_5Er.E5-碁.C3-a\n");
    const Outcome back = kifu({"convert", "--to", "hen-url", "--text", r.out});
    EXPECT_EQ(back.out, ".9x9_5Er.E5-%E7%A2%81.C3-a\n");
    // Plain HEN is not decoded: '%' is a label character, and escapes of ASCII are not what
    // the URL form writes.
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--text", ".E5-%41"}).out, ".E5-%41\n");
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--text", ".E5-a%2Eb"}).out, ".E5-a%2Eb\n");
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--from", "hen-url", "--text", ".E5-%41"}).out, ".E5-A\n");
    // What cannot be plain HEN is decoded.
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--text", ".9x9%5F5Eb"}).out, ".9x9_5Eb\n");
}

TEST_F(Cli, OutputFile) {
    const std::string out = (dir_ / "out.hen").string();
    const Outcome r = kifu({"convert", "--to", "hen", "--text", "_5Gb.9x9", "-o", out});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(slurp(out), ".9x9_5Gb\n");
}

TEST_F(Cli, ValidateSaysOk) {
    const Outcome r = kifu({"validate", kExamples + "/ear-reddening.hen"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "ok\n");
}

TEST_F(Cli, ValidateListsEveryErrorWithItsPlace) {
    const Outcome r = kifu({"validate", kExamples + "/mistakes.hen"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    const std::string source = kExamples + "/mistakes.hen";
    EXPECT_EQ(
        r.err,
        source + ":3:1: error: row 5 is given twice (first at 2:1)\n" + source +
            ":4:5: error: a run of 2 stones from column J goes past the right edge of a board 9 wide\n" +
            source + ":5:2: error: column K is off a board 9 wide (columns A-J)\n" + source +
            ":6:1: error: the last move white E3 needs a white stone there, but the point is empty\n");
}

TEST_F(Cli, InvalidInputExitsOneWithSourceLineColumn) {
    const Outcome r = kifu({"convert", "--to", "txt", "-"}, ".9x9\n_5 Zb\n");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, "<stdin>:2:4: error: column Z is off a board 9 wide (columns A-J)\n");
    const Outcome text = kifu({"validate", "--text", "_5Ib"});
    EXPECT_EQ(text.err,
              "<text>:1:3: error: 'I' is not a column letter: HEN columns skip I (H is followed by J)\n");
}

TEST_F(Cli, UnknownFormatExitsOne) {
    const Outcome pgn = kifu({"convert", "--to", "hen", "--text", "[Event \"x\"]"});
    EXPECT_EQ(pgn.exit_code, 1);
    EXPECT_EQ(
        pgn.err,
        "<text>: error: a chess position cannot be written as hen; it can be written as fen, xfen, shredder, "
        "epd, feen, feen2015, txt, svg, png, gif\n");
    const Outcome other = kifu({"validate", "--text", "  hello"});
    EXPECT_EQ(other.exit_code, 1);
    EXPECT_NE(other.err.find("<text>:1:3: error: cannot tell the input format"), std::string::npos)
        << other.err;
}

TEST_F(Cli, UsageErrorsExitTwo) {
    EXPECT_EQ(kifu({}).exit_code, 2);
    EXPECT_EQ(kifu({"frobnicate"}).exit_code, 2);
    const Outcome missing = kifu({"convert", "--text", ""});
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.err.find("kifu: error: --to is required"), std::string::npos) << missing.err;
    EXPECT_EQ(kifu({"convert", "--to", "pdf", "--text", ""}).exit_code, 2);
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--text", "", "file.hen"}).exit_code, 2);
    EXPECT_EQ(kifu({"coord", "--size", "0", "D4"}).exit_code, 2);
    EXPECT_EQ(kifu({"coord"}).exit_code, 2);
}

TEST_F(Cli, IoErrorsExitThree) {
    const Outcome r = kifu({"validate", (dir_ / "missing.hen").string()});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("missing.hen: error: cannot open: No such file or directory"), std::string::npos)
        << r.err;
    EXPECT_EQ(
        kifu({"convert", "--to", "hen", "--text", "", "-o", (dir_ / "no/such/dir/x").string()}).exit_code, 3);
}

TEST_F(Cli, HelpEverywhere) {
    for (const char* command : {"convert", "validate", "coord"}) {
        const Outcome r = kifu({command, "--help"});
        EXPECT_EQ(r.exit_code, 0) << command;
        EXPECT_NE(r.out.find("Usage"), std::string::npos) << command;
    }
    const Outcome top = kifu({"--help"});
    EXPECT_EQ(top.exit_code, 0);
    EXPECT_NE(top.out.find("Exit codes"), std::string::npos);
}

TEST_F(Cli, CoordPrintsAllThreeForms) {
    const Outcome r = kifu({"coord", "--size", "19", "D4", "J10", "jj", "tt", "3,15", "pass"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "human D4  sgf dp  index 3,15\n"
              "human J10  sgf ij  index 8,9\n"
              "human K10  sgf jj  index 9,9\n"
              "human pass  sgf []  index pass\n"
              "human D4  sgf dp  index 3,15\n"
              "human pass  sgf []  index pass\n");
}

TEST_F(Cli, CoordConvertsToOneForm) {
    EXPECT_EQ(kifu({"coord", "--size", "13x9", "--to", "sgf", "A1", "N9"}).out, "ai\nma\n");
    EXPECT_EQ(kifu({"coord", "--size", "21", "--to", "human", "tt"}).out, "U2\n");
    EXPECT_EQ(kifu({"coord", "--size", "19", "--from", "index", "--to", "human", "0,0"}).out, "A19\n");
    EXPECT_EQ(kifu({"coord", "--size", "30", "--to", "sgf", "0,29"}).out, "aD\n");
}

TEST_F(Cli, CoordErrorsNameThePoint) {
    const Outcome r = kifu({"coord", "--size", "9", "D4", "K4", "D"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "human D4  sgf df  index 3,5\n");
    EXPECT_EQ(r.err,
              "<point 'K4'>:1:1: error: column K is off a board 9 wide (columns A-J)\n"
              "<point 'D'>:1:2: error: expected a row number after the column letter, found end of input\n");
    const Outcome wide = kifu({"coord", "--size", "30", "--to", "human", "0,0"});
    EXPECT_EQ(wide.exit_code, 1);
    EXPECT_NE(wide.err.find("human coordinates have 25 columns"), std::string::npos) << wide.err;
}

TEST_F(Cli, SgfToHenAtTheEndOfTheMainLineAfterAMoveAndAtANode) {
    const std::string ko = kExamples + "/ko.sgf";
    EXPECT_EQ(kifu({"convert", "--to", "hen", ko}).out, ".9x9_7Gw_6Gb_5Bbw_4bwDw_3Bbw.C4.B4w.b.C4-a.B5-TR\n");
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--move", "1", ko}).out, ".9x9_5Bbw_4bCbw_3Bbw.B4.C4b.w\n");
    const Outcome variation = kifu({"convert", "--to", "hen", "--node", "1.v1", ko});
    EXPECT_EQ(variation.exit_code, 0);
    EXPECT_EQ(variation.out, ".9x9_5Bbw_4bwDw_3Bbw.C4.B4w.b\n");
    EXPECT_EQ(variation.err, ko + ":7:5: warning: move 2 W[bf] retakes a ko at once [ko_violation]\n");
    const Outcome past = kifu({"convert", "--to", "hen", "--move", "9", ko});
    EXPECT_EQ(past.exit_code, 1);
    EXPECT_EQ(past.err, "--move: error: the main line has 4 moves; there is no move 9\n");
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--node", "1.v2", ko}).exit_code, 1);
}

TEST_F(Cli, HenToSgfAndBack) {
    const Outcome sgf = kifu({"convert", "--to", "sgf", "--text", ".9x9_5Gb_4Gw.G4w.b.E5-TR"});
    EXPECT_EQ(sgf.exit_code, 0) << sgf.err;
    EXPECT_EQ(sgf.out, "(;GM[1]FF[4]CA[UTF-8]SZ[9]\n;AB[ge]\n;W[gf]TR[ee])\n");
    EXPECT_EQ(kifu({"convert", "--to", "hen", "-"}, sgf.out).out, ".9x9_5Gb_4Gw.G4w.b.E5-TR\n");
    const Outcome red = kifu({"convert", "--to", "sgf", "--text", ".9x9_5Gr"});
    EXPECT_EQ(red.exit_code, 1);
    EXPECT_EQ(red.err, "<text>: error: SGF has no red stones (at G5); only black and white\n");
}

// A collection written as a position format gives a position a game, as PGN does;
// --game-index picks one.
TEST_F(Cli, EachGameOfACollectionAsAPosition) {
    const std::string two = "(;SZ[9];B[aa])(;SZ[9];B[bb])";
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--text", two}).out, ".9x9_9b.A9b.w\n.9x9_8Bb.B8b.w\n");
    EXPECT_EQ(kifu({"convert", "--to", "hen", "--game-index", "2", "--text", two}).out, ".9x9_8Bb.B8b.w\n");
    const Outcome short_game =
        kifu({"convert", "--to", "hen", "--move", "1", "--text", "(;SZ[9];B[aa])(;SZ[9])"});
    EXPECT_EQ(short_game.exit_code, 1);
    EXPECT_EQ(short_game.out, ".9x9_9b.A9b.w\n");
    EXPECT_EQ(short_game.err, "--move (game 2 of 2): error: the main line has 0 moves; there is no move 1\n");
}

// A suicide as the last move: HEN cannot show it, and says so; SGF keeps it.
TEST_F(Cli, SuicideAsTheLastMoveIsNotLostSilently) {
    const Outcome hen = kifu({"convert", "--to", "hen", "--text", "(;SZ[1];B[aa])"});
    EXPECT_EQ(hen.exit_code, 0);
    EXPECT_EQ(hen.out, ".1x1.w\n");
    EXPECT_NE(hen.err.find("<text>: note: the last move (black A1, a suicide: its stone is gone) cannot be "
                           "written in hen: dropped"),
              std::string::npos)
        << hen.err;
    const Outcome sgf = kifu({"convert", "--to", "sgf", "--move", "1", "--text", "(;SZ[1];B[aa])"});
    EXPECT_EQ(sgf.out, "(;GM[1]FF[4]CA[UTF-8]SZ[1]\n;B[aa])\n");
}

// kifu info counts a game whose dead stones are marked, and says when RE disagrees.
TEST_F(Cli, InfoCountsAndChecksTheResult) {
    const Outcome r =
        kifu({"info", "--text",
              "(;SZ[5]KM[0.5]RU[Japanese]RE[B+6.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][aa];B[];W[]"
              "TB[aa][ba][ab][bb][ac][bc][ad][bd][ae][be]TW[ea][eb][ec][ed][ee])"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("  rule set     Japanese (simple ko, territory count)\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find(
                  "  count        territory: black 11 (10 territory, 1 prisoners), white 5.5 (5 territory, 0 "
                  "prisoners, komi 0.5); B+5.5\n  dead stones  1\n"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.err,
              "<text>: warning: RE[B+6.5] but the territory count (Japanese rules, komi 0.5, dead stones "
              "from TB/TW) gives B+5.5\n");
    // Dead stones given instead of marked, in either kind of coordinates.
    const std::string played =
        "(;SZ[5]KM[0.5]RE[B+5.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][aa];B[];W[])";
    for (const char* dead : {"A5", "aa"}) {
        const Outcome given = kifu({"info", "--dead", dead, "--text", played});
        EXPECT_EQ(given.exit_code, 0);
        EXPECT_NE(given.out.find("; B+5.5\n  dead stones  1\n"), std::string::npos) << given.out;
        EXPECT_EQ(given.err, "");
    }
    EXPECT_EQ(kifu({"info", "--dead", "zz", "--text", played}).exit_code, 1);
    EXPECT_EQ(kifu({"info", "--dead", "aa", "--text", ".9x9"}).exit_code, 2);
}

TEST_F(Cli, SgfValidateAndInfo) {
    const Outcome ok = kifu({"validate", kExamples + "/ko.sgf"});
    EXPECT_EQ(ok.exit_code, 0);
    EXPECT_EQ(ok.out, "ok\n");
    EXPECT_NE(ok.err.find("[ko_violation]"), std::string::npos);
    // Cut short: read as far as it goes, with a warning (as Sabaki and SGFC do).
    const Outcome cut = kifu({"validate", "--text", "(;B[aa]\n;W[bb]"});
    EXPECT_EQ(cut.exit_code, 0);
    EXPECT_EQ(
        cut.err,
        "<text>:2:7: warning: the file ends inside the game tree opened at 1:1; read as if closed there "
        "[truncated]\n");
    const Outcome broken = kifu({"validate", "--text", "(;B[aa]\n;W[bb] 12)"});
    EXPECT_EQ(broken.exit_code, 1);
    EXPECT_EQ(broken.err, "<text>:2:8: error: expected a property, ';', '(' or ')', found '1'\n");
    const Outcome info = kifu({"info", kExamples + "/ko.sgf"});
    EXPECT_EQ(info.exit_code, 0);
    EXPECT_NE(info.out.find("  moves        4\n"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("  lines        2 (the main line and 1 other)\n"), std::string::npos) << info.out;
}

TEST_F(Cli, SgfToSgfRewritesAsFF4) {
    const Outcome r = kifu({"convert", "--to", "sgf", "--text", "(;FF[3]GaMe[1]AddBlack[aa];B[bb])"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "(;GM[1]FF[4]CA[UTF-8]AB[aa]\n;B[bb])\n");
}

TEST_F(Cli, ChessConvertValidatePerftMoves) {
    const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    EXPECT_EQ(kifu({"convert", "--to", "shredder", "--text", kiwipete}).out,
              "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w HAha - 0 1\n");
    EXPECT_EQ(kifu({"convert", "--from", "fen", "--to", "fen", "--text", kiwipete}).out, kiwipete + "\n");
    EXPECT_EQ(kifu({"convert", "--to", "epd", "--text", kiwipete}).out,
              "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\n");
    const Outcome board = kifu({"convert", "--to", "txt", "--text", kiwipete});
    EXPECT_NE(board.out.find("1 R . . . K . . R 1"), std::string::npos) << board.out;
    const Outcome bad = kifu({"validate", "--text", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_EQ(bad.err, "<text>: error: black, not to move, is in check\n");
    const Outcome broken = kifu({"convert", "--to", "fen", "--from", "fen", "--text", "8/8/8 w - - 0 1"});
    EXPECT_EQ(broken.exit_code, 1);
    EXPECT_EQ(broken.err,
              "<text>:1:6: error: expected '/' and the next rank (a board has 8 ranks), found a space\n");
    EXPECT_EQ(kifu({"perft", "startpos", "3"}).out, "nodes 8902\n");
    EXPECT_EQ(kifu({"perft", kiwipete, "2"}).out, "nodes 2039\n");
    const Outcome divide = kifu({"perft", "--divide", "startpos", "1"});
    EXPECT_NE(divide.out.find("e2e4: 1\n"), std::string::npos);
    EXPECT_NE(divide.out.find("nodes 20\n"), std::string::npos);
    const Outcome moves = kifu({"moves", "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"});
    EXPECT_NE(moves.out.find("e8=Q e7e8q\n"), std::string::npos) << moves.out;
    EXPECT_EQ(kifu({"moves", "not a fen"}).exit_code, 1);
}

}  // namespace

// PGN ---------------------------------------------------------------------------

const std::string kTwoGames =
    "[Event \"Good\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. "
    "Qxf7# 1-0\n\n"
    "[Event \"Bad\"]\n\n1. e4 e5 2. Ke3 *\n";

TEST_F(Cli, PgnConvertToPgnJsonlAndFen) {
    std::ofstream(dir_ / "games.pgn") << kTwoGames;
    const Outcome pgn = kifu({"convert", "--to", "pgn", (dir_ / "games.pgn").string()});
    EXPECT_EQ(pgn.exit_code, 1);  // the second game has an illegal move
    EXPECT_NE(pgn.out.find("[Event \"Good\"]\n[Site \"?\"]\n[Date \"????.??.??\"]"), std::string::npos)
        << pgn.out;
    EXPECT_NE(pgn.out.find("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"), std::string::npos) << pgn.out;
    // The broken game is reported and left out: the output holds no game that differs
    // from its source (a truncated copy of it) without saying so.
    EXPECT_EQ(pgn.out.find("Ke3"), std::string::npos) << pgn.out;
    EXPECT_EQ(pgn.out.find("[Event \"Bad\"]"), std::string::npos) << pgn.out;
    EXPECT_EQ(pgn.err, (dir_ / "games.pgn").string() +
                           ":10:13: error: game 2: illegal move 'Ke3' (white to move)\n" +
                           (dir_ / "games.pgn").string() +
                           ": 1 of 2 games have errors (1 errors): left out of the output\n");

    const Outcome jsonl = kifu({"convert", "--to", "jsonl", "--from", "pgn", "-"}, kTwoGames);
    EXPECT_EQ(jsonl.exit_code, 1);
    EXPECT_EQ(std::count(jsonl.out.begin(), jsonl.out.end(), '\n'), 1);
    EXPECT_NE(
        jsonl.out.find("\"final_fen\":\"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\","
                       "\"outcome\":\"checkmate\",\"check\":true,\"errors\":[],\"warnings\":[]}"),
        std::string::npos)
        << jsonl.out;

    const Outcome fen = kifu({"convert", "--to", "fen", "--ply", "2", "--text", kTwoGames});
    EXPECT_EQ(fen.out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n");

    // --keep-broken: the broken game's unchanged text goes there, and only there.
    const Outcome kept = kifu({"convert", "--to", "pgn", "--keep-broken", (dir_ / "bad.pgn").string(),
                               (dir_ / "games.pgn").string()});
    EXPECT_EQ(kept.exit_code, 1);
    EXPECT_EQ(kept.out, pgn.out);
    EXPECT_EQ(slurp(dir_ / "bad.pgn"), "[Event \"Bad\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    EXPECT_NE(kept.err.find("left out of the output, their text in " + (dir_ / "bad.pgn").string()),
              std::string::npos)
        << kept.err;
}

TEST_F(Cli, PgnPlyPastTheEndLeavesTheGameOutWithAWarning) {
    const std::string games = "1. e4 e5 2. Nf3 *\n\n1. d4 *\n";
    const Outcome some = kifu({"convert", "--to", "fen", "--ply", "3", "--from", "pgn", "-"}, games);
    EXPECT_EQ(some.exit_code, 0);
    EXPECT_EQ(some.out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n");
    EXPECT_EQ(
        some.err,
        "<stdin>: warning: game 2: the main line has 1 move(s); there is no ply 3: the game is left out\n"
        "<stdin>: warning: 1 of 2 games have no position at the chosen ply or node: left out\n");
    const Outcome none = kifu({"convert", "--to", "fen", "--ply", "9", "--text", "1. e4 *"});
    EXPECT_EQ(none.exit_code, 1);
    EXPECT_EQ(none.out, "");
    EXPECT_NE(none.err.find("<text>: error: 1 of 1 games have no position"), std::string::npos) << none.err;
}

TEST_F(Cli, PgnResultsWarnUnlessStrictAndEveryGameIsJudged) {
    const std::string mate = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n";
    const Outcome lenient = kifu({"validate", "--from", "pgn", "-"}, mate);
    EXPECT_EQ(lenient.exit_code, 0);
    EXPECT_EQ(lenient.out, "ok: 1 games (1 warnings)\n");
    EXPECT_NE(
        lenient.err.find("<stdin>:1:41: warning: game 1: the result '0-1' contradicts the final position"),
        std::string::npos)
        << lenient.err;
    const Outcome strict = kifu({"validate", "--strict-results", "--from", "pgn", "-"}, mate);
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_EQ(kifu({"validate", "--strict-results", "--text", ".9x9"}).exit_code,
              2);  // not PGN: a usage error
    // A NUL byte in the first game neither cuts the report short nor hides the second's error.
    constexpr char kFirst[] = "1. e4 e5 \0 2. Nf3 *\n\n";
    const std::string nul = std::string(kFirst, sizeof kFirst - 1) + "1. e4 Ke7 *\n\n1. d4 *\n";
    const Outcome judged = kifu({"validate", "--from", "pgn", "-"}, nul);
    EXPECT_EQ(judged.exit_code, 1);
    EXPECT_NE(judged.err.find("game 1: invalid move '\\x00'"), std::string::npos) << judged.err;
    EXPECT_NE(judged.err.find("game 2: illegal move 'Ke7'"), std::string::npos) << judged.err;
    EXPECT_NE(judged.err.find("2 of 3 games have errors"), std::string::npos) << judged.err;
}

TEST_F(Cli, PgnStartingWithACommentIsRecognised) {
    const Outcome r = kifu({"convert", "--to", "jsonl", "--text", "{c} 1. e4 *"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\"comments\":[\"c\"],\"moves\":[{\"ply\":1,\"san\":\"e4\""), std::string::npos)
        << r.out;
}

TEST_F(Cli, HowAPositionStandsIsSaid) {
    const Outcome stalemate = kifu({"moves", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"});
    EXPECT_EQ(stalemate.exit_code, 0);
    EXPECT_EQ(stalemate.out, "");
    EXPECT_EQ(stalemate.err, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1: note: no legal moves: stalemate\n");
    const Outcome mate = kifu({"convert", "--to", "txt", "--text",
                               "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"});
    EXPECT_NE(mate.out.find("to move: white (checkmate)"), std::string::npos) << mate.out;
    const Outcome info = kifu({"info", "--from", "pgn", "-"}, "1. f3 e5 2. g4 Qh4# 0-1\n");
    EXPECT_NE(info.out.find("  final        checkmate\n"), std::string::npos) << info.out;
}

TEST_F(Cli, PgnValidateStatsAndKeepBroken) {
    std::ofstream(dir_ / "games.pgn") << kTwoGames;
    const std::string file = (dir_ / "games.pgn").string();
    const Outcome validate = kifu({"validate", "--keep-broken", (dir_ / "broken.pgn").string(), file});
    EXPECT_EQ(validate.exit_code, 1);
    EXPECT_NE(validate.err.find(":10:13: error: game 2: illegal move 'Ke3'"), std::string::npos)
        << validate.err;
    EXPECT_NE(validate.err.find("1 of 2 games have errors (1 errors)"), std::string::npos) << validate.err;
    EXPECT_EQ(slurp(dir_ / "broken.pgn"), "[Event \"Bad\"]\n\n1. e4 e5 2. Ke3 *\n\n");

    const Outcome stats = kifu({"pgn", "stats", file});
    EXPECT_EQ(stats.exit_code, 1);
    EXPECT_EQ(stats.out,
              "games: 2\nplies: 9 (main lines)\nvariations: 0\ncomments: 0\nnags: 0\n"
              "results: 1-0 1, 0-1 0, 1/2-1/2 0, * 0, none 1\nerrors: 1 in 1 games\nwarnings: 0\n");

    std::ofstream(dir_ / "good.pgn") << "1. e4 e5 *\n";
    const Outcome ok = kifu({"validate", (dir_ / "good.pgn").string()});
    EXPECT_EQ(ok.exit_code, 0);
    EXPECT_EQ(ok.out, "ok: 1 games\n");
}

TEST_F(Cli, PgnThreadsKeepTheInputOrderAndCompressedInputReads) {
    std::string many;
    for (int i = 0; i < 4000; ++i)
        many += "[Event \"" + std::to_string(i) + "\"]\n\n1. e4 e5 2. Nf3 " + (i % 7 == 0 ? "Ke7" : "Nc6") +
                " *\n\n";
    std::ofstream(dir_ / "many.pgn") << many;
    const std::string file = (dir_ / "many.pgn").string();
    const Outcome one = kifu({"convert", "--to", "jsonl", file});
    const Outcome two = kifu({"convert", "--to", "jsonl", "--threads", "2", file});
    EXPECT_EQ(one.out, two.out);
    EXPECT_EQ(one.err, two.err);
    EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 4000);
    ASSERT_EQ(std::system(("gzip -k " + quote(file)).c_str()), 0);
    const Outcome gz = kifu({"convert", "--to", "jsonl", file + ".gz"});
    EXPECT_EQ(gz.out, one.out);
    const Outcome missing = kifu({"pgn", "stats", (dir_ / "nope.pgn").string()});
    EXPECT_EQ(missing.exit_code, 3);
}

// Shogi ---------------------------------------------------------------------------

TEST_F(Cli, ShogiPerftAndMoves) {
    const Outcome perft = kifu({"perft", "--game", "shogi", "startpos", "3"});
    EXPECT_EQ(perft.exit_code, 0);
    EXPECT_EQ(perft.out, "nodes 25470\n");
    const Outcome divide = kifu({"perft", "--game", "shogi", "--divide",
                                 "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", "1"});
    EXPECT_EQ(std::count(divide.out.begin(), divide.out.end(), '\n'), 594);  // 593 moves and the total
    EXPECT_NE(divide.out.find("G*5e: 1\n"), std::string::npos);
    const Outcome moves = kifu({"moves", "--game", "shogi", "startpos moves 7g7f 3c3d 8h2b+"});
    EXPECT_NE(moves.out.find("3a2b\n"), std::string::npos) << moves.out;
    const Outcome bad = kifu({"perft", "--game", "shogi", "startpos moves 7g7e", "1"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_EQ(bad.err, "<sfen>:1:16: error: illegal move '7g7e' (Black to move)\n");
    // A handicap by name: White (the giver) moves first.
    const Outcome two = kifu({"moves", "--game", "shogi", "二枚落ち"});
    EXPECT_EQ(two.exit_code, 0);
    EXPECT_NE(two.out.find("5a4b\n"), std::string::npos) << two.out;
    EXPECT_EQ(two.out.find("7g7f"), std::string::npos) << two.out;
    EXPECT_EQ(
        kifu({"convert", "--from", "usi", "--position", "2mai", "--to", "sfen", "--text", "5a4b 7g7f"}).out,
        "lnsg1gsnl/5k3/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3\n");
    // info names the preset a position or a move list starts from.
    const Outcome position = kifu(
        {"info", "--from", "sfen", "--text", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"});
    EXPECT_NE(position.out.find("start position: 二枚落ち (2mai, 2-piece)\n"), std::string::npos)
        << position.out;
    const Outcome listed = kifu({"info", "--from", "usi", "--position", "飛車落ち", "--text", "5a4b"});
    EXPECT_NE(listed.out.find("  start        飛車落ち (hisha)\n"), std::string::npos) << listed.out;
}

TEST_F(Cli, ShogiConvertsMoveListsThroughThePosition) {
    const Outcome japanese = kifu({"convert", "--game", "shogi", "--from", "usi", "--to", "japanese",
                                   "--text", "7g7f 3c3d 8h2b+ 3a2b B*4e"});
    EXPECT_EQ(japanese.exit_code, 0);
    EXPECT_EQ(japanese.out, "▲７六歩\n△３四歩\n▲２二角成\n△同　銀\n▲４五角\n");
    const Outcome sassersson =
        kifu({"convert", "--game", "shogi", "--from", "japanese", "--to", "sassersson"},
             "▲７六歩 △３四歩\n▲２二角成 △同　銀\n");
    EXPECT_EQ(sassersson.out, "76fu\n34fu\n22kk+\n〃gin\n");
    const Outcome sfen =
        kifu({"convert", "--game", "shogi", "--from", "hodges", "--to", "sfen", "--text", "1. P-7f 2. P-3d"});
    EXPECT_EQ(sfen.out, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n");
    const Outcome handicap =
        kifu({"convert", "--game", "shogi", "--from", "csa-moves", "--to", "hosking", "--position",
              "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "--text", "-3334FU"});
    EXPECT_EQ(handicap.out, "P34\n");
    const Outcome illegal =
        kifu({"convert", "--game", "shogi", "--from", "usi", "--to", "csa-moves", "--text", "7g7f 7g7f"});
    EXPECT_EQ(illegal.exit_code, 1);
    EXPECT_EQ(illegal.err, "<text>:1:6: error: illegal move '7g7f' (White to move)\n");
    // A move list is validated move by move; the notation names the game.
    EXPECT_EQ(kifu({"validate", "--from", "usi", "--text", "7g7f"}).out, "ok\n");
    EXPECT_EQ(kifu({"validate", "--from", "usi", "--text", "7g7f 7g7f"}).exit_code, 1);
    EXPECT_EQ(kifu({"convert", "--from", "usi", "--to", "csa-moves", "--text", "7g7f"}).out, "+7776FU\n");
    const Outcome wrong_game =
        kifu({"convert", "--game", "chess", "--from", "usi", "--to", "csa-moves", "--text", "7g7f"});
    EXPECT_EQ(wrong_game.exit_code, 2);
    EXPECT_EQ(wrong_game.err, "kifu: error: --game chess: usi is a shogi format\n");
}

TEST_F(Cli, SfenConvertAndValidate) {
    const Outcome ok =
        kifu({"validate", "--text", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"});
    EXPECT_EQ(ok.exit_code, 0);
    EXPECT_EQ(ok.out, "ok\n");
    const Outcome nifu = kifu({"validate", "--text", "4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1"});
    EXPECT_EQ(nifu.exit_code, 1);
    EXPECT_EQ(nifu.err, "<text>: error: Black has 2 unpromoted pawns on file 5\n");
    const Outcome bad = kifu({"validate", "--from", "sfen", "--text",
                              "lnsgkgsnl/1r5b1/ppppppppp/8/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"});
    EXPECT_EQ(bad.err, "<text>:1:28: error: rank d has 8 squares, expected 9\n");
    const Outcome canonical =
        kifu({"convert", "--to", "sfen", "--text", "sfen 4k4/9/9/9/9/9/9/9/4K4 b p2PRb 1"});
    EXPECT_EQ(canonical.out, "4k4/9/9/9/9/9/9/9/4K4 b R2Pbp 1\n");
}

// FEEN ---------------------------------------------------------------------------

TEST_F(Cli, FeenConvertsBetweenTheGamesAndSaysWhatItDrops) {
    const std::string e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    const Outcome v1 = kifu({"convert", "--to", "feen", "--text", e4});
    EXPECT_EQ(v1.out, "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / c/C\n");
    const Outcome seed = kifu({"convert", "--to", "feen2015", "--text", e4});
    EXPECT_EQ(seed.out, "♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/4♙3/8/♙♙♙♙1♙♙♙/♖♘♗♕♔♗♘♖ t -\n");
    EXPECT_EQ(seed.err,
              "<text>: note: the castling rights cannot be written in feen2015: dropped\n"
              "<text>: note: the en-passant square cannot be written in feen2015: dropped\n");
    EXPECT_EQ(kifu({"convert", "--to", "feen2015", "--letters", "--text", e4}).out,
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR t -\n");
    EXPECT_EQ(kifu({"convert", "--to", "fen", "--text", v1.out}).out,
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
    EXPECT_EQ(kifu({"convert", "--to", "sfen", "--text",
                    "lnsgk^gsnl/1r5b1/pppp1pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGK^GSNL P/p S/s"})
                  .out,
              "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL b Pp 1\n");
    EXPECT_EQ(kifu({"convert", "--to", "feen", "--from", "xfen-xiangqi", "--text",
                    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"})
                  .out,
              "rheag^aehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAG^AEHR / X/x\n");
    EXPECT_EQ(kifu({"convert", "--to", "feen", "--text", "ab/cd//AB/CD / G/g"}).out, "ab/cd//AB/CD / G/g\n");
    const Outcome not_chess = kifu({"convert", "--to", "fen", "--text", "ab/cd//AB/CD / G/g"});
    EXPECT_EQ(not_chess.exit_code, 1);
}

TEST_F(Cli, FeenValidate) {
    const Outcome bad = kifu({"validate", "--text", "K 2P/ C/c"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_EQ(bad.err,
              "<text>:1:1: error: 3 pieces on the board and in hand, more than the 1 cells of the board\n");
    const Outcome kingless = kifu({"validate", "--from", "feen", "--text", "8/8/8/8/8/8/8/8 / C/c"});
    EXPECT_EQ(kingless.exit_code, 1);
    EXPECT_NE(kingless.err.find("white has 0 kings"), std::string::npos) << kingless.err;
    EXPECT_EQ(kifu({"validate", "--text", "4k4/9/9/9/9/9/9/9/9/4K4 w"}).err,
              "<text>: error: the generals face each other on an open file\n");
    EXPECT_EQ(kifu({"validate", "--text", "♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/8/8/♙♙♙♙♙♙♙♙/♖♘♗♕♔♗♘♖ B -"}).out, "ok\n");
}
