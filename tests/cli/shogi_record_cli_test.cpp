// Shogi records through the CLI: conversions with what a format drops named on stderr,
// Shift_JIS out on request and for .kif, errors with their places, info and tree.

#include "cli_fixture.hpp"

namespace {

using namespace kifu_test;

const std::string kGame = std::string(KIFU_EXAMPLES_DIR) + "/short-game.kifu";

TEST_F(Cli, ShogiRecordsConvertAndSayWhatTheyDrop) {
    const Outcome csa = kifu({"convert", "--to", "csa", kGame});
    EXPECT_EQ(csa.exit_code, 0);
    EXPECT_TRUE(csa.out.starts_with("V2.2\nN+A\nPI\n+\n'*before the first move\n+7776FU\nT16\n")) << csa.out;
    EXPECT_NE(
        csa.err.find("note: 1 variation (CSA holds the main line only) cannot be written in csa: dropped"),
        std::string::npos)
        << csa.err;
    EXPECT_NE(csa.err.find("note: the bookmarks cannot be written in csa: dropped"), std::string::npos)
        << csa.err;
    // Back to KIF from the CSA: the main line, its times and ending.
    const Outcome kif = kifu({"convert", "--from", "csa", "--to", "kif"}, csa.out);
    EXPECT_EQ(kif.exit_code, 0) << kif.err;
    EXPECT_NE(kif.out.find("   4 同　銀(31)   ( 0:02/00:01:07)\n   5 投了         ( 0:03/00:00:20)\n"),
              std::string::npos)
        << kif.out;
    // A position after a ply, and the tree with its times and endings.
    EXPECT_EQ(kifu({"convert", "--to", "sfen", "--ply", "1", kGame}).out,
              "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n");
    const Outcome tree = kifu({"tree", kGame});
    EXPECT_NE(tree.out.find("  &mark  [16s]"), std::string::npos) << tree.out;
    EXPECT_NE(tree.out.find("(resign) [3s]"), std::string::npos) << tree.out;
    const Outcome info = kifu({"info", kGame});
    EXPECT_NE(info.out.find("  result       resign (まで4手で後手の勝ち)\n"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("  lines        2 (the main line and 1 other)\n"), std::string::npos) << info.out;
}

TEST_F(Cli, ShogiRecordsInShiftJis) {
    // -o FILE.kif is Shift_JIS (Kifu for Windows' files); --encoding says otherwise.
    EXPECT_EQ(shell("$KIFU convert --to kif " + quote(kGame) + " -o out.kif && head -c 35 out.kif").out,
              "#KIF version=2.0 encoding=Shift_JIS");
    EXPECT_EQ(shell("$KIFU convert --to kif --encoding utf-8 " + quote(kGame) +
                    " -o utf8.kif && head -c 31 utf8.kif")
                  .out,
              "#KIF version=2.0 encoding=UTF-8");
    // The Shift_JIS file reads back to the same position.
    EXPECT_EQ(shell("$KIFU convert --to kif " + quote(kGame) +
                    " -o out.kif && $KIFU convert --to sfen --ply 1 out.kif")
                  .out,
              "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n");
    const Outcome wrong = kifu({"convert", "--to", "sfen", "--encoding", "shift_jis", kGame});
    EXPECT_EQ(wrong.exit_code, 2);
    EXPECT_NE(wrong.err.find("--encoding does not apply here"), std::string::npos) << wrong.err;
}

TEST_F(Cli, ShogiRecordErrorsHaveTheirPlace) {
    const Outcome bad =
        kifu({"validate", "--from", "kif", "-"}, "手数----指手--\n   1 ７六歩(77)\n   2 ７六歩(77)\n");
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_EQ(bad.err, "<stdin>:3:6: error: illegal move '７六歩(77)': no piece stands on 77\n");
    // Detection: KIF, KI2, CSA and JKF by their contents.
    for (const auto& [text, format] :
         {std::pair<std::string, std::string>{"手数----指手--\n   1 ７六歩(77)\n", "kif"},
          {"先手：A\n▲７六歩\nまで1手で中断\n", "ki2"},
          {"V2.2\nPI\n+\n+7776FU\n", "csa"},
          {"{\"header\": {}, \"moves\": [{}]}", "jkf"}}) {
        const Outcome info = kifu({"info", "-"}, text);
        EXPECT_NE(info.out.find("format: " + format + " (shogi record)"), std::string::npos)
            << format << info.out << info.err;
    }
}

}  // namespace
