// The format registry: every format's entry, detection, and a round trip of a sample of
// every format that reads and writes.

#include <gtest/gtest.h>

#include "kifu/core/json.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {
namespace {

struct Sample {
    std::string_view format;
    std::string_view text;
    std::string_view written;  // what the same format writes back ("" = the text itself)
    // A format that only reads: the format that writes what it read (its game's record
    // format), and `written` is what that writes.
    std::string_view written_as = "";
};

constexpr Sample kSamples[] = {
    {"hen", ".9x9_5Gb_3E~1b~2.b", ""},
    {"hen-url", ".9x9_5Er.E5-%E7%A2%81", ""},
    {"sgf", "(;FF[4]SZ[9];B[ee];W[gc])", "(;FF[4]CA[UTF-8]SZ[9]\n;B[ee]\n;W[gc])\n"},
    {"fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""},
    {"shredder", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", ""},
    {"epd", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id x;"},
    {"pgn", "1. e4 e5 *", ""},
    {"sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", ""},
    {"usi", "7g7f\n3c3d\n", ""},
    {"csa-moves", "+7776FU\n-3334FU\n", ""},
    {"japanese", "▲７六歩\n△３四歩\n", ""},
    {"xfen-xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", ""},
    {"iccs", "1. h2e2 h9g7", ""},
    {"wxf", "1. C2.5 H8+7", ""},
    {"chinese", "1. 炮二平五 馬８進７", ""},
    {"xiangqi-san", "1. Che3 Hg8", ""},
    {"pgn-xiangqi", "[Game \"Chinese Chess\"]\n[Result \"*\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 {c} *\n", ""},
    {"feen", "ab2/CD2 2P/q G/g", ""},
    {"gib", "\\HS\n\\[GAMEBLACKNAME=kim (2D)\\]\n\\HE\n\\GS\nINI 0 1 0 &4\nSTO 0 2 1 15 3\nSKI 0 3\n\\GE\n",
     "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[kim]BR[2D]\n;B[pd]\n;W[])\n", "sgf"},
    {"ngf",
     "Rated game\n9\nw 1K\nb 2K\nsomewhere\n0\n0\n6\n20250101 [10:00]\n5\nBlack wins by "
     "2.5!\n2\nPMABBFFFF\nPMACWAAAA\n",
     "(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[b]BR[2k]PW[w]WR[1k]KM[6.5]RE[B+2.5]DT[2025-01-01]GN[Rated "
     "game]PC[somewhere]\n;B[ee]\n;W[])\n",
     "sgf"},
    {"ugf", "[Header]\nSize=9\nHdcp=0,6.50\nWinner=W,R\n[Data]\nEE,B1,1,0\nYA,W1,2,0\n",
     "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]RE[W+R]\n;B[ee]\n;W[])\n", "sgf"},
    {"dhtmlxq", "[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n",
     "[DhtmlXQ]\n[DhtmlXQ_result]未知[/DhtmlXQ_result]\n"
     "[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]\n"
     "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[DhtmlXQ_generator]kifu[/DhtmlXQ_generator]\n[/"
     "DhtmlXQ]\n"},
    {"scid-eco", "C00 \"French: Paris\" 1.e4 e6 *\n",
     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black "
     "\"?\"]\n[Result "
     "\"*\"]\n[ECO \"C00\"]\n[Opening \"French\"]\n[Variation \"Paris\"]\n\n1. e4 e6 *\n\n",
     "pgn"},
    {"openings-tsv", "eco\tname\tpgn\nC00\tFrench\t1. e4 e6\n",
     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black "
     "\"?\"]\n[Result "
     "\"*\"]\n[ECO \"C00\"]\n[Opening \"French\"]\n\n1. e4 e6 *\n\n",
     "pgn"},
    {"lichess-puzzles",
     "PuzzleId,FEN,Moves,Rating,Themes,GameUrl\n000rZ,2kr1b1r/p1p2pp1/2pqb3/7p/3N2n1/2NPB3/PPP2PPP/R2Q1RK1 w "
     "- - 2 "
     "13,d4e6 d6h2,633,mate mateIn1,https://lichess.org/seIMDWkD#25\n",
     "[Event \"?\"]\n[Site \"https://lichess.org/seIMDWkD#25\"]\n[Date \"????.??.??\"]\n[Round "
     "\"?\"]\n[White "
     "\"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[PuzzleId \"000rZ\"]\n[Rating \"633\"]\n[Themes \"mate "
     "mateIn1\"]\n[SetUp \"1\"]\n[FEN \"2kr1b1r/p1p2pp1/2pqN3/7p/6n1/2NPB3/PPP2PPP/R2Q1RK1 b - - 0 "
     "13\"]\n[PuzzleLastMove \"d4e6\"]\n\n13... Qxh2# *\n\n",
     "pgn"},
    {"feen2015", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR B -",
     "♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/8/8/♙♙♙♙♙♙♙♙/♖♘♗♕♔♗♘♖ B -"},
};

TEST(Registry, EveryEntryIsComplete) {
    std::vector<std::string_view> names;
    for (const Format& f : all_formats()) {
        EXPECT_FALSE(f.name.empty());
        EXPECT_FALSE(f.description.empty()) << f.name;
        EXPECT_TRUE(f.can_read() || f.can_write()) << f.name;
        EXPECT_EQ(f.can_read(), f.validate != nullptr) << f.name;
        EXPECT_EQ(f.can_write(), f.accepts != nullptr) << f.name;
        EXPECT_EQ(find_format(f.name), &f);
        EXPECT_EQ(std::count(names.begin(), names.end(), f.name), 0) << f.name;
        names.push_back(f.name);
    }
    EXPECT_EQ(find_format("bmp"), nullptr);
    EXPECT_EQ(nearest_name("jsnl", names), "jsonl");
    EXPECT_EQ(nearest_name("zzzzzzzz", names), "");
}

TEST(Registry, SamplesReadWriteAndReadBack) {
    for (const Sample& s : kSamples) {
        const Format* f = find_format(s.format);
        ASSERT_TRUE(f) << s.format;
        Result<Document> d = f->read(s.text, {});
        ASSERT_TRUE(d) << s.format << ": " << d.error().message;
        std::vector<Error> warnings;
        EXPECT_TRUE(f->validate(s.text, {}, warnings).empty()) << s.format;
        const Format* writer = s.written_as.empty() ? f : find_format(s.written_as);
        EXPECT_EQ(f->can_write(), s.written_as.empty()) << s.format;
        EXPECT_TRUE(writer->accepts(*d)) << s.format;
        std::vector<std::string> notes;
        Result<std::string> written = writer->write(*d, {}, notes);
        ASSERT_TRUE(written) << s.format << ": " << written.error().message;
        const std::string_view expected = s.written.empty() ? s.text : s.written;
        std::string got = *written;
        if (expected.back() != '\n' && !got.empty() && got.back() == '\n') got.pop_back();
        if (s.format == "pgn") {
            EXPECT_NE(got.find("1. e4 e5 *"), std::string::npos) << got;
        } else {
            EXPECT_EQ(got, expected) << s.format;
        }
        EXPECT_TRUE(notes.empty()) << s.format;
    }
}

// Binary formats' samples, built byte by byte: an XQF 1.0 file as its format description
// lays it out (the standard start, 1. C2.5 H8+7, the result 1-0), which its writer gives back.
std::string xqf_sample() {
    std::string f(0x400, '\0');
    f.replace(0, 3, "XQ\x0a");
    constexpr int kStart[32] = {80, 70, 60, 50, 40, 30, 20, 10, 0,  72, 12, 83, 63, 43, 23, 3,
                                9,  19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6,  26, 46, 66, 86};
    for (std::size_t i = 0; i < 32; ++i) f[0x10 + i] = static_cast<char>(kStart[i]);
    f[0x33] = 1;
    f += std::string("\x18\x20\xF0\xFF\0\0\0\0", 8);  // the root
    f += std::string("\x60\x4A\xF0\x00\0\0\0\0", 8);  // 72 to 42: h2e2
    f += std::string("\x67\x63\x00\x00\0\0\0\0", 8);  // 79 to 67: h9g7, the last
    return f;
}

TEST(Registry, BinarySamplesReadWriteAndReadBack) {
    const std::string xqf = xqf_sample();
    const Format* f = find_format("xqf");
    ASSERT_TRUE(f);
    EXPECT_TRUE(f->takes(kBinary));
    Result<Document> d = f->read(xqf, {});
    ASSERT_TRUE(d) << d.error().message;
    std::vector<Error> warnings;
    EXPECT_TRUE(f->validate(xqf, {}, warnings).empty());
    EXPECT_TRUE(warnings.empty());
    ASSERT_TRUE(f->accepts(*d));
    std::vector<std::string> notes;
    Result<std::string> written = f->write(*d, {}, notes);
    ASSERT_TRUE(written);
    EXPECT_EQ(*written, xqf);
    EXPECT_TRUE(notes.empty());
    EXPECT_EQ((*detect_format(xqf))->name, "xqf");
}

// A record's warnings are the document's (what the CLI prints) and stay its game's (what
// Python's Game.warnings gives): shogi's reader moved them out, leaving empty errors.
TEST(Registry, ARecordsWarningsAreTheDocumentsAndStayItsGames) {
    Result<Document> d = find_format("ki2")->read("▲７六歩\nまで1手で千日手\n", {});
    ASSERT_TRUE(d);
    ASSERT_EQ(d->warnings.size(), 1u);
    const auto& games = std::get<std::vector<shogi::Game>>(d->value);
    ASSERT_EQ(games.front().warnings.size(), 1u);
    EXPECT_EQ(games.front().warnings[0].message, d->warnings[0].message);
    EXPECT_NE(d->warnings[0].message, "");
}

TEST(Registry, OneGameOfARecordAloneAndAppended) {
    // An SGF collection: the second game alone keeps its raw properties (the comment).
    Result<Document> sgf =
        find_format("sgf")->read("(;SZ[9]PB[a];B[ee])(;SZ[9]PB[b]C[kept];B[cc];W[dd])", {});
    ASSERT_TRUE(sgf);
    const Document second = game_alone(*sgf, 1);
    EXPECT_EQ(game_count(second), 1u);
    std::vector<std::string> notes;
    EXPECT_EQ(*find_format("sgf")->write(second, {}, notes),
              "(;FF[4]CA[UTF-8]SZ[9]PB[b]C[kept]\n;B[cc]\n;W[dd])\n");
    // Chess games: one alone, another appended; a record of another game is refused.
    Result<Document> pgn = find_format("pgn")->read("1. e4 e5 *\n\n1. d4 *\n\n1. c4 *\n", {});
    ASSERT_TRUE(pgn);
    Document two = game_alone(*pgn, 2);
    EXPECT_TRUE(append_game(*pgn, 0, two));
    EXPECT_EQ(game_count(two), 2u);
    EXPECT_EQ(std::get<std::vector<chess::Game>>(two.value)[0].size(), 2u);  // 1. c4: the root and a move
    EXPECT_EQ(std::get<std::vector<chess::Game>>(two.value)[1].size(), 3u);
    EXPECT_FALSE(append_game(*sgf, 0, two));
    EXPECT_EQ(game_count(two), 2u);
    const Document position = *find_format("fen")->read("8/8/8/8/8/8/8/K6k w - - 0 1", {});
    EXPECT_FALSE(append_game(position, 0, two));
}

TEST(Registry, ValidateAndReadAgree) {
    // Found by the formats fuzzer: a text with no PGN game read as an error but validated ok.
    std::vector<Error> warnings;
    const Format& pgn = *find_format("pgn");
    EXPECT_FALSE(pgn.read("[Eoen e5 {c} 2. Nf3 $1 *\n", {}));
    EXPECT_FALSE(pgn.validate("[Eoen e5 {c} 2. Nf3 $1 *\n", {}, warnings).empty());
}

TEST(Registry, DetectionPicksTheFormat) {
    for (const Sample& s : kSamples) {
        const Format* f = find_format(s.format);
        if (!f->detect) continue;
        Result<const Format*> got = detect_format(s.text);
        ASSERT_TRUE(got) << s.format;
        EXPECT_EQ((*got)->name, s.format);
    }
    // The file name decides where the content cannot.
    EXPECT_EQ((*detect_format("junk before the tree", "game.sgf.gz"))->name, "sgf");
    EXPECT_EQ((*detect_format("", "x.pgn"))->name, "pgn");
    EXPECT_EQ((*detect_format(""))->name, "hen");
    const Result<const Format*> unknown = detect_format("  hello");
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().column, 3u);
}

TEST(Registry, WritersConvertBetweenTheGamesOwnTypesAndSayWhatTheyDrop) {
    Result<Document> chess =
        find_format("fen")->read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 5", {});
    ASSERT_TRUE(chess);
    std::vector<std::string> notes;
    Result<std::string> feen = find_format("feen")->write(*chess, {}, notes);
    ASSERT_TRUE(feen);
    EXPECT_EQ(notes, std::vector<std::string>{"the clocks"});
    Result<Document> back = find_format("feen")->read(*feen, {});
    ASSERT_TRUE(back);
    EXPECT_EQ(game_of(*back), Game::chess);
    const Result<std::string> sfen = find_format("sfen")->write(*back, {}, notes);
    ASSERT_FALSE(sfen);
    EXPECT_EQ(sfen.error().code, ErrorCode::unsupported);
    EXPECT_EQ(
        sfen.error().message,
        "a chess position cannot be written as sfen; it can be written as fen, xfen, shredder, epd, feen, "
        "feen2015, txt, svg, png, gif");
}

TEST(Registry, PositionAtNarrowsEveryRecord) {
    Result<Document> sgf = find_format("sgf")->read("(;SZ[9];B[ee];W[gc](;B[cc])(;B[gg]))", {});
    ASSERT_TRUE(sgf);
    EXPECT_TRUE(is_record(*sgf));
    NodeChoice choice;
    choice.node = "2.v1";
    Result<Document> p = position_at(std::move(*sgf), choice);
    ASSERT_TRUE(p);
    std::vector<std::string> notes;
    EXPECT_EQ(*find_format("hen")->write(*p, {}, notes), ".9x9_7Gw_5Eb_3Gb.G3b.w");
    Result<Document> moves = find_format("usi")->read("7g7f 3c3d", {});
    ASSERT_TRUE(moves);
    choice = {};
    choice.ply = 3;
    EXPECT_EQ(position_at(std::move(*moves), choice).error().code, ErrorCode::out_of_range);
    Result<Document> handicap = find_format("usi")->read(
        "3c3d", {.start = "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"});
    ASSERT_TRUE(handicap) << handicap.error().message;
}

TEST(Registry, BoardViewsOfEveryGame) {
    const auto view = [](std::string_view format, std::string_view text) {
        Result<Document> d = find_format(format)->read(text, {});
        EXPECT_TRUE(d) << format;
        Result<BoardView> v = board_view(*d);
        EXPECT_TRUE(v) << format;
        return *v;
    };
    const BoardView go = view("hen", ".9x9_5Gb.G5b.w");
    EXPECT_EQ(go.width, 9);
    EXPECT_EQ(go.at(6, 4).piece, "b");
    EXPECT_EQ(go.at(6, 4).side, 0);
    EXPECT_EQ(go.last_move->text, "black G5");
    EXPECT_EQ(go.side_to_move, 1);
    const BoardView chess = view("fen", "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_EQ(chess.at(4, 0).piece, "k");
    EXPECT_EQ(chess.at(4, 0).side, 1);
    ASSERT_EQ(chess.marks.size(), 1u);
    EXPECT_EQ(chess.marks[0].cell, 4);  // the king in check
    const BoardView shogi = view("sfen", "4k4/9/9/9/9/9/9/9/4K2+P1 b R2Pbp 1");
    EXPECT_EQ(shogi.at(7, 8).piece, "P");
    EXPECT_TRUE(shogi.at(7, 8).promoted);
    ASSERT_EQ(shogi.hands.size(), 2u);
    EXPECT_EQ(shogi.hands[0].pieces, (std::vector<BoardView::HandPiece>{{"R", 1}, {"P", 2}}));
    EXPECT_EQ(shogi.file_names.front(), "9");
    const BoardView xiangqi = view("xfen-xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5 w");
    EXPECT_EQ(xiangqi.height, 10);
    EXPECT_EQ(xiangqi.at(3, 9).piece, "K");
    const BoardView cube = view("feen", "ab/cd//AB/CD / G/g");
    EXPECT_EQ(cube.width, 2);
    EXPECT_EQ(cube.height, 4);  // two layers of two ranks, one under another
    EXPECT_EQ(cube.at(0, 2).piece, "A");
}

// Every reader, given text with bytes of no UTF-8 sequence and a terminal escape where a
// move, a tag or a value should be: whatever it says (error or warning) prints as valid
// UTF-8 with no control character, in the CLI's form and in JSON.
TEST(Registry, EveryMessageIsValidUtf8AndDrivesNoTerminal) {
    const std::string hostile = "\xff\xc3\x28\x1b[2J\x9b\x80z";
    const std::string_view starts[] = {
        "",          "1. e4 ",      "\xe2\x96\xb2\xef\xbc\x97\xe5\x85\xad\xe6\xad\xa9",
        "+7776FU\n", "(;SZ[19];B[", "{\"moves\":[{},{\"move\":{\"piece\":\"",
        "P1",        "[Event \"",   "\xe6\x89\x8b\xe6\x95\xb0----\n   1 "};
    std::size_t messages = 0;
    for (const Format& f : all_formats()) {
        if (!f.can_read()) continue;
        for (const std::string_view start : starts) {
            const std::string text = std::string(start) + hostile + "\n" + hostile;
            std::vector<Error> said;
            Result<Document> doc = f.read(text, {});
            if (!doc)
                said.push_back(doc.error());
            else
                said = doc->warnings;
            for (const Error& e : said) {
                ++messages;
                const std::string line = e.format(f.name);
                EXPECT_TRUE(utf8::is_valid(line)) << f.name << ": " << line;
                EXPECT_EQ(line.find('\x1b'), std::string::npos) << f.name;
                JsonWriter json;
                json.error(e, f.name, "error");
                EXPECT_TRUE(utf8::is_valid(json.text())) << f.name << ": " << json.text();
            }
        }
    }
    EXPECT_GT(messages, 50u);
}

}  // namespace
}  // namespace kifu::formats
