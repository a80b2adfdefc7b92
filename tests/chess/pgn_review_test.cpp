// What a review of PGN reading and writing asked for (issue 12): each test is one of its
// reproducers, on the library; the CLI side is in tests/cli/cli_test.cpp.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kifu/chess/epd.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/game.hpp"
#include "kifu/chess/movegen.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/pgn_writer.hpp"
#include "kifu/chess/status.hpp"

#include "../support/chess.hpp"

namespace kifu::chess {
namespace {

using test::only;

std::string json_of(std::string_view text) {
    std::string out;
    append_game_json(out, only(text));
    return out;
}

// Writing as the game is read (the CLI's way) and writing the tree give the same bytes.
std::string streamed(std::string_view text, bool json) {
    std::string out;
    PgnExporter pgn(out, {}, true);
    JsonExporter jsonl(out, true);
    PgnVisitor& writer = json ? static_cast<PgnVisitor&>(jsonl) : pgn;
    PgnSplitter splitter(text);
    while (const std::optional<PgnGameText> g = splitter.next()) read_pgn_game(*g, writer);
    return out;
}

using Texts = std::vector<std::string>;

TEST(PgnReview, CommentCommandsAreNeverBrokenAcrossLines) {
    const std::string text =
        "1. Nf3 {[%clk 0:05:00] [%eval 0.17,20] a fairly long remark that wraps} Nf6 "
        "{[%clk 0:04:59] [%emt 0:00:01]} 2. Ng1 {[%clk 0:04:58]} Ng8 {[%clk 0:04:57]} *";
    const std::string written = write_pgn(only(text), {.line_width = 30});
    for (std::size_t at = written.find("[%"); at != std::string::npos; at = written.find("[%", at + 1))
        EXPECT_EQ(written.substr(at, written.find(']', at) - at).find('\n'), std::string::npos) << written;
    EXPECT_TRUE(same_tree(only(written), only(text))) << written;
}

TEST(PgnReview, CommentsOfOneMoveStayApart) {
    const Game g = only("1. e4 {first} {second} ; third\n e5 *");
    EXPECT_EQ(g.node(g.main_line()[0]).comments(), (Texts{"first", "second", "third"}));
    const std::string written = write_pgn(g);
    EXPECT_NE(written.find("1. e4 {first} {second} {third} 1... e5 *"), std::string::npos) << written;
}

TEST(PgnReview, GameAndStartingCommentsAreTypedAndTrimmedInJson) {
    const std::string json = json_of("{[%clk 0:03:00]} 1. e4 ( ; x\n1. d4 {[%eval -0.3]}) *\n");
    EXPECT_NE(
        json.find("\"start\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"clock\":180,"
                  "\"moves\":["),
        std::string::npos)
        << json;
    EXPECT_NE(json.find("{\"ply\":1,\"san\":\"d4\",\"uci\":\"d2d4\",\"starting\":{\"comments\":[\"x\"]},"
                        "\"eval\":{\"pawns\":-0.3}}"),
              std::string::npos)
        << json;
}

TEST(PgnReview, ADuplicateTagKeepsTheFirstValueAndWarns) {
    const Game g = only("[White \"a\"]\n[White \"b\"]\n\n1. e4 *\n");
    EXPECT_EQ(g.tags, (std::vector<std::pair<std::string, std::string>>{{"White", "a"}}));
    ASSERT_EQ(g.warnings.size(), 1u);
    EXPECT_EQ(g.warnings[0].code, ErrorCode::duplicate);
    EXPECT_EQ(g.warnings[0].line, 2u);
    const std::string json = json_of("[White \"a\"]\n[White \"b\"]\n\n1. e4 *\n");
    EXPECT_NE(json.find("\"tags\":{\"White\":\"a\"}"), std::string::npos) << json;
    EXPECT_NE(json.find("\"warnings\":[{\"line\":2,\"column\":1,\"code\":\"duplicate\""), std::string::npos);
}

TEST(PgnReview, ATagValueEndingInABackslashReads) {
    const Game g = only("[Event \"Club \\\"]\n[Site \"x\"]\n\n1. e4 *\n");
    EXPECT_TRUE(g.errors.empty());
    EXPECT_EQ(g.tag("Event"), "Club \\");
    EXPECT_EQ(g.tag("Site"), "x");
    ASSERT_EQ(g.warnings.size(), 1u);
    EXPECT_EQ(g.warnings[0].line, 1u);
    // Written back escaped, it reads as the same value without a warning.
    const Game again = only(write_pgn(g));
    EXPECT_EQ(again.tag("Event"), "Club \\");
    EXPECT_TRUE(again.warnings.empty());
}

TEST(PgnReview, AFenTagGetsItsSetUpTag) {
    const std::string written = write_pgn(only("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n"));
    EXPECT_NE(written.find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n"), std::string::npos)
        << written;
    const std::string kept =
        write_pgn(only("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n*\n"));
    EXPECT_EQ(kept.find("[SetUp \"1\"]"), kept.rfind("[SetUp \"1\"]"));
}

TEST(PgnReview, ResultsAgainstTheBoardAreWarningsUnlessStrict) {
    const std::string mate = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1";
    const Game lenient = only(mate);
    EXPECT_TRUE(lenient.errors.empty());
    ASSERT_EQ(lenient.warnings.size(), 1u);
    EXPECT_EQ(lenient.warnings[0].code, ErrorCode::conflict);
    const Game strict = only(mate, {.strict_results = true});
    ASSERT_EQ(strict.errors.size(), 1u);
    const std::string json = json_of(mate);
    EXPECT_NE(json.find("\"warnings\":[{\"line\":1,\"column\":41,\"code\":\"conflict\""), std::string::npos)
        << json;
    const Game tag = only("[Result \"1-0\"]\n\n1. e4 0-1");
    EXPECT_TRUE(tag.errors.empty());
    EXPECT_EQ(tag.warnings.size(), 1u);
}

TEST(PgnReview, ATagDisagreeingWithTheMarkerIsKeptAsWritten) {
    const std::string written = write_pgn(only("[Result \"0-1\"]\n\n1. e4 *\n"));
    EXPECT_NE(written.find("[Result \"0-1\"]"), std::string::npos) << written;
    EXPECT_NE(written.find("1. e4 *\n"), std::string::npos) << written;
    const std::string filled = write_pgn(only("1. e4 1-0\n"));
    EXPECT_NE(filled.find("[Result \"1-0\"]"), std::string::npos) << filled;
    // Kept, and said: an unknown result on one side is no contradiction, but not agreement.
    for (const char* text : {"[Result \"0-1\"]\n\n1. e4 *\n", "[Result \"*\"]\n\n1. e4 1-0\n"}) {
        const Game g = only(text, {.strict_results = true});
        EXPECT_TRUE(g.errors.empty()) << text;
        ASSERT_EQ(g.warnings.size(), 1u) << text;
        EXPECT_EQ(g.warnings[0].code, ErrorCode::conflict);
        EXPECT_NE(g.warnings[0].message.find("both are kept"), std::string::npos) << g.warnings[0].message;
    }
    EXPECT_TRUE(only("[Result \"*\"]\n\n1. e4 *\n").warnings.empty());
    // Found by the fuzzer: a game of tags alone whose Result is "1/2" ends as a draw, so that
    // what the writer makes of it (1/2-1/2) reads back to the same game.
    const Game half = only("[Event \"x\"]\n[Result \"1/2\"]\n");
    EXPECT_EQ(termination(half), "1/2-1/2");
    EXPECT_TRUE(same_tree(only(write_pgn(half)), half));
}

TEST(PgnReview, AnImpossibleFenTagIsAnError) {
    const Game check = only("[FEN \"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n");
    ASSERT_EQ(check.errors.size(), 1u);
    EXPECT_EQ(check.errors[0].code, ErrorCode::conflict);
    EXPECT_EQ(check.errors[0].message, "impossible FEN tag position: black, not to move, is in check");
    const Game rook = only("[FEN \"4k3/8/8/8/8/8/8/4K3 w K - 0 1\"]\n\n1. Kd2 *\n");
    ASSERT_EQ(rook.errors.size(), 1u) << "a castling right without its rook";
}

TEST(PgnReview, EnDashResultsAndLowerCaseCastlingReadWithWarnings) {
    const Game dash = only("1. e4 e5 1\u20130\n");
    EXPECT_TRUE(dash.errors.empty());
    EXPECT_EQ(dash.result, "1-0");
    EXPECT_EQ(dash.warnings.size(), 1u);
    EXPECT_EQ(only("1. e4 \u00BD-\u00BD").result, "1/2-1/2");
    const Game castle = only("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. o-o *");
    EXPECT_TRUE(castle.errors.empty());
    ASSERT_EQ(castle.main_line().size(), 1u);
    EXPECT_EQ(castle.node(castle.main_line()[0]).move.kind(), Move::Kind::castling);
    EXPECT_EQ(castle.warnings.size(), 1u);
}

TEST(PgnReview, ANulByteIsShownAndEachGameIsJudgedOnItsOwn) {
    constexpr char kFirst[] = "[Event \"a\"]\n\n1. e4 e5 \0 2. Nf3 *\n\n";
    const std::string text =
        std::string(kFirst, sizeof kFirst - 1) + "[Event \"b\"]\n\n1. e4 Ke7 *\n\n[Event \"c\"]\n\n1. d4 *\n";
    const std::vector<Game> games = read_pgn(text);
    ASSERT_EQ(games.size(), 3u);
    ASSERT_EQ(games[0].errors.size(), 1u);
    EXPECT_EQ(games[0].errors[0].format("f").find('\0'), std::string::npos);
    EXPECT_NE(games[0].errors[0].format("f").find("'\\x00'"), std::string::npos)
        << games[0].errors[0].format("f");
    ASSERT_EQ(games[1].errors.size(), 1u);
    EXPECT_EQ(games[1].errors[0].code, ErrorCode::illegal_move);
    EXPECT_TRUE(games[2].errors.empty());
}

TEST(PgnReview, StreamedAndTreeWritingAgree) {
    const std::string text =
        "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n{start} 1. O-O {a} (1. Kd2 $1 {b} (1. "
        "Kf2) "
        "1... Kd7) 1... Ke7 $14 {c} 2. Rf7+ *\n\n"
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    std::string from_trees;
    for (const Game& g : read_pgn(text)) append_pgn(from_trees, g);
    // The stream keeps the source's nesting (Kf2 written inside the variation it is an
    // alternative in), the tree its own: the same game either way.
    const std::string written = streamed(text, false);
    const std::vector<Game> a = read_pgn(written), b = read_pgn(text);
    ASSERT_EQ(a.size(), 2u);
    EXPECT_TRUE(same_tree(a[0], b[0]) && same_tree(a[1], b[1])) << written;
    // In the form the writer gives, stream and tree agree byte for byte.
    EXPECT_EQ(streamed(from_trees, false), from_trees);
    std::string json_again;
    for (const Game& g : read_pgn(from_trees)) append_game_json(json_again, g);
    EXPECT_EQ(streamed(from_trees, true), json_again);
    // A game with an error leaves nothing in a dropping writer's output.
    EXPECT_EQ(streamed("1. e4 e5 2. Ke3 *\n", false), "");
    EXPECT_EQ(streamed("1. e4 e5 2. Ke3 *\n", true), "");
}

TEST(PgnReview, StatusInJson) {
    EXPECT_NE(json_of("1. f3 e5 2. g4 Qh4# 0-1").find("\"outcome\":\"checkmate\",\"check\":true"),
              std::string::npos);
    EXPECT_NE(
        json_of("[FEN \"7k/8/6Q1/8/8/8/8/K7 w - - 0 1\"]\n\n1. Qf7 *").find("\"outcome\":\"stalemate\""),
        std::string::npos);
    const std::string repeated = json_of("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *");
    EXPECT_NE(repeated.find("\"outcome\":\"ongoing\",\"claims\":[\"threefold_repetition\"]"),
              std::string::npos)
        << repeated;
    EXPECT_NE(
        json_of("[FEN \"4k3/8/8/8/8/8/8/4KB2 w - - 0 1\"]\n\n1. Kd2 *").find("\"insufficient_material\""),
        std::string::npos);
}

TEST(PgnReview, GivesCheckAgreesWithPlayingTheMove) {
    const char* fens[] = {kStartFen.data(),
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"};
    int checks = 0;
    for (const char* fen : fens) {
        const Position start = *parse_fen(fen);
        for (const Move m : legal_moves(start)) {
            Position next = start;
            next.play(m);
            for (const Position& p : {start, next})
                for (const Move reply : legal_moves(p)) {
                    Position after = p;
                    after.play(reply);
                    const bool check = in_check(after, after.side_to_move());
                    checks += check;
                    EXPECT_EQ(gives_check(p, reply), check) << fen;
                }
        }
    }
    EXPECT_GT(checks, 100);  // the positions hold checks of every kind
}

TEST(PgnReview, EpdMovesAreCheckedAndTheLastSemicolonIsOptional) {
    const Result<Epd> bad = parse_epd("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Nf3; am Zz9;");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().column, 65u);
    EXPECT_FALSE(parse_epd("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e4;"));
    EXPECT_TRUE(parse_epd("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e5 Nf3;"));
    const Result<Epd> open = parse_epd("4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; bm Kd2");
    ASSERT_TRUE(open) << open.error().message;
    ASSERT_EQ(open->operations.size(), 2u);
    EXPECT_EQ(open->operations[1].operands, Texts{"Kd2"});
    const Result<Epd> suite = parse_epd("4k3/8/8/8/8/8/8/4K3 w - - 3 40 ;D1 5 ;D2 25");
    ASSERT_TRUE(suite) << suite.error().message;
    EXPECT_EQ(suite->operations.size(), 4u);  // D1, D2, and the clocks as hmvc 3 and fmvn 40
    EXPECT_EQ(suite->position.fullmove_number(), 40);
}

TEST(PgnReview, StatusInWords) {
    EXPECT_EQ(describe(game_status(*parse_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"))), "checkmate");
    EXPECT_EQ(describe(game_status(*parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))), "stalemate");
    EXPECT_EQ(describe(game_status(*parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"))),
              "insufficient material: a draw");
    EXPECT_EQ(describe(game_status(*parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80"))),
              "a draw may be claimed (fifty-move rule)");
    EXPECT_EQ(describe(game_status(Position::start())), "");
}

}  // namespace
}  // namespace kifu::chess
