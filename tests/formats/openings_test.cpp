// Openings named by position (formats/openings.hpp) and the books that are no PGN
// (chess/opening_files.hpp): every game, transpositions, the side to move, the book's order.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "kifu/chess/game.hpp"
#include "kifu/chess/opening_files.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/pgn_tee.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/formats/duplicates.hpp"
#include "kifu/formats/openings.hpp"

#include "../support/documents.hpp"

namespace kifu::formats {
namespace {

using test::read_as;

OpeningBook book_of(std::string_view format, std::string_view text) {
    Result<OpeningBook> book = OpeningBook::of(read_as(format, text));
    EXPECT_TRUE(book) << book.error().message;
    return std::move(*book);
}

std::vector<chess::Game> chess_games(std::string_view pgn) {
    return std::get<std::vector<chess::Game>>(read_as("pgn", pgn).value);
}

constexpr std::string_view kChessBook =
    "[ECO \"C00\"]\n[Opening \"French\"]\n\n1. e4 e6 *\n\n"
    "[ECO \"C01\"]\n[Opening \"French\"]\n[Variation \"exchange\"]\n\n1. e4 e6 2. d4 d5 3. exd5 exd5 *\n\n"
    "[ECO \"B10\"]\n[Opening \"Caro-Kann\"]\n\n1. e4 c6 *\n\n"
    // The same position as the French's 2...d5 (after 1. e4 e6 2. d4 d5), named twice.
    "[ECO \"C00\"]\n[Opening \"French\"]\n[Variation \"main line\"]\n\n1. e4 e6 2. d4 d5 *\n\n"
    "[ECO \"D00\"]\n[Opening \"Queen's pawn\"]\n[Variation \"French move order\"]\n\n1. d4 e6 2. e4 d5 *\n\n";

TEST(Openings, ABookNamesTheEndOfEachOfItsLines) {
    const OpeningBook book = book_of("pgn", kChessBook);
    EXPECT_EQ(book.game(), Game::chess);
    EXPECT_EQ(book.size(), 5u);
    EXPECT_EQ(book.horizon(), 6 + kOpeningSlack);
    EXPECT_EQ((book.tag_names() == std::vector<std::string>{"ECO", "Opening", "Variation", "SubVariation"}),
              true);
    EXPECT_EQ(book.openings()[1].name(), "French: exchange");
    EXPECT_EQ(book.openings()[1].code(), "C01");
    EXPECT_EQ(book.openings()[0].name(), "French");
}

TEST(Openings, AGameIsNamedByTheDeepestNamedPositionItReachesInAnyOrder) {
    const OpeningBook book = book_of("pgn", kChessBook);
    // The exchange French reached by another order: named by position.
    std::vector<chess::Game> games = chess_games("1. d4 e6 2. e4 d5 3. exd5 exd5 4. Nf3 Nf6 *\n");
    OpeningMatch m = find_opening(games[0], book);
    ASSERT_TRUE(m.opening);
    EXPECT_EQ(m.opening->name(), "French: exchange");
    EXPECT_EQ(m.ply, 6u);
    // A game leaving the book at once keeps the last name it had.
    games = chess_games("1. e4 c6 2. Nf3 *\n");
    m = find_opening(games[0], book);
    ASSERT_TRUE(m.opening);
    EXPECT_EQ(m.opening->code(), "B10");
    EXPECT_EQ(m.ply, 2u);
    // Never in the book.
    games = chess_games("1. a3 a6 *\n");
    EXPECT_FALSE(find_opening(games[0], book).opening);
}

TEST(Openings, APositionNamedTwiceIsNamedByTheGamesOwnOrderElseTheBooksFirst) {
    const OpeningBook book = book_of("pgn", kChessBook);
    std::vector<chess::Game> games = chess_games("1. d4 e6 2. e4 d5 3. Nc3 *\n");
    ASSERT_TRUE(find_opening(games[0], book).opening);
    EXPECT_EQ(find_opening(games[0], book).opening->code(), "D00");
    games = chess_games("1. e4 e6 2. d4 d5 3. Nc3 *\n");
    EXPECT_EQ(find_opening(games[0], book).opening->name(), "French: main line");
    // Another order than both of the book's: its first.
    games = chess_games("1. e4 d5 2. d4 e6 *\n");  // 1...d5 then ...e6: the same position
    EXPECT_EQ(find_opening(games[0], book).opening->name(), "French: main line");
}

TEST(Openings, TheSideToMoveIsPartOfThePosition) {
    const OpeningBook book = book_of("pgn", kChessBook);
    // The French's position after 1. e4 e6 with White to move, reached with Black to move
    // (White lost a move: 1. e3 e6 2. e4): not the French.
    std::vector<chess::Game> games = chess_games("1. e3 e6 2. e4 *\n");
    EXPECT_FALSE(find_opening(games[0], book).opening);
}

TEST(Openings, NamingSetsTheBooksTagsAndRemovesTheGamesOthers) {
    const OpeningBook book = book_of("pgn", kChessBook);
    Document d =
        read_as("pgn",
                "[White \"a\"]\n[ECO \"A00\"]\n[Variation \"wrong\"]\n[SubVariation \"old\"]\n\n1. e4 e6 "
                "*\n\n[ECO \"A00\"]\n[Opening \"kept\"]\n\n1. a3 *\n");
    Result<std::size_t> named = name_openings(d, book);
    ASSERT_TRUE(named);
    EXPECT_EQ(*named, 1u);
    const auto& games = std::get<std::vector<chess::Game>>(d.value);
    const std::vector<std::pair<std::string, std::string>> first{
        {"White", "a"}, {"ECO", "C00"}, {"Opening", "French"}};
    EXPECT_EQ(games[0].tags, first);
    EXPECT_EQ(games[1].tag("Opening"), "kept");  // not named: left as it was
}

// One read feeding the opening's finder and a duplicate keyer (chess::PgnMainLineTee, what
// convert --openings --unique does) gives each what its own read gives: the finder stops at
// the book's horizon and the keyer reads on, or (depth:1) the keyer stops first; an error
// reaches both; the next game starts both afresh.
TEST(Openings, OneReadFeedsTheFinderAndTheKeyerAsTheirOwnReadsDo) {
    const OpeningBook book = book_of("pgn", kChessBook);
    const std::string_view games =
        "[Event \"a\"]\n\n1. e4 e6 2. d4 d5 3. exd5 exd5 4. Nf3 Nf6 5. Bd3 Bd6 *\n\n"
        "[Event \"b\"]\n\n1. d4 e6 2. e4 d5 3. Nc3 *\n\n"
        "[Event \"c\"]\n\n1. e4 c6 2. Qh5 Qxh5 *\n\n"  // an illegal move: no key
        "[Event \"d\"]\n\n1. c4 *\n\n"
        "[Event \"e\"]\n\n*\n\n";
    for (const std::string_view rule_text : {"moves", "position", "depth:1", "depth:7"}) {
        SCOPED_TRACE(rule_text);
        const DuplicateRule rule = *parse_duplicate_rule(rule_text);
        chess::PgnSplitter splitter(games);
        std::size_t n = 0;
        while (const std::optional<chess::PgnGameText> g = splitter.next()) {
            PgnOpeningFinder alone_finder(book), tee_finder(book);
            PgnDuplicateKeyer alone_keyer(rule), tee_keyer(rule);
            chess::read_pgn_game(*g, alone_finder);
            chess::read_pgn_game(*g, alone_keyer);
            chess::PgnMainLineTee both(tee_finder, tee_keyer);
            chess::read_pgn_game(*g, both);
            EXPECT_EQ(tee_finder.match().opening, alone_finder.match().opening) << g->index;
            EXPECT_EQ(tee_finder.match().ply, alone_finder.match().ply) << g->index;
            EXPECT_EQ(tee_keyer.key(), alone_keyer.key()) << g->index;
            // Game c's illegal fourth ply is read unless both stopped before it (depth:1).
            EXPECT_EQ(tee_keyer.key().has_value(), g->index != 2 || rule_text == "depth:1") << g->index;
            ++n;
        }
        EXPECT_EQ(n, 5u);
    }
    // Kept across games by one tee: the state of the game before does not leak.
    chess::PgnSplitter splitter(games);
    PgnOpeningFinder finder(book);
    PgnDuplicateKeyer keyer(*parse_duplicate_rule("depth:1"));
    chess::PgnMainLineTee both(finder, keyer);
    std::vector<std::optional<std::uint64_t>> keys;
    while (const std::optional<chess::PgnGameText> g = splitter.next()) {
        chess::read_pgn_game(*g, both);
        keys.push_back(keyer.key());
        if (g->index == 1) {
            EXPECT_EQ(finder.match().ply, 4u) << "1. d4 e6 2. e4 d5: the French's position";
        }
    }
    ASSERT_EQ(keys.size(), 5u);
    EXPECT_EQ(keys[0], keys[2]);  // the position after 1. e4, before game c's error
    EXPECT_NE(keys[0], keys[1]);  // 1. e4 and 1. d4
}

TEST(Openings, PositionsPastTheHorizonAreNotLookedUp) {
    const OpeningBook book = book_of("pgn", "[ECO \"C00\"]\n[Opening \"French\"]\n\n1. e4 e6 *\n");
    // Knights out and back: the French's position again at ply 10, past 2 + 8.
    std::vector<chess::Game> games =
        chess_games("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nc3 Nc6 6. Nb1 Nb8 7. e4 e6 *\n");
    EXPECT_FALSE(find_opening(games[0], book).opening);
    games = chess_games("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e6 *\n");
    EXPECT_EQ(find_opening(games[0], book).ply, 10u);
}

TEST(Openings, NothingIsLookedUpOnceNoNamedPositionCanFollow) {
    using Traits = chess::GameTraits;
    // The French keeps every pawn but e2 and e7 at home; the exchange French has 30 men.
    const OpeningBook book = book_of("pgn", kChessBook);
    const auto after = [](std::string_view moves) {
        chess::Position p = chess::Position::start();
        for (const chess::Game& g : chess_games(std::string(moves) + " *\n"))
            for (NodeId id = chess::Game::kRoot; !g.nodes[id].children.empty();) {
                id = g.nodes[id].children.front();
                p.play(g.nodes[id].move);
            }
        return p;
    };
    EXPECT_TRUE(book.may_follow(Traits::progress(chess::Position::start())));
    EXPECT_TRUE(book.may_follow(Traits::progress(after("1. Nf3 Nf6 2. e4"))));
    EXPECT_TRUE(book.may_follow(Traits::progress(after("1. e4 c5"))));  // the Caro-Kann's c-pawn left too
    EXPECT_FALSE(book.may_follow(Traits::progress(after("1. a4"))));    // every named position has a2 at home
    EXPECT_FALSE(book.may_follow(Traits::progress(after("1. e4 d5 2. exd5 Qxd5 3. d4 Qxd4"))));  // 29 men
    EXPECT_EQ(Traits::progress(chess::Position::start()).count, 32);
    EXPECT_EQ(Traits::progress(chess::Position::start()).kept, 0xFFFF);
    EXPECT_EQ(Traits::progress(after("1. e4 e6")).kept, 0xFFFF & ~(1 << 4) & ~(1 << 12));
    // The finders stop there, with the same answers as a look at every ply.
    std::vector<chess::Game> games = chess_games("1. a4 e6 2. e4 *\n\n1. e4 e6 2. a4 *\n");
    EXPECT_FALSE(find_opening(games[0], book).opening);
    ASSERT_TRUE(find_opening(games[1], book).opening);
    EXPECT_EQ(find_opening(games[1], book).ply, 2u);
    // A book whose games carry no progress (shogi's traits give none) names as before.
    const OpeningBook shogi =
        book_of("kif", "手合割：平手\n戦型：矢倉\n手数----指手---------消費時間--\n   1 ７六歩(77)\n");
    EXPECT_TRUE(shogi.may_follow({}));
}

// The first games of the shared corpus: along each game, what it keeps only shrinks; and the
// finder that stops where no named position can follow names every game as a look at every
// ply to the horizon does, with pgn-extract's eco.pgn.
TEST(Openings, TheEarlyStopNamesCorpusGamesAsALookAtEveryPly) {
    namespace fs = std::filesystem;
    const fs::path corpus =
        fs::path(KIFU_TESTDATA_DIR) / "chess" / "corpus" / "gnuchess_book_1.02_half.pgn.zst";
    const std::string eco = "/usr/share/pgn-extract/eco.pgn";
    if (!fs::exists(corpus)) GTEST_SKIP() << "test data not found: " << corpus.string();
    if (!fs::exists(eco))
        GTEST_SKIP() << "pgn-extract's eco.pgn is not installed (apt-get install pgn-extract)";
    Result<OpeningBook> book = OpeningBook::open(eco);
    ASSERT_TRUE(book) << book.error().message;
    auto source = open_byte_source(corpus.string());
    ASSERT_TRUE(source);
    chess::PgnSplitter splitter(std::move(*source));
    std::size_t games = 0, named = 0, stopped_early = 0;
    while (games < 2000) {
        const std::optional<chess::PgnGameText> text = splitter.next();
        if (!text) break;
        chess::GameBuilder builder;
        chess::read_pgn_game(*text, builder);
        const chess::Game game = builder.take();
        if (!game.errors.empty()) continue;
        ++games;
        // Every ply to the horizon looked up, and the progress checked along the way.
        OpeningMatch every;
        chess::Position position = game.start;
        Progress before = chess::GameTraits::progress(position);
        std::uint64_t line = kOpeningLineStart;
        bool could_follow = true;
        std::uint32_t ply = 0;
        for (NodeId id = chess::Game::kRoot;;) {
            const Progress now = chess::GameTraits::progress(position);
            EXPECT_EQ(now.kept & ~before.kept, 0) << "game " << text->index + 1 << " ply " << ply;
            EXPECT_LE(now.count, before.count) << "game " << text->index + 1 << " ply " << ply;
            before = now;
            could_follow = could_follow && book->may_follow(now);
            if (const Opening* o = book->find(chess::GameTraits::key(position), line, ply)) {
                every = {o, ply};
                EXPECT_TRUE(could_follow)
                    << "game " << text->index + 1 << ": named at ply " << ply << " after the early stop";
            }
            if (game.nodes[id].children.empty() || ply >= book->horizon()) break;
            id = game.nodes[id].children.front();
            line = opening_line_hash(line, chess::GameTraits::move_word(game.nodes[id].move));
            position.play(game.nodes[id].move);
            ++ply;
        }
        stopped_early += !could_follow;
        named += every.opening != nullptr;
        const OpeningMatch tree = find_opening(game, *book);
        PgnOpeningFinder finder(*book);
        chess::read_pgn_game(*text, finder);
        EXPECT_EQ(tree.opening, every.opening) << "game " << text->index + 1;
        EXPECT_EQ(tree.ply, every.ply) << "game " << text->index + 1;
        EXPECT_EQ(finder.match().opening, every.opening) << "game " << text->index + 1;
        EXPECT_EQ(finder.match().ply, every.ply) << "game " << text->index + 1;
    }
    EXPECT_EQ(games, 2000u);
    EXPECT_GT(named, 1900u);
    EXPECT_GT(stopped_early, 1000u);  // the stop comes before the horizon in most games
}

TEST(Openings, ScidsEcoFileReadsAsGames) {
    const std::string_view text =
        "# Scid's ECO file\n#\nA00a \"Start position\"  *\nC00 \"French\"  1.e4 e6 *\nC01a \"French: "
        "Exchange\"\n"
        "  1.e4 e6 2.d4 d5\n  3.exd5 exd5 *\n";
    EXPECT_GT(chess::detect_scid_eco(text), 0);
    chess::GameFile file = chess::read_scid_eco(text);
    ASSERT_TRUE(file.errors.empty()) << file.errors.front().message;
    ASSERT_EQ(file.games.size(), 3u);
    EXPECT_EQ(file.games[0].main_line().size(), 0u);
    EXPECT_EQ(file.games[2].tag("ECO"), "C01");  // Scid's extension is not kept
    EXPECT_EQ(file.games[2].tag("Opening"), "French");
    EXPECT_EQ(file.games[2].tag("Variation"), "Exchange");
    EXPECT_EQ(file.games[2].main_line().size(), 6u);
    EXPECT_EQ(file.games[2].line, 5u);
}

TEST(Openings, ScidsEcoFileErrorsArePlaced) {
    chess::GameFile file = chess::read_scid_eco(
        "C00 \"French\" 1.e4 e6 *\nX99 \"bad\" 1.e4 *\nC01 \"x\" 1.e4 Ke7 *\n"
        "C02 \"y\" 1.e4 e5 2.Ke2 Kd7 *\nC03 \"open 1.e4 *\n");
    ASSERT_EQ(file.games.size(), 1u);
    ASSERT_EQ(file.errors.size(), 4u);
    EXPECT_EQ(file.errors[0].line, 2u);
    EXPECT_EQ(file.errors[0].column, 1u);
    EXPECT_EQ(file.errors[1].line, 3u);
    EXPECT_EQ(file.errors[1].column, 14u);  // Ke7: illegal
    EXPECT_EQ(file.errors[1].code, ErrorCode::illegal_move);
    EXPECT_EQ(file.errors[2].line, 4u);
    EXPECT_EQ(file.errors[2].column, 23u);  // Kd7
    EXPECT_EQ(file.errors[3].line, 5u);
    Result<Document> d = find_format("scid-eco")->read("C00 \"French\" 1.e4 Ke7 *\n", {});
    ASSERT_FALSE(d);
    EXPECT_EQ(d.error().column, 19u);
}

TEST(Openings, LichessTsvReadsAsGames) {
    const std::string_view text =
        "eco\tname\tpgn\nC00\tFrench Defense\t1. e4 e6\nC01\tFrench Defense: Exchange Variation, Bad Bishop\t"
        "1. e4 e6 2. d4 d5 3. exd5 exd5\n";
    EXPECT_GT(chess::detect_opening_tsv(text), 0);
    const OpeningBook book = book_of("openings-tsv", text);
    EXPECT_EQ(book.size(), 2u);
    EXPECT_EQ(book.openings()[1].name(), "French Defense: Exchange Variation, Bad Bishop");
    chess::GameFile bad = chess::read_opening_tsv("eco\tname\nC00\tFrench\n");
    ASSERT_EQ(bad.errors.size(), 1u);
    EXPECT_NE(bad.errors[0].message.find("pgn"), std::string::npos);
    bad = chess::read_opening_tsv("eco\tname\tpgn\nC00\tFrench\t1. e4 e5 2. Ke3 Ke6 3. Kd4 Kd5\n");
    ASSERT_EQ(bad.errors.size(), 1u);
    EXPECT_EQ(bad.errors[0].line, 2u);
    EXPECT_EQ(bad.errors[0].code, ErrorCode::illegal_move);
}

TEST(Openings, ShogiGamesAreNamedByTheirKifOpening) {
    const OpeningBook book = book_of("kif",
                                     "手合割：平手\n戦型：矢倉\n手数----指手---------消費時間--\n"
                                     "   1 ７六歩(77)\n   2 ８四歩(83)\n   3 ６六歩(67)\n");
    EXPECT_EQ(book.game(), Game::shogi);
    Document game =
        read_as("kif",
                "手合割：平手\n手数----指手---------消費時間--\n   1 ６六歩(67)\n   2 ８四歩(83)\n"
                "   3 ７六歩(77)\n   4 ３四歩(33)\n");
    ASSERT_TRUE(name_openings(game, book));
    EXPECT_EQ(std::get<std::vector<shogi::Game>>(game.value)[0].tag("戦型"), "矢倉");
}

TEST(Openings, GoGamesAreNamedInTheirSgfRoot) {
    const OpeningBook book = book_of("sgf", "(;GM[1]FF[4]SZ[9]ON[Tengen];B[ee])");
    Document game = read_as("sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[cc])(;GM[1]FF[4]SZ[9];B[cc])");
    Result<std::size_t> named = name_openings(game, book);
    ASSERT_TRUE(named);
    EXPECT_EQ(*named, 1u);
    std::vector<std::string> notes;
    Result<std::string> sgf = find_format("sgf")->write(game, {}, notes);
    ASSERT_TRUE(sgf);
    EXPECT_NE(sgf->find("ON[Tengen]"), std::string::npos) << *sgf;
    const auto& record = std::get<go::Record>(game.value);
    EXPECT_EQ(record.game(0).tag("ON"), "Tengen");
    EXPECT_FALSE(record.game(1).tag("ON"));
}

TEST(Openings, ABookOfAnotherGameNamesNothing) {
    const OpeningBook book = book_of("pgn", kChessBook);
    Document shogi = read_as("usi", "7g7f\n");
    Result<std::size_t> named = name_openings(shogi, book);
    ASSERT_TRUE(named);
    EXPECT_EQ(*named, 0u);
    EXPECT_FALSE(OpeningBook::of(read_as("fen", "startpos")));
    EXPECT_FALSE(OpeningBook::of(read_as("pgn", "1. e4 *\n")));  // no game names its position
}

TEST(Openings, ABookIsOpenedFromAnyFile) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "kifu_openings_test";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "book.eco") << "C00 \"French\" 1.e4 e6 *\n";
    Result<OpeningBook> book = OpeningBook::open((dir / "book.eco").string());
    ASSERT_TRUE(book) << book.error().message;
    EXPECT_EQ(book->size(), 1u);
    Result<OpeningBook> missing = OpeningBook::open((dir / "none.pgn").string());
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().code, ErrorCode::io_error);
    std::ofstream(dir / "bad.eco") << "C00 \"French\" 1.e4 e6 *\nC01 \"x\" 1.e5 *\n";
    Result<OpeningBook> bad = OpeningBook::open((dir / "bad.eco").string());
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().line, 2u);
    std::filesystem::remove_all(dir);
}

// The books Debian installs, where they are: every entry reads, and each names its own line.
TEST(Openings, TheInstalledBooksNameTheirOwnLines) {
    bool any = false;
    for (const char* path : {"/usr/share/pgn-extract/eco.pgn", "/usr/share/scid/data/scid.eco"}) {
        if (!std::filesystem::exists(path)) continue;
        any = true;
        Result<OpeningBook> book = OpeningBook::open(path);
        ASSERT_TRUE(book) << path << ": " << book.error().message;
        EXPECT_GT(book->size(), 1000u) << path;
    }
    if (!any)
        GTEST_SKIP() << "neither pgn-extract's eco.pgn nor Scid's scid.eco is installed (apt-get install "
                        "pgn-extract scid-data)";
}

}  // namespace
}  // namespace kifu::formats
