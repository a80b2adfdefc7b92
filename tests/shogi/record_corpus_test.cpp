// Shogi records over the shared corpora: every file of Kifu-for-JS's parser tests reads
// to the moves, nodes, lines, comments and ending pinned for it here (one file is refused,
// and why is said), and the 300 synthetic games read in each of their four formats to the
// final SFEN of INDEX.tsv, and convert to every other format and back to the same tree.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "kifu/shogi/record.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {
namespace {

namespace fs = std::filesystem;

const fs::path kRecords = fs::path(KIFU_TESTDATA_DIR) / "shogi" / "records";

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

using Reader = Result<std::vector<Game>> (*)(std::string_view, std::string_view);

Reader reader_for(const fs::path& path) {
    const std::string name = path.filename().string();
    if (name.ends_with(".csa")) return read_csa;
    if (name.ends_with(".jkf")) return read_jkf;
    if (name.ends_with(".ki2") || name.ends_with(".ki2u")) return read_ki2;
    return read_kif;
}

// What a game holds, in one line.
std::string summary(const Game& g) {
    std::size_t comments = 0, names = 0, timed = 0;
    for (const Game::Node& n : g.nodes) {
        comments += n.comments().size();
        names += !n.name().empty();
        timed += n.time_ms >= 0;
    }
    const std::vector<NodeId> main = g.main_line();
    const Ending end = g.node(main.empty() ? Game::kRoot : main.back()).ending;
    return fmt::format("moves={} nodes={} lines={} comments={} bookmarks={} timed={} tags={} ending={}",
                       main.size(), g.size(), g.line_count(), comments, names, timed, g.tags.size(),
                       to_string(end));
}

// Pinned: what each file holds, read by hand against the file (docs/shogi.md).
const std::map<std::string, std::string> kPinned = {
#include "record_corpus_pins.inc"
};

TEST(ShogiRecordCorpus, EveryKifuForJsFileReadsToItsPinnedCounts) {
    const fs::path dir = kRecords / "kifu-for-js";
    if (!fs::exists(dir))
        GTEST_SKIP() << "test data not found: " << dir.string() << " (set KIFU_TESTDATA_DIR)";
    std::size_t files = 0;
    std::string unpinned;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir)) {
        if (!e.is_regular_file()) continue;
        const std::string name = fs::relative(e.path(), dir).generic_string();
        ++files;
        SCOPED_TRACE(name);
        Result<std::vector<Game>> games = reader_for(e.path())(slurp(e.path()), {});
        std::string got;
        if (!games) {
            got = fmt::format("refused {}:{}: {}", games.error().line, games.error().column,
                              games.error().message);
        } else {
            for (const Game& g : *games) got += (got.empty() ? "" : " | ") + summary(g);
        }
        const auto pin = kPinned.find(name);
        if (pin == kPinned.end()) {
            unpinned += fmt::format("{{\"{}\", \"{}\"}},\n", name, got);
            continue;
        }
        EXPECT_EQ(got, pin->second);
    }
    EXPECT_EQ(files, 58u);
    // The floodgate game that ends with a declaration: judged by the 27-point rule.
    Result<std::vector<Game>> declared = read_csa(
        slurp(dir / "csa" / "dr1test1test0+tu-1_aobazero_viper-300-5F+aobazero+viper+20200719201040.csa"));
    ASSERT_TRUE(declared);
    const std::vector<LineFinding> found = judge_lines(declared->front());
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].message,
              "入玉宣言 (entering-king declaration) by Black after move 400: 40 points and 10 pieces in the "
              "camp, king "
              "in it: it holds by the 27-point rule");
    EXPECT_EQ(unpinned, "") << "files with no pinned counts";
}

struct IndexRow {
    std::string id, start_sfen, ending, final_sfen;
    std::size_t plies = 0;
};

std::vector<IndexRow> index_rows() {
    std::vector<IndexRow> rows;
    std::ifstream in(kRecords / "synthetic" / "INDEX.tsv");
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::stringstream s(line);
        for (std::string field; std::getline(s, field, '\t');) f.push_back(field);
        if (f.size() != 6) continue;
        rows.push_back({f[0], f[2], f[4], f[5], std::stoul(f[3])});
    }
    return rows;
}

// Board, side and hands: the move number of an SFEN is left aside (INDEX.tsv writes 1).
std::string without_move_number(const std::string& sfen) {
    return sfen.substr(0, sfen.rfind(' '));
}

enum class Out { kif, ki2, csa, csa3, jkf };
constexpr Out kOuts[] = {Out::kif, Out::ki2, Out::csa, Out::csa3, Out::jkf};

std::string write(const Game& g, Out out) {
    std::vector<std::string> notes;
    switch (out) {
        case Out::kif:
            return write_kif(g, notes);
        case Out::ki2:
            return write_ki2(g, notes);
        case Out::csa:
            return write_csa(g, CsaVersion::v2_2, notes);
        case Out::csa3:
            return write_csa(g, CsaVersion::v3_0, notes);
        case Out::jkf:
            return write_jkf(g, notes);
    }
    return {};
}

Reader reader_of(Out out) {
    switch (out) {
        case Out::kif:
            return read_kif;
        case Out::ki2:
            return read_ki2;
        case Out::jkf:
            return read_jkf;
        default:
            return read_csa;
    }
}

// The tree as a format holds it: KI2 has no times, CSA's V2.2 whole seconds only.
Game as_held_by(Game g, Out out) {
    for (Game::Node& n : g.nodes) {
        if (out == Out::ki2) n.time_ms = n.ending_time_ms = -1;
        if (out == Out::csa || out == Out::kif || out == Out::jkf) {
            if (n.time_ms > 0) n.time_ms -= n.time_ms % 1000;
            if (n.ending_time_ms > 0) n.ending_time_ms -= n.ending_time_ms % 1000;
        }
    }
    return g;
}

bool same(const Game& a, const Game& b) {
    return same_tree(a, b, [](const Game&) { return 0; });
}

TEST(ShogiRecordCorpus, SyntheticGamesReadInEveryFormatToTheirFinalPosition) {
    if (!fs::exists(kRecords / "synthetic" / "INDEX.tsv"))
        GTEST_SKIP() << "test data not found: " << (kRecords / "synthetic").string()
                     << " (set KIFU_TESTDATA_DIR)";
    const std::vector<IndexRow> rows = index_rows();
    ASSERT_EQ(rows.size(), 300u);
    std::size_t plies = 0, checked = 0;
    for (const IndexRow& row : rows) {
        SCOPED_TRACE(row.id);
        for (const auto& [suffix, read] : {std::pair<std::string, Reader>{".kifu", read_kif},
                                           {".ki2u", read_ki2},
                                           {".csa", read_csa},
                                           {".v3.csa", read_csa}}) {
            SCOPED_TRACE(suffix);
            Result<std::vector<Game>> games = read(slurp(kRecords / "synthetic" / (row.id + suffix)), {});
            ASSERT_TRUE(games) << games.error().format(row.id + suffix);
            ASSERT_EQ(games->size(), 1u);
            const Game& g = games->front();
            const std::vector<NodeId> main = g.main_line();
            EXPECT_EQ(main.size(), row.plies);
            EXPECT_EQ(without_move_number(write_sfen(g.start)), without_move_number(row.start_sfen));
            EXPECT_EQ(without_move_number(write_sfen(g.position_after(main.back()))),
                      without_move_number(row.final_sfen));
            EXPECT_EQ(g.node(main.back()).ending, row.ending == "mate" ? Ending::resign : Ending::interrupt);
            if (suffix == ".kifu") {
                EXPECT_EQ(g.tag("先手").value_or(""), "RandomBlack");
                plies += main.size();
            }
            if (suffix == ".csa") {
                EXPECT_EQ(g.tag("棋戦").value_or(""), "synthetic test game " + row.id);
            }
            ++checked;
        }
    }
    EXPECT_EQ(checked, 1200u);
    EXPECT_EQ(plies, 43436u);  // as PROVENANCE.md counts them
}

TEST(ShogiRecordCorpus, SyntheticGamesConvertToEveryFormatAndBack) {
    if (!fs::exists(kRecords / "synthetic" / "INDEX.tsv"))
        GTEST_SKIP() << "test data not found: " << (kRecords / "synthetic").string()
                     << " (set KIFU_TESTDATA_DIR)";
    const std::vector<IndexRow> rows = index_rows();
    std::size_t conversions = 0;
    for (const IndexRow& row : rows) {
        SCOPED_TRACE(row.id);
        Result<std::vector<Game>> source = read_kif(slurp(kRecords / "synthetic" / (row.id + ".kifu")));
        ASSERT_TRUE(source);
        const Game& original = source->front();
        for (const Out to : kOuts) {
            SCOPED_TRACE(static_cast<int>(to));
            Result<std::vector<Game>> there = reader_of(to)(write(original, to), {});
            ASSERT_TRUE(there) << there.error().format("converted");
            EXPECT_TRUE(same(there->front(), as_held_by(original, to)));
            // ... and back to KIF, from every format.
            Result<std::vector<Game>> back = read_kif(write(there->front(), Out::kif));
            ASSERT_TRUE(back) << back.error().format("back");
            EXPECT_TRUE(same(back->front(), as_held_by(original, to)));
            ++conversions;
        }
    }
    EXPECT_EQ(conversions, 1500u);
}

// The Kifu-for-JS files with branches, comments and every ending, through every format.
TEST(ShogiRecordCorpus, KifuForJsRecordsConvertToEveryFormatAndBack) {
    const fs::path dir = kRecords / "kifu-for-js";
    if (!fs::exists(dir))
        GTEST_SKIP() << "test data not found: " << dir.string() << " (set KIFU_TESTDATA_DIR)";
    std::size_t converted = 0;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir)) {
        if (!e.is_regular_file()) continue;
        Result<std::vector<Game>> games = reader_for(e.path())(slurp(e.path()), {});
        if (!games) continue;  // the refused file, pinned above
        SCOPED_TRACE(e.path().filename().string());
        for (const Game& g : *games) {
            // KIF and JKF hold the whole tree; KI2 all of it but the times.
            for (const Out to : {Out::kif, Out::ki2, Out::jkf}) {
                SCOPED_TRACE(static_cast<int>(to));
                Result<std::vector<Game>> there = reader_of(to)(write(g, to), {});
                ASSERT_TRUE(there) << there.error().format("converted");
                Game expected = as_held_by(g, to);
                for (Game::Node& n : expected.nodes) {
                    if (to == Out::ki2) n.notes().name.clear();
                    // KIF's 反則負け is CSA's %ILLEGAL_MOVE and %±ILLEGAL_ACTION alike.
                    if (to != Out::jkf && n.ending == Ending::illegal_move) n.ending = Ending::illegal_loss;
                }
                if (to == Out::jkf)
                    for (Game::Node& n : expected.nodes) {
                        n.notes().name.clear();
                        if (n.ending == Ending::win_by_default || n.ending == Ending::loss_by_default ||
                            n.ending == Ending::sealed_move)
                            n.ending = Ending::none, n.ending_time_ms = -1;
                    }
                EXPECT_TRUE(same(there->front(), expected)) << write(there->front(), Out::kif);
                ++converted;
            }
        }
    }
    EXPECT_GE(converted, 57u * 3);
}

}  // namespace
}  // namespace kifu::shogi
