// Writing a document narrowed where the format asks for a position (formats/write.hpp): the
// call behind kifu convert and the service's /convert.
#include "kifu/formats/write.hpp"

#include <gtest/gtest.h>

#include "../support/documents.hpp"

namespace kifu::formats {
namespace {

using test::read_as;

TEST(WriteDocument, EachGameOfACollectionStandsApart) {
    const Document two = read_as("sgf", "(;SZ[9];B[aa];W[bb])(;SZ[9];B[cc])");
    const Format& hen = *find_format("hen");
    NodeChoice after_two;
    after_two.ply = 2;
    const std::vector<Written> each = write_document(two, hen, after_two, true, true);
    ASSERT_EQ(each.size(), 2u);
    EXPECT_FALSE(each[0].error);
    EXPECT_EQ(each[0].text.back(), '\n');
    ASSERT_TRUE(each[1].error);  // game 2 has one move: its error, and game 1 still written
    EXPECT_TRUE(each[1].choice_failed);
    EXPECT_EQ(each[1].game, 1u);
    EXPECT_EQ(each[1].error->code, ErrorCode::out_of_range);
    // Without every_game, the game the choice names alone; a position format with no choice
    // takes the end of the main line.
    NodeChoice second;
    second.game_index = 1;
    const std::vector<Written> one = write_document(two, hen, second, false, false);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].game, 1u);
    EXPECT_EQ(one[0].text, write_document(two, hen, second, true, false)[0].text);
    // A record to a record format is written whole; a position as it is.
    const std::vector<Written> whole = write_document(two, *find_format("sgf"), {}, false, true);
    ASSERT_EQ(whole.size(), 1u);
    EXPECT_NE(whole[0].text.find("B[cc]"), std::string::npos) << whole[0].text;
    EXPECT_EQ(write_document(read_as("hen", ".9x9"), hen, {}, false, true)[0].text, ".9x9\n");
    // A format that cannot hold the document: the write's error, not the choice's.
    const std::vector<Written> refused =
        write_document(read_as("hen", ".9x9"), *find_format("fen"), {}, false, true);
    ASSERT_TRUE(refused[0].error);
    EXPECT_FALSE(refused[0].choice_failed);
}

TEST(WriteDocument, BytesAndAsWrittenTextsGetNoLineEnd) {
    const Document board = read_as("hen", ".9x9");
    // A PNG ends in its IEND chunk's CRC: a line end after it is a byte no PNG has.
    const std::vector<Written> png = write_document(board, *find_format("png"), {}, false, false);
    ASSERT_FALSE(png[0].error);
    ASSERT_GT(png[0].text.size(), 12u);
    EXPECT_EQ(png[0].text.substr(png[0].text.size() - 8, 4), "IEND");
    const std::vector<Written> gif = write_document(board, *find_format("gif"), {}, false, false);
    ASSERT_FALSE(gif[0].error);
    EXPECT_EQ(gif[0].text.back(), ';');  // the GIF trailer
    // A string for a program (Python's kifu.write) is as the writer wrote it.
    EXPECT_EQ(
        write_document(board, *find_format("hen"), {}, false, false, {}, {}, LineEnd::as_written)[0].text,
        ".9x9");
}

}  // namespace
}  // namespace kifu::formats
