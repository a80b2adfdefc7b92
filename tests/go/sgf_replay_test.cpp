// Replaying SGF games: the warnings a validator gives (FF[4] value types, nodes with two
// moves, setup without liberties).

#include <gtest/gtest.h>

#include "kifu/go/game.hpp"
#include "kifu/go/record.hpp"
#include "kifu/go/score.hpp"
#include "kifu/go/sgf_values.hpp"

namespace kifu::go {
namespace {

std::vector<SgfWarning> replay_warnings(std::string_view text, ReplayOptions options = {}) {
    Result<SgfCollection> sgf = read_sgf(text);
    EXPECT_TRUE(sgf) << text;
    if (!sgf) return {};
    std::vector<SgfWarning> warnings = sgf->warnings();
    for (const std::uint32_t root : sgf->games()) EXPECT_TRUE(check_game(*sgf, root, options, warnings));
    return warnings;
}

std::vector<std::string> messages(const std::vector<SgfWarning>& warnings) {
    std::vector<std::string> out;
    for (const SgfWarning& w : warnings)
        out.push_back(std::string(to_string(w.issue)) + ": " + w.where.message);
    return out;
}

TEST(SgfReplay, ValuesHaveTheirFF4Types) {
    EXPECT_EQ(messages(replay_warnings("(;FF[4]GM[2]KM[abc]RE[xyz]DT[yesterday]HA[-3]SZ[9])")),
              (std::vector<std::string>{
                  "bad_value: GM[2] is not Go (GM[1]); read as Go all the same",
                  "bad_value: KM[abc] is not a number (a real such as 6.5)",
                  "bad_value: RE[xyz] is not an FF[4] result (B+R, W+3.5, B+T, B+F, Draw, Void, ?, 0)",
                  "bad_value: DT[yesterday] is not an FF[4] date (YYYY-MM-DD, a shortened or a listed one)",
                  "bad_value: HA[-3] is a negative number of stones",
              }));
    // What real files write, and FF[4] allows.
    EXPECT_TRUE(replay_warnings("(;FF[4]GM[1]KM[6.5]RE[B+R]DT[1846-09-11,14,15]HA[0]SZ[19]TM[300]"
                                ";B[pd]BL[299.5]OB[25]TE[1];W[dp]WL[.5])")
                    .empty());
    for (const char* re : {"W+0.5", "B+Resign", "W+T", "B+F", "Draw", "Void", "?", "0", "B+"})
        EXPECT_FALSE(sgf_type_problem("RE", re)) << re;
    for (const char* dt : {"2016-03", "1996", "1996-05,06", "2016-03-09"})
        EXPECT_FALSE(sgf_type_problem("DT", dt)) << dt;
    // FF[1]-FF[3] wrote dates, times and results as free text.
    EXPECT_TRUE(replay_warnings("(;DT[13/5/95]TM[1 hour]RE[Black wins])").empty());
    EXPECT_EQ(replay_warnings("(;FF[4]DT[13/5/95])").size(), 1u);
}

TEST(SgfReplay, TwoMovesInANodeAreSaid) {
    const auto warnings = replay_warnings("(;SZ[9];B[ee]W[ff])");
    EXPECT_EQ(messages(warnings),
              std::vector<std::string>{"two_moves: a node with 2 moves (B[ee] and W[ff]); "
                                       "FF[4] allows one; all are played"});
    EXPECT_EQ(warnings[0].where.column, 16u);  // the second move's value
}

TEST(SgfReplay, SetupWithoutLibertiesIsSaid) {
    EXPECT_EQ(messages(replay_warnings("(;SZ[9]AB[aa]AW[ab][ba])")),
              std::vector<std::string>{
                  "setup_without_liberty: setup leaves the black stone at A9 without liberties"});
    EXPECT_TRUE(replay_warnings("(;SZ[9]AB[aa]AW[ab])").empty());
}

std::vector<SgfIssue> issues(const std::vector<SgfWarning>& warnings) {
    std::vector<SgfIssue> out;
    for (const SgfWarning& w : warnings) out.push_back(w.issue);
    return out;
}

TEST(Rules, NamedAsServersWriteThem) {
    EXPECT_EQ(rules_named("Japanese")->name, "Japanese");
    EXPECT_EQ(rules_named("new zealand")->name, "New Zealand");
    EXPECT_EQ(rules_named("NZ")->ko, KoRule::situational);
    EXPECT_EQ(rules_named("tromp-taylor")->ko, KoRule::positional);
    EXPECT_TRUE(rules_named("Tromp-Taylor")->suicide_allowed);
    EXPECT_EQ(rules_named("AGA")->scoring, Scoring::area);
    EXPECT_EQ(rules_named("GOE")->name, "Ing");
    EXPECT_FALSE(rules_named("Jpanese"));
    const std::optional<Rules> katago = rules_named("koPOSITIONALscoreTERRITORYtaxSEKIsui1");
    ASSERT_TRUE(katago);
    EXPECT_EQ(katago->ko, KoRule::positional);
    EXPECT_EQ(katago->scoring, Scoring::territory);
    EXPECT_TRUE(katago->suicide_allowed);
    EXPECT_FALSE(rules_named("koWHATscoreAREA"));
    EXPECT_EQ(all_rules().size(), 7u);
}

// B a, W c, B b (takes c), W c (takes a and b), B a: the board after move 2 again, but
// with White to move where Black was: a positional repetition, not a situational one.
constexpr std::string_view kRepeatWithOtherTurn = ";B[aa];W[ca];B[ba];W[ca];B[aa])";

TEST(Rules, PositionalAndSituationalSuperko) {
    const std::string plain = "(;SZ[3:1]" + std::string(kRepeatWithOtherTurn);
    EXPECT_TRUE(replay_warnings(plain).empty());  // simple ko: no rule against it
    EXPECT_EQ(issues(replay_warnings("(;SZ[3:1]RU[Tromp-Taylor]" + std::string(kRepeatWithOtherTurn))),
              std::vector<SgfIssue>{SgfIssue::superko_violation});
    EXPECT_EQ(issues(replay_warnings("(;SZ[3:1]RU[Chinese]" + std::string(kRepeatWithOtherTurn))),
              std::vector<SgfIssue>{SgfIssue::superko_violation});
    EXPECT_TRUE(replay_warnings("(;SZ[3:1]RU[NZ]" + std::string(kRepeatWithOtherTurn)).empty());
    EXPECT_TRUE(replay_warnings("(;SZ[3:1]RU[AGA]" + std::string(kRepeatWithOtherTurn)).empty());
    // Rules given override RU; --superko checks positions whatever the rules.
    EXPECT_TRUE(replay_warnings("(;SZ[3:1]RU[Chinese]" + std::string(kRepeatWithOtherTurn),
                                {.rules = rules_named("NZ")})
                    .empty());
    EXPECT_EQ(issues(replay_warnings(plain, {.superko = true})),
              std::vector<SgfIssue>{SgfIssue::superko_violation});
}

TEST(Rules, SituationalSuperkoSeesTheSameTurn) {
    // After the cycle, a white pass hands Black the turn on the board of move 2: B b now
    // makes the board of move 3 with White to move, as it was then.
    const std::string text = "(;SZ[3:1]RU[NZ];B[aa];W[ca];B[ba];W[ca];B[aa];W[];B[ba])";
    const auto warnings = replay_warnings(text);
    EXPECT_EQ(issues(warnings), std::vector<SgfIssue>{SgfIssue::superko_violation});
    EXPECT_EQ(warnings[0].where.message, "move 7 B[ba] repeats an earlier position");
}

TEST(Rules, SuicideOfAGroupWhereTheRulesAllowIt) {
    // Black's three stones fill their last liberty next to a living white wall.
    const std::string game = ";B[aa];W[ca];B[ab];W[cb];B[ac])";
    EXPECT_EQ(issues(replay_warnings("(;SZ[3]AW[ba][bb][bc]" + game)),
              std::vector<SgfIssue>{SgfIssue::suicide});
    EXPECT_EQ(issues(replay_warnings("(;SZ[3]RU[Japanese]AW[ba][bb][bc]" + game)),
              std::vector<SgfIssue>{SgfIssue::suicide});
    EXPECT_TRUE(replay_warnings("(;SZ[3]RU[NZ]AW[ba][bb][bc]" + game).empty());
    EXPECT_TRUE(replay_warnings("(;SZ[3]RU[Tromp-Taylor]AW[ba][bb][bc]" + game).empty());
    // A lone stone's suicide never is legal.
    EXPECT_EQ(issues(replay_warnings("(;SZ[3]RU[NZ]AW[ba][ab];B[aa])")),
              std::vector<SgfIssue>{SgfIssue::suicide});
}

// 5x5: a black wall on column C, a white one on column D; A-B black's, E white's.
constexpr std::string_view kWalls = "AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de]";

GameCount counted(std::string_view text, CountOptions options = {}) {
    Result<SgfCollection> sgf = read_sgf(text);
    EXPECT_TRUE(sgf) << text;
    Result<GameCount> c = count_game(*sgf, 0, options);
    EXPECT_TRUE(c) << text;
    return c ? *c : GameCount{};
}

TEST(Score, AreaAndTerritory) {
    const std::string game = "(;SZ[5]KM[0.5]" + std::string(kWalls) + ";B[];W[])";
    const GameCount japanese = counted(game);
    EXPECT_EQ(japanese.rules.name, "Japanese");
    EXPECT_TRUE(japanese.ended_by_passes);
    EXPECT_EQ(japanese.count.territory[0], 10);
    EXPECT_EQ(japanese.count.territory[1], 5);
    EXPECT_EQ(japanese.count.result(), "B+4.5");
    const GameCount chinese = counted(game, {.rules = rules_named("Chinese")});
    EXPECT_EQ(chinese.count.black(), 15);
    EXPECT_EQ(chinese.count.white(), 10.5);
    EXPECT_EQ(chinese.count.result(), "B+4.5");
    // Area counting gives White a point a handicap stone (AGA: after the first).
    EXPECT_EQ(counted("(;SZ[5]HA[3]RU[Chinese]" + std::string(kWalls) + ")").count.compensation, 3);
    EXPECT_EQ(counted("(;SZ[5]HA[3]RU[AGA]" + std::string(kWalls) + ")").count.compensation, 2);
    EXPECT_EQ(counted("(;SZ[5]HA[3]RU[Japanese]" + std::string(kWalls) + ")").count.compensation, 0);
}

TEST(Score, FoxsKomiIsInHundredthsOfAStone) {
    const auto komi = [](std::string_view text) {
        Result<SgfCollection> sgf = read_sgf(text);
        EXPECT_TRUE(sgf) << text;
        return sgf ? komi_of(*sgf, 0) : std::nullopt;
    };
    // KataGo's foxlike.sgf has AP twice, Fox's second; KM[325] is 6.5 points.
    const std::optional<Komi> fox = komi("(;SZ[19]KM[325]HA[2]RU[Chinese]AP[GNU Go:3.8]AP[foxwq])");
    ASSERT_TRUE(fox);
    EXPECT_EQ(fox->points, 6.5);
    EXPECT_TRUE(fox->fox_units);
    EXPECT_EQ(komi("(;KM[375]AP[foxwq:2.0])")->points, 7.5);
    // Fox's files with a komi in points, and others' large komi, stay as they are.
    EXPECT_EQ(komi("(;KM[6.5]AP[foxwq])")->points, 6.5);
    EXPECT_FALSE(komi("(;KM[6.5]AP[foxwq])")->fox_units);
    EXPECT_EQ(komi("(;KM[325])")->points, 325);
    EXPECT_FALSE(komi("(;SZ[9])"));
    // The count takes it.
    EXPECT_EQ(counted("(;SZ[5]KM[325]AP[foxwq]" + std::string(kWalls) + ";B[];W[])").count.komi, 6.5);
}

TEST(Score, DeadStonesFromMarkupOrGiven) {
    // A white stone in black's area, marked dead by TB as KGS writes it.
    const std::string game = "(;SZ[5]KM[0.5]RE[B+6.5]" + std::string(kWalls) +
                             "AW[aa];B[];W[]TB[aa][ba][ab][bb][ac][bc][ad][bd][ae][be]"
                             "TW[ea][eb][ec][ed][ee])";
    const GameCount c = counted(game);
    EXPECT_TRUE(c.marked);
    ASSERT_EQ(c.dead.size(), 1u);
    EXPECT_EQ(c.count.prisoners[0], 1);
    EXPECT_EQ(c.count.territory[0], 10);
    EXPECT_EQ(c.count.result(), "B+5.5");
    ASSERT_TRUE(c.result_differs);
    EXPECT_EQ(
        *c.result_differs,
        "RE[B+6.5] but the territory count (Japanese rules, komi 0.5, dead stones from TB/TW) gives B+5.5");
    // Given dead stones replace the markup: none here, so the white stone lives and its
    // point is nobody's.
    const GameCount given = counted(game, {.dead = std::vector<Point>{}});
    EXPECT_EQ(given.count.territory[0], 0);  // the white stone borders A-B's region
    EXPECT_TRUE(given.result_differs);
    EXPECT_FALSE(counted("(;SZ[5]KM[0.5]RE[B+5.5]" + std::string(kWalls) +
                         "AW[aa];B[];W[]TB[aa][ba][ab][bb][ac][bc][ad][bd][ae][be]TW[ea][eb][ec][ed][ee])")
                     .result_differs);
}

TEST(Score, ResultCheckedOnlyWhereTheDeadStonesAreKnown) {
    // Two passes alone: engines pass with dead stones on the board, so RE is not checked...
    EXPECT_FALSE(counted("(;SZ[5]KM[0.5]RE[W+10]" + std::string(kWalls) + ";B[];W[])").result_differs);
    // ...except under Tromp-Taylor, which takes no stones off.
    const GameCount tt =
        counted("(;SZ[5]KM[0.5]RU[Tromp-Taylor]RE[W+10]" + std::string(kWalls) + ";B[];W[])");
    ASSERT_TRUE(tt.result_differs);
    EXPECT_EQ(
        *tt.result_differs,
        "RE[W+10] but the area count (Tromp-Taylor rules, komi 0.5, no dead stones: the game was played "
        "out) gives B+4.5");
    EXPECT_FALSE(counted("(;SZ[5]KM[0.5]RU[Tromp-Taylor]RE[B+4.5]" + std::string(kWalls) + ";B[];W[])")
                     .result_differs);
}

}  // namespace
}  // namespace kifu::go
