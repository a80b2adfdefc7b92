// XQF (xiangqi/xqf.hpp): real XQStudio files of every version read (ElephantEye's sample
// against ElephantEye's own conversion of it, cchess's files against the lines cchess's
// tests expect), XQF 1.0 written byte for byte as XQStudio wrote it, variations kept in
// version 18, and damaged files reported at their byte.

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "kifu/core/charset.hpp"
#include "kifu/xiangqi/pgn.hpp"
#include "kifu/xiangqi/xqf.hpp"

namespace kifu::xiangqi {
namespace {

std::string data(std::string_view name) {
    std::ifstream in(fmt::format("{}/tests/data/xiangqi/xqf/{}", KIFU_SOURCE_DIR, name), std::ios::binary);
    EXPECT_TRUE(in) << name;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

Game must_read_xqf(std::string_view bytes, std::vector<Error>* warnings = nullptr) {
    Result<Game> g = read_xqf(bytes, {}, warnings);
    EXPECT_TRUE(g) << (g ? "" : g.error().message);
    return g ? std::move(*g) : Game{};
}

// Every line of the tree, its moves in ICCS, the main line first.
std::vector<std::string> lines_of(const Game& g) {
    std::vector<std::string> out;
    struct Visit {
        NodeId id;
        std::string line;
    };
    std::vector<Visit> stack{{Game::kRoot, ""}};
    while (!stack.empty()) {
        Visit v = std::move(stack.back());
        stack.pop_back();
        const Game::Node& n = g.node(v.id);
        if (n.children.empty()) out.push_back(v.line);
        for (std::size_t k = n.children.size(); k-- > 0;) {
            const NodeId c = n.children[k];
            stack.push_back({c, v.line + (v.line.empty() ? "" : " ") +
                                    write_move(g.position_after(v.id), g.node(c).move, Notation::iccs)});
        }
    }
    return out;
}

TEST(Xqf, ElephantEyesSampleReadsAsElephantEyesOwnConversionOfIt) {
    // SAMPLE.PGN is what ElephantEye's xqf2pgn made of SAMPLE.XQF (version 18, encrypted).
    const Game g = must_read_xqf(data("eleeye-SAMPLE.XQF"));
    Result<charset::Converted> pgn_text = charset::to_utf8(data("eleeye-SAMPLE.PGN"), "GB18030");
    ASSERT_TRUE(pgn_text);
    std::string text = pgn_text->text;  // its line ends as kifu's reading of the XQF gives them
    for (std::size_t p = text.find("\r\n"); p != std::string::npos; p = text.find("\r\n", p))
        text.erase(p, 1);
    Result<std::vector<Game>> pgn = read_pgn(text);
    ASSERT_TRUE(pgn);
    ASSERT_EQ(pgn->size(), 1u);
    const Game& expected = pgn->front();
    EXPECT_EQ(write_fen(g.start), write_fen(expected.start));
    for (const std::string_view tag : {"Event", "Date", "Site", "Red", "Black", "Result"})
        EXPECT_EQ(g.tag(tag), expected.tag(tag)) << tag;
    const std::vector<NodeId> line = g.main_line(), want = expected.main_line();
    ASSERT_EQ(line.size(), want.size());
    ASSERT_EQ(line.size(), 75u);
    EXPECT_EQ(g.node(Game::kRoot).comments(), expected.node(Game::kRoot).comments());
    std::size_t commented = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        EXPECT_EQ(g.node(line[i]).move, expected.node(want[i]).move) << "ply " << i + 1;
        EXPECT_EQ(g.node(line[i]).comments(), expected.node(want[i]).comments()) << "ply " << i + 1;
        commented += !g.node(line[i]).comments().empty();
    }
    EXPECT_GT(commented, 10u);
}

TEST(Xqf, EveryVersionReadsWithItsVariations) {
    // The lines cchess's tests expect of its files (tests/test_read_xqf.py), in ICCS.
    const Game five = must_read_xqf(data("cchess-test_5_variations.xqf"));
    EXPECT_EQ(lines_of(five), (std::vector<std::string>{
                                  "h2e2 h7e7 h0g2 h9g7 g3g4 i9h9",
                                  "h2e2 h7e7 h0g2 h9g7 i0h0 i9i8 h0h6 i8d8",
                                  "h2e2 h7e7 h0g2 h9g7 i0h0 g6g5 c3c4 i9i8",
                                  "h2e2 h7e7 h0g2 h9g7 i0i1 i9h9 i1d1 b9c7 b0c2 c6c5",
                                  "h2d2 h9g7 h0g2 i9h9 i0h0",
                              }));
    const Game six = must_read_xqf(data("cchess-game_varations.xqf"));
    EXPECT_EQ(six.line_count(), 6u);
    EXPECT_EQ(six.tag("Title"), "中炮对屏风马");
    EXPECT_EQ(six.tag("Red"), "红方棋手");
    // Versions 10, 12, 16 and 18 (the last three encrypted), each read whole and warned of
    // nothing.
    for (const auto& [name, version, plies] :
         {std::tuple{"cchess-test1.xqf", 10, 110}, std::tuple{"cchess-BadMoveTest2.xqf", 12, 35},
          std::tuple{"cchess-ucci_test1.xqf", 16, 43}, std::tuple{"eleeye-XQFEXAMB.XQF", 18, 87}}) {
        const std::string bytes = data(name);
        EXPECT_EQ(bytes[2], version) << name;
        std::vector<Error> warnings;
        const Game g = must_read_xqf(bytes, &warnings);
        EXPECT_TRUE(warnings.empty()) << name << ": " << warnings.front().message;
        EXPECT_EQ(g.main_line().size(), static_cast<std::size_t>(plies)) << name;
    }
}

TEST(Xqf, AnIllegalMoveIsLeftOutWithTheMovesAfterItAndSaidAtItsByte) {
    // In one of WildHouse's lines, move 74 (Black's) goes from e7, where no piece stands, to
    // the red horse on f7. (cchess skips that record and hangs the moves after it on the
    // position before it; kifu leaves them out: docs/xqf.md.)
    std::vector<Error> warnings;
    const Game g = must_read_xqf(data("cchess-WildHouse.xqf"), &warnings);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].code, ErrorCode::illegal_move);
    EXPECT_EQ(warnings[0].offset, 4510u);
    EXPECT_EQ(warnings[0].line, 0u);
    EXPECT_EQ(
        warnings[0].message,
        "at byte 4510 (0x119E): the move 47-57 is not legal here (ply 74); it and the moves after it are "
        "left out");
    EXPECT_EQ(g.line_count(), 139u);
}

TEST(Xqf, Version10IsWrittenByteForByteAsXqStudioWroteIt) {
    // An XQStudio 1.0 file (cchess's BadMoveTest1: a 1999 internet game with the players'
    // chat as comments): read and written back, and through xiangqi PGN and back.
    const std::string original = data("cchess-BadMoveTest1.xqf");
    const Game g = must_read_xqf(original);
    EXPECT_EQ(g.tag("Site"), "bj.cchess.com");
    std::vector<std::string> notes;
    Result<std::string> written = write_xqf(g, &notes);
    ASSERT_TRUE(written);
    EXPECT_EQ(*written, original);
    EXPECT_TRUE(notes.empty());
    Result<std::vector<Game>> through_pgn = read_pgn(write_pgn(g));
    ASSERT_TRUE(through_pgn);
    Result<std::string> again = write_xqf(through_pgn->front(), &notes);
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, original);
}

TEST(Xqf, VariationsAreWrittenAsVersion18AndReadBack) {
    for (const std::string_view name : {"cchess-test_5_variations.xqf", "cchess-FiveGoatsTest.xqf",
                                        "eleeye-SAMPLE.XQF", "cchess-WildHouse.xqf"}) {
        const Game g = must_read_xqf(data(name));
        std::vector<std::string> notes;
        Result<std::string> written = write_xqf(g, &notes);
        ASSERT_TRUE(written) << name;
        EXPECT_EQ((*written)[2], g.line_count() > 1 ? 18 : 10) << name;
        std::vector<Error> warnings;
        const Game back = must_read_xqf(*written, &warnings);
        EXPECT_TRUE(warnings.empty()) << name;
        EXPECT_TRUE(same_tree(g, back, [](const Game& x) { return x.result; })) << name;
        EXPECT_EQ(back.tags, g.tags) << name;
        EXPECT_EQ(write_fen(back.start), write_fen(g.start)) << name;
    }
}

// A file laid out as XQF 1.0's description says, byte by byte: the standard start, the
// moves given (from, to as X * 10 + Y), a comment on the first.
std::string version10(std::initializer_list<std::pair<int, int>> moves, std::string_view comment = "") {
    std::string f(0x400, '\0');
    f[0] = 'X';
    f[1] = 'Q';
    f[2] = 10;
    constexpr int kStart[32] = {80, 70, 60, 50, 40, 30, 20, 10, 0,  72, 12, 83, 63, 43, 23, 3,
                                9,  19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6,  26, 46, 66, 86};
    for (int i = 0; i < 32; ++i) f[0x10 + static_cast<std::size_t>(i)] = static_cast<char>(kStart[i]);
    f[0x33] = 2;  // Black wins
    f[0x130] = 2;
    f.replace(0x131, 2, "AB");
    const auto record = [&](int from, int to, bool last, std::string_view text, bool root) {
        f += static_cast<char>(from + 24);
        f += static_cast<char>(to + 32);
        f += static_cast<char>(last ? 0x00 : 0xF0);
        f += static_cast<char>(root ? 0xFF : 0x00);
        for (int k = 0; k < 4; ++k) f += static_cast<char>((text.size() >> (8 * k)) & 0xFF);
        f += text;
    };
    record(0, 0, moves.size() == 0, "", true);
    std::size_t i = 0;
    for (const auto& [from, to] : moves) {
        ++i;
        record(from, to, i == moves.size(), i == 1 ? comment : "", false);
    }
    return f;
}

TEST(Xqf, AFileLaidOutAsTheFormatDescriptionSays) {
    // 1. C2.5 (h2e2: X 7 Y 2 to X 4 Y 2), 1... H8+7 (h9g7: X 7 Y 9 to X 6 Y 7).
    const std::string bytes = version10({{72, 42}, {79, 67}}, "\xD6\xD0\xC5\xDA\r\n");  // 中炮 in GBK
    EXPECT_TRUE(looks_like_xqf(bytes));
    const Game g = must_read_xqf(bytes);
    EXPECT_EQ(g.start, Position::start());
    EXPECT_EQ(lines_of(g), std::vector<std::string>{"h2e2 h9g7"});
    EXPECT_EQ(g.node(g.main_line()[0]).comments(), std::vector<std::string>{"中炮"});
    EXPECT_EQ(g.result, "0-1");
    EXPECT_EQ(g.tag("Red"), "AB");
    // Written back: the same bytes.
    Result<std::string> written = write_xqf(g);
    ASSERT_TRUE(written);
    EXPECT_EQ(*written, bytes);
    // Header strings are kept as they are, line ends too (only comments lose XQStudio's
    // trailing one): found by xqf_fuzz, whose second writing differed from the first.
    std::string with_line_end = bytes;
    with_line_end[0x140] = 3;
    with_line_end.replace(0x141, 3, "B\r\n");
    const Game kept = must_read_xqf(with_line_end);
    EXPECT_EQ(kept.tag("Black"), "B\r\n");
    ASSERT_TRUE(write_xqf(kept));
    EXPECT_EQ(*write_xqf(kept), with_line_end);
    // Black's first move makes Black the side to move at the start.
    const Game black = must_read_xqf(version10({{79, 67}}));
    EXPECT_EQ(black.start.side_to_move, Color::black);
}

TEST(Xqf, DamagedFilesAreErrorsOrWarningsAtTheirByte) {
    const auto error = [](std::string_view bytes) {
        Result<Game> r = read_xqf(bytes);
        EXPECT_FALSE(r);
        return r ? Error() : r.error();
    };
    EXPECT_EQ(error("XQ\x0a").message, "at byte 0 (0x0): an XQF header is 1,024 bytes; the file is shorter");
    EXPECT_EQ(error(std::string(2000, 'x')).message,
              "at byte 0 (0x0): expected an XQF file (it starts with \"XQ\")");
    // Place 1 (a horse) on the square of place 0 (a chariot).
    std::string two_on_one = version10({});
    two_on_one[0x11] = two_on_one[0x10];
    const Error e = error(two_on_one);
    EXPECT_EQ(e.offset, 0x11u);
    EXPECT_EQ(e.code, ErrorCode::duplicate);
    EXPECT_EQ(e.message, "at byte 17 (0x11): two pieces on the square 80");

    // The tree cut short: what was read is kept, and the cut said.
    std::string cut = version10({{72, 42}, {79, 67}});
    cut.resize(cut.size() - 5);
    std::vector<Error> warnings;
    Game g = must_read_xqf(cut, &warnings);
    EXPECT_EQ(g.main_line().size(), 1u);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].message,
              "at byte 1040 (0x410): the file ends inside the move tree: its first 2 record(s) are read");
    // Bytes after the tree's last record.
    warnings.clear();
    g = must_read_xqf(version10({{72, 42}}) + "junk", &warnings);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].offset, 0x410u);
    // Version 18's comment lengths carry a key (767 with zero keys): less is damage.
    std::string v18(0x400, '\0');
    v18.replace(0, 3, "XQ\x12");
    v18.replace(0x10, 32, std::string(32, '\xFF'));  // no piece on the board
    v18 += std::string("XQ\x20\x00", 4) + std::string("\x10\x00\x00\x00", 4);
    EXPECT_EQ(error(v18).message,
              "at byte 1028 (0x404): a comment's length is below its key: the file is damaged");
}

TEST(Xqf, TheWriterSaysWhatItCannotHold) {
    Result<Position> black_to_move = parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
    ASSERT_TRUE(black_to_move);
    Game g(*black_to_move);
    g.set_tag("Event", std::string(40, 'x') + "象棋象棋象棋象棋象棋象棋象棋");
    std::vector<std::string> notes;
    Result<std::string> written = write_xqf(g, &notes);
    ASSERT_TRUE(written);
    EXPECT_EQ(notes, std::vector<std::string>{"the Event past its field's 63 bytes"});
    // Black to move without a move: version 18, whose header says who moves.
    EXPECT_EQ((*written)[2], 18);
    const Game back = must_read_xqf(*written);
    EXPECT_EQ(back.start, g.start);
    // 40 letters and 11 characters of two bytes: 62 bytes, no character cut in two.
    EXPECT_EQ(back.tag("Event"), std::string(40, 'x') + "象棋象棋象棋象棋象棋象");
    EXPECT_EQ((*written)[0x40], 3);  // not the standard start: an endgame

    Position crowded = Position::start();
    crowded.board[make_square(4, 5)] = {PieceType::chariot, Color::red};  // a third red chariot
    const Result<std::string> refused = write_xqf(Game(crowded));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, ErrorCode::unsupported);
}

}  // namespace
}  // namespace kifu::xiangqi
