// The game filters (formats/filter.hpp): their words read with the column of an error, every
// game's outcome by its traits, tags, players, years and ratings over the records of every
// game, and a PGN stream's games filtered from their tags alone (by their opening when a book
// named them).

#include "kifu/formats/filter.hpp"

#include <gtest/gtest.h>

#include "../support/documents.hpp"

namespace kifu::formats {
namespace {

using test::read_as;

GameFilter filter_of(std::string_view where = {}, std::string_view years = {}, std::string_view result = {},
                     std::string_view player = {}, std::string_view ratings = {}) {
    GameFilter f;
    if (!where.empty()) f.tags.push_back(*parse_tag_condition(where));
    if (!years.empty()) {
        EXPECT_TRUE(parse_years(years, f)) << years;
    }
    if (!result.empty()) {
        EXPECT_TRUE(parse_outcome(result, f)) << result;
    }
    f.player = player;
    if (!ratings.empty()) {
        EXPECT_TRUE(parse_ratings(ratings, f)) << ratings;
    }
    return f;
}

TEST(GameFilter, WordsReadWithTheColumnOfAnError) {
    GameFilter f;
    ASSERT_TRUE(parse_years("2020..2024", f));
    EXPECT_EQ(f.year_from, 2020);
    EXPECT_EQ(f.year_to, 2024);
    ASSERT_TRUE(parse_years("..1990", f));
    EXPECT_FALSE(f.year_from);
    EXPECT_EQ(f.year_to, 1990);
    ASSERT_TRUE(parse_years("2021", f));
    EXPECT_EQ(f.year_from, 2021);
    EXPECT_EQ(f.year_to, 2021);
    Result<void> bad = parse_years("2020..24", f);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().column, 7u) << bad.error().message;
    EXPECT_FALSE(parse_years("2024..2020", f));
    EXPECT_FALSE(parse_years("..", f));

    ASSERT_TRUE(parse_ratings("2500", f));
    EXPECT_EQ(f.rating_from, 2500);
    EXPECT_FALSE(f.rating_to);  // at least
    ASSERT_TRUE(parse_ratings("2200..2400", f));
    EXPECT_EQ(f.rating_to, 2400);
    bad = parse_ratings("2200..x", f);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().column, 7u);

    Result<std::pair<std::string, std::string>> tag = parse_tag_condition("ECO=B90");
    ASSERT_TRUE(tag);
    EXPECT_EQ(tag->first, "ECO");
    EXPECT_EQ(tag->second, "B90");
    EXPECT_EQ(parse_tag_condition("=B90").error().column, 1u);
    EXPECT_EQ(parse_tag_condition("ECO").error().column, 4u);

    EXPECT_EQ(outcome_named("B+"), GameOutcome::first);
    EXPECT_EQ(outcome_named("gote"), GameOutcome::second);
    EXPECT_EQ(outcome_named("1/2-1/2"), GameOutcome::draw);
    EXPECT_FALSE(outcome_named("white"));
    EXPECT_FALSE(parse_outcome("white", f));
}

// Each game's traits read who won from its own record.
TEST(GameFilter, EveryGameSaysWhoWon) {
    const auto outcome_of = [](std::string_view format, std::string_view text) {
        GameOutcome o = GameOutcome::unknown;
        visit_record(read_as(format, text), [&](const auto& games) {
            o = std::decay_t<decltype(*games.begin())>::GameTraits::outcome(*games.begin());
        });
        return o;
    };
    EXPECT_EQ(outcome_of("pgn", "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1"), GameOutcome::second);
    EXPECT_EQ(outcome_of("pgn", "[Result \"1/2-1/2\"]\n\n1. e4 *"), GameOutcome::unknown);  // the marker says
    EXPECT_EQ(outcome_of("pgn", "[Result \"1/2-1/2\"]\n\n1. e4"), GameOutcome::draw);       // none: the tag
    EXPECT_EQ(outcome_of("pgn-xiangqi", "[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0"), GameOutcome::first);
    // KIF: 投了 by the side to move (gote after one move) is sente's win.
    EXPECT_EQ(outcome_of("kif", "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n"),
              GameOutcome::first);
    EXPECT_EQ(
        outcome_of("kif", "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n"),
        GameOutcome::second);
}

TEST(GameFilter, TagsPlayersYearsAndRatingsOfRecords) {
    const Document pgn =
        read_as("pgn",
                "[White \"Magnus Carlsen\"]\n[Black \"Ann\"]\n[Date \"2019.05.01\"]\n"
                "[WhiteElo \"2860\"]\n[BlackElo \"2400\"]\n[ECO \"B90\"]\n[Result \"1-0\"]\n\n"
                "1. e4 c5 1-0\n\n"
                "[White \"Bob\"]\n[Black \"carlsen, m\"]\n[Date \"????.??.??\"]\n"
                "[Result \"0-1\"]\n\n1. d4 0-1\n");
    EXPECT_EQ(passing_games(pgn, filter_of("ECO=b9")), (std::vector<std::size_t>{0}));
    EXPECT_EQ(passing_games(pgn, filter_of({}, {}, {}, "CARLSEN")), (std::vector<std::size_t>{0, 1}));
    EXPECT_EQ(passing_games(pgn, filter_of({}, "2015..")), (std::vector<std::size_t>{0}));  // no year: out
    EXPECT_EQ(passing_games(pgn, filter_of({}, {}, "0-1")), (std::vector<std::size_t>{1}));
    EXPECT_EQ(passing_games(pgn, filter_of({}, {}, {}, {}, "2400..")), (std::vector<std::size_t>{0}));
    EXPECT_TRUE(passing_games(pgn, filter_of({}, {}, {}, {}, "2500..")).empty());  // both players rated
    EXPECT_TRUE(passing_games(pgn, filter_of("Site=x")).empty());                  // a tag it lacks

    const Document sgf = read_as(
        "sgf", "(;GM[1]SZ[9]PB[Lee Sedol]PW[AlphaGo]DT[2016-03-13]RE[B+R];B[cc])(;GM[1]PB[Ke Jie]RE[W+0.5])");
    EXPECT_EQ(passing_games(sgf, filter_of({}, {}, "B+", "lee")), (std::vector<std::size_t>{0}));
    EXPECT_EQ(passing_games(sgf, filter_of({}, {}, "W+")), (std::vector<std::size_t>{1}));
    EXPECT_EQ(passing_games(sgf, filter_of({}, "2016")), (std::vector<std::size_t>{0}));
    EXPECT_TRUE(passing_games(sgf, filter_of({}, {}, {}, {}, "1")).empty());  // Go's ranks are no ratings
    EXPECT_TRUE(passing_games(read_as("fen", "startpos"), filter_of({}, {}, "1-0")).empty());
}

TEST(GameFilter, PgnStreamGamesByTheirTagsAlone) {
    // The second game's movetext is broken: its tags alone are read.
    const std::string text =
        "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
        "[White \"Bob\"]\n[Black \"Ann\"]\n[Result \"0-1\"]\n\n1. e5 0-1\n\n";
    chess::PgnSplitter splitter(text);
    const std::optional<chess::PgnGameText> first = splitter.next(), second = splitter.next();
    ASSERT_TRUE(first && second);
    const GameFilter bob_wins = filter_of({}, {}, "0-1", "bob");
    EXPECT_FALSE(pgn_game_passes(*first, bob_wins, {}));
    EXPECT_TRUE(pgn_game_passes(*second, bob_wins, {}));
    EXPECT_TRUE(pgn_game_passes(*first, filter_of("White=an"), {}));
    EXPECT_FALSE(pgn_game_passes(*second, filter_of("White=an"), {}));
    // With a book, the opening tags are those of the opening the game was named by.
    Result<Document> book_record =
        find_format("pgn")->read("[ECO \"C20\"]\n[Opening \"King's pawn\"]\n\n1. e4 e5 *\n", {});
    ASSERT_TRUE(book_record);
    Result<OpeningBook> book = OpeningBook::of(*book_record);
    ASSERT_TRUE(book) << book.error().message;
    const GameFilter c20 = filter_of("ECO=C20");
    EXPECT_FALSE(pgn_game_passes(*first, c20, {}));
    PgnOpeningFinder finder(*book);
    chess::read_pgn_game(*first, finder);
    ASSERT_TRUE(finder.match().opening);
    EXPECT_TRUE(pgn_game_passes(*first, c20, {}, &*book, finder.match().opening));
    EXPECT_FALSE(pgn_game_passes(*first, filter_of("Opening=queen"), {}, &*book, finder.match().opening));
}

}  // namespace
}  // namespace kifu::formats
