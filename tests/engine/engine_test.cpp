// The engine layer: the protocols' lines read, a child process supervised through every
// fault a small fake engine can show (tests/engine/fake_engine.py), and the real engines of
// Debian on each protocol (skipped, saying so, where one is not installed). After every test
// no engine process is left: each pid is checked gone.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/game.hpp"
#include "kifu/engine/analysis.hpp"
#include "kifu/engine/engine.hpp"
#include "kifu/engine/process.hpp"
#include "kifu/formats/evaluations.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/record.hpp"
#include "kifu/shogi/game.hpp"
#include "kifu/xiangqi/game.hpp"

namespace kifu::engine {
namespace {

const std::string kFake = std::string(KIFU_SOURCE_DIR) + "/tests/engine/fake_engine.py";

EngineSpec fake(std::vector<std::string> modes = {}) {
    EngineSpec spec;
    spec.command = {"python3", kFake};
    for (std::string& m : modes) spec.command.push_back(std::move(m));
    spec.handshake_timeout = std::chrono::milliseconds(5000);
    return spec;
}

bool gone(pid_t pid) {
    return pid > 0 && kill(pid, 0) != 0 && errno == ESRCH;
}

std::vector<std::string> startpos() {
    return {"position startpos"};
}

bool installed(const std::string& program) {
    for (const char* dir : {"/usr/games/", "/usr/bin/", "/usr/local/bin/"})
        if (std::filesystem::exists(std::string(dir) + program)) return true;
    return false;
}

TEST(EngineProtocol, ReadsInfoLinesOfEveryProtocol) {
    const auto uci = parse_info(
        "info depth 20 seldepth 28 multipv 2 score cp -35 upperbound nodes 99 nps 5 "
        "tbhits 0 time 123 pv e2e4 e7e5");
    ASSERT_TRUE(uci);
    EXPECT_EQ(uci->depth, 20);
    EXPECT_EQ(uci->seldepth, 28);
    EXPECT_EQ(uci->multipv, 2);
    EXPECT_EQ(uci->score.kind, Score::Kind::centipawns);
    EXPECT_EQ(uci->score.value, -35);
    EXPECT_TRUE(uci->score.upper_bound);
    EXPECT_EQ(uci->nodes, 99u);
    EXPECT_EQ(uci->time_ms, 123);
    EXPECT_EQ(uci->pv, (std::vector<std::string>{"e2e4", "e7e5"}));

    const auto ucci = parse_info("info depth 8 score 42 pv h2e2 h9g7");  // UCCI: a bare number
    ASSERT_TRUE(ucci);
    EXPECT_EQ(ucci->score.kind, Score::Kind::centipawns);
    EXPECT_EQ(ucci->score.value, 42);

    const auto usi = parse_info("info depth 3 score mate + pv G*5b");
    ASSERT_TRUE(usi);
    EXPECT_EQ(usi->score.kind, Score::Kind::mate);
    EXPECT_GT(usi->score.value, 0);
    const auto mated = parse_info("info depth 3 score mate -4 pv 5a4b");
    ASSERT_TRUE(mated);
    EXPECT_EQ(mated->score.value, -4);

    EXPECT_FALSE(parse_info("info string NNUE evaluation using nn.nnue enabled"));
    EXPECT_FALSE(parse_info("info depth 12 currmove e2e4 currmovenumber 1"));
    EXPECT_FALSE(parse_info("bestmove e2e4"));
    EXPECT_FALSE(parse_info("information"));
    const auto cut = parse_info("info depth 4 score cp 12 string pv e2e4");  // "string" ends it
    ASSERT_TRUE(cut);
    EXPECT_TRUE(cut->pv.empty());
}

TEST(EngineProtocol, WritesTheSearchCommandOfEachProtocol) {
    EXPECT_EQ(go_command(Protocol::uci, {.depth = 12}), "go depth 12");
    EXPECT_EQ(go_command(Protocol::uci, {.nodes = 5000}), "go nodes 5000");
    EXPECT_EQ(go_command(Protocol::ucci, {.movetime_ms = 300}), "go movetime 300");
    EXPECT_EQ(go_command(Protocol::usi, {.movetime_ms = 300}), "go btime 0 wtime 0 byoyomi 300");
    EXPECT_EQ(protocol_named("gtp"), Protocol::gtp);
    EXPECT_FALSE(protocol_named("xboard"));
}

TEST(EngineProcess, ReadsLinesWithinADeadlineAndCutsLongOnes) {
    Result<ChildProcess> child =
        ChildProcess::start({"sh", "-c",
                             "echo one; printf 'two\\r\\n'; head -c 200000 /dev/zero | tr '\\0' x; "
                             "echo; echo three; sleep 5"});
    ASSERT_TRUE(child) << child.error().message;
    const pid_t pid = child->pid();
    std::string line;
    const auto soon = Clock::now() + std::chrono::seconds(5);
    ASSERT_EQ(child->read_line(line, soon), ChildProcess::Read::line);
    EXPECT_EQ(line, "one");
    ASSERT_EQ(child->read_line(line, soon), ChildProcess::Read::line);
    EXPECT_EQ(line, "two");
    ASSERT_EQ(child->read_line(line, soon), ChildProcess::Read::line);
    EXPECT_EQ(line.size(), ChildProcess::kMaxLine);  // cut, the rest dropped
    ASSERT_EQ(child->read_line(line, soon), ChildProcess::Read::line);
    EXPECT_EQ(line, "three");
    EXPECT_EQ(child->read_line(line, Clock::now() + std::chrono::milliseconds(50)),
              ChildProcess::Read::timeout);
    EXPECT_FALSE(child->end().empty());  // it was running: killed
    EXPECT_TRUE(gone(pid));
}

TEST(EngineProcess, AWriteDoesNotWaitForeverOnAChildThatWritesFirst) {
    // The child writes 2 MB before it reads: a write of 1 MB would wait on it for ever if
    // nothing read its output meanwhile.
    Result<ChildProcess> child =
        ChildProcess::start({"sh", "-c", "head -c 2000000 /dev/zero | tr '\\0' '\\n'; wc -c | tr -d ' '"});
    ASSERT_TRUE(child) << child.error().message;
    const std::string big(1'000'000, 'a');
    ASSERT_TRUE(child->write_line(big, Clock::now() + std::chrono::seconds(20)));
    const pid_t pid = child->pid();
    child->end();  // closes its input first: wc counts and ends
    EXPECT_TRUE(gone(pid));
}

TEST(EngineProcess, AWriteToAChildThatHasEndedIsAnErrorNotADeathBySigpipe) {
    // The test runs with SIGPIPE's default action, as a program that uses the library may.
    Result<ChildProcess> child = ChildProcess::start({"true"});
    ASSERT_TRUE(child) << child.error().message;
    // Waited for until it has ended (not reaped: end() does that). The end of its output is
    // not enough: the kernel may release its output before its input.
    siginfo_t ended{};
    ASSERT_EQ(waitid(P_PID, static_cast<id_t>(child->pid()), &ended, WEXITED | WNOWAIT), 0);
    for (int i = 0; i < 3; ++i) {  // its input has no reader any more
        Result<void> w = child->write_line("uci", Clock::now() + std::chrono::seconds(1));
        ASSERT_FALSE(w) << "write " << i;
        EXPECT_NE(w.error().message.find("Broken pipe"), std::string::npos) << w.error().message;
    }
    sigset_t pending;
    sigemptyset(&pending);
    sigpending(&pending);
    EXPECT_EQ(sigismember(&pending, SIGPIPE), 0);
    child->end();
}

TEST(EngineProcess, AProgramThatDoesNotExistIsAnIoError) {
    Result<ChildProcess> child = ChildProcess::start({"kifu-no-such-engine"});
    ASSERT_FALSE(child);
    EXPECT_EQ(child.error().code, ErrorCode::io_error);
    EXPECT_NE(child.error().message.find("kifu-no-such-engine"), std::string::npos);
}

TEST(Engine, HandshakesSetsCheckedOptionsAndSearches) {
    Result<Engine> e = Engine::start([] {
        EngineSpec s = fake({"garbage"});
        s.options = {{"hash", "64"}, {"Style", "Risky"}, {"Ponder", "false"}};
        return s;
    }());
    ASSERT_TRUE(e) << e.error().message;
    EXPECT_EQ(e->name(), "Fake Engine 1.0");
    ASSERT_TRUE(e->declared("HASH"));
    EXPECT_EQ(e->declared("Hash")->max, 1024);
    Result<Analysis> a = e->analyse(startpos(), "white", {.depth = 5});
    ASSERT_TRUE(a) << a.error().message;
    EXPECT_EQ(a->best_move, "e2e4");
    EXPECT_EQ(a->ponder, "e7e5");
    ASSERT_EQ(a->lines.size(), 1u);
    EXPECT_EQ(a->lines[0].score.value, 31);
    const pid_t pid = e->pid();
    e->quit();
    EXPECT_TRUE(gone(pid));
}

TEST(Engine, RefusesOptionsItDoesNotDeclareOrValuesItsDeclarationRefuses) {
    for (const auto& [name, value, says] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"Threads", "2", "no option 'Threads'"},
             {"Hash", "4096", "from 1 to 1024"},
             {"Hash", "big", "whole number"},
             {"Ponder", "yes", "true or false"},
             {"Style", "Wild", "one of Solid, Normal, Risky"}}) {
        EngineSpec s = fake();
        s.options = {{name, value}};
        Result<Engine> e = Engine::start(s);
        ASSERT_FALSE(e) << name << "=" << value;
        EXPECT_EQ(e.error().code, ErrorCode::unsupported);
        EXPECT_NE(e.error().message.find(says), std::string::npos) << e.error().message;
    }
}

TEST(Engine, ASlowOrSilentHandshakeIsAnErrorThatNamesTheEngineAndLeavesNoProcess) {
    for (const std::string mode : {"slow-handshake=3", "no-handshake"}) {
        EngineSpec s = fake({mode});
        s.handshake_timeout = std::chrono::milliseconds(300);
        Result<Engine> e = Engine::start(s);
        ASSERT_FALSE(e) << mode;
        EXPECT_EQ(e.error().code, ErrorCode::io_error);
        EXPECT_NE(e.error().message.find("did not answer 'uci'"), std::string::npos) << e.error().message;
    }
    // Not an engine at all: it prints and ends.
    EngineSpec s;
    s.command = {"echo", "hello"};
    Result<Engine> e = Engine::start(s);
    ASSERT_FALSE(e);
    EXPECT_NE(e.error().message.find("it last said: \"hello\""), std::string::npos) << e.error().message;
}

TEST(Engine, AHangIsStoppedThenEndedAndTheEngineRestarts) {
    EngineSpec s = fake({"hang"});
    s.search_timeout = std::chrono::milliseconds(200);
    Result<Engine> e = Engine::start(s);
    ASSERT_TRUE(e) << e.error().message;
    const pid_t pid = e->pid();
    Result<Analysis> a = e->analyse(startpos(), "white", {.depth = 5});
    ASSERT_FALSE(a);
    EXPECT_NE(a.error().message.find("hung"), std::string::npos) << a.error().message;
    EXPECT_FALSE(e->running());
    EXPECT_TRUE(gone(pid));
    ASSERT_TRUE(e->restart());
    const pid_t again = e->pid();
    EXPECT_NE(again, pid);
    e->quit();
    EXPECT_TRUE(gone(again));
}

TEST(Engine, ACrashMidSearchFailsThatPositionAndTheGameGoesOn) {
    Result<Engine> e = Engine::start(fake({"crash-every=2"}));
    ASSERT_TRUE(e) << e.error().message;
    std::vector<chess::Game> games = chess::read_pgn("1. e4 e5 2. Nf3 Nc6 *");
    ASSERT_EQ(games.size(), 1u);
    const chess::Game* game = &games.front();
    // Positions after each of the 4 moves, with the start: the fake's best move is e2e4 from
    // the start only, so its verdicts elsewhere carry a warning; what counts is which fail.
    std::vector<pid_t> pids = {e->pid()};
    const auto verdicts = analyse_game<chess::GameTraits>(*e, *game, {.depth = 5}, false, true);
    ASSERT_EQ(verdicts.size(), 5u);
    int failed = 0;
    for (const auto& v : verdicts) {
        if (v.error) {
            ++failed;
            EXPECT_NE(v.error->message.find("Fake Engine 1.0"), std::string::npos) << v.error->message;
            EXPECT_NE(v.error->message.find("exit code 7"), std::string::npos) << v.error->message;
        }
    }
    EXPECT_EQ(failed, 2);  // the 2nd search of each process: positions 2 and 4 of 5
    EXPECT_TRUE(verdicts[0].verdict);
    EXPECT_TRUE(verdicts[2].verdict);
    EXPECT_TRUE(verdicts[4].verdict);
    const pid_t last = e->pid();
    e->quit();
    EXPECT_TRUE(gone(last));
    EXPECT_TRUE(gone(pids[0]));
}

TEST(Engine, AnIllegalLineIsReportedNotKeptAndAHugeLineIsCut) {
    Result<Engine> e = Engine::start(fake({"illegal-pv", "huge-line=1000000"}));
    ASSERT_TRUE(e) << e.error().message;
    const chess::Position start = chess::Position::start();
    Result<Verdict<chess::GameTraits>> v =
        analyse_position<chess::GameTraits>(*e, start, std::span<const chess::Move>{}, {.depth = 5});
    ASSERT_TRUE(v) << v.error().message;
    ASSERT_EQ(v->lines.size(), 1u);
    EXPECT_TRUE(v->lines[0].pv.empty());
    EXPECT_TRUE(v->lines[0].info.pv.empty());
    EXPECT_EQ(v->lines[0].info.score.value, 31);  // the score stands
    ASSERT_EQ(v->warnings.size(), 1u);
    EXPECT_NE(v->warnings[0].find("'e2e4' at move 2"), std::string::npos) << v->warnings[0];
    ASSERT_TRUE(v->best_move);
    EXPECT_EQ(chess::GameTraits::engine_move(start, *v->best_move), "e2e4");
    e->quit();
}

TEST(Engine, ALineWithANullMoveIsNoLine) {
    // parse_move reads "0000" and "--" (a record's null move); an engine's line is legal moves.
    for (const std::string null : {"0000", "--", "Z0"}) {
        Info info;
        info.pv = {"e2e4", null, "e7e5"};
        std::string why;
        const Line<chess::GameTraits> line =
            read_line<chess::GameTraits>(chess::Position::start(), info, why);
        EXPECT_TRUE(line.pv.empty()) << null;
        EXPECT_NE(why.find("at move 2"), std::string::npos) << why;
    }
}

TEST(Engine, MultiPvIsSetThroughTheOptionTheEngineDeclares) {
    Result<Engine> e = Engine::start(fake({"multipv"}));
    ASSERT_TRUE(e) << e.error().message;
    Result<Analysis> a = e->analyse(startpos(), "white", {.depth = 5, .multipv = 2});
    ASSERT_TRUE(a) << a.error().message;
    ASSERT_EQ(a->lines.size(), 2u);
    EXPECT_EQ(a->lines[1].pv.front(), "d2d4");
    e->quit();
    Result<Engine> plain = Engine::start(fake());
    ASSERT_TRUE(plain);
    Result<Analysis> one = plain->analyse(startpos(), "white", {.depth = 5, .multipv = 2});
    ASSERT_FALSE(one);
    EXPECT_NE(one.error().message.find("no MultiPV"), std::string::npos);
}

TEST(Engine, AFloodOfOutputAtStartIsReadWhileTheHandshakeWaits) {
    Result<Engine> e = Engine::start(fake({"flood=3000000"}));
    ASSERT_TRUE(e) << e.error().message;
    Result<Analysis> a = e->analyse(startpos(), "white", {.depth = 5});
    ASSERT_TRUE(a) << a.error().message;
    EXPECT_EQ(a->best_move, "e2e4");
}

TEST(EngineNotes, PgnEvalsGoWhereLichessPutsThem) {
    EXPECT_EQ(formats::pgn_eval_command({0.17, false, false}, 20), "[%eval 0.17,20]");
    EXPECT_EQ(formats::pgn_eval_command({-3, true, false}, 12), "[%eval #-3,12]");
    EXPECT_EQ(formats::pgn_eval_command({-0.001, false, false}, std::nullopt), "[%eval 0.00]");
    std::vector<std::string> none;
    formats::put_pgn_eval(none, "[%eval 0.1,5]");
    EXPECT_EQ(none, std::vector<std::string>{"[%eval 0.1,5]"});
    std::vector<std::string> clock = {"[%clk 0:03:00] a good move"};
    formats::put_pgn_eval(clock, "[%eval 0.1,5]");
    EXPECT_EQ(clock.front(), "[%eval 0.1,5] [%clk 0:03:00] a good move");
    std::vector<std::string> old = {"before [%eval 3.5] after"};
    formats::put_pgn_eval(old, "[%eval 0.1,5]");
    EXPECT_EQ(old.front(), "before [%eval 0.1,5] after");
}

TEST(EngineNotes, MovesAreJudgedByTheWinningChancesTheyLose) {
    // 0.00 -> -1.00 for the mover (white): its chances 0 -> -0.18.
    const double even = formats::winning_chances({0.0, false, false}, true);
    const double down = formats::winning_chances({-1.0, false, false}, true);
    EXPECT_NEAR(even, 0.0, 1e-9);
    EXPECT_NEAR(down, -0.1819, 1e-3);
    EXPECT_EQ(formats::judgement_nag(even - down), 6);  // 0.18: an inaccuracy
    EXPECT_EQ(formats::judgement_nag(0.25), 2);
    EXPECT_EQ(formats::judgement_nag(0.5), 4);
    EXPECT_EQ(formats::judgement_nag(0.05), 0);
    // From black's view the same eval is the other way round; a mate is certainty.
    EXPECT_NEAR(formats::winning_chances({-1.0, false, false}, false), 0.1819, 1e-3);
    EXPECT_EQ(formats::winning_chances({-2, true, false}, true), -1.0);
    EXPECT_EQ(formats::judgement_word(4), "Blunder");
}

Score scored(Score::Kind kind, double value) {
    Score s;
    s.kind = kind;
    s.value = value;
    return s;
}

TEST(EngineNotes, ShogiCommentsInShogiGuisAndFloodgatesForms) {
    Info info;
    info.depth = 20;
    info.seldepth = 31;
    info.nodes = 123456;
    info.time_ms = 1234;
    info.score = scored(Score::Kind::centipawns, 35);
    // White to move, +35 for white: -35 from black's view, the value both forms write.
    EXPECT_EQ(formats::engine_comment(formats::EvalNotes::shogigui_comment, info, false, 0, "△３四歩(33)"),
              "*解析 0 時間 00:01.2 深さ 20/31 ノード数 123456 評価値 -35 読み筋 △３四歩(33)");
    EXPECT_EQ(formats::engine_comment(formats::EvalNotes::floodgate_comment, info, false, 0, "-3334FU"),
              "* -35 -3334FU");
    info.score.lower_bound = true;  // at least +35 for white: at most -35 for black
    EXPECT_EQ(formats::engine_comment(formats::EvalNotes::shogigui_comment, info, false, 2, ""),
              "*解析 0 候補2 時間 00:01.2 深さ 20/31 ノード数 123456 評価値 -35↓");
    info.score = scored(Score::Kind::mate, 3);
    EXPECT_EQ(formats::engine_comment(formats::EvalNotes::floodgate_comment, info, true, 0, ""), "* 30000");
    info.score = scored(Score::Kind::points, 3);
    EXPECT_EQ(formats::engine_comment(formats::EvalNotes::floodgate_comment, info, true, 0, ""), "");

    // An earlier analysis of the same form is replaced; a player's own search stays.
    std::vector<std::string> comments = {"*対局 深さ 3 評価値 10", "*解析 0 深さ 5 評価値 1", "good"};
    formats::put_engine_comments(comments, formats::EvalNotes::shogigui_comment, {"*解析 0 評価値 2"});
    EXPECT_EQ(comments, (std::vector<std::string>{"*解析 0 評価値 2", "*対局 深さ 3 評価値 10", "good"}));
    EXPECT_TRUE(formats::is_engine_comment(formats::EvalNotes::floodgate_comment, "* -35 -3334FU"));
    EXPECT_TRUE(formats::is_engine_comment(formats::EvalNotes::floodgate_comment, "* 104"));
    EXPECT_FALSE(formats::is_engine_comment(formats::EvalNotes::floodgate_comment, "* a remark"));
    EXPECT_FALSE(formats::is_engine_comment(formats::EvalNotes::floodgate_comment, "*"));

    // The line in each form, through shogi's traits: 同 only after the line's first move.
    const shogi::Position start = shogi::Position::start();
    shogi::Position p = start;
    std::vector<shogi::Move> line;
    for (const char* m : {"7g7f", "3c3d", "8h2b+", "3a2b"}) {
        line.push_back(*shogi::GameTraits::parse_move(p, m));
        p.play(line.back());
    }
    EXPECT_EQ(shogi::GameTraits::line_text(start, line, "kif"),
              "▲７六歩(77) △３四歩(33) ▲２二角成(88) △同　銀(31)");
    EXPECT_EQ(shogi::GameTraits::line_text(start, line, "csa"), "+7776FU -3334FU +8822UM -3122GI");

    // Read back as the node's eval, black's view in pawns, whichever form wrote it.
    using C = std::vector<std::string>;
    EXPECT_EQ(shogi::GameTraits::readings(C{"good", "*解析 0 深さ 20 評価値 -35↓ 読み筋 △３四歩(33)"}).eval,
              -0.35);
    EXPECT_EQ(shogi::GameTraits::readings(C{"* 130 7g7f 8c8d"}).eval, 1.3);
    EXPECT_EQ(shogi::GameTraits::readings(C{"*評価値=+30000"}).eval, 1000.0);
    EXPECT_FALSE(shogi::GameTraits::readings(C{"* a remark", "*解析 0 深さ 3"}).eval);
}

TEST(EngineNotes, SabakiValuesAreBlacksWinRateAndLead) {
    Verdict<go::GameTraits> v;
    v.first_to_move = false;  // white to move
    Line<go::GameTraits> line;
    line.info.score = scored(Score::Kind::points, 3.5);
    line.info.score.winrate = 0.75;
    v.lines.push_back(line);
    using Values = std::vector<std::pair<std::string_view, std::string>>;
    EXPECT_EQ(formats::sabaki_values(v), (Values{{"SBKV", "25.00"}, {"SBKS", "-3.50"}}));
    v.lines.front().info.score = scored(Score::Kind::points, -2);  // GNU Go: a lead, no win rate
    EXPECT_EQ(formats::sabaki_values(v), (Values{{"SBKS", "2.00"}}));
}

// ---------------------------------------------------------------------------------
// KataGo's JSON analysis engine (not in Debian): a fake that speaks its protocol.

const std::string kFakeKataGo = std::string(KIFU_SOURCE_DIR) + "/tests/engine/fake_katago.py";

EngineSpec fake_katago(std::vector<std::string> modes = {}) {
    EngineSpec spec;
    spec.command = {"python3", kFakeKataGo};
    for (std::string& m : modes) spec.command.push_back(std::move(m));
    spec.protocol = Protocol::katago;
    return spec;
}

TEST(KataGo, ItsCommandReportsFromTheSideToMove) {
    using Command = std::vector<std::string>;
    EXPECT_EQ(*katago_command({"katago", "analysis"}),
              (Command{"katago", "analysis", "-override-config", "reportAnalysisWinratesAs=SIDETOMOVE"}));
    EXPECT_EQ(*katago_command({"katago", "-override-config", "maxVisits=5"}),
              (Command{"katago", "-override-config", "maxVisits=5,reportAnalysisWinratesAs=SIDETOMOVE"}));
    const Command same = {"katago", "-override-config", "reportAnalysisWinratesAs=SIDETOMOVE"};
    EXPECT_EQ(*katago_command(same), same);
    Result<Command> black = katago_command({"katago", "-override-config", "reportAnalysisWinratesAs=BLACK"});
    ASSERT_FALSE(black);
    EXPECT_EQ(black.error().code, ErrorCode::unsupported);
}

TEST(KataGo, AQueryOfStonesMovesKomiAndLimitsGivesLinesWithWinRatesAndLeads) {
    const std::string log = (std::filesystem::temp_directory_path() / "kifu-katago-queries.jsonl").string();
    std::filesystem::remove(log);
    EngineSpec spec = fake_katago({"record=" + log});
    spec.options = {{"rules", "japanese"}, {"wideRootNoise", "0.04"}};
    Result<Engine> e = Engine::start(spec);
    ASSERT_TRUE(e) << e.error().message;
    EXPECT_EQ(e->name(), "KataGo 1.99-fake");
    // A 9x9 board with two black stones set up, then white's and black's moves.
    Result<go::Record> record = go::read_record("(;GM[1]FF[4]SZ[9]KM[6.5]AB[aa][ba];W[ee];B[dd])");
    ASSERT_TRUE(record) << record.error().message;
    const auto verdicts =
        analyse_game<go::GameTraits>(*e, record->game(0), {.nodes = 50, .multipv = 2}, false);
    ASSERT_EQ(verdicts.size(), 2u);
    const Verdict<go::GameTraits>& last = *verdicts[1].verdict;
    ASSERT_EQ(last.lines.size(), 2u);
    EXPECT_FALSE(last.first_to_move);  // white to move
    EXPECT_EQ(last.lines[0].info.score.kind, Score::Kind::points);
    EXPECT_EQ(last.lines[0].info.score.value, 3.5);
    EXPECT_EQ(last.lines[0].info.score.winrate, 0.62);
    EXPECT_EQ(last.lines[0].info.nodes, 50u);
    // The fake's first empty points from A1: the stones are A9, B9 (SGF's aa, ba), E5, D6.
    EXPECT_EQ(last.lines[0].info.pv, (std::vector<std::string>{"A1", "pass"}));
    EXPECT_EQ(last.lines[0].pv.size(), 2u);  // read back as legal moves
    EXPECT_EQ(last.lines[1].info.pv.front(), "B1");
    ASSERT_TRUE(last.best_move);
    const std::string queries = [&] {
        std::ifstream in(log);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }();
    EXPECT_NE(queries.find(R"("initialStones":[["B","A9"],["B","B9"]])"), std::string::npos) << queries;
    EXPECT_NE(queries.find(R"("moves":[["W","E5"],["B","D6"]])"), std::string::npos) << queries;
    EXPECT_NE(queries.find(R"("komi":6.5)"), std::string::npos) << queries;
    EXPECT_NE(queries.find(R"("maxVisits":50)"), std::string::npos) << queries;
    EXPECT_NE(queries.find(R"("rules":"japanese")"), std::string::npos) << queries;
    EXPECT_NE(queries.find(R"("overrideSettings":{"wideRootNoise":0.04})"), std::string::npos) << queries;
    const pid_t pid = e->pid();
    e->quit();
    EXPECT_TRUE(gone(pid));
    std::filesystem::remove(log);
}

TEST(KataGo, ARefusalIsThatPositionsErrorAndAHangIsTerminated) {
    Result<go::GameState> p = go::GameTraits::read_position(".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a");
    ASSERT_TRUE(p) << p.error().message;
    Result<Engine> refusing = Engine::start(fake_katago({"refuse"}));
    ASSERT_TRUE(refusing) << refusing.error().message;
    Result<Verdict<go::GameTraits>> v =
        analyse_position<go::GameTraits>(*refusing, *p, std::span<const go::NodeAction>{}, {.nodes = 5});
    ASSERT_FALSE(v);
    EXPECT_NE(v.error().message.find("unknown rules (its field 'rules')"), std::string::npos)
        << v.error().message;
    EXPECT_TRUE(refusing->running());  // a refused query is no fault of the process
    v = analyse_position<go::GameTraits>(*refusing, *p, std::span<const go::NodeAction>{}, {.depth = 5});
    ASSERT_FALSE(v);
    EXPECT_NE(v.error().message.find("not by depth"), std::string::npos) << v.error().message;
    refusing->quit();

    EngineSpec hanging = fake_katago({"hang"});
    hanging.search_timeout = std::chrono::milliseconds(500);
    Result<Engine> e = Engine::start(hanging);
    ASSERT_TRUE(e) << e.error().message;
    v = analyse_position<go::GameTraits>(*e, *p, std::span<const go::NodeAction>{}, {.nodes = 5});
    ASSERT_FALSE(v);
    EXPECT_NE(v.error().message.find("no result"), std::string::npos) << v.error().message;
    const pid_t pid = e->pid();
    e->quit();
    EXPECT_TRUE(gone(pid));
}

// ---------------------------------------------------------------------------------
// The real engines of Debian, one a protocol.

TEST(RealEngines, StockfishFindsAMateInTwoWithItsMateScore) {
    if (!installed("stockfish"))
        GTEST_SKIP() << "stockfish is not installed (scripts/install-deps test installs it)";
    EngineSpec s;
    s.command = {"stockfish"};
    Result<Engine> e = Engine::start(s);
    ASSERT_TRUE(e) << e.error().message;
    // 1. Nf6+ gxf6 2. Bxf7#.
    Result<chess::Position> p =
        chess::parse_fen("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
    ASSERT_TRUE(p);
    Result<Verdict<chess::GameTraits>> v =
        analyse_position<chess::GameTraits>(*e, *p, std::span<const chess::Move>{}, {.depth = 10});
    ASSERT_TRUE(v) << v.error().message;
    ASSERT_FALSE(v->lines.empty());
    EXPECT_EQ(v->lines[0].info.score.kind, Score::Kind::mate);
    EXPECT_EQ(v->lines[0].info.score.value, 2);
    ASSERT_TRUE(v->best_move);
    EXPECT_EQ(chess::GameTraits::write_move(*p, *v->best_move), "Nf6+");
    EXPECT_EQ(v->lines[0].pv.size(), 3u);
    const auto eval = first_player_eval(*v);
    ASSERT_TRUE(eval);
    EXPECT_TRUE(eval->mate);
    EXPECT_EQ(eval->value, 2);
    const pid_t pid = e->pid();
    e->quit();
    EXPECT_TRUE(gone(pid));
}

TEST(RealEngines, FairyStockfishSolvesATsumeOverUsi) {
    if (!installed("fairy-stockfish")) GTEST_SKIP() << "fairy-stockfish is not installed";
    EngineSpec s;
    s.command = {"fairy-stockfish"};
    s.protocol = Protocol::usi;
    Result<Engine> e = Engine::start(s);
    ASSERT_TRUE(e) << e.error().message;
    // A gold dropped on 5b, held by the pawn on 5c, mates at once.
    Result<shogi::Position> p = shogi::GameTraits::read_position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    ASSERT_TRUE(p) << p.error().message;
    Result<Verdict<shogi::GameTraits>> v =
        analyse_position<shogi::GameTraits>(*e, *p, std::span<const shogi::Move>{}, {.depth = 5});
    ASSERT_TRUE(v) << v.error().message;
    ASSERT_FALSE(v->lines.empty());
    EXPECT_EQ(v->lines[0].info.score.kind, Score::Kind::mate);
    EXPECT_EQ(v->lines[0].info.score.value, 1);
    ASSERT_TRUE(v->best_move);
    EXPECT_EQ(shogi::GameTraits::engine_move(*p, *v->best_move), "G*5b");
    EXPECT_TRUE(v->first_to_move);  // sente (black) moves first
    e->quit();
}

TEST(RealEngines, FairyStockfishAnalysesXiangqiOverUcci) {
    if (!installed("fairy-stockfish")) GTEST_SKIP() << "fairy-stockfish is not installed";
    EngineSpec s;
    s.command = {"fairy-stockfish"};
    s.protocol = Protocol::ucci;
    Result<Engine> e = Engine::start(s);
    ASSERT_TRUE(e) << e.error().message;
    Result<xiangqi::Game> game = xiangqi::read_move_list("1. h2e2 h9g7", xiangqi::Notation::iccs);
    ASSERT_TRUE(game) << game.error().message;
    const auto verdicts = analyse_game<xiangqi::GameTraits>(*e, *game, {.depth = 6}, false);
    ASSERT_EQ(verdicts.size(), 2u);
    for (const auto& v : verdicts) {
        ASSERT_TRUE(v.verdict) << v.error->message;
        EXPECT_TRUE(v.verdict->warnings.empty()) << v.verdict->warnings.front();
        ASSERT_TRUE(v.verdict->best_move);
        EXPECT_EQ(v.verdict->lines[0].info.score.kind, Score::Kind::centipawns);
        EXPECT_FALSE(v.verdict->lines[0].pv.empty());  // every move read back as legal
    }
    EXPECT_FALSE(verdicts[0].verdict->first_to_move);  // black to move after red's h2e2
    e->quit();
}

TEST(RealEngines, GnuGoGivesALegalMoveAndAScoreOverGtp) {
    if (!installed("gnugo")) GTEST_SKIP() << "gnugo is not installed";
    EngineSpec s;
    s.command = {"gnugo", "--mode", "gtp", "--level", "1"};
    s.protocol = Protocol::gtp;
    Result<Engine> e = Engine::start(s);
    ASSERT_TRUE(e) << e.error().message;
    EXPECT_EQ(e->name(), "GNU Go");
    Result<go::GameState> p = go::GameTraits::read_position(".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b.E2-a");
    ASSERT_TRUE(p) << p.error().message;
    Result<Verdict<go::GameTraits>> v = analyse_position<go::GameTraits>(
        *e, *p, std::span<const go::NodeAction>{}, {.depth = 1, .multipv = 3}, {{"KM", "6.5"}});
    ASSERT_TRUE(v) << v.error().message;
    ASSERT_TRUE(v->best_move);
    ASSERT_FALSE(v->lines.empty());
    EXPECT_LE(v->lines.size(), 3u);
    const std::vector<go::NodeAction> legal = go::GameTraits::legal_moves(*p);
    EXPECT_NE(std::find(legal.begin(), legal.end(), *v->best_move), legal.end());
    EXPECT_EQ(v->lines[0].info.score.kind, Score::Kind::points);
    const pid_t pid = e->pid();
    e->quit();
    EXPECT_TRUE(gone(pid));
}

}  // namespace
}  // namespace kifu::engine
