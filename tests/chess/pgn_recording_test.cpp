// A recorded game builds the tree the builder builds from the text: on inline games with
// every kind of event, and on every game of the edge-case files (KIFU_TESTDATA_DIR/chess/pgn).

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/pgn_recording.hpp"

namespace kifu::chess {
namespace {

namespace fs = std::filesystem;

// Reads every game of `text` both ways and compares; returns how many games.
std::size_t expect_same_games(std::string_view text) {
    PgnSplitter splitter(text);
    std::size_t games = 0;
    while (const auto game = splitter.next()) {
        SCOPED_TRACE(testing::Message() << "game " << game->index);
        GameBuilder builder;
        read_pgn_game(*game, builder, {.strict_results = true});
        const Game built = builder.take();
        PgnRecording recording;
        read_pgn_game(*game, recording, {.strict_results = true});
        const Game replayed = recording.build();
        EXPECT_EQ(replayed.tags, built.tags);
        EXPECT_EQ(replayed.start, built.start);
        EXPECT_EQ(replayed.result, built.result);
        EXPECT_EQ(replayed.errors, built.errors);
        EXPECT_EQ(replayed.warnings, built.warnings);
        EXPECT_EQ(replayed.index, built.index);
        EXPECT_EQ(replayed.line, built.line);
        EXPECT_TRUE(replayed.nodes == built.nodes);
        // What the recording answers without a tree.
        EXPECT_EQ(recording.plies(), built.main_line().size());
        EXPECT_EQ(recording.result(), built.result);
        EXPECT_EQ(recording.errors(), built.errors);
        const auto tags = recording.tags();
        EXPECT_EQ(tags.size(), built.tags.size());
        for (std::size_t i = 0; i < std::min(tags.size(), built.tags.size()); ++i) {
            EXPECT_EQ(tags[i].first, built.tags[i].first);
            EXPECT_EQ(tags[i].second, built.tags[i].second);
        }
        ++games;
    }
    return games;
}

TEST(PgnRecording, BuildsTheTreeTheBuilderBuilds) {
    const std::string_view text =
        "{before the tags}\n[Event \"a \\\"quoted\\\" one\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"
        "[SetUp \"1\"]\n\n{start} 1. e4 $1 {after e4} (1. e3 {var} (1. Kd1) Ke7 $14) 1... Kd7!? "
        "2. Kd2 ; rest of line\n Kd6 {a} {b} ( ) 3. Kd3 *\n\n"
        "[Event \"broken\"]\n\n1. e4 e5 2. Ke3 Nf6 1-0\n\n"
        "[Event \"empty\"]\n\n*\n\n"
        "[Event \"bad fen\"]\n[FEN \"nonsense\"]\n\n1. e4 *\n";
    EXPECT_EQ(expect_same_games(text), 4u);
}

TEST(PgnRecording, TheEdgeCaseFiles) {
    const fs::path dir = fs::path(KIFU_TESTDATA_DIR) / "chess" / "pgn";
    if (!fs::exists(dir))
        GTEST_SKIP() << "test data not found: " << dir.string() << " (set KIFU_TESTDATA_DIR)";
    std::size_t games = 0;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        if (!entry.is_regular_file() || entry.path().extension() == ".md") continue;
        SCOPED_TRACE(entry.path().string());
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream buffer;
        buffer << in.rdbuf();
        games += expect_same_games(buffer.str());
    }
    EXPECT_GT(games, 1000u);
}

}  // namespace
}  // namespace kifu::chess
