// The position index (kifu/index/index.hpp): Go symmetry keys, postings, and indexes built
// from the shared corpora, each answer checked against a scan of the same games. Corpus
// tests skip with a message when ../shared/testdata is absent.

#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <random>
#include <set>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "../../src/index/entries.hpp"
#include "../../src/index/go_prefilter.hpp"
#include "../../src/index/postings.hpp"
#include "../../src/index/replay.hpp"
#include "../support/archive.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/polyglot.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/index/chess_scan.hpp"
#include "kifu/index/index.hpp"
#include "kifu/index/pattern.hpp"

namespace {

namespace fs = std::filesystem;
using namespace kifu;
using go::Symmetry;

const fs::path kData = fs::path(KIFU_TESTDATA_DIR);

#define REQUIRE_TESTDATA(part)                                           \
    if (!fs::exists(kData / part))                                       \
    GTEST_SKIP() << "test data not found at " << (kData / part).string() \
                 << " (set KIFU_TESTDATA_DIR to the shared/testdata folder)"

// A fresh folder for a test's databases, removed after it.
struct TempDir {
    fs::path path;
    TempDir() {
        path =
            fs::temp_directory_path() /
            fmt::format("kifu-index-{}-{}", ::testing::UnitTest::GetInstance()->current_test_info()->name(),
                        std::random_device{}());
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string operator/(std::string_view name) const { return (path / name).string(); }
};

void write_file(const std::string& path, std::string_view text) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
}

// The first `games` games of the 72,858-game corpus, as PGN text.
std::string corpus_part(std::size_t games) {
    Result<std::unique_ptr<ByteSource>> source =
        open_byte_source((kData / "chess/corpus/gnuchess_book_1.02_half.pgn.zst").string());
    if (!source) return {};
    chess::PgnSplitter splitter(std::move(*source));
    std::string out;
    for (std::size_t i = 0; i < games; ++i) {
        std::optional<chess::PgnGameText> g = splitter.next();
        if (!g) break;
        out += g->text;
        out += "\n\n";
    }
    return out;
}

// Every main-line Polyglot key of every game, by game number (0-based): the scan the
// index is checked against.
std::vector<std::vector<std::uint64_t>> scan_keys(std::string_view pgn) {
    struct Keys : chess::PgnVisitor {
        std::vector<std::uint64_t> keys;
        bool broken = false;
        bool begin_variation() override { return false; }
        void move(const chess::Position& before, chess::Move, std::string_view) override {
            keys.push_back(chess::polyglot_key(before));
        }
        void error(const Error&) override { broken = true; }
        void end_game(const chess::Position& final_position) override {
            keys.push_back(chess::polyglot_key(final_position));
        }
    };
    std::vector<std::vector<std::uint64_t>> out;
    chess::PgnSplitter splitter(pgn);
    while (std::optional<chess::PgnGameText> g = splitter.next()) {
        Keys k;
        chess::read_pgn_game(*g, k);
        out.push_back(k.broken ? std::vector<std::uint64_t>{} : k.keys);
    }
    return out;
}

template <class T>
formats::Document document(T value) {
    formats::Document d;
    d.value = std::move(value);
    return d;
}

index::PositionQuery chess_query(std::string_view fen) {
    Result<chess::Position> p = chess::parse_fen(fen);
    EXPECT_TRUE(p) << fen;
    Result<index::PositionQuery> q = index::position_query(document(*p));
    EXPECT_TRUE(q);
    return std::move(*q);
}

index::Database build(const std::string& db, std::vector<std::string> files, unsigned threads = 1,
                      std::size_t max_postings = std::size_t{8} << 20) {
    Result<index::Database> d = index::Database::open(db, true);
    EXPECT_TRUE(d) << (d ? "" : d.error().message);
    index::IndexOptions options;
    options.threads = threads;
    options.max_postings = max_postings;
    Result<index::IndexReport> r = d->add(files, options);
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    return std::move(*d);
}

// --- Go symmetries -------------------------------------------------------------------------

TEST(GoSymmetry, ComposeAndInverseFormAGroup) {
    const go::BoardSize size{19, 19};
    for (Symmetry a = 0; a < 16; ++a) {
        EXPECT_EQ(go::compose(go::inverse(a), a), 0) << int(a);
        for (Symmetry b = 0; b < 16; ++b)
            for (const go::Point p : {go::Point{3, 15}, go::Point{0, 0}, go::Point{18, 7}})
                EXPECT_EQ(go::apply(go::compose(a, b), p, size), go::apply(a, go::apply(b, p, size), size));
    }
}

// A board, its 8 images and their colour swaps share one key; the symmetry says how each
// maps onto the canonical board.
TEST(GoSymmetry, EveryImageHasTheSameKey) {
    std::mt19937 random(7);
    for (const go::BoardSize size : {go::BoardSize{19, 19}, go::BoardSize{9, 9}, go::BoardSize{13, 7}}) {
        for (int trial = 0; trial < 20; ++trial) {
            go::Board board(size);
            for (int i = 0; i < 30; ++i)
                board.set(go::Point::from_index(
                              size, static_cast<int>(random() % static_cast<unsigned>(size.points()))),
                          random() % 2 ? go::Stone::black : go::Stone::white);
            const go::CanonicalKey key = go::canonical_key(board);
            for (Symmetry s = 0; s < 16; ++s) {
                if (!go::allowed(s, size)) continue;
                go::Board image(size);
                for (int i = 0; i < size.points(); ++i) {
                    const go::Point p = go::Point::from_index(size, i);
                    if (board.at(p) != go::Stone::none)
                        image.set(go::apply(s, p, size), go::apply(s, board.at(p)));
                }
                const go::CanonicalKey k = go::canonical_key(image);
                EXPECT_EQ(k.key, key.key) << "symmetry " << int(s);
                // image = s(board), canonical = k.symmetry(image) = key.symmetry(board).
                EXPECT_EQ(go::compose(k.symmetry, s) & 7, key.symmetry & 7);
            }
        }
    }
}

TEST(GoSymmetry, IncrementalKeysEqualKeysFromScratch) {
    const go::BoardSize size{19, 19};
    go::BoardKeys keys(size);
    go::Board board(size);
    std::mt19937 random(11);
    for (int move = 0; move < 300; ++move) {
        const go::Point p = go::Point::from_index(size, static_cast<int>(random() % 361));
        board.play(move % 2 ? go::Stone::white : go::Stone::black, p);
        keys.update(board);
        EXPECT_EQ(keys.canonical().key, go::canonical_key(board).key);
    }
}

// --- Postings ------------------------------------------------------------------------------

TEST(Postings, GroupsReadBackAsWritten) {
    using namespace index::detail;
    for (const bool go : {false, true})
        for (const bool whole : {false, true}) {
            SCOPED_TRACE(fmt::format("go {} whole keys {}", go, whole));
            const RowFormat format{go, whole};
            const std::uint32_t symmetry = go ? 13 : 0;
            std::string row;
            const std::vector<Entry> one{{70000, 12, posting_code(99, symmetry)}};
            const std::vector<Entry> many{{1, 0, posting_code(5, 0)},
                                          {1, 4, posting_code(6, 0)},
                                          {9, 2, posting_code(0, symmetry)},
                                          {300000, 100, posting_code(0xFFFF + 1, symmetry)}};
            const std::uint64_t k1 = 0xFFFFFFF0'12345678ull, k2 = 0xFFFFFFF0'9ABCDEF0ull, k3 = ~0ull;
            append_group(row, 0, k1, std::span<const Entry>(many), format);
            append_group(row, k1, k2, std::span<const Entry>(one), format);  // the same high half
            append_group(row, k2, k3, std::span<const Entry>(one), format);
            RowCursor cursor(row, format);
            std::vector<Entry> got;
            ASSERT_TRUE(cursor.next());
            EXPECT_EQ(cursor.key(), k1);
            EXPECT_TRUE(cursor.whole_key());
            EXPECT_EQ(cursor.entry_count(), 4u);
            EXPECT_EQ(cursor.game_count(), 3u);
            ASSERT_TRUE(cursor.entries(got));
            ASSERT_TRUE(cursor.next());
            // A key of one game keeps its low half only in a run's chunks before compaction.
            EXPECT_EQ(cursor.whole_key(), whole);
            EXPECT_EQ(cursor.key(), whole ? k2 : k2 & ~0xFFFFFFFFull);
            EXPECT_EQ(cursor.high(), k2 >> 32);
            EXPECT_EQ(cursor.game_count(), 1u);
            ASSERT_TRUE(cursor.entries(got));
            ASSERT_TRUE(cursor.next());
            EXPECT_EQ(cursor.key(), whole ? k3 : k3 & ~0xFFFFFFFFull);
            EXPECT_FALSE(cursor.next());
            ASSERT_EQ(got.size(), 5u);
            EXPECT_EQ(got[0].game, 1u);
            EXPECT_EQ(got[1].ply, 4u);
            EXPECT_EQ(got[2].code, posting_code(0, symmetry));
            EXPECT_EQ(got[3].game, 300000u);
            EXPECT_EQ(got[3].code, posting_code(0xFFFF + 1, symmetry));
            EXPECT_EQ(got[4].game, 70000u);
            EXPECT_EQ(got[4].ply, 12u);
            // Without its low half, a group keeps the game and the ply; the rest is replayed.
            EXPECT_EQ(got[4].code, whole ? posting_code(99, symmetry) : 0u);
            // A damaged row ends without reading past its end.
            for (std::size_t cut = 0; cut < row.size(); ++cut) {
                RowCursor damaged(std::string_view(row).substr(0, cut), format);
                std::vector<Entry> e;
                while (damaged.next()) (void)damaged.entries(e);
            }
        }
}

// Two explorer answers agree: totals, moves, their counts and results, and their games (the
// first `games` of b's when a asked fewer).
void expect_same_explorer(const index::ExploreResult& a, const index::ExploreResult& b,
                          std::size_t games = std::numeric_limits<std::size_t>::max()) {
    EXPECT_EQ(a.games, b.games);
    EXPECT_EQ(a.ended, b.ended);
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        const index::MoveStats &x = a.moves[i], &y = b.moves[i];
        EXPECT_EQ(x.move, y.move);
        EXPECT_EQ(x.count, y.count) << x.move;
        EXPECT_EQ(x.first, y.first) << x.move;
        EXPECT_EQ(x.draws, y.draws) << x.move;
        EXPECT_EQ(x.second, y.second) << x.move;
        EXPECT_EQ(x.unknown, y.unknown) << x.move;
        EXPECT_EQ(x.rating, y.rating) << x.move;
        EXPECT_EQ(x.performance, y.performance) << x.move;
        EXPECT_EQ(x.first_year, y.first_year) << x.move;
        EXPECT_EQ(x.last_year, y.last_year) << x.move;
        ASSERT_EQ(x.games.size(), std::min(y.games.size(), games)) << x.move;
        for (std::size_t k = 0; k < x.games.size(); ++k) {
            EXPECT_EQ(x.games[k].id, y.games[k].id) << x.move;
            EXPECT_EQ(x.games[k].ply, y.games[k].ply) << x.move;
            EXPECT_EQ(x.games[k].symmetry, y.games[k].symmetry) << x.move;
        }
    }
}

// The explorer's answers from the stored move counts (the default: 3 games a move) equal
// those counted from the postings (4 games a move: more than the moves table keeps), on
// everything but the fourth game.
void expect_stored_counts_equal_postings(index::Database& db, const index::PositionQuery& q,
                                         const std::string& what) {
    SCOPED_TRACE(what);
    Result<index::ExploreResult> stored = db.explore(q, 3), counted = db.explore(q, 4);
    ASSERT_TRUE(stored);
    ASSERT_TRUE(counted);
    expect_same_explorer(*stored, *counted, 3);
}

// A board's stones under a symmetry, as a position to look up.
go::Position image_of(const go::Board& board, Symmetry s) {
    const go::BoardSize size = board.size();
    go::Position p;
    p.size = size;
    for (int i = 0; i < size.points(); ++i) {
        const go::Point pt = go::Point::from_index(size, i);
        if (board.at(pt) != go::Stone::none)
            p.stones[static_cast<std::size_t>(go::apply(s, pt, size).index(size))] =
                go::apply(s, board.at(pt));
    }
    return p;
}

// The professional Go games of the test data, in name order.
std::vector<fs::path> kombilo_files() {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(kData / "go/games/kombilo-pro")) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

// How many positions have move counts stored in an index file.
std::int64_t stored_positions(const fs::path& db) {
    sqlite3* handle = nullptr;
    std::int64_t n = -1;
    if (sqlite3_open_v2(db.string().c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(handle, "SELECT count(*) FROM (SELECT DISTINCT chunk, key FROM moves)", -1, &s,
                               nullptr) == SQLITE_OK &&
            sqlite3_step(s) == SQLITE_ROW)
            n = sqlite3_column_int64(s, 0);
        sqlite3_finalize(s);
    }
    sqlite3_close(handle);
    return n;
}

// Replaying a game's stored start and move words gives the postings its indexing gave.
void expect_replay_equals_indexing(const index::detail::GameEntry& e, std::size_t& checked) {
    if (!e.error.empty()) return;
    Result<std::vector<index::detail::Posting>> again =
        index::detail::replay_postings(e.game, e.start, e.moves);
    ASSERT_TRUE(again) << e.file << " game " << e.number << ": " << again.error().message;
    ASSERT_EQ(again->size(), e.postings.size()) << e.file << " game " << e.number;
    for (std::size_t i = 0; i < again->size(); ++i) {
        EXPECT_EQ((*again)[i].key, e.postings[i].key) << e.file << " game " << e.number << " ply " << i;
        EXPECT_EQ((*again)[i].ply(), e.postings[i].ply()) << e.file << " game " << e.number << " ply " << i;
        EXPECT_EQ((*again)[i].code(), e.postings[i].code()) << e.file << " game " << e.number << " ply " << i;
    }
    // Up to a ply: the same, cut there.
    const auto half = static_cast<std::uint32_t>(e.postings.size() / 2);
    Result<std::vector<index::detail::Posting>> part =
        index::detail::replay_postings(e.game, e.start, e.moves, half);
    ASSERT_TRUE(part);
    EXPECT_EQ(part->size(), std::min<std::size_t>(half + 1, e.postings.size()));
    ++checked;
}

// --- Chess: the corpus ---------------------------------------------------------------------

class ChessIndex : public ::testing::Test {
  protected:
    static constexpr std::size_t kGames = 6000;
    static void SetUpTestSuite() {
        if (!fs::exists(kData / "chess/corpus")) return;
        pgn_ = new std::string(corpus_part(kGames));
        keys_ = new std::vector<std::vector<std::uint64_t>>(scan_keys(*pgn_));
    }
    static void TearDownTestSuite() {
        delete pgn_;
        delete keys_;
    }
    // How many games the scan finds the key in, and their numbers (0-based).
    static std::vector<std::size_t> scan(std::uint64_t key) {
        std::vector<std::size_t> games;
        for (std::size_t g = 0; g < keys_->size(); ++g)
            if (std::find((*keys_)[g].begin(), (*keys_)[g].end(), key) != (*keys_)[g].end())
                games.push_back(g);
        return games;
    }
    static inline std::string* pgn_ = nullptr;
    static inline std::vector<std::vector<std::uint64_t>>* keys_ = nullptr;
};

TEST_F(ChessIndex, PositionsAreFoundInEveryGameTheScanFindsThemIn) {
    REQUIRE_TESTDATA("chess/corpus");
    TempDir dir;
    write_file(dir / "part.pgn", *pgn_);
    index::Database db = build(dir / "part.db", {dir / "part.pgn"}, 2, 100000);  // several chunks, compacted
    // Popular, rare and deep positions: after 1.e4; the Ruy Lopez; game 1234 at ply 30;
    // each game's final position for a sample of games.
    std::vector<std::uint64_t> probes = {
        chess_query("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key,
        chess_query("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3").key};
    for (std::size_t g = 0; g < keys_->size(); g += 97)
        if (!(*keys_)[g].empty()) {
            probes.push_back((*keys_)[g][std::min<std::size_t>(30, (*keys_)[g].size() - 1)]);
            probes.push_back((*keys_)[g].back());
        }
    std::size_t checked = 0;
    for (const std::uint64_t key : probes) {
        index::PositionQuery q;
        q.game = formats::Game::chess;
        q.key = key;
        q.position = document(chess::Position::start());
        const std::vector<std::size_t> expected = scan(key);
        Result<index::SearchResult> r = db.search(q, 0, 1'000'000);
        ASSERT_TRUE(r);
        ASSERT_EQ(r->count, expected.size()) << "key " << key;
        for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(r->games[i].number, expected[i] + 1);
        ++checked;
    }
    EXPECT_GT(checked, 100u);
    // Pinned: the first of them, after 1.e4, in this part of the corpus.
    Result<index::SearchResult> e4 =
        db.search(chess_query("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), 0, 3);
    ASSERT_TRUE(e4);
    EXPECT_EQ(e4->count, scan(e4.value().games.empty() ? 0 : probes[0]).size());
    EXPECT_EQ(e4->games.size(), 3u);
    EXPECT_EQ(e4->games[0].ply, 1u);
}

TEST_F(ChessIndex, ExplorerCountsOfTheStartSumToTheGamesThatStartThere) {
    REQUIRE_TESTDATA("chess/corpus");
    TempDir dir;
    write_file(dir / "part.pgn", *pgn_);
    index::Database db = build(dir / "part.db", {dir / "part.pgn"});
    const index::PositionQuery start =
        chess_query("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    Result<index::ExploreResult> r = db.explore(start);
    ASSERT_TRUE(r);
    std::size_t from_start = 0;
    for (const auto& keys : *keys_) from_start += !keys.empty() && keys.front() == start.key;
    EXPECT_EQ(r->games, from_start);
    std::uint64_t sum = r->ended;
    for (const index::MoveStats& m : r->moves) {
        sum += m.count;
        EXPECT_EQ(m.count, m.first + m.draws + m.second + m.unknown);
        EXPECT_LE(m.games.size(), 3u);
    }
    EXPECT_EQ(sum, r->games);
    ASSERT_FALSE(r->moves.empty());
    EXPECT_EQ(r->moves[0].move, "e4");  // most played first
    for (std::size_t i = 1; i < r->moves.size(); ++i) EXPECT_GE(r->moves[i - 1].count, r->moves[i].count);
    // The count after 1.e4 is the number of games that reach it from the start by e4.
    Result<index::SearchResult> e4 =
        db.search(chess_query("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), 0, 0);
    ASSERT_TRUE(e4);
    EXPECT_EQ(r->moves[0].count, e4->count);
}

TEST(IndexExplorer, PerformanceIsTheOpponentsAverageAndTheScoresEloDifference) {
    EXPECT_EQ(index::performance_rating(2000, 0.5), 2000u);
    EXPECT_EQ(index::performance_rating(2000, 1), 2800u);  // all or nothing: 800 either way
    EXPECT_EQ(index::performance_rating(2000, 0), 1200u);
    EXPECT_EQ(index::performance_rating(2000, 0.75), 2191u);  // 400 log10 3 = 190.8
    EXPECT_EQ(index::performance_rating(2000, 0.25), 1809u);
    EXPECT_EQ(index::performance_rating(0, 0.5), 0u);  // no rated opponents
}

// Scid's columns, by hand: 40 games 1.e4 e5, White rated 2000 + i, Black 1900 (every tenth
// unrated), played in 1990 + i; White wins 20, draws 10, loses 10. Enough games that the
// moves table keeps their counts: the stored answer and the one counted from the postings
// (a filter that every game passes) agree.
TEST(IndexExplorer, ScidColumnsAreTheMoversRatingPerformanceAndYears) {
    TempDir dir;
    std::string pgn;
    std::uint64_t white_sum = 0, black_sum = 0, black_rated = 0;
    for (int i = 0; i < 40; ++i) {
        const char* result = i % 4 == 1 ? "0-1" : i % 4 == 2 ? "1/2-1/2" : "1-0";
        const bool black_rated_here = i % 10 != 9;
        pgn += fmt::format("[White \"W{}\"]\n[Black \"B\"]\n[Date \"{}.01.01\"]\n[WhiteElo \"{}\"]\n", i,
                           1990 + i, 2000 + i);
        if (black_rated_here) pgn += "[BlackElo \"1900\"]\n";
        pgn += fmt::format("[Result \"{}\"]\n\n1. e4 e5 {}\n\n", result, result);
        white_sum += 2000 + static_cast<std::uint64_t>(i);
        black_sum += black_rated_here ? 1900 : 0;
        black_rated += black_rated_here;
    }
    write_file(dir / "rated.pgn", pgn);
    index::Database db = build(dir / "rated.db", {dir / "rated.pgn"});
    constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const index::PositionQuery start = chess_query(kStart);
    index::PositionQuery filtered = chess_query(kStart);
    filtered.filter.year_from = 1900;
    for (const index::PositionQuery* q : {&start, static_cast<const index::PositionQuery*>(&filtered)}) {
        Result<index::ExploreResult> r = db.explore(*q);
        ASSERT_TRUE(r);
        ASSERT_EQ(r->moves.size(), 1u);
        const index::MoveStats& e4 = r->moves[0];
        EXPECT_EQ(e4.count, 40u);
        EXPECT_DOUBLE_EQ(e4.score, 0.625);
        EXPECT_EQ(e4.rating, white_sum / 40);  // 2019: the mover's average
        EXPECT_EQ(e4.performance,
                  index::performance_rating(static_cast<double>(black_sum) / static_cast<double>(black_rated),
                                            0.625));
        EXPECT_EQ(e4.performance, 1989u);  // 1900 + 400 log10(0.625 / 0.375) = 1988.7
        EXPECT_EQ(e4.first_year, 1990u);
        EXPECT_EQ(e4.last_year, 2029u);
    }
    // After 1.e4 Black moves: Black's rating, performance against White's average.
    Result<index::ExploreResult> e5 =
        db.explore(chess_query("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    ASSERT_TRUE(e5);
    ASSERT_EQ(e5->moves.size(), 1u);
    EXPECT_EQ(e5->moves[0].rating, 1900u);
    EXPECT_EQ(e5->moves[0].performance, 1931u);  // 2019.5 - 88.7
    // A date filter narrows the years and the counts.
    index::PositionQuery nineties = chess_query(kStart);
    nineties.filter.year_to = 1999;
    Result<index::ExploreResult> r = db.explore(nineties);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->moves.size(), 1u);
    EXPECT_EQ(r->moves[0].count, 10u);
    EXPECT_EQ(r->moves[0].last_year, 1999u);
    EXPECT_EQ(r->moves[0].rating, 2004u);  // 2000..2009
}

TEST_F(ChessIndex, StoredMoveCountsEqualTheCountsOfThePostings) {
    REQUIRE_TESTDATA("chess/corpus");
    TempDir dir;
    write_file(dir / "part.pgn", *pgn_);
    index::Database db = build(dir / "part.db", {dir / "part.pgn"}, 1, 100000);  // several chunks, compacted
    // Positions popular enough to have stored counts: the first 12 plies of every 50th game.
    std::set<std::uint64_t> probes;
    for (std::size_t g = 0; g < keys_->size(); g += 50)
        for (std::size_t ply = 0; ply < 12 && ply < (*keys_)[g].size(); ++ply)
            probes.insert((*keys_)[g][ply]);
    ASSERT_GT(probes.size(), 300u);
    for (const std::uint64_t key : probes) {
        index::PositionQuery q;
        q.game = formats::Game::chess;
        q.key = key;
        // The side to move decides the score only; the start position moves white, like most
        // probes at even plies: the counts compared do not depend on it.
        q.position = document(chess::Position::start());
        expect_stored_counts_equal_postings(db, q, fmt::format("key {:016x}", key));
    }
    // Most of the probes are common openings: many have their counts stored.
    EXPECT_GT(stored_positions(dir / "part.db"), 100);
}

TEST_F(ChessIndex, ReplayingStoredGamesGivesTheirPostings) {
    REQUIRE_TESTDATA("chess/corpus");
    chess::PgnSplitter splitter{std::string_view(*pgn_)};
    std::size_t checked = 0;
    while (std::optional<chess::PgnGameText> g = splitter.next())
        expect_replay_equals_indexing(index::detail::chess_entry(*g, "part.pgn"), checked);
    EXPECT_GT(checked, kGames - 10);
}

// Every record type the registry reads reaches the index: each is one overload of the
// index's tree entry (a type without one does not compile), and gives its games, with
// their game and positions, not zero games.
TEST(IndexEntries, EveryRecordTypeOfTheRegistryGivesItsGames) {
    const std::pair<std::string_view, std::string_view> samples[] = {
        {"sgf", "(;SZ[9];B[cc];W[gg])(;SZ[9];B[ee])"},
        {"pgn", "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n"},
        {"kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"},
        {"pgn-xiangqi", "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 *\n"},
    };
    std::set<formats::Game> games;
    for (const auto& [format, text] : samples) {
        SCOPED_TRACE(format);
        Result<formats::Document> doc = formats::find_format(format)->read(text, {});
        ASSERT_TRUE(doc) << doc.error().message;
        ASSERT_TRUE(formats::is_record(*doc));
        const std::vector<index::detail::GameEntry> entries = index::detail::record_entries(*doc, "f");
        ASSERT_EQ(entries.size(), formats::game_count(*doc));
        for (const index::detail::GameEntry& e : entries) {
            EXPECT_EQ(e.game, formats::game_of(*doc));
            EXPECT_TRUE(e.error.empty()) << e.error;
            EXPECT_GE(e.postings.size(), 2u);  // the start and at least one move
        }
        games.insert(formats::game_of(*doc));
    }
    EXPECT_EQ(games.size(), formats::all_games().size());  // every game of the table has a record here
}

TEST(IndexReplay, ReplayingStoredGamesGivesTheirPostings) {
    REQUIRE_TESTDATA("go/games/kombilo-pro");
    REQUIRE_TESTDATA("shogi/records");
    REQUIRE_TESTDATA("xiangqi/records");
    std::map<formats::Game, std::size_t> checked;
    for (const char* dir : {"go/games/kombilo-pro", "shogi/records", "xiangqi/records"})
        for (const auto& f : fs::recursive_directory_iterator(kData / dir)) {
            if (!f.is_regular_file()) continue;
            const std::optional<std::string> text = kifu::testing::read_file(f.path().string());
            ASSERT_TRUE(text);
            Result<const formats::Format*> format = formats::detect_format(*text, f.path().string());
            if (!format || !(*format)->read) continue;
            Result<formats::Document> doc = (*format)->read(*text, {});
            if (!doc) continue;
            for (const index::detail::GameEntry& e : index::detail::record_entries(*doc, f.path().string()))
                expect_replay_equals_indexing(e, checked[e.game]);
        }
    EXPECT_EQ(checked[formats::Game::go], 35u);
    EXPECT_GT(checked[formats::Game::shogi], 300u);
    EXPECT_GT(checked[formats::Game::xiangqi], 50u);
}

TEST_F(ChessIndex, FiltersKeepTheGamesWhoseTagsMatch) {
    REQUIRE_TESTDATA("chess/corpus");
    TempDir dir;
    write_file(dir / "part.pgn", *pgn_);
    index::Database db = build(dir / "part.db", {dir / "part.pgn"});
    index::PositionQuery q = chess_query("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    Result<index::SearchResult> all = db.search(q, 0, 1'000'000);
    ASSERT_TRUE(all);
    q.filter.tags = {{"White", "adams"}};
    q.filter.year_from = 1980;
    q.filter.year_to = 1990;
    q.filter.outcome = index::Outcome::first;
    Result<index::SearchResult> some = db.search(q, 0, 1'000'000);
    ASSERT_TRUE(some);
    EXPECT_GT(some->count, 0u);
    EXPECT_LT(some->count, all->count);
    std::size_t expected = 0;
    for (const index::GameSummary& g : all->games) {
        const int year = std::atoi(g.date.substr(0, 4).c_str());
        std::string white = g.first;
        for (char& c : white) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        expected +=
            white.find("adams") != std::string::npos && year >= 1980 && year <= 1990 && g.result == "1-0";
    }
    EXPECT_EQ(some->count, expected);
    for (const index::GameSummary& g : some->games) EXPECT_EQ(g.result, "1-0");
}

// Two parts built apart and merged answer as one index built from both.
TEST_F(ChessIndex, MergeAndASecondRunEqualTheCombinedBuild) {
    REQUIRE_TESTDATA("chess/corpus");
    TempDir dir;
    const std::size_t cut = pgn_->find("[Event", pgn_->size() / 2);
    write_file(dir / "a.pgn", std::string_view(*pgn_).substr(0, cut));
    write_file(dir / "b.pgn", std::string_view(*pgn_).substr(cut));
    // A game of a.pgn copied into b.pgn: one duplicate, found by both builds.
    const std::size_t second = pgn_->find("[Event", 10);
    write_file(dir / "b2.pgn", std::string(std::string_view(*pgn_).substr(0, second)) +
                                   std::string(std::string_view(*pgn_).substr(cut)));
    { build(dir / "a.db", {dir / "a.pgn"}); }
    { build(dir / "b.db", {dir / "b2.pgn"}, 2); }
    Result<index::IndexReport> merged =
        index::merge(dir / "m.db", std::vector<std::string>{dir / "a.db", dir / "b.db"});
    ASSERT_TRUE(merged) << merged.error().message;
    EXPECT_EQ(merged->duplicates, 1u);
    index::Database together = build(dir / "c.db", {dir / "a.pgn", dir / "b2.pgn"});
    Result<index::Database> m = index::Database::open(dir / "m.db", false);
    ASSERT_TRUE(m);
    Result<index::DatabaseStats> sm = m->stats(), sc = together.stats();
    ASSERT_TRUE(sm && sc);
    EXPECT_EQ(sm->games, sc->games);
    EXPECT_EQ(sm->postings, sc->postings);
    EXPECT_EQ(sm->duplicates, 1u);
    EXPECT_EQ(sc->duplicates, 1u);
    // Built in two runs: the second compacts the first's postings (most keys kept by their
    // high half) with its own, replaying the first's games where the halves meet.
    {
        index::Database first = build(dir / "i.db", {dir / "a.pgn"});
        Result<index::IndexReport> r = first.add(std::vector<std::string>{dir / "b2.pgn"}, {});
        ASSERT_TRUE(r) << r.error().message;
        EXPECT_EQ(r->duplicates, 1u);
    }
    Result<index::Database> incremental = index::Database::open(dir / "i.db", false);
    ASSERT_TRUE(incremental);
    for (index::Database* other : {&*m, &*incremental}) {
        SCOPED_TRACE(other == &*m ? "merged" : "built in two runs");
        Result<index::DatabaseStats> so = other->stats();
        ASSERT_TRUE(so);
        EXPECT_EQ(so->postings, sc->postings);
        std::size_t compared = 0;
        for (std::size_t g = 0; g < keys_->size(); g += 41)
            for (std::size_t k = 0; k < (*keys_)[g].size(); k += 7) {
                index::PositionQuery q;
                q.key = (*keys_)[g][k];
                q.position = document(chess::Position::start());
                Result<index::SearchResult> a = other->search(q, 0, 50), b = together.search(q, 0, 50);
                ASSERT_TRUE(a && b);
                ASSERT_EQ(a->count, b->count);
                for (std::size_t i = 0; i < a->games.size(); ++i) {
                    EXPECT_EQ(a->games[i].id, b->games[i].id);
                    EXPECT_EQ(a->games[i].file, b->games[i].file);
                    EXPECT_EQ(a->games[i].number, b->games[i].number);
                    EXPECT_EQ(a->games[i].ply, b->games[i].ply);
                }
                if (k < 14) {  // openings: the explorer, from stored counts where kept
                    Result<index::ExploreResult> ea = other->explore(q), eb = together.explore(q);
                    ASSERT_TRUE(ea && eb);
                    expect_same_explorer(*ea, *eb);
                }
                ++compared;
            }
        EXPECT_GT(compared, 500u);
        const index::PositionQuery start =
            chess_query("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        Result<index::ExploreResult> ea = other->explore(start), eb = together.explore(start);
        ASSERT_TRUE(ea && eb);
        expect_same_explorer(*ea, *eb);
    }
}

// A first run of one game keeps every key of it by its high half alone; a second run of
// thousands of games reaching its opening positions must count that game in their stored
// move counts, as one run of both does.
TEST_F(ChessIndex, ASecondRunCountsTheFirstRunsGames) {
    REQUIRE_TESTDATA("chess/corpus");
    TempDir dir;
    const std::size_t second = pgn_->find("[Event", 10);
    write_file(dir / "one.pgn", std::string_view(*pgn_).substr(0, second));
    write_file(dir / "rest.pgn", std::string_view(*pgn_).substr(second));
    {
        index::Database first = build(dir / "two-runs.db", {dir / "one.pgn"});
        Result<index::IndexReport> r = first.add(std::vector<std::string>{dir / "rest.pgn"}, {});
        ASSERT_TRUE(r) << r.error().message;
    }
    Result<index::Database> two_runs = index::Database::open(dir / "two-runs.db", false);
    ASSERT_TRUE(two_runs);
    index::Database one_run = build(dir / "one-run.db", {dir / "one.pgn", dir / "rest.pgn"});
    ASSERT_GT(stored_positions(dir / "two-runs.db"), 100);
    std::size_t compared = 0;
    for (const std::uint64_t key : (*keys_)[0]) {
        index::PositionQuery q;
        q.key = key;
        q.position = document(chess::Position::start());
        Result<index::ExploreResult> a = two_runs->explore(q), b = one_run.explore(q);
        ASSERT_TRUE(a && b);
        expect_same_explorer(*a, *b);
        Result<index::SearchResult> sa = two_runs->search(q, 0, 5), sb = one_run.search(q, 0, 5);
        ASSERT_TRUE(sa && sb);
        EXPECT_EQ(sa->count, sb->count);
        EXPECT_EQ(sa->count, scan(key).size());
        ++compared;
    }
    EXPECT_GT(compared, 20u);
}

TEST_F(ChessIndex, IndexingAgainAddsNothingAndCopiesAreReported) {
    REQUIRE_TESTDATA("chess/corpus");
    TempDir dir;
    const std::string part = corpus_part(300);
    write_file(dir / "a.pgn", part);
    const std::size_t third = part.find("[Event", part.find("[Event", part.find("[Event", 10) + 10) + 10);
    write_file(dir / "copies.pgn", std::string_view(part).substr(0, third));  // games 1-3 again
    Result<index::Database> db = index::Database::open(dir / "x.db", true);
    ASSERT_TRUE(db);
    const std::vector<std::string> a{dir / "a.pgn"};
    Result<index::IndexReport> first = db->add(a);
    ASSERT_TRUE(first);
    EXPECT_EQ(first->added + first->broken + first->duplicates, first->games);
    Result<index::IndexReport> again = db->add(a);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->added, 0u);
    EXPECT_EQ(again->known, first->added + first->duplicates);
    Result<index::IndexReport> copies = db->add(std::vector<std::string>{dir / "copies.pgn"});
    ASSERT_TRUE(copies);
    EXPECT_EQ(copies->added, 0u);
    EXPECT_EQ(copies->duplicates, 3u);
    ASSERT_EQ(copies->messages.size(), 3u);
    EXPECT_NE(copies->messages[0].find("copies.pgn: note: game 1 is a copy of " + dir / "a.pgn" + " game 1"),
              std::string::npos)
        << copies->messages[0];
    // Recorded: a third run says nothing new.
    Result<index::IndexReport> copies_again = db->add(std::vector<std::string>{dir / "copies.pgn"});
    ASSERT_TRUE(copies_again);
    EXPECT_EQ(copies_again->duplicates, 0u);
    EXPECT_EQ(copies_again->known, 3u);
    // A run that adds games says its stages once the inputs are read: the new chunk written,
    // then merged with the index's one.
    write_file(dir / "b.pgn", corpus_part(320).substr(part.size()));
    std::vector<std::string> stages;
    index::IndexOptions options;
    options.progress = [&](const index::Progress& p) {
        if (!p.stage.empty()) stages.push_back(p.stage);
    };
    Result<index::IndexReport> more = db->add(std::vector<std::string>{dir / "b.pgn"}, options);
    ASSERT_TRUE(more);
    EXPECT_GT(more->added, 0u);
    EXPECT_EQ(stages,
              (std::vector<std::string>{"writing the positions",
                                        "merging 2 chunks of chess positions into one", "committing"}));
}

// Material and sub-FEN, scanned by the index on two threads, against a scan of the PGN.
TEST_F(ChessIndex, MaterialAndSubFenScansFindWhatAReplayFinds) {
    REQUIRE_TESTDATA("chess/corpus");
    TempDir dir;
    write_file(dir / "part.pgn", *pgn_);
    index::Database db = build(dir / "part.db", {dir / "part.pgn"});
    struct Query {
        const char* material;
        const char* sub_fen;
    };
    for (const Query query : {Query{"KRvKR", ""}, Query{"", "8/8/8/8/8/8/8/6K1"},
                              Query{"KQRRBNPPPPPvKQRRBNPPPPP", "8/8/8/8/8/5N2/8/6K1"}, Query{"KPvK", ""}}) {
        Result<index::ChessScan> scan = index::chess_scan(query.material, query.sub_fen);
        ASSERT_TRUE(scan) << scan.error().message;
        // The scan: every main-line position, the first that matches in each game.
        struct Replay : chess::PgnVisitor {
            const index::ChessScan* scan;
            std::optional<std::uint32_t> first;
            std::uint32_t ply = 0;
            bool broken = false;
            bool begin_variation() override { return false; }
            void check(const chess::Position& p) {
                if (first) return;
                bool ok = true;
                if (scan->material) {
                    std::array<std::array<std::uint8_t, 6>, 2> counts{};
                    for (int sq = 0; sq < 64; ++sq) {
                        const chess::Piece piece = p.piece_on(static_cast<chess::Square>(sq));
                        if (piece.type != chess::PieceType::none)
                            ++counts[piece.color == chess::Color::black]
                                    [static_cast<std::size_t>(chess::index(piece.type))];
                    }
                    ok = counts == *scan->material;
                }
                if (ok && scan->sub_fen)
                    for (int sq = 0; sq < 64; ++sq)
                        if ((*scan->sub_fen)[sq].type != chess::PieceType::none &&
                            !(p.piece_on(static_cast<chess::Square>(sq)) == (*scan->sub_fen)[sq]))
                            ok = false;
                if (ok) first = ply;
            }
            void move(const chess::Position& before, chess::Move, std::string_view) override {
                check(before);
                ++ply;
            }
            void error(const Error&) override { broken = true; }
            void end_game(const chess::Position& final_position) override { check(final_position); }
        };
        std::vector<std::pair<std::size_t, std::uint32_t>> expected;
        chess::PgnSplitter splitter(*pgn_);
        std::set<std::uint64_t> seen;  // the index leaves copies out: so does the scan
        while (std::optional<chess::PgnGameText> g = splitter.next()) {
            Replay r;
            r.scan = &*scan;
            chess::read_pgn_game(*g, r);
            if (!r.broken && r.first) expected.emplace_back(g->index + 1, *r.first);
        }
        Result<index::SearchResult> got = index::search_chess_scan(db, *scan, {}, 0, 1'000'000, 2);
        ASSERT_TRUE(got);
        // Copies are left out of the index: its count is at most the scan's, and every game
        // it lists is one the scan found at the same ply.
        EXPECT_LE(got->count, expected.size());
        EXPECT_GE(got->count + 7, expected.size()) << query.material << " " << query.sub_fen;
        for (const index::GameSummary& g : got->games) {
            const auto it = std::find_if(expected.begin(), expected.end(),
                                         [&](const auto& e) { return e.first == g.number; });
            ASSERT_NE(it, expected.end()) << "game " << g.number;
            EXPECT_EQ(it->second, g.ply) << "game " << g.number;
        }
        EXPECT_GT(got->count, 0u) << query.material << " " << query.sub_fen;
    }
    // Errors point into the query.
    Result<index::ChessScan> bad = index::chess_scan("KQXvK", "");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().column, 3u);
    EXPECT_FALSE(index::chess_scan("", "8/8/8/9/8/8/8/8"));
    EXPECT_FALSE(index::chess_scan("", ""));
}

// --- Go ------------------------------------------------------------------------------------

// Go counts are kept by colour class: the stored ones answer queries in any orientation, with
// colours swapped or not, as the postings do.
TEST(GoIndex, StoredMoveCountsEqualTheCountsOfThePostings) {
    REQUIRE_TESTDATA("go/games/kombilo-pro");
    TempDir dir;
    index::Database db = build(dir / "go.db", {(kData / "go/games/kombilo-pro").string()});
    const std::vector<fs::path> files = kombilo_files();
    for (std::size_t f = 0; f < files.size(); f += 5) {
        const std::optional<std::string> text = kifu::testing::read_file(files[f].string());
        ASSERT_TRUE(text);
        Result<go::SgfCollection> sgf = go::read_sgf(*text);
        ASSERT_TRUE(sgf);
        Result<go::Game> game = go::game_tree(*sgf, sgf->games()[0]);
        ASSERT_TRUE(game);
        for (std::uint32_t ply = 0; ply < 4; ++ply) {
            Result<NodeId> node = main_line_node(*game, ply);
            ASSERT_TRUE(node);
            const go::GameState state = game->position_after(*node);
            for (const Symmetry s : {Symmetry{0}, Symmetry{3}, Symmetry{8}, Symmetry{13}}) {
                const go::Position p = image_of(state.board, s);
                for (const bool any : {false, true}) {
                    Result<index::PositionQuery> q = index::position_query(document(p));
                    ASSERT_TRUE(q);
                    q->any_colours = any;
                    expect_stored_counts_equal_postings(
                        db, *q,
                        fmt::format("{} ply {} symmetry {}{}", files[f].filename().string(), ply, int(s),
                                    any ? " any colours" : ""));
                }
            }
        }
    }
    // The empty board starts all 35 games: its counts are stored.
    EXPECT_GT(stored_positions(dir / "go.db"), 0);
}

// A position of a professional game found after each of the 8 symmetries, and after the
// colour swap only with any_colours.
TEST(GoIndex, APositionIsFoundInEveryOrientationAndColourSwapped) {
    REQUIRE_TESTDATA("go/games/kombilo-pro");
    TempDir dir;
    index::Database db = build(dir / "go.db", {(kData / "go/games/kombilo-pro").string()}, 2);
    Result<index::DatabaseStats> stats = db.stats();
    ASSERT_TRUE(stats);
    EXPECT_EQ(stats->games, 35u);
    // Game 7 of the folder in name order, after 60 moves.
    const std::vector<fs::path> files = kombilo_files();
    const std::optional<std::string> text = kifu::testing::read_file(files[6].string());
    ASSERT_TRUE(text);
    Result<go::SgfCollection> sgf = go::read_sgf(*text);
    ASSERT_TRUE(sgf);
    Result<go::Game> game = go::game_tree(*sgf, sgf->games()[0]);
    ASSERT_TRUE(game);
    Result<NodeId> node = main_line_node(*game, 60);
    ASSERT_TRUE(node);
    const go::GameState state = game->position_after(*node);
    const go::BoardSize size = state.board.size();
    std::pair<std::uint64_t, std::uint64_t> plain{};
    for (Symmetry s = 0; s < 16; ++s) {
        const go::Position p = image_of(state.board, s);
        for (const bool any : {false, true}) {
            Result<index::PositionQuery> q = index::position_query(document(p));
            ASSERT_TRUE(q);
            q->any_colours = any;
            Result<index::SearchResult> r = db.search(*q, 0, 100);
            ASSERT_TRUE(r);
            const bool swapped = go::swaps_colours(s);
            if (swapped && !any) {
                EXPECT_EQ(r->count, 0u) << "symmetry " << int(s);
                continue;
            }
            ASSERT_EQ(r->count, 1u) << "symmetry " << int(s) << (any ? " any colours" : "");
            EXPECT_EQ(r->games[0].file, files[6].string());
            EXPECT_EQ(r->games[0].ply, 60u);
            // The symmetry reported maps the game's board onto the query's.
            EXPECT_EQ(r->games[0].symmetry & 7, s & 7);
            // The move played next, shown in the query's orientation.
            Result<index::ExploreResult> e = db.explore(*q);
            ASSERT_TRUE(e);
            ASSERT_EQ(e->moves.size(), 1u);
            const go::NodeAction& next = game->nodes[game->nodes[*node].children[0]].move;
            ASSERT_EQ(next.moves.size(), 1u);
            const go::Point to = go::apply(s, next.moves[0].move.point, size);
            const go::Stone colour = go::apply(s, next.moves[0].stone);
            Result<std::string> human = go::to_human(size, to);
            ASSERT_TRUE(human);
            EXPECT_EQ(e->moves[0].move, (colour == go::Stone::black ? "B " : "W ") + *human)
                << "symmetry " << int(s);
            // Results in the query's colours: a game found with colours swapped counts its
            // winner as the other colour.
            if (s == 0 && !any) plain = {e->moves[0].first, e->moves[0].second};
            EXPECT_EQ(e->moves[0].first + e->moves[0].second, 1u);
            if (swapped) {
                EXPECT_EQ(e->moves[0].first, plain.second) << "symmetry " << int(s);
                EXPECT_EQ(e->moves[0].second, plain.first) << "symmetry " << int(s);
            } else {
                EXPECT_EQ(e->moves[0].first, plain.first) << "symmetry " << int(s);
            }
        }
    }
}

// A game's prefilter, built from its positions one change at a time, against each position
// whole: every stone stood where the prefilter says one of its colour ever stood, and every
// corner region, read from each corner in either orientation and either colouring, has its
// key kept; regions no position had (a corner's region with one stone more) are not kept.
TEST(GoPrefilter, KeepsEveryStoneAndEveryCornerRegionOfEveryPosition) {
    using namespace index::detail;
    REQUIRE_TESTDATA("go/games/kombilo-pro");
    std::size_t checked = 0, absent = 0;
    for (const fs::path& file : kombilo_files()) {
        const std::optional<std::string> t = kifu::testing::read_file(file.string());
        Result<go::SgfCollection> c = go::read_sgf(*t);
        Result<go::Game> g = go::game_tree(*c, c->games()[0]);
        ASSERT_TRUE(g);
        const go::BoardSize size = g->start.board.size();
        go::BoardKeys keys(size);
        GoPrefilterBuilder builder(size);
        std::vector<go::Board> boards;
        walk(*g, [&](NodeId id, const go::GameState& state) {
            if (id != go::Game::kRoot && g->nodes[g->nodes[id].parent].children[0] != id) return false;
            keys.update(state.board);
            builder.add(keys.changes());
            boards.push_back(state.board);
            return true;
        });
        const std::string bytes = builder.finish();
        const std::optional<GoPrefilter> f = read_go_prefilter(bytes);
        ASSERT_TRUE(f);
        ASSERT_EQ(f->size, size);
        ASSERT_TRUE(f->regions);
        for (const go::Board& board : boards) {
            for (int i = 0; i < size.points(); ++i) {
                const go::Stone s = board.at(go::Point::from_index(size, i));
                if (s != go::Stone::none) {
                    ASSERT_TRUE(f->ever(i, s)) << file << " point " << i;
                }
            }
            for (int corner = 0; corner < 4; ++corner)
                for (const bool mirrored : {false, true})
                    for (const bool swapped : {false, true}) {
                        CornerRegion region{};
                        int free_cell = -1;
                        for (int j = 0; j < kRegionSide; ++j)
                            for (int i = 0; i < kRegionSide; ++i) {
                                const int col = (corner & 1) ? size.width - 1 - i : i;
                                const int row = (corner & 2) ? size.height - 1 - j : j;
                                const go::Stone s =
                                    go::apply(swapped ? 8 : 0, board.at({static_cast<std::uint8_t>(col),
                                                                         static_cast<std::uint8_t>(row)}));
                                const int cell = mirrored ? i * kRegionSide + j : j * kRegionSide + i;
                                region[static_cast<std::size_t>(cell)] = s;
                                if (s == go::Stone::none) free_cell = cell;
                            }
                        ASSERT_TRUE(f->had_region(corner_region_key(region))) << file << " corner " << corner;
                        ++checked;
                        if (free_cell < 0 || mirrored || swapped) continue;
                        // The region with a black stone more: kept only if some position had it.
                        region[static_cast<std::size_t>(free_cell)] = go::Stone::black;
                        absent += !f->had_region(corner_region_key(region));
                    }
        }
    }
    std::cout << checked << " regions checked, " << absent << " regions with a stone more not kept\n";
    // Most of them (96% here): a game rarely adds a stone just there.
    EXPECT_GT(absent, checked / 4 * 9 / 10);
}

// A corner pattern against a brute-force scan: every position of every game, under each
// of the 16 symmetries of the board, the pattern tried where its anchors allow.
TEST(GoIndex, ACornerPatternIsFoundInEveryGameThatHoldsIt) {
    REQUIRE_TESTDATA("go/games/kombilo-pro");
    TempDir dir;
    index::Database db = build(dir / "go.db", {(kData / "go/games/kombilo-pro").string()});
    // Shapes cut from a real game after 20 moves: two 4x4 corners (B2 marked: anything)
    // and a 4x4 piece off the edges.
    const std::vector<fs::path> files = kombilo_files();
    // The same games in two indexes merged: the same answers, from the same prefilters.
    {
        const std::size_t half = files.size() / 2;
        std::vector<std::string> a, b;
        for (std::size_t i = 0; i < files.size(); ++i) (i < half ? a : b).push_back(files[i].string());
        build(dir / "a.db", a);
        build(dir / "b.db", b);
        ASSERT_TRUE(index::merge(dir / "m.db", std::vector<std::string>{dir / "a.db", dir / "b.db"}));
    }
    Result<index::Database> merged = index::Database::open(dir / "m.db", false);
    ASSERT_TRUE(merged);
    // Every main-line position of every game, once.
    const go::BoardSize size19{19, 19};
    std::map<std::string, std::vector<std::vector<go::Stone>>> lines;
    for (const fs::path& file : files) {
        const std::optional<std::string> t = kifu::testing::read_file(file.string());
        Result<go::SgfCollection> c = go::read_sgf(*t);
        Result<go::Game> g = go::game_tree(*c, c->games()[0]);
        ASSERT_TRUE(g);
        ASSERT_EQ(g->start.board.size(), size19);
        auto& boards = lines[file.string()];
        walk(*g, [&](NodeId id, const go::GameState& state) {
            if (id != go::Game::kRoot && g->nodes[g->nodes[id].parent].children[0] != id) return false;
            std::vector<go::Stone> cells(361);
            for (int i = 0; i < 361; ++i)
                cells[static_cast<std::size_t>(i)] = state.board.at(go::Point::from_index(size19, i));
            boards.push_back(std::move(cells));
            return true;
        });
    }
    std::array<std::array<std::size_t, 361>, 8> image_of{};
    for (Symmetry s = 0; s < 8; ++s)
        for (int i = 0; i < 361; ++i)
            image_of[s][static_cast<std::size_t>(i)] = static_cast<std::size_t>(
                go::apply(s, go::Point::from_index(size19, i), size19).index(size19));
    // The 4x4 shapes have B2 open (prefiltered by where stones ever stood); the 7x7 and 8x7
    // corners leave no point open (prefiltered by their corner region's key too).
    struct Case {
        const char* region;
        bool b2_open;
        std::uint64_t replayed, replayed_any;  // games the prefilter lets through, pinned
    };
    for (const Case& c :
         {Case{"A1-D4", true, 18, 29}, Case{"A16-D19", true, 34, 35}, Case{"C3-F6", true, 27, 0},
          Case{"A1-G7", false, 1, 1}, Case{"A13-H19", false, 1, 1}, Case{"N13-T19", false, 27, 27}}) {
        const char* region = c.region;
        const std::optional<std::string> text = kifu::testing::read_file(files[3].string());
        ASSERT_TRUE(text);
        Result<go::SgfCollection> sgf = go::read_sgf(*text);
        ASSERT_TRUE(sgf);
        Result<go::Game> game = go::game_tree(*sgf, sgf->games()[0]);
        ASSERT_TRUE(game);
        go::Position position = go::position_of(game->position_after(*main_line_node(*game, 20)));
        if (c.b2_open) position.marks.push_back({go::Point{1, 17}, go::Mark::cross});  // B2: anything
        Result<index::GoPattern> pattern = index::go_pattern(position, region);
        ASSERT_TRUE(pattern) << pattern.error().message;
        for (const bool any : {false, true}) {
            if (any && !pattern->left && !pattern->right) continue;  // the brute force is slow off the edges
            Result<index::PatternResult> got = index::search_pattern(db, *pattern, {}, any, 0, 1000, 2);
            ASSERT_TRUE(got);
            // The brute force: each position under each symmetry, as a plain array.
            std::map<std::string, std::uint32_t> expected;  // file -> first ply
            using Cell = index::GoPattern::Cell;
            for (const auto& [file, boards] : lines) {
                for (std::uint32_t ply = 0; ply < boards.size() && !expected.count(file); ++ply) {
                    const std::vector<go::Stone>& board = boards[ply];
                    bool found = false;
                    for (Symmetry s = 0; s < (any ? 16 : 8) && !found; ++s) {
                        std::vector<go::Stone> image(board.size(), go::Stone::none);
                        for (std::size_t i = 0; i < 361; ++i)
                            image[image_of[s & 7][i]] = go::apply(s, board[i]);
                        for (int y = 0; y + pattern->height <= 19 && !found; ++y)
                            for (int x = 0; x + pattern->width <= 19 && !found; ++x) {
                                if ((pattern->left && x != 0) || (pattern->top && y != 0) ||
                                    (pattern->right && x + pattern->width != 19) ||
                                    (pattern->bottom && y + pattern->height != 19))
                                    continue;
                                bool ok = true;
                                for (int r = 0; r < pattern->height && ok; ++r)
                                    for (int q = 0; q < pattern->width && ok; ++q) {
                                        const Cell cell =
                                            pattern->cells[static_cast<std::size_t>(r * pattern->width + q)];
                                        const go::Stone at =
                                            image[static_cast<std::size_t>((y + r) * 19 + x + q)];
                                        ok = cell == Cell::any ||
                                             (cell == Cell::empty && at == go::Stone::none) ||
                                             (cell == Cell::black && at == go::Stone::black) ||
                                             (cell == Cell::white && at == go::Stone::white);
                                    }
                                found = ok;
                            }
                    }
                    if (found) expected[file] = ply;
                }
            }
            std::cout << region << (any ? ", any colours: " : ": ") << got->count << " games, "
                      << got->replayed << " replayed\n";
            EXPECT_EQ(got->count, expected.size()) << region << (any ? " any" : "");
            EXPECT_EQ(got->replayed, any ? c.replayed_any : c.replayed) << region << (any ? " any" : "");
            Result<index::PatternResult> from_merged =
                index::search_pattern(*merged, *pattern, {}, any, 0, 1000);
            ASSERT_TRUE(from_merged);
            EXPECT_EQ(from_merged->count, got->count) << region;
            EXPECT_EQ(from_merged->replayed, got->replayed) << region;
            for (const index::GameSummary& g : got->games) {
                ASSERT_TRUE(expected.count(g.file)) << g.file;
                EXPECT_EQ(expected[g.file], g.ply) << g.file << " " << region;
            }
            EXPECT_GE(got->count, 1u) << region;  // at least the game it was cut from
            std::uint64_t continued = 0;
            for (const index::Continuation& k : got->continuations) continued += k.count;
            EXPECT_EQ(continued, got->count);
        }
    }
}

// --- Shogi and xiangqi ---------------------------------------------------------------------

TEST(ShogiAndXiangqiIndex, TheStartLeadsToEveryGameThatStartsThere) {
    REQUIRE_TESTDATA("shogi/records/synthetic");
    REQUIRE_TESTDATA("xiangqi/records/synthetic");
    TempDir dir;
    index::Database db = build(
        dir / "x.db",
        {(kData / "shogi/records/synthetic").string(), (kData / "xiangqi/records/synthetic").string()}, 2);
    for (const char* notation : {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                                 "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"}) {
        Result<const formats::Format*> f = formats::detect_format(notation);
        ASSERT_TRUE(f);
        Result<formats::Document> d = (*f)->read(notation, {});
        ASSERT_TRUE(d) << notation;
        Result<index::PositionQuery> q = index::position_query(std::move(*d));
        ASSERT_TRUE(q);
        Result<index::ExploreResult> e = db.explore(*q);
        ASSERT_TRUE(e);
        EXPECT_GT(e->games, 100u) << notation;
        std::uint64_t sum = e->ended;
        for (const auto& m : e->moves) sum += m.count;
        EXPECT_EQ(sum, e->games);
        Result<index::SearchResult> s = db.search(*q, 0, 1);
        ASSERT_TRUE(s);
        EXPECT_EQ(s->count, e->games);
    }
}

}  // namespace
