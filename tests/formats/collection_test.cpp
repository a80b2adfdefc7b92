// How a file of games is opened (formats/collection.hpp): its first bytes decide, the same
// for the CLI, the index and Python.
#include "kifu/formats/collection.hpp"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace kifu::formats {
namespace {

std::string write_file(const std::string& name, const std::string& text) {
    const std::filesystem::path path = std::filesystem::temp_directory_path() / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
}

TEST(Collection, TheFirstBytesSayWhetherAFileStreams) {
    const std::string chess = write_file("kifu-collection-chess.pgn", "[Event \"x\"]\n\n1. e4 e5 *\n");
    const Result<CollectionFormat> c = collection_format_of_file(chess);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->format->name, "pgn");
    EXPECT_TRUE(c->streams);
    // The tag that says xiangqi after a long first tag, within the first 4 KiB.
    const std::string xiangqi =
        write_file("kifu-collection-xiangqi.pgn", "[Event \"" + std::string(3000, 'a') +
                                                      "\"]\n[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 *\n");
    const Result<CollectionFormat> x = collection_format_of_file(xiangqi);
    ASSERT_TRUE(x);
    EXPECT_EQ(x->format->name, "pgn-xiangqi");
    EXPECT_FALSE(x->streams);
    // A head is what the source holds, up to the limit.
    const std::string text(100, 'x');
    const std::unique_ptr<ByteSource> source = memory_byte_source(text);
    EXPECT_EQ(read_head(*source, 64)->size(), 64u);
    EXPECT_EQ(read_head(*source)->size(), 36u);  // the rest
    EXPECT_EQ(collection_format_of_file("/nonexistent/kifu.pgn").error().code, ErrorCode::io_error);
    std::filesystem::remove(chess);
    std::filesystem::remove(xiangqi);
}

}  // namespace
}  // namespace kifu::formats
