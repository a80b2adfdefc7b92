// Xiangqi notations against ../shared/testdata/xiangqi/notation: every legal move of 150
// random positions in ICCS, UCI, WXF and SAN as Fairy-Stockfish writes them, read and
// written both ways (and Chinese written and read back), and the 24 curated WXF cases.

#include "kifu/xiangqi/notation.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace kifu::xiangqi {
namespace {

namespace fs = std::filesystem;
const fs::path kNotation = fs::path(KIFU_TESTDATA_DIR) / "xiangqi" / "notation";

std::vector<std::vector<std::string>> read_tsv(const fs::path& path) {
    std::vector<std::vector<std::string>> rows;
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        std::istringstream f(line);
        std::string field;
        while (std::getline(f, field, '\t')) fields.push_back(field);
        if (!line.empty() && line.back() == '\t') fields.emplace_back();
        rows.push_back(fields);
    }
    return rows;
}

std::string dots(std::string s) {
    for (char& c : s)
        if (c == '=') c = '.';
    return s;
}

// Fairy-Stockfish's own form of tandem soldiers: an ordinal and a file, no letter.
bool fsf_soldier_form(const std::string& wxf) {
    return wxf.size() == 4 && wxf[0] >= '1' && wxf[0] <= '9' && wxf[1] >= '1' && wxf[1] <= '9';
}

TEST(XiangqiNotation, EveryMoveOfTheRandomPositionsBothWays) {
    const fs::path path = kNotation / "random_positions_all_moves.tsv";
    if (!fs::exists(path))
        GTEST_SKIP() << "test data not found: " << path.string() << " (set KIFU_TESTDATA_DIR)";
    const auto rows = read_tsv(path);
    ASSERT_EQ(rows.size(), 4100u);
    std::map<std::string, std::set<std::uint16_t>> listed;
    int same_wxf = 0;
    for (const auto& r : rows) {
        ASSERT_EQ(r.size(), 5u);
        const std::string &fen = r[0], &iccs = r[1], &uci = r[2], &wxf = r[3], &san = r[4];
        const Result<Position> pos = parse_fen(fen);
        ASSERT_TRUE(pos) << fen;
        const Result<Move> m = parse_move(*pos, iccs, Notation::iccs);
        ASSERT_TRUE(m) << fen << " " << iccs << ": " << m.error().message;
        listed[fen].insert(m->raw());
        EXPECT_EQ(write_move(*pos, *m, Notation::iccs), iccs);
        EXPECT_EQ(write_move(*pos, *m, Notation::uci), uci);
        EXPECT_EQ(write_move(*pos, *m, Notation::san), san) << fen << " " << iccs;
        for (const auto& [text, notation] :
             {std::pair{uci, Notation::uci}, {wxf, Notation::wxf}, {san, Notation::san}}) {
            const Result<Move> back = parse_move(*pos, text, notation);
            ASSERT_TRUE(back) << fen << " " << text << ": " << back.error().message;
            EXPECT_EQ(*back, *m) << fen << " " << text;
        }
        const std::string official = write_move(*pos, *m, Notation::wxf);
        // Fairy-Stockfish also leaves out the front/rear mark of a tandem piece when the
        // other one cannot make a move of the same form; WXF writes it always.
        const bool fsf_plain = official.size() == 4 && (official[1] == '+' || official[1] == '-') &&
                               wxf.size() == 4 && wxf[1] >= '1' && wxf[1] <= '9';
        if (!fsf_soldier_form(wxf) && !fsf_plain) {
            EXPECT_EQ(official, dots(wxf)) << fen << " " << iccs;
            ++same_wxf;
        }
        for (const Notation n : {Notation::wxf, Notation::chinese}) {
            const std::string written = write_move(*pos, *m, n);
            const Result<Move> back = parse_move(*pos, written, n);
            ASSERT_TRUE(back) << fen << " " << written << ": " << back.error().message;
            EXPECT_EQ(*back, *m) << fen << " " << written;
        }
    }
    // Every legal move of each position is listed, and nothing else.
    ASSERT_EQ(listed.size(), 139u);  // 150 games, some of whose positions are the same
    for (const auto& [fen, moves] : listed) {
        std::set<std::uint16_t> generated;
        for (const Move m : legal_moves(*parse_fen(fen))) generated.insert(m.raw());
        EXPECT_EQ(generated, moves) << fen;
    }
    EXPECT_EQ(same_wxf, 4097);  // the other 3: Fairy-Stockfish leaves out an unneeded tandem mark
}

TEST(XiangqiNotation, CuratedWxfAndSanCases) {
    const fs::path path = kNotation / "wxf_san_curated_fsf.tsv";
    if (!fs::exists(path))
        GTEST_SKIP() << "test data not found: " << path.string() << " (set KIFU_TESTDATA_DIR)";
    const auto rows = read_tsv(path);
    ASSERT_EQ(rows.size(), 24u);
    for (const auto& r : rows) {
        const Position pos = *parse_fen(r[0]);
        const Result<Move> m = parse_move(pos, r[2], Notation::iccs);
        ASSERT_TRUE(m) << r[2];
        EXPECT_EQ(write_move(pos, *m, Notation::uci), r[1]);
        if (!r[3].empty()) {
            EXPECT_EQ(write_move(pos, *m, Notation::san), r[3]);
            EXPECT_EQ(*parse_move(pos, r[3], Notation::san), *m) << r[3];
        }
        if (!r[4].empty()) {
            const Result<Move> back = parse_move(pos, r[4], Notation::wxf);
            ASSERT_TRUE(back) << r[4] << ": " << back.error().message;
            EXPECT_EQ(*back, *m) << r[4];
        }
    }
}

TEST(XiangqiNotation, OfficialTandemForms) {
    // Three soldiers on Red's file 3 (file g) and two on file 7 (file c): the file first.
    const Position two_files = *parse_fen("4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w");
    const auto wxf = [&](const Position& p, std::string_view iccs) {
        return write_move(p, *parse_move(p, iccs, Notation::iccs), Notation::wxf);
    };
    const auto chinese = [&](const Position& p, std::string_view iccs) {
        return write_move(p, *parse_move(p, iccs, Notation::iccs), Notation::chinese);
    };
    EXPECT_EQ(wxf(two_files, "g7f7"), "3+.4");
    EXPECT_EQ(wxf(two_files, "g6f6"), "33.4");
    EXPECT_EQ(wxf(two_files, "g5f5"), "3-.4");
    EXPECT_EQ(wxf(two_files, "c6d6"), "7+.6");
    EXPECT_EQ(wxf(two_files, "c5d5"), "7-.6");
    EXPECT_EQ(chinese(two_files, "g6f6"), "中三平四");
    EXPECT_EQ(*parse_move(two_files, "33.4", Notation::wxf), *parse_move(two_files, "g6f6", Notation::iccs));
    // Five soldiers on one file.
    const Position five = *parse_fen("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w");
    EXPECT_EQ(wxf(five, "c9d9"), "++.6");
    EXPECT_EQ(wxf(five, "c8d8"), "P+.6");
    EXPECT_EQ(wxf(five, "c7d7"), "P7.6");
    EXPECT_EQ(wxf(five, "c6d6"), "P-.6");
    EXPECT_EQ(wxf(five, "c5d5"), "--.6");
    EXPECT_EQ(chinese(five, "c8d8"), "二兵平六");
    EXPECT_EQ(chinese(five, "c9d9"), "前兵平六");
    EXPECT_EQ(*parse_move(five, "--=6", Notation::wxf), *parse_move(five, "c5d5", Notation::iccs));
    // Two chariots and two cannons on a file; Black's moves in full-width digits.
    const Position rooks = *parse_fen("4k4/9/9/9/9/9/9/R3C4/4C4/R3K4 w");
    EXPECT_EQ(wxf(rooks, "a2b2"), "R+.8");
    EXPECT_EQ(wxf(rooks, "a0a1"), "R-+1");
    EXPECT_EQ(chinese(rooks, "a2b2"), "前車平八");
    // Two advisors on file 6: written by their file (the direction tells them apart), read
    // with the tandem marks too.
    const Position advisors = *parse_fen("5k3/9/9/9/9/9/9/3A5/9/3AK4 w");
    EXPECT_EQ(wxf(advisors, "d0e1"), "A6+5");
    EXPECT_EQ(wxf(advisors, "d2e1"), "A6-5");
    EXPECT_EQ(*parse_move(advisors, "A-+5", Notation::wxf), *parse_move(advisors, "d0e1", Notation::iccs));
    EXPECT_EQ(*parse_move(advisors, "A+-5", Notation::wxf), *parse_move(advisors, "d2e1", Notation::iccs));
    const Position start = Position::start();
    EXPECT_EQ(chinese(start, "h2e2"), "炮二平五");
    Position after = start;
    after.play(*parse_move(start, "h2e2", Notation::iccs));
    EXPECT_EQ(chinese(after, "h9g7"), "馬８進７");
    EXPECT_EQ(*parse_move(after, "马8进7", Notation::chinese), *parse_move(after, "h9g7", Notation::iccs));
    EXPECT_EQ(*parse_move(start, "H2-E2", Notation::iccs), *parse_move(start, "h2e2", Notation::iccs));
    EXPECT_EQ(*parse_move(start, "C2=5", Notation::wxf), *parse_move(start, "h2e2", Notation::iccs));
}

TEST(XiangqiNotation, ErrorsSayWhatWasExpected) {
    const Position start = Position::start();
    EXPECT_EQ(parse_move(start, "z2e2", Notation::iccs).error().code, ErrorCode::unexpected_character);
    EXPECT_EQ(parse_move(start, "e0e2", Notation::iccs).error().code, ErrorCode::illegal_move);
    EXPECT_EQ(parse_move(start, "C2.4x", Notation::wxf).error().message,
              "expected a WXF move such as C2.5, H2+3 or R+.3, found 'x'");
    EXPECT_EQ(parse_move(start, "R1+3", Notation::wxf).error().code, ErrorCode::illegal_move);
    EXPECT_EQ(parse_move(start, "Q2.5", Notation::wxf).error().code, ErrorCode::unexpected_character);
    EXPECT_EQ(parse_move(start, "炮二平", Notation::chinese).error().code, ErrorCode::unexpected_end);
    EXPECT_EQ(parse_move(start, "炮二平x", Notation::chinese).error().column, 4u);
    EXPECT_EQ(parse_move(start, "Hz3", Notation::san).error().column, 2u);
    // Two soldiers can reach e6 (ranks 1-10): SAN names the file of the one that moves.
    const Position two = *parse_fen("4k4/9/9/9/3P1P3/9/9/9/9/3K5 w");
    EXPECT_EQ(parse_move(two, "Pe6", Notation::san).error().code, ErrorCode::ambiguous_move);
    EXPECT_TRUE(parse_move(two, "Pde6", Notation::san));
}

}  // namespace
}  // namespace kifu::xiangqi
