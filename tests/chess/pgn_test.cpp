// PGN reading, the game tree, and writing, on fixtures written here.

#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "kifu/chess/comment_commands.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/pgn_batch.hpp"
#include "kifu/chess/pgn_retag.hpp"
#include "kifu/chess/pgn_writer.hpp"
#include "kifu/chess/san.hpp"
#include "kifu/core/byte_source.hpp"

#include "../support/chess.hpp"

namespace kifu::chess {
namespace {

using test::only;

std::vector<std::string> sans(const Game& g) {
    std::vector<std::string> out;
    for (const NodeId id : g.main_line()) out.push_back(g.node(id).text);
    return out;
}

void expect_same_tree(const Game& a, const Game& b) {
    EXPECT_TRUE(same_tree(a, b)) << write_pgn(a) << "\n---\n" << write_pgn(b);
}

TEST(Pgn, SameTreeIgnoresNodeNumbering) {
    // A variation nested in a variation and one beside it give the same tree.
    const Game nested = only("1. d4 (1. d4 (1. c4) g6) 1... c6 *");
    const Game flat = only("1. d4 (1. d4 g6) (1. c4) 1... c6 *");
    EXPECT_NE(nested.nodes, flat.nodes);
    EXPECT_TRUE(same_tree(nested, flat));
    EXPECT_FALSE(same_tree(nested, only("1. d4 (1. c4) (1. d4 g6) 1... c6 *")));
}

TEST(Pgn, TagsMovesAndResult) {
    const Game g = only(
        "[Event \"Quote \\\"here\\\" and \\\\ back\"]\n[White \"Kasparov, G\"]\n[Result \"1-0\"]\n\n"
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n");
    EXPECT_EQ(g.tag("Event"), "Quote \"here\" and \\ back");
    EXPECT_EQ(g.tag("White"), "Kasparov, G");
    EXPECT_EQ(sans(g), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}));
    EXPECT_EQ(g.result, "1-0");
    EXPECT_TRUE(g.errors.empty());
}

TEST(Pgn, MoveNumbersInEveryFormOrNone) {
    EXPECT_EQ(sans(only("1.e4 1...e5 2 . Nf3 2. ... Nc6 *")).size(), 4u);
    EXPECT_EQ(sans(only("e4 e5 Nf3 *")).size(), 3u);
    EXPECT_EQ(sans(only("[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 12\"]\n\n12... Kd7 13. O-O *")),
              (std::vector<std::string>{"Kd7", "O-O"}));
}

TEST(Pgn, CommentsOfEveryKindAreKept) {
    const Game g = only(
        "{Before the first move} 1. e4 {a brace comment\nover two lines} e5 ; to the end of the line\n"
        "% an escape line, skipped\n2. Nf3 *");
    using Comments = std::vector<std::string>;
    EXPECT_EQ(g.node(Game::kRoot).comments(), Comments{"Before the first move"});
    const auto line = g.main_line();
    EXPECT_EQ(g.node(line[0]).comments(), Comments{"a brace comment over two lines"});
    EXPECT_EQ(g.node(line[1]).comments(), Comments{"to the end of the line"});
    EXPECT_EQ(line.size(), 3u);
}

TEST(Pgn, NagsAndSuffixes) {
    const Game g = only("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 $32 *");
    const auto line = g.main_line();
    for (int i = 0; i < 6; ++i)
        EXPECT_EQ(g.node(line[static_cast<std::size_t>(i)]).nags(),
                  std::vector<std::uint8_t>{static_cast<std::uint8_t>(i + 1)});
    EXPECT_EQ(g.node(line[6]).nags(), (std::vector<std::uint8_t>{14, 32}));
    EXPECT_FALSE(only("1. e4 $256 *").errors.empty());
}

TEST(Pgn, VariationsNestAndStartBeforeTheirMove) {
    const Game g = only("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) 1... e5 2. Nf3 *");
    const GameNode& root = g.node(Game::kRoot);
    ASSERT_EQ(root.children.size(), 3u);  // e4, d4, c4
    EXPECT_EQ(g.node(root.children[1]).text, "d4");
    EXPECT_EQ(g.node(root.children[2]).text, "c4");
    const GameNode& d4 = g.node(root.children[1]);
    ASSERT_EQ(d4.children.size(), 2u);  // d5, Nf6
    EXPECT_EQ(g.node(d4.children[1]).text, "Nf6");
    EXPECT_EQ(sans(g), (std::vector<std::string>{"e4", "e5", "Nf3"}));
}

TEST(Pgn, DeepVariationsNeedNoRecursion) {
    // Variations nested as deep as the reader takes them (255), and 20,000 side by side:
    // read, written and read again with explicit stacks.
    for (const bool nested : {true, false}) {
        const int count = nested ? 255 : 20000;
        std::string text = "1. e4 e5 ";
        for (int i = 0; i < count; ++i) text += nested ? "(1... c5 " : "(1... c5) ";
        if (nested)
            for (int i = 0; i < count; ++i) text += ") ";
        text += "*";
        const Game g = only(text);
        EXPECT_TRUE(g.errors.empty());
        EXPECT_EQ(g.nodes.size(), 3u + static_cast<std::size_t>(count));
        expect_same_tree(g, only(write_pgn(g)));
    }
}

TEST(Pgn, NullMovesAndUciAndZeroCastling) {
    const Game g = only("1. e4 -- 2. d4 Z0 3. g1f3 e7e5 4. Bc4 Nf6 5. 0-0 *");
    EXPECT_EQ(g.main_line().size(), 9u);
    EXPECT_TRUE(g.errors.empty());
    EXPECT_TRUE(g.node(g.main_line()[1]).move.is_null());
}

TEST(Pgn, ANullMoveInCheckIsIllegal) {
    // Passing the turn in check would let the next move take the king (Qxe8 here).
    const Game g = only("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ -- 5. Qxe8 *");
    ASSERT_FALSE(g.errors.empty());
    EXPECT_EQ(g.errors[0].code, ErrorCode::illegal_move);
    EXPECT_EQ(g.errors[0].column, 41u);
    EXPECT_EQ(g.errors[0].message, "illegal move '--' (black to move): a null move leaves the king in check");
    EXPECT_EQ(g.main_line().size(), 7u);
}

TEST(Pgn, Chess960FromShredderFen) {
    // King c1, rooks b1 and h1: O-O-O leaves the king on c1 and brings the rook to d1.
    const Game g = only(
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/1RK4R w HB - 0 1\"]\n\n1. O-O-O Ke7 "
        "2. Rd7+ *");
    EXPECT_TRUE(g.errors.empty()) << (g.errors.empty() ? "" : g.errors[0].message);
    EXPECT_TRUE(g.start.chess960());
    const Move castle = g.node(g.main_line().front()).move;
    EXPECT_EQ(castle.kind(), Move::Kind::castling);
    EXPECT_EQ(g.position_after(g.main_line().front()).piece_on(make_square(3, 0)),
              (Piece{PieceType::rook, Color::white}));
}

TEST(Pgn, ErrorsNameGameLineAndColumnAndReadingGoesOn) {
    const std::string text =
        "[Event \"one\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n"                          // illegal
        "[Event \"two\"]\n\n1. Nf3 d5 2. d4 Nf6 3. Nd2 *\n\n"                   // ambiguous: Nd2
        "[Event \"three\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n\n"  // mate but 0-1
        "[Event \"four\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n"
        "[Event \"five\"\n\n1. e4 *\n\n"  // broken tag
        "[Event \"six\"]\n\n1. e4 ) *\n";
    const std::vector<Game> games = read_pgn(text);
    ASSERT_EQ(games.size(), 6u);
    ASSERT_EQ(games[0].errors.size(), 1u);
    EXPECT_EQ(games[0].errors[0].code, ErrorCode::illegal_move);
    EXPECT_EQ(games[0].errors[0].line, 3u);
    EXPECT_EQ(games[0].errors[0].column, 13u);
    EXPECT_EQ(games[0].errors[0].message, "illegal move 'Ke3' (white to move)");
    EXPECT_EQ(games[0].main_line().size(), 2u);  // the moves before the error stay
    ASSERT_EQ(games[1].errors.size(), 1u);
    EXPECT_EQ(games[1].errors[0].code, ErrorCode::ambiguous_move);
    // A result against the board is a warning (an error with strict_results, below).
    EXPECT_TRUE(games[2].errors.empty());
    ASSERT_EQ(games[2].warnings.size(), 1u);
    EXPECT_EQ(games[2].warnings[0].message,
              "the result '0-1' contradicts the final position: checkmate (1-0 stands)");
    const std::vector<Game> strict = read_pgn(text, {.strict_results = true});
    ASSERT_EQ(strict[2].errors.size(), 1u);
    EXPECT_EQ(strict[2].errors[0].code, ErrorCode::conflict);
    ASSERT_EQ(games[3].errors.size(), 1u);
    EXPECT_EQ(games[3].errors[0].code, ErrorCode::unsupported);
    ASSERT_EQ(games[4].errors.size(), 1u);
    EXPECT_EQ(games[4].errors[0].line, 18u);
    ASSERT_EQ(games[5].errors.size(), 1u);
    EXPECT_EQ(games[5].errors[0].message, "expected a move or result, found ')' with no variation open");
}

TEST(Pgn, WhereGamesEnd) {
    // Games ended only by '*', with no tags and no blank line between them.
    EXPECT_EQ(read_pgn("e4 e5 * d4 d5 *\nc4 *").size(), 3u);
    // Tag-only games, a blank line between the blocks.
    EXPECT_EQ(read_pgn("[Event \"a\"]\n[White \"x\"]\n\n[Event \"b\"]\n[White \"y\"]\n").size(), 2u);
    // A blank line inside one tag section (no name repeats): one game.
    EXPECT_EQ(read_pgn("[Event \"a\"]\n\n[White \"x\"]\n\n1. e4 *").size(), 1u);
    // No result: the next tag section at a line start begins the next game.
    EXPECT_EQ(read_pgn("[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 *").size(), 2u);
    // Comments alone between games are no game.
    EXPECT_EQ(read_pgn("1. e4 * {just a remark}\n\n1. d4 *").size(), 2u);
    // Tags and movetext on one line.
    EXPECT_EQ(sans(only("[Event \"a\"] [Result \"1-0\"] 1. e4 1-0")).size(), 1u);
}

TEST(Pgn, BytesAndLineEnds) {
    const Game bom = only("\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4 *\r\n");
    EXPECT_EQ(bom.tag("Event"), "x");
    EXPECT_EQ(sans(bom).size(), 1u);
    // Latin-1 and CP437 tag values become UTF-8.
    EXPECT_EQ(only("[Site \"M\xFCnchen\"]\n\n*").tag("Site"),
              "M\xC3\xBC"
              "nchen");
    EXPECT_EQ(only("[Site \"Br\x81ssel\"]\n\n*").tag("Site"), "Br\xC3\xBCssel");
}

std::string gzip(std::string_view text) {
    z_stream z{};
    deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    std::string out(compressBound(static_cast<uLong>(text.size())) + 64, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

TEST(Pgn, CompressedInputIsReadAsItStreams) {
    std::string text;
    for (int i = 0; i < 3000; ++i)
        text += "[Event \"e" + std::to_string(i) + "\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    std::string zst(ZSTD_compressBound(text.size()), '\0');
    zst.resize(ZSTD_compress(zst.data(), zst.size(), text.data(), text.size(), 3));
    for (const std::string& packed : {gzip(text), zst, text}) {
        PgnSplitter splitter(memory_byte_source(packed));
        std::size_t games = 0;
        while (const auto g = splitter.next()) ++games;
        EXPECT_EQ(games, 3000u);
        EXPECT_FALSE(splitter.error().has_value());
    }
    std::string broken = gzip(text);
    broken.resize(broken.size() / 2);
    PgnSplitter splitter(memory_byte_source(broken));
    while (splitter.next()) {
    }
    ASSERT_TRUE(splitter.error().has_value());
    EXPECT_EQ(splitter.error()->code, ErrorCode::unexpected_end);
}

// A game over the splitter's limit: its bytes are passed over, never held, and it comes
// out as one oversized game at its place; the games around it are untouched. Its comment
// holds what would end a game outside one (a tag line, a result).
TEST(Pgn, AGameOverTheLimitIsPassedOverWhole) {
    constexpr std::size_t kLimit = std::size_t{1} << 20;
    const std::string before = "[Event \"a\"]\n\n1. e4 e5 *\n\n";
    std::string huge = "[Event \"huge\"]\n\n1. e4 {";
    for (int i = 0; huge.size() < 3 * kLimit; ++i)
        huge += i % 1000 == 0 ? "\n[Event \"not a game\"]\n1-0 ( *\n" : "some words ";
    huge += "} 1... e5 (1... c5 *) 2. Nf3 1-0";
    const std::string after = "\n\n[Event \"c\"]\n\n1. d4 d5 *\n";
    const std::string text = before + huge + after;
    const auto lines_in = [](std::string_view s) {
        return static_cast<std::uint32_t>(std::count(s.begin(), s.end(), '\n'));
    };
    for (const bool streamed : {true, false}) {
        SCOPED_TRACE(streamed ? "streamed" : "whole text");
        PgnSplitter splitter =
            streamed ? PgnSplitter(memory_byte_source(text), kLimit) : PgnSplitter(text, kLimit);
        std::vector<PgnGameText> games;
        std::vector<std::string> texts;
        while (const auto g = splitter.next()) {
            games.push_back(*g);
            texts.emplace_back(g->text);
        }
        ASSERT_EQ(games.size(), 3u);
        EXPECT_EQ(games[0].oversized, 0u);
        EXPECT_EQ(games[1].oversized, huge.size());
        EXPECT_EQ(games[1].limit, kLimit);
        EXPECT_EQ(games[1].offset, before.size());
        EXPECT_EQ(games[1].line, 5u);
        EXPECT_LE(texts[1].size(), 256u);
        EXPECT_EQ(texts[1].substr(0, 14), "[Event \"huge\"]");
        EXPECT_EQ(texts[2], "[Event \"c\"]\n\n1. d4 d5 *");
        EXPECT_EQ(games[2].line, 5 + lines_in(huge) + 2);
        EXPECT_EQ(games[2].index, 2u);

        // Read, it is one error at its place, and nothing of it reaches the visitor.
        struct Seen : PgnVisitor {
            std::vector<Error> errors;
            int tags = 0;
            void tag(std::string_view, std::string_view) override { ++tags; }
            void error(const Error& e) override { errors.push_back(e); }
        } seen;
        EXPECT_FALSE(read_pgn_game(games[1], seen));
        ASSERT_EQ(seen.errors.size(), 1u);
        EXPECT_EQ(seen.tags, 0);
        EXPECT_EQ(seen.errors[0].code, ErrorCode::out_of_range);
        EXPECT_EQ(seen.errors[0].line, 5u);
        EXPECT_EQ(seen.errors[0].message,
                  fmt::format("the game is {} bytes long, over the limit of 1 MiB for one game: not read "
                              "(kifu's --max-input MIB raises the limit)",
                              huge.size()));
    }
}

TEST(Pgn, VariationsNestAtMost255Deep) {
    const auto nested = [](int depth) {
        std::string s = "1. e4 ";
        for (int i = 0; i < depth; ++i) s += i % 2 ? "(1. e4 " : "(1. d4 ";
        return s + std::string(static_cast<std::size_t>(depth), ')') + " *";
    };
    const Game deepest = only(nested(255));
    EXPECT_TRUE(deepest.errors.empty());
    const Game deeper = only(nested(256));
    ASSERT_EQ(deeper.errors.size(), 1u);
    EXPECT_EQ(deeper.errors[0].code, ErrorCode::out_of_range);
    EXPECT_EQ(deeper.errors[0].message,
              "variations are nested more than 255 deep here: kifu reads at most that many levels");
    EXPECT_EQ(deeper.errors[0].column, 7u + 7u * 255u);
}

TEST(Pgn, AHugeWordIsQuotedShort) {
    const Game g = only("1. " + std::string(100000, 'x') + " *");
    ASSERT_EQ(g.errors.size(), 1u);
    EXPECT_LT(g.errors[0].message.size(), 200u);
    EXPECT_NE(g.errors[0].message.find("'" + std::string(40, 'x') + "...'"), std::string::npos)
        << g.errors[0].message;
    // A fuzz finding: the warning about lower-case castling quoted the whole word.
    const Game castling = only("1. o-o" + std::string(100000, 'x') + " *");
    ASSERT_EQ(castling.warnings.size(), 1u);
    EXPECT_LT(castling.warnings[0].message.size(), 200u);
}

TEST(Pgn, CommentCommands) {
    const CommentCommands c = parse_comment_commands(
        "Good [%clk 1:02:03.5] move [%eval -0.17,20] [%csl Gd4,Re5][%cal Ge2e4] [%foo bar]");
    EXPECT_EQ(c.clock, 3723.5);
    ASSERT_TRUE(c.eval);
    EXPECT_EQ(c.eval->pawns, -0.17);
    EXPECT_EQ(c.eval->depth, 20);
    EXPECT_EQ(c.squares, (std::vector<std::string>{"Gd4", "Re5"}));
    EXPECT_EQ(c.arrows, (std::vector<std::string>{"Ge2e4"}));
    EXPECT_EQ(c.text, "Good move [%foo bar]");
    const CommentCommands mate = parse_comment_commands("[%eval #-3] [%emt 0:00:05]");
    EXPECT_EQ(mate.eval->mate, -3);
    EXPECT_EQ(mate.elapsed, 5.0);
    EXPECT_EQ(mate.text, "");
    EXPECT_FALSE(parse_comment_commands("[%clk soon]").clock);
}

TEST(PgnWriter, ExportFormat) {
    const Game g = only(
        "[White \"W\"]\n[ECO \"C60\"]\n[Event \"E\"]\n\n"
        "1. e4 {A long comment that is long enough to need more than one line of text when it is written "
        "out} "
        "e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 *");
    EXPECT_EQ(
        write_pgn(g),
        "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"?\"]\n"
        "[Result \"*\"]\n[ECO \"C60\"]\n\n"
        "1. e4 {A long comment that is long enough to need more than one line of text\n"
        "when it is written out} 1... e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 *\n\n");
    const std::string bare = write_pgn(g, {.comments = false, .nags = false, .variations = false});
    EXPECT_EQ(bare.substr(bare.find("\n\n") + 2), "1. e4 e5 2. Nf3 Nc6 *\n\n");
}

TEST(PgnWriter, ReadingWhatItWroteGivesTheSameTree) {
    const char* texts[] = {
        "{Start} 1. e4 $1 {after} (1. d4 {d} d5 (1... Nf6 {deep} 2. c4) 2. c4) 1... e5 ; semi } colon\n 2. "
        "Nf3 *",
        "[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 60\"]\n\n60. a8=N Kd7 61. Nb6+ *",
        "1. e4 ( {starting comment} 1. d4 ) 1... c5 2. Nf3 d6 3. d4 cxd4 1/2-1/2",
    };
    for (const char* text : texts) {
        const Game g = only(text);
        ASSERT_TRUE(g.errors.empty()) << text;
        const std::string written = write_pgn(g);
        expect_same_tree(g, only(written));
        EXPECT_EQ(write_pgn(only(written)), written);  // stable
        for (const char* line = written.c_str(); *line;) {
            const char* end = std::strchr(line, '\n');
            EXPECT_LT(end - line, 80) << written;
            line = end + 1;
        }
    }
}

// Inputs the tree fuzzer once failed on (fuzz/corpus/pgn_tree/regression-*).
TEST(PgnWriter, FuzzRegressions) {
    for (const std::string& text : {
             std::string("!"),                            // a NAG before the first move
             std::string("[Result \"0-1\"]\n\n;1.0-\n"),  // no marker: the Result tag's
             std::string("{words and a long run of tabs \t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t "
                         "\"then ( a paren} 1. e4 *"),   // blanks kept; '(' in a comment is text
             std::string(";x {\r\0 y}\n1. e4 *\n", 18),  // CR and NUL in a line comment
         }) {
        const std::vector<Game> games = read_pgn(text);
        ASSERT_EQ(games.size(), 1u);
        const std::string written = write_pgn(games[0]);
        const std::vector<Game> again = read_pgn(written);
        ASSERT_EQ(again.size(), 1u) << written;
        EXPECT_TRUE(again[0].errors.empty()) << written;
        expect_same_tree(games[0], again[0]);
        EXPECT_EQ(write_pgn(again[0]), written);
    }
}

TEST(PgnWriter, JsonLines) {
    const Game g =
        only("[White \"A \\\"B\\\"\"]\n\n1. e4 {[%clk 0:03:00] [%eval 0.2]} e5 (1... c5) 2. Qh5 *");
    std::string json;
    append_game_json(json, g);
    EXPECT_EQ(json,
              "{\"index\":0,\"line\":1,\"tags\":{\"White\":\"A \\\"B\\\"\"},\"start\":"
              "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"moves\":["
              "{\"ply\":1,\"san\":\"e4\",\"uci\":\"e2e4\",\"clock\":180,\"eval\":{\"pawns\":0.2}},"
              "{\"ply\":2,\"san\":\"e5\",\"uci\":\"e7e5\",\"variations\":[[{\"ply\":2,\"san\":\"c5\",\"uci\":"
              "\"c7c5\"}]]},"
              "{\"ply\":3,\"san\":\"Qh5\",\"uci\":\"d1h5\"}],\"result\":\"*\",\"final_fen\":"
              "\"rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2\",\"outcome\":\"ongoing\","
              "\"errors\":[],\"warnings\":[]}\n");
}

// Games that start from a double check a legal move gives are read, not refused.
TEST(Pgn, GamesStartFromDoubleChecksThatAMoveGives) {
    for (const auto& [fen, moves] : {std::pair{"k1r5/8/8/8/8/8/1p6/2K5 w - - 0 1", "1. Kxb2 *"},
                                     std::pair{"3Rk3/8/8/8/8/8/8/4R1K1 b - - 0 1", "1... Kf7 *"}}) {
        const Game g = only(std::string("[SetUp \"1\"]\n[FEN \"") + fen + "\"]\n\n" + moves);
        EXPECT_TRUE(g.errors.empty()) << fen << ": " << (g.errors.empty() ? "" : g.errors[0].message);
        EXPECT_EQ(sans(g).size(), 1u) << fen;
    }
}

// A mate for black is a negative number of moves in JSON, as read ([%eval #-3]).
TEST(PgnWriter, JsonLinesMateScoresKeepTheirSign) {
    const Game g = only("[Event \"x\"]\n\n1. e4 {[%eval #-3]} e5 {[%eval #4,12]} 2. Qh5 {[%eval #-0]} *");
    std::string json;
    append_game_json(json, g);
    EXPECT_NE(json.find("\"eval\":{\"mate\":-3}"), std::string::npos) << json;
    EXPECT_NE(json.find("\"eval\":{\"mate\":4,\"depth\":12}"), std::string::npos) << json;
    EXPECT_NE(json.find("\"eval\":{\"mate\":0}"), std::string::npos) << json;
}

// A visitor that wants the first moves only stops the movetext: the rest is not read (its
// error not seen), end_game has the position reached, and the next game reads whole.
TEST(Pgn, AVisitorMayStopTheMovetext) {
    struct FirstTwo : PgnVisitor {
        int moves = 0, results = 0, errors = 0;
        std::string final_fen;
        void move(const Position&, Move, std::string_view) override {
            if (++moves == 2) stop_movetext();
        }
        void result(std::string_view) override { ++results; }
        void error(const Error&) override { ++errors; }
        void end_game(const Position& p) override { final_fen = write_fen(p); }
    } v;
    PgnSplitter games("1. e4 e5 2. Nf3 Ke7?? 3. Qxx9 1-0\n\n1. d4 d5 2. c4 *\n");
    auto g = games.next();
    ASSERT_TRUE(g);
    EXPECT_TRUE(read_pgn_game(*g, v));
    EXPECT_EQ(v.moves, 2);
    EXPECT_EQ(v.results, 0);
    EXPECT_EQ(v.errors, 0);
    EXPECT_EQ(v.final_fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    EXPECT_TRUE(v.movetext_stopped());
    // The stop is the game's own: the next is read from its first move (and stopped again).
    v.moves = 0;
    g = games.next();
    ASSERT_TRUE(g);
    EXPECT_TRUE(read_pgn_game(*g, v));
    EXPECT_EQ(v.moves, 2);
    EXPECT_EQ(v.final_fen, "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2");
}

// A game's tags replaced in its text (chess/pgn_retag.hpp): the named pairs out, lines and
// all where they stand alone, the new ones after the last pair; every other byte kept.
TEST(PgnRetag, TheNamedTagsAreReplacedAndEveryOtherByteKept) {
    const std::vector<std::string> drop{"ECO", "Opening", "Variation"};
    const std::vector<std::pair<std::string, std::string>> add{{"ECO", "C01"},
                                                               {"Opening", "French \"x\" \\"}};
    const auto retagged = [&](std::string_view game) {
        std::string out = "<";
        append_retagged(out, game, drop, add);
        return out;
    };
    const std::string tags = "[ECO \"C01\"]\n[Opening \"French \\\"x\\\" \\\\\"]\n";
    EXPECT_EQ(retagged("[White \"a\"]\n[ECO \"A00\"]\n[Black \"b\"]\n[Variation \"old\"]\n\n1. e4 {c} e6 *"),
              "<[White \"a\"]\n[Black \"b\"]\n" + tags + "\n1. e4 {c} e6 *");
    // CRLF lines (the new pairs' lines too), pairs sharing a line, the last pair dropped,
    // blanks around pairs.
    std::string crlf_tags = tags;
    for (std::size_t at = 0; (at = crlf_tags.find('\n', at)) != std::string::npos; at += 2)
        crlf_tags.insert(at, "\r");
    EXPECT_EQ(retagged("[White \"a\"] [ECO \"A00\"]\r\n  [Opening \"Old\"]  \r\n\r\n1. d4 *"),
              "<[White \"a\"] \r\n" + crlf_tags + "\r\n1. d4 *");
    // Movetext on the last pair's line; no pairs at all; nothing to drop or add.
    EXPECT_EQ(retagged("[White \"a\"] 1. e4 *"), "<[White \"a\"] \n" + tags + "1. e4 *");
    EXPECT_EQ(retagged("1. e4 *"), "<" + tags + "1. e4 *");
    std::string same;
    append_retagged(same, "[White \"a\"]\n[ECO \"A00\"]\n\n1. e4 *", {}, {});
    EXPECT_EQ(same, "[White \"a\"]\n[ECO \"A00\"]\n\n1. e4 *");
    // What is written reads back with the new values.
    const std::string written = retagged("[Event \"e\"]\n[ECO \"A00\"]\n\n1. e4 *").substr(1);
    PgnSplitter splitter{std::string_view(written)};
    const std::optional<PgnGameText> g = splitter.next();
    ASSERT_TRUE(g);
    GameBuilder builder;
    read_pgn_game(*g, builder);
    const Game game = builder.take();
    EXPECT_TRUE(game.errors.empty());
    EXPECT_EQ(game.tag("ECO").value_or(""), "C01");
    EXPECT_EQ(game.tag("Opening").value_or(""), "French \"x\" \\");
    EXPECT_EQ(game.tag("Event").value_or(""), "e");
}

// A batch let go of comes back from the pool empty, with its room; the pool keeps at most
// kKept, and hands out fresh batches when none waits.
TEST(PgnBatchPool, GivesBatchesBackEmptyWithTheirRoom) {
    PgnBatchPool pool;
    const std::string text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    const PgnBatch* first = nullptr;
    std::size_t room = 0;
    {
        std::shared_ptr<PgnBatch> batch = pool.take();
        first = batch.get();
        PgnSplitter splitter{std::string_view(text)};
        while (const std::optional<PgnGameText> g = splitter.next()) batch->add(*g);
        batch->finish();
        ASSERT_EQ(batch->games.size(), 2u);
        EXPECT_EQ(batch->games[1].text, "[Event \"b\"]\n\n1. d4 *");
        room = batch->bytes.capacity();
        EXPECT_GE(room, PgnBatch::kFullBytes);
    }
    const std::shared_ptr<PgnBatch> again = pool.take();
    EXPECT_EQ(again.get(), first);
    EXPECT_TRUE(again->empty());
    EXPECT_TRUE(again->bytes.empty());
    EXPECT_TRUE(again->starts.empty());
    EXPECT_EQ(again->bytes.capacity(), room);
    const std::shared_ptr<PgnBatch> other = pool.take();  // none waits: a new one
    EXPECT_NE(other.get(), first);
    std::vector<std::shared_ptr<PgnBatch>> many;
    for (std::size_t i = 0; i < PgnBatchPool::kKept + 4; ++i) many.push_back(pool.take());
    many.clear();  // kKept of them wait, the others are freed (ASan sees a leak or a double free)
}

}  // namespace
}  // namespace kifu::chess
