// Games as rows and CSV (formats/table.hpp): every game's rows, quoting read back by an
// RFC 4180 reader of the test's own, and, over the shared records of every game, each row's
// moves replayed through the game interface to its final position and its positions.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "../support/documents.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/formats/table.hpp"
#include "kifu/formats/write.hpp"

namespace kifu::formats {
namespace {

namespace fs = std::filesystem;
using test::read_as;

// RFC 4180, lines ending in '\n': the records of a CSV text, each a list of cells. A test's
// reader of its own, so that the writer is not checked by itself.
std::vector<std::vector<std::string>> read_csv(std::string_view text) {
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> record;
    std::string cell;
    bool quoted = false, in_quotes = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_quotes) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                in_quotes = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            EXPECT_TRUE(cell.empty() && !quoted) << "a quote inside an unquoted cell at byte " << i;
            in_quotes = quoted = true;
        } else if (c == ',' || c == '\n') {
            record.push_back(std::move(cell));
            cell.clear();
            quoted = false;
            if (c == '\n') records.push_back(std::exchange(record, {}));
        } else {
            EXPECT_FALSE(quoted) << "text after a closing quote at byte " << i;
            cell += c;
        }
    }
    EXPECT_FALSE(in_quotes) << "an unclosed quote";
    EXPECT_TRUE(record.empty() && cell.empty()) << "the last line has no line end";
    return records;
}

std::vector<std::string> split(std::string_view text, std::string_view separator) {
    std::vector<std::string> out;
    if (text.empty()) return out;
    for (;;) {
        const std::size_t at = text.find(separator);
        out.emplace_back(text.substr(0, at));
        if (at == std::string_view::npos) return out;
        text.remove_prefix(at + separator.size());
    }
}

std::string csv_of(const Document& d, const WriteOptions& options = {}) {
    const std::vector<Written> w = write_document(d, *find_format("csv"), {}, false, true, {}, options);
    std::string out;
    for (const Written& one : w) {
        EXPECT_FALSE(one.error) << one.error->message;
        out += one.text;
    }
    return out;
}

TEST(Table, EveryGameHasItsDefaultColumns) {
    for (const GameInfo& g : all_games()) {
        const std::vector<std::string> columns = table_columns(g.game, {});
        ASSERT_GE(columns.size(), 5u) << g.name;
        EXPECT_EQ(std::vector<std::string>(columns.end() - 4, columns.end()),
                  (std::vector<std::string>{"result", "plies", "moves", "final"}))
            << g.name;
        for (const std::string_view named : {g.first_tags, g.second_tags})
            EXPECT_NE(std::find(columns.begin(), columns.end(), split(named, " ").front()), columns.end())
                << g.name << ": the first player's tag is a column";
    }
    WriteOptions with_positions;
    with_positions.positions = true;
    EXPECT_EQ(table_columns(Game::chess, with_positions).back(), "positions");
    WriteOptions given;
    given.columns = {"moves", "White"};
    EXPECT_EQ(table_columns(Game::go, given), given.columns);
}

TEST(Table, ColumnsAreReadFromAList) {
    EXPECT_EQ(*parse_columns("White, Black,moves"), (std::vector<std::string>{"White", "Black", "moves"}));
    EXPECT_EQ(parse_columns("White,,moves").error().code, ErrorCode::unexpected_end);
    EXPECT_EQ(parse_columns("").error().code, ErrorCode::unexpected_end);
    const Result<std::vector<std::string>> twice = parse_columns("moves,White,moves");
    ASSERT_FALSE(twice);
    EXPECT_NE(twice.error().message.find("'moves'"), std::string::npos);
}

TEST(Table, CellsAreQuotedAsRfc4180Says) {
    const Document d =
        read_as("pgn",
                "[Event \"Hastings, \\\"Premier\\\"\"]\n[White \" Lasker\"]\n[Black \"Pillsbury \"]\n"
                "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
    WriteOptions o;
    o.columns = {"Event", "White", "Black", "result", "plies", "moves", "Missing"};
    const std::string csv = csv_of(d, o);
    const auto records = read_csv(csv);
    ASSERT_EQ(records.size(), 2u) << csv;
    EXPECT_EQ(records[0], o.columns);
    EXPECT_EQ(records[1], (std::vector<std::string>{"Hastings, \"Premier\"", " Lasker", "Pillsbury ", "1-0",
                                                    "7", "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#", ""}));

    // Line ends (a record's multi-line text tag, as KIF's and SGF's text may hold): quoted.
    GameRow row;
    row.tags = {{"Note", "one\ntwo"}, {"Other", "cr\rhere"}};
    const std::vector<std::string> columns = {"Note", "Other", "plies"};
    std::string lines;
    append_csv_header(lines, columns);
    append_csv_row(lines, row, columns);
    const auto read = read_csv(lines);
    ASSERT_EQ(read.size(), 2u) << lines;
    EXPECT_EQ(read[1], (std::vector<std::string>{"one\ntwo", "cr\rhere", "0"}));
}

TEST(Table, ClocksAndEvalsComeFromTheCommentsThroughTheTraits) {
    const Document d = read_as("pgn",
                               "[Result \"*\"]\n\n1. e4 { [%eval 0.25] [%clk 0:03:00] } 1... e5 "
                               "{ [%clk 0:02:58.5] } 2. Qh5 { [%eval #-3] } *\n");
    const std::vector<GameRow> rows = game_rows(d);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].clocks, (std::vector<std::optional<double>>{180.0, 178.5, std::nullopt}));
    EXPECT_EQ(rows[0].evals, (std::vector<std::optional<double>>{0.25, std::nullopt, -1000.0}));
    EXPECT_EQ(column_value(rows[0], "clocks"), "180 178.5 -");
    EXPECT_EQ(column_value(rows[0], "evals"), "0.25 - -1000");
}

TEST(Table, EachGameWritesItsMovesInItsPlainNotation) {
    EXPECT_EQ(column_value(game_rows(read_as("sgf", "(;SZ[9];B[cc];W[gg];B[])"))[0], "moves"), "C7 G3 pass");
    // A Go node that is no move of the player to move: "-" for one that plays nothing (a
    // comment, setup), the colour said for the other colour's move; the positions still hold all.
    const GameRow go =
        game_rows(read_as("sgf", "(;SZ[9];C[hi];B[cc];B[gg];AB[aa];W[ee])"), {.positions = true})[0];
    EXPECT_EQ(column_value(go, "moves"), "- C7 B:G3 - E5");
    EXPECT_EQ(go.positions.size(), 5u);
    EXPECT_NE(go.positions[3].find("9x9_"), std::string::npos);
    EXPECT_EQ(column_value(game_rows(read_as("usi", "7g7f 3c3d 8h2b+"))[0], "moves"), "7g7f 3c3d 8h2b+");
    const GameRow kif = game_rows(read_as("kif",
                                          "手合割：平手\n手数----指手---------消費時間--\n"
                                          "   1 ７六歩(77)   ( 0:01/00:00:01)\n"
                                          "   2 ３四歩(33)   ( 0:02/00:00:02)\n"))[0];
    EXPECT_EQ(column_value(kif, "moves"), "7g7f 3c3d");
    EXPECT_EQ(column_value(kif, "clocks"), "1 2") << "a KIF move's time is the time it took";
    EXPECT_EQ(kif.final, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
}

TEST(Table, OneHeaderForACollectionAndNoneWhenLeftOut) {
    const Document d = read_as("pgn", "[White \"A\"]\n\n1. e4 *\n\n[White \"B\"]\n\n1. d4 d5 *\n");
    const std::vector<Written> w = write_document(d, *find_format("csv"), {}, false, true, {}, {},
                                                  LineEnd::added, TableHeader::left_out);
    ASSERT_EQ(w.size(), 1u);
    const auto records = read_csv(w[0].text);
    ASSERT_EQ(records.size(), 2u) << "rows only: " << w[0].text;
    const auto with_header = read_csv(csv_of(d));
    ASSERT_EQ(with_header.size(), 3u);
    EXPECT_EQ(with_header[0], table_columns(Game::chess, {}));
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(Table, TheSharedRecordsOfEveryGameReplayToTheirRows) {
    const fs::path root = fs::path(KIFU_TESTDATA_DIR);
    if (!fs::is_directory(root))
        GTEST_SKIP() << "test data not found: " << root.string() << " (set KIFU_TESTDATA_DIR)";
    std::size_t games = 0, illegal = 0;
    std::map<Game, std::size_t> by_game;
    // The shared records, and the project's own (its XQF files: the shared data's xiangqi
    // records are PGN).
    std::vector<fs::path> files;
    for (const fs::path& dir : {root, fs::path(KIFU_SOURCE_DIR) / "tests" / "data"})
        for (const auto& entry : fs::recursive_directory_iterator(dir))
            if (entry.is_regular_file() && entry.file_size() <= (1u << 20)) files.push_back(entry.path());
    for (const fs::path& file : files) {
        const std::string name = file.filename().string();
        if (!format_of_file_name(name) || name.find(".gz") != std::string::npos ||
            name.find(".zst") != std::string::npos)
            continue;
        const std::string text = slurp(file);
        const Result<const Format*> format = detect_format(text, name);
        if (!format || (*format)->kind != Kind::record || !(*format)->can_read()) continue;
        Result<Document> d = (*format)->read(text, {});
        if (!d || game_count(*d) == 0) continue;  // damaged records are the readers' tests'
        WriteOptions o;
        o.positions = true;
        const Game game = game_of(*d);
        const std::vector<std::string> columns = table_columns(game, o);
        const auto records = read_csv(csv_of(*d, o));
        const std::vector<GameRow> rows = game_rows(*d, {.positions = true});
        ASSERT_EQ(records.size(), rows.size() + 1) << file;
        EXPECT_EQ(records[0], columns);
        visit_record(*d, [&](const auto& trees) {
            using Traits = typename std::decay_t<decltype(trees[0])>::GameTraits;
            for (std::size_t i = 0; i < rows.size(); ++i) {
                const std::string where = file.string() + " game " + std::to_string(i + 1);
                const std::vector<std::string>& cells = records[i + 1];
                ASSERT_EQ(cells.size(), columns.size()) << where;
                const auto cell = [&](std::string_view column) {
                    return cells[static_cast<std::size_t>(std::find(columns.begin(), columns.end(), column) -
                                                          columns.begin())];
                };
                EXPECT_EQ(cell("plies"), std::to_string(rows[i].moves.size())) << where;
                const std::vector<std::string> positions = split(cell("positions"), " | ");
                ASSERT_EQ(positions.size(), rows[i].moves.size()) << where;
                // Replayed from the tree's start through the interface: each move read in the
                // game's notation as the column writes it, the position after it written.
                auto position = trees[i].start;
                const std::vector<std::string> moves = split(cell("moves"), " ");
                ASSERT_EQ(moves.size(), positions.size()) << where;
                bool replayed = true;
                for (std::size_t ply = 0; ply < moves.size() && replayed; ++ply) {
                    Result<typename Traits::Move> move = Traits::parse_move(position, moves[ply]);
                    if (!move && move.error().code == ErrorCode::illegal_move) {
                        // A record may play an illegal move (Go's readers keep it, as SGF
                        // editors do): the token is right, the interface refuses to replay it.
                        ++illegal;
                        replayed = false;
                        break;
                    }
                    ASSERT_TRUE(move)
                        << where << " ply " << ply + 1 << ": " << moves[ply] << ": " << move.error().message;
                    Traits::play(position, *move);
                    if (moves[ply] == "-" && Traits::write_position(position) != positions[ply]) {
                        // A node that plays nothing but sets stones up: its token does not
                        // hold the setup, the position after it does.
                        auto set_up = Traits::read_position(positions[ply]);
                        ASSERT_TRUE(set_up) << where << " ply " << ply + 1;
                        position = *set_up;
                    }
                    ASSERT_EQ(Traits::write_position(position), positions[ply])
                        << where << " ply " << ply + 1;
                }
                EXPECT_EQ(cell("final"),
                          positions.empty() ? Traits::write_position(trees[i].start) : positions.back())
                    << where;
                ++games;
                ++by_game[game];
            }
        });
    }
    EXPECT_GT(games, 100u);
    EXPECT_LT(illegal * 20, games) << "records with an illegal move are the exception";
    for (const GameInfo& g : all_games()) EXPECT_GT(by_game[g.game], 0u) << g.name << " has records";
}

}  // namespace
}  // namespace kifu::formats
