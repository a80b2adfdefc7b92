// PGN on real files (KIFU_TESTDATA_DIR/chess): every edge-case file of seven projects'
// test folders, with the numbers we read pinned, and the 72,858-game corpus.
//
// Where we differ from python-chess (PROVENANCE.md's column) on purpose:
// - a game's error count here (read with strict_results) includes results that contradict the final position
//   (test-fixresulttags-in.pgn: 5) or the game's own Result tag
//   (test-nobadresults.pgn: 3; no_moves_but_game_termination_2.pgn); python-chess does
//   not check results;
// - variants other than standard chess and Chess960 are reported as unsupported
//   (antichess: 2 games, the two crazyhouse studies: 1 each), where python-chess plays them;
// - tag-only games are separate games (FWWRC.pgn: 605, uzchesscup.pgn: 45, where
//   python-chess merges everything into one game), and games ended only by '*' are
//   separate games (test-fuzzydepth.pgn: 4, python-chess: 1 game with an error);
// - a truncated last move is an error (corrupted.pgn: "Kx" at the end of the file);
// - nested braces are not PGN (nested-comment.pgn: the comment ends at the first '}',
//   and the rest is read as moves, which fails), and chess.js's "<br />" line separator
//   is not either (chess.js/0.pgn).

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/pgn_retag.hpp"
#include "kifu/chess/pgn_writer.hpp"
#include "kifu/core/byte_source.hpp"

namespace kifu::chess {
namespace {

namespace fs = std::filesystem;
const fs::path kPgn = fs::path(KIFU_TESTDATA_DIR) / "chess" / "pgn";

struct Counts {
    std::size_t games = 0, plies = 0, variations = 0, broken = 0;
    bool operator==(const Counts&) const = default;
};

struct Counter : PgnVisitor {
    Counts counts;
    int depth = 0;
    bool error_seen = false;
    bool begin_game(const PgnGameText&) override {
        ++counts.games;
        depth = 0;
        error_seen = false;
        return true;
    }
    void move(const Position&, Move, std::string_view) override { counts.plies += depth == 0; }
    bool begin_variation() override {
        ++depth;
        ++counts.variations;
        return true;
    }
    void end_variation() override { --depth; }
    void error(const Error&) override {
        if (!error_seen) ++counts.broken;
        error_seen = true;
    }
};

struct Expected {
    const char* file;
    std::size_t games, plies, variations, broken;  // plies of main lines; games with errors
};

const Expected kExpected[] = {
    {"chess-library/backslash_header.pgn", 1, 95, 0, 0},
    {"chess-library/basic.pgn", 1, 130, 0, 0},
    {"chess-library/black2move.pgn", 1, 0, 0, 1},
    {"chess-library/book.pgn", 1, 16, 0, 0},
    {"chess-library/castling.pgn", 1, 6, 0, 0},
    {"chess-library/comment_before_moves.pgn", 1, 139, 0, 0},
    {"chess-library/corrupted.pgn", 1, 124, 0, 1},
    {"chess-library/empty_body.pgn", 2, 252, 0, 0},
    {"chess-library/fuzz-bare", 1, 111, 0, 0},
    {"chess-library/fuzz-fishtest-fastchess.pgn", 4, 307, 0, 0},
    {"chess-library/fuzz-magnus-grischuk.pgn", 1, 89, 2, 0},
    {"chess-library/multiple.pgn", 4, 532, 0, 0},
    {"chess-library/newline.pgn", 1, 6, 0, 0},
    {"chess-library/no_moves.pgn", 1, 0, 0, 0},
    {"chess-library/no_moves_but_comment_followed_by_termination_marker.pgn", 2, 0, 0, 0},
    {"chess-library/no_moves_but_game_termination.pgn", 1, 0, 0, 0},
    {"chess-library/no_moves_but_game_termination_2.pgn", 1, 0, 0, 1},
    {"chess-library/no_moves_but_game_termination_3.pgn", 1, 0, 0, 0},
    {"chess-library/no_moves_but_game_termination_multiple.pgn", 2, 126, 0, 0},
    {"chess-library/no_moves_but_game_termination_multiple_2.pgn", 3, 0, 0, 0},
    {"chess-library/no_moves_two_games.pgn", 2, 0, 0, 0},
    {"chess-library/no_result.pgn", 1, 0, 0, 0},
    {"chess-library/non_ascii.pgn", 1, 20, 0, 0},
    {"chess-library/skip.pgn", 2, 260, 0, 0},
    {"chess-library/square_bracket_in_header.pgn", 1, 130, 0, 0},
    {"chess-library/threefold_repetition.pgn", 1, 9, 0, 0},
    {"chess-library/unescaped_quote_header.pgn", 1, 20, 0, 0},
    {"chess-library/variations.pgn", 1, 108, 26, 0},
    {"chess.js/0.pgn", 2, 0, 0, 2},
    {"chess.js/1.pgn", 1, 81, 0, 0},
    {"chess.js/2.pgn", 1, 4, 0, 0},
    {"chess.js/3.pgn", 1, 4, 0, 0},
    {"chess.js/benchmark.pgn", 100, 6193, 0, 0},
    {"pgn-extract/barnes-horton.pgn", 1, 72, 1, 0},
    {"pgn-extract/bots.pgn", 12, 554, 0, 0},
    {"pgn-extract/fischer.pgn", 34, 3160, 0, 0},
    {"pgn-extract/fools-mate.pgn", 1, 4, 0, 0},
    {"pgn-extract/najdorf.pgn", 8, 608, 0, 0},
    {"pgn-extract/nested-comment.pgn", 1, 1, 0, 1},
    {"pgn-extract/odds.pgn", 32, 2433, 0, 0},
    {"pgn-extract/petrosian.pgn", 35, 2631, 0, 0},
    {"pgn-extract/test-7.pgn", 1, 165, 0, 0},
    {"pgn-extract/test-C.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-F-text.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-F.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-L1.pgn", 1, 4, 0, 0},
    {"pgn-extract/test-L2.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-N.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-P.pgn", 11, 1021, 0, 0},
    {"pgn-extract/test-R.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-Ta.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-V.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-addhashcode.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-allownullmoves.pgn", 2, 7, 2, 0},
    {"pgn-extract/test-checkmate.pgn", 2, 76, 1, 0},
    {"pgn-extract/test-e.pgn", 6, 447, 0, 0},
    {"pgn-extract/test-evaluation.pgn", 1, 4, 0, 0},
    {"pgn-extract/test-f1.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-f2.pgn", 1, 4, 0, 0},
    {"pgn-extract/test-fencomments.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-fifty.pgn", 2, 511, 0, 0},
    {"pgn-extract/test-fixresulttags-in.pgn", 5, 417, 0, 5},
    {"pgn-extract/test-fuzzydepth.pgn", 4, 20, 0, 0},
    {"pgn-extract/test-hash.pgn", 35, 3256, 0, 0},
    {"pgn-extract/test-long-line.pgn", 1, 4, 0, 0},
    {"pgn-extract/test-matchplylimit.pgn", 1, 102, 0, 0},
    {"pgn-extract/test-nagcomments.pgn", 1, 1, 0, 0},
    {"pgn-extract/test-nobadresults.pgn", 9, 9, 0, 3},
    {"pgn-extract/test-nochecks.pgn", 2, 76, 1, 0},
    {"pgn-extract/test-nomovenumbers.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-noresults.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-notags.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-plycount.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-plylimit.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-promotion-in.pgn", 8, 8, 0, 0},
    {"pgn-extract/test-repetition.pgn", 12, 1085, 0, 0},
    {"pgn-extract/test-s.pgn", 3, 255, 0, 0},
    {"pgn-extract/test-selectonly.pgn", 34, 3160, 0, 0},
    {"pgn-extract/test-setup-in.pgn", 2, 148, 0, 0},
    {"pgn-extract/test-seventyfive.pgn", 5, 1561, 0, 0},
    {"pgn-extract/test-splitvariants.pgn", 1, 3, 3, 0},
    {"pgn-extract/test-stalemate.pgn", 3, 178, 1, 0},
    {"pgn-extract/test-startply.pgn", 10, 731, 0, 0},
    {"pgn-extract/test-stopafter.pgn", 34, 3160, 0, 0},
    {"pgn-extract/test-t.pgn", 6, 539, 0, 0},
    {"pgn-extract/test-ucE.pgn", 6, 447, 0, 0},
    {"pgn-extract/test-ucS.pgn", 3, 255, 0, 0},
    {"pgn-extract/test-ucW.pgn", 1, 72, 1, 0},
    {"pgn-extract/test-w.pgn", 1, 72, 1, 0},
    {"pgn-parser/32games.pgn", 32, 2069, 0, 0},
    {"pgn-parser/benko.pgn", 2, 150, 0, 0},
    {"pgn-parser/lichess_mliebelt_2024-01-03.pgn", 8, 604, 0, 0},
    {"python-chess/anastasian-lewis.pgn", 1, 84, 0, 0},
    {"python-chess/antichess-programfox.pgn", 2, 0, 0, 2},
    {"python-chess/chessbase-empty-line.pgn", 1, 134, 0, 0},
    {"python-chess/cutechess-fischerrandom.pgn", 4, 396, 0, 0},
    {"python-chess/kasparov-deep-blue-1997.pgn", 6, 519, 0, 0},
    {"python-chess/knightvuillaume-jannlee-zh-lichess.pgn", 1, 0, 0, 1},
    {"python-chess/molinari-bordais-1979.pgn", 1, 10, 0, 0},
    {"python-chess/nepomniachtchi-liren-game1.pgn", 1, 97, 0, 0},
    {"python-chess/saturs-jannlee-zh-lichess.pgn", 1, 0, 0, 1},
    {"python-chess/stockfish-learning.pgn", 1, 154, 0, 0},
    {"python-chess/uci-moves.pgn", 1, 113, 0, 0},
    {"python-chess/utf8-bom.pgn", 2, 0, 0, 0},
    {"scalachess/FWWRC.pgn", 605, 0, 0, 0},
    {"scalachess/uzchesscup.pgn", 45, 0, 0, 0},
    {"scoutfish/ambiguous.pgn", 3, 159, 0, 1},
    {"scoutfish/famous_games.pgn", 501, 28873, 29, 0},
    {"scoutfish/newlines.pgn", 4, 236, 0, 0},
    {"scoutfish/semicomm.pgn", 46, 3004, 1192, 0},
};

TEST(PgnCorpus, EveryEdgeCaseFileReadsAsPinned) {
    if (!fs::exists(kPgn))
        GTEST_SKIP() << "test data not found: " << kPgn.string() << " (set KIFU_TESTDATA_DIR)";
    std::size_t files = 0;
    for (const Expected& e : kExpected) {
        SCOPED_TRACE(e.file);
        std::ifstream in(kPgn / e.file, std::ios::binary);
        ASSERT_TRUE(in) << "missing " << e.file;
        std::ostringstream buffer;
        buffer << in.rdbuf();
        const std::string text = buffer.str();
        Counter counter;
        PgnSplitter splitter(text);
        while (const auto game = splitter.next()) read_pgn_game(*game, counter, {.strict_results = true});
        EXPECT_EQ(counter.counts, (Counts{e.games, e.plies, e.variations, e.broken}))
            << fmt::format("read: {{\"{}\", {}, {}, {}, {}}}", e.file, counter.counts.games,
                           counter.counts.plies, counter.counts.variations, counter.counts.broken);
        // Every game that read without error is written and read back to the same tree.
        for (const Game& g : read_pgn(text)) {
            if (!g.errors.empty()) continue;
            const std::vector<Game> again = read_pgn(write_pgn(g));
            ASSERT_EQ(again.size(), 1u);
            EXPECT_EQ(again[0].nodes.size(), g.nodes.size());
            EXPECT_TRUE(again[0].errors.empty());
            EXPECT_EQ(again[0].main_line().size(), g.main_line().size());
        }
        ++files;
    }
    // Every file in the folder is in the table.
    std::size_t on_disk = 0;
    for (const auto& entry : fs::recursive_directory_iterator(kPgn))
        on_disk += entry.is_regular_file() && entry.path().extension() != ".md";
    EXPECT_EQ(files, on_disk);
}

// Retagging a game's text (chess/pgn_retag.hpp, kifu dedupe --openings) on every game of
// every edge-case file and the corpus's first 3,000: the retagged text reads as the same
// game (moves, errors, result) with the named tags replaced and every other tag in its place
// (the tags compared where the game reads without errors).
TEST(PgnCorpus, RetaggedTextsReadAsTheSameGamesWithTheNewTags) {
    if (!fs::exists(kPgn))
        GTEST_SKIP() << "test data not found: " << kPgn.string() << " (set KIFU_TESTDATA_DIR)";
    const std::vector<std::string> drop{"ECO", "Opening", "Variation"};
    const std::vector<std::pair<std::string, std::string>> add{{"ECO", "X99"}, {"Opening", "Re \"tagged\""}};
    std::size_t games = 0;
    const auto check = [&](const PgnGameText& text, const std::string& where) {
        if (text.oversized) return;
        GameBuilder builder;
        read_pgn_game(text, builder);
        const Game before = builder.take();
        std::string retagged;
        append_retagged(retagged, text.text, drop, add);
        PgnSplitter again{std::string_view(retagged)};
        const std::optional<PgnGameText> one = again.next();
        ASSERT_TRUE(one) << where << retagged;
        EXPECT_FALSE(again.next()) << where << retagged;
        read_pgn_game(*one, builder);
        const Game after = builder.take();
        ASSERT_EQ(after.nodes.size(), before.nodes.size()) << where << retagged;
        for (std::size_t i = 0; i < before.nodes.size(); ++i)
            ASSERT_EQ(after.nodes[i].move, before.nodes[i].move) << where << retagged;
        EXPECT_EQ(after.errors.size(), before.errors.size()) << where << retagged;
        EXPECT_EQ(after.result, before.result) << where;
        if (!before.errors.empty()) return;  // a variant's game: its tags are read up to Variant
        std::vector<std::pair<std::string, std::string>> expected;
        for (const auto& tag : before.tags)
            if (std::find(drop.begin(), drop.end(), tag.first) == drop.end()) expected.push_back(tag);
        expected.insert(expected.end(), add.begin(), add.end());
        EXPECT_EQ(after.tags, expected) << where << retagged;
        ++games;
    };
    for (const Expected& e : kExpected) {
        std::ifstream in(kPgn / e.file, std::ios::binary);
        std::ostringstream buffer;
        buffer << in.rdbuf();
        const std::string text = buffer.str();
        PgnSplitter splitter(text);
        while (const auto game = splitter.next())
            check(*game, fmt::format("{} game {}: ", e.file, game->index + 1));
    }
    const fs::path corpus =
        fs::path(KIFU_TESTDATA_DIR) / "chess" / "corpus" / "gnuchess_book_1.02_half.pgn.zst";
    if (auto source = open_byte_source(corpus.string())) {
        PgnSplitter splitter(std::move(*source));
        for (int i = 0; i < 3000; ++i)
            if (const auto game = splitter.next())
                check(*game, fmt::format("corpus game {}: ", game->index + 1));
    }
    EXPECT_GT(games, 3000u);
}

// The 72,858-game corpus: totals, and export then re-read gives identical games.
TEST(PgnCorpus, GnuChessBookHalf) {
    const fs::path path =
        fs::path(KIFU_TESTDATA_DIR) / "chess" / "corpus" / "gnuchess_book_1.02_half.pgn.zst";
    if (!fs::exists(path)) GTEST_SKIP() << "test data not found: " << path.string();
    auto source = open_byte_source(path.string());
    ASSERT_TRUE(source);
    PgnSplitter splitter(std::move(*source));
    GameBuilder builder;
    std::size_t games = 0, plies = 0, broken = 0, warned = 0, round_trips = 0;
    while (const auto text = splitter.next()) {
        read_pgn_game(*text, builder);
        const Game g = builder.take();
        ++games;
        warned += !g.warnings.empty();
        plies += g.main_line().size();
        if (!g.errors.empty()) {
            ++broken;
            continue;
        }
        const std::string written = write_pgn(g);
        const std::vector<Game> again = read_pgn(written);
        ASSERT_EQ(again.size(), 1u) << written;
        EXPECT_EQ(again[0].nodes.size(), g.nodes.size());
        bool same = again[0].start == g.start && again[0].result == g.result && again[0].errors.empty();
        for (std::size_t i = 0; same && i < g.nodes.size(); ++i)
            same = again[0].nodes[i].move == g.nodes[i].move;
        EXPECT_TRUE(same) << written;
        round_trips += same;
    }
    EXPECT_FALSE(splitter.error().has_value());
    fmt::print(
        "corpus: {} games, {} plies, {} with errors, {} with warnings, {} exported and re-read identically\n",
        games, plies, broken, warned, round_trips);
    EXPECT_EQ(games, 72858u);
    EXPECT_EQ(plies, 5633665u);
    // The 8 games whose result contradicts a mate or stalemate on the board (pgn-extract
    // reports the same 8, as warnings): warnings, unless strict_results.
    EXPECT_EQ(broken, 0u);
    EXPECT_EQ(warned, 8u);
    EXPECT_EQ(round_trips, games - broken);
}

}  // namespace
}  // namespace kifu::chess
