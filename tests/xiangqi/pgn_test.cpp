// Xiangqi games: the 150 synthetic games of ../shared/testdata/xiangqi/records (their
// moves in ICCS, WXF and SAN, and their PGN) read to their final FEN and converted between
// the notations and back; PGN with comments, variations and a FEN start; errors.

#include "kifu/xiangqi/pgn.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace kifu::xiangqi {
namespace {

namespace fs = std::filesystem;
const fs::path kRecords = fs::path(KIFU_TESTDATA_DIR) / "xiangqi" / "records" / "synthetic";

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

struct Synthetic {
    std::string id, start, ending, result, final_fen, iccs, wxf, san;
    int plies = 0;
};

std::vector<Synthetic> read_games() {
    std::vector<Synthetic> out;
    std::ifstream in(kRecords / "synthetic_games.tsv");
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        std::istringstream f(line);
        Synthetic g;
        std::string plies;
        std::getline(f, g.id, '\t');
        std::getline(f, g.start, '\t');
        std::getline(f, plies, '\t');
        std::getline(f, g.ending, '\t');
        std::getline(f, g.result, '\t');
        std::getline(f, g.final_fen, '\t');
        std::getline(f, g.iccs, '\t');
        std::getline(f, g.wxf, '\t');
        std::getline(f, g.san, '\t');
        g.plies = std::stoi(plies);
        out.push_back(g);
    }
    return out;
}

bool same(const Game& a, const Game& b) {
    return same_tree(a, b, [](const Game& g) { return g.result; });
}

TEST(XiangqiRecords, SyntheticGamesInEveryNotationReachTheirFinalFen) {
    if (!fs::exists(kRecords))
        GTEST_SKIP() << "test data not found: " << kRecords.string() << " (set KIFU_TESTDATA_DIR)";
    const std::vector<Synthetic> games = read_games();
    ASSERT_EQ(games.size(), 150u);
    int mates = 0, stalemates = 0, repeated = 0, material = 0;
    for (const Synthetic& s : games) {
        const Position start = *parse_fen(s.start);
        const Result<Game> iccs = read_move_list(s.iccs, Notation::iccs, start);
        ASSERT_TRUE(iccs) << s.id << ": " << iccs.error().format(s.id);
        ASSERT_EQ(iccs->main_line().size(), static_cast<std::size_t>(s.plies)) << s.id;
        const Position end = iccs->position_after(iccs->main_line().back());
        EXPECT_EQ(write_fen(end), s.final_fen) << s.id;
        for (const auto& [text, notation] : {std::pair{s.wxf, Notation::wxf}, {s.san, Notation::san}}) {
            const Result<Game> other = read_move_list(text, notation, start);
            ASSERT_TRUE(other) << s.id << ": " << other.error().format(s.id);
            EXPECT_TRUE(same(*iccs, *other)) << s.id << " " << to_string(notation);
        }
        // Written in each notation and read back: the same game.
        for (const Notation n :
             {Notation::iccs, Notation::uci, Notation::wxf, Notation::chinese, Notation::san}) {
            const std::string written = write_move_list(*iccs, n);
            const Result<Game> back = read_move_list(written, n, start);
            ASSERT_TRUE(back) << s.id << " " << to_string(n) << ": " << back.error().message << "\n"
                              << written;
            EXPECT_TRUE(same(*iccs, *back)) << s.id << " " << to_string(n);
        }
        if (s.ending == "gameover") {
            const Status st = status(end);
            mates += st == Status::checkmate;
            stalemates += st == Status::stalemate;
            material += st == Status::ongoing && insufficient_material(end);
            repeated += st == Status::ongoing && !insufficient_material(end) && !repetitions(*iccs).empty();
        }
    }
    // The 27 games Fairy-Stockfish ended: mates, stalemates, and draws with no piece left that
    // can cross the river.
    EXPECT_EQ(mates, 19);
    EXPECT_EQ(stalemates, 4);
    EXPECT_EQ(material, 4);
    EXPECT_EQ(repeated, 0);
}

TEST(XiangqiRecords, SyntheticPgnReadsAndConvertsBothWays) {
    const fs::path path = kRecords / "synthetic_games_san.pgn";
    if (!fs::exists(path))
        GTEST_SKIP() << "test data not found: " << path.string() << " (set KIFU_TESTDATA_DIR)";
    const std::string text = slurp(path);
    ASSERT_TRUE(looks_like_xiangqi_pgn(text));
    const Result<std::vector<Game>> games = read_pgn(text);
    ASSERT_TRUE(games) << games.error().format("pgn");
    ASSERT_EQ(games->size(), 150u);
    const std::vector<Synthetic> rows =
        fs::exists(kRecords / "synthetic_games.tsv") ? read_games() : std::vector<Synthetic>{};
    for (std::size_t i = 0; i < games->size(); ++i) {
        const Game& g = (*games)[i];
        if (i < rows.size()) {
            EXPECT_EQ(g.main_line().size(), static_cast<std::size_t>(rows[i].plies));
            EXPECT_EQ(write_fen(g.position_after(g.main_line().back())), rows[i].final_fen) << rows[i].id;
            EXPECT_EQ(g.result, rows[i].result) << rows[i].id;
        }
        // To Chinese and back through ICCS (each notation's moves both ways are the test above).
        const Result<std::vector<Game>> chinese = read_pgn(write_pgn(g, Notation::chinese));
        ASSERT_TRUE(chinese) << chinese.error().format("written");
        EXPECT_EQ(notation_of(chinese->front()), Notation::chinese);
        const std::string iccs = write_pgn(chinese->front(), Notation::iccs);
        const Result<std::vector<Game>> back = read_pgn(iccs);
        ASSERT_TRUE(back) << back.error().format("written") << "\n" << iccs;
        EXPECT_TRUE(same(g, back->front())) << i;
        EXPECT_EQ(write_pgn(back->front(), Notation::san), write_pgn(g));  // the SAN it was read in
    }
}

TEST(XiangqiRecords, CommentsVariationsAndAStart) {
    const std::string text =
        "[Game \"Chinese Chess\"]\n[Red \"A\"]\n[Black \"B\"]\n[Format \"Chinese\"]\n"
        "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n\n"
        "{before} 1... 馬８進７ {中炮對屏風馬} 2. 马二进三 $1 (2. 兵七進一 {also} 2... 卒７進１ (2... "
        "車９平８)) 2... 車９平８ "
        "; to the end\n3. 車一平二 1-0\n";
    const Result<std::vector<Game>> games = read_pgn(text);
    ASSERT_TRUE(games) << games.error().format("text");
    const Game& g = games->front();
    EXPECT_EQ(g.result, "1-0");
    EXPECT_EQ(g.start.side_to_move, Color::black);
    EXPECT_EQ(g.node(Game::kRoot).comments(), std::vector<std::string>{"before"});
    EXPECT_EQ(g.main_line().size(), 4u);
    EXPECT_EQ(g.line_count(), 3u);
    const NodeId second = g.main_line()[1];
    EXPECT_EQ(g.node(second).nags(), std::vector<std::uint8_t>{1});
    EXPECT_EQ(g.node(g.main_line()[2]).comments(), std::vector<std::string>{"to the end"});
    for (const Notation n : {Notation::iccs, Notation::wxf, Notation::chinese, Notation::san}) {
        const std::string written = write_pgn(g, n);
        const Result<std::vector<Game>> back = read_pgn(written);
        ASSERT_TRUE(back) << written;
        EXPECT_TRUE(same(g, back->front())) << written;
    }
    EXPECT_EQ(write_pgn(g, Notation::iccs),
              "[Game \"Chinese Chess\"]\n[Red \"A\"]\n[Black \"B\"]\n[Format \"ICCS\"]\n"
              "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n[Result "
              "\"1-0\"]\n\n"
              "{before} 1... h9g7 {中炮對屏風馬} 2. h0g2 $1 (2. c3c4 {also} 2... g6g5\n"
              "(2... i9h9)) 2... i9h9 {to the end} 3. i0h0 1-0\n");
}

TEST(XiangqiRecords, ErrorsHaveTheirPlace) {
    const auto error = [](std::string_view text) { return read_pgn(text).error(); };
    const Error illegal = error("[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7\n2. h2e2 *\n");
    EXPECT_EQ(illegal.code, ErrorCode::illegal_move);
    EXPECT_EQ(illegal.line, 4u);
    EXPECT_EQ(illegal.column, 4u);
    const Error second_game =
        error("[Game \"Chinese Chess\"]\n\n1. h2e2 *\n\n[Game \"Chinese Chess\"]\n\n1. C2.5 C8.5 2. Z *\n");
    EXPECT_EQ(second_game.line, 7u);
    EXPECT_EQ(second_game.column, 17u);
    EXPECT_EQ(error("[Game \"Chinese Chess\"]\n[FEN \"9/9 w\"]\n\n*\n").code,
              ErrorCode::unexpected_character);
    EXPECT_EQ(error("[Game \"Chinese Chess\"]\n\n1. h2e2 (1. b2e2 *\n").code,
              ErrorCode::unexpected_character);
}

TEST(XiangqiRecords, RepetitionAndPerpetualCheck) {
    // Red's chariot checks from d9 and d8 in turn, Black's general steps between e9 and e8.
    const Position start = *parse_fen("4k4/9/9/9/9/9/9/9/9/3R1K3 w");
    const Result<Game> g =
        read_move_list("d0d9 e9e8 d9d8 e8e9 d8d9 e9e8 d9d8 e8e9 d8d9", Notation::iccs, start);
    ASSERT_TRUE(g) << g.error().message;
    const std::vector<Repetition> r = repetitions(*g);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].checking, 0);
    EXPECT_EQ(g->depth(r[0].node), 9u);
    EXPECT_EQ(r[0].message,
              "repetition after ply 9: the position stands for the third time (Red gives perpetual check, "
              "which loses)");
}

}  // namespace
}  // namespace kifu::xiangqi
