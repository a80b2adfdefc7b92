#pragma once
// How a file of games is opened, decided once from its first bytes for every consumer
// (kifu convert and validate, the index, Python's iter_games): a format that streams (chess
// PGN) is read game by game at any size; any other is read whole. A .pgn may hold xiangqi
// games: the first tag section, within its first 4 KiB, says so (a Game, Variant or Format
// tag: xiangqi::looks_like_xiangqi_pgn), and then it is read whole as pgn-xiangqi. The head
// is 64 KiB so that detect_format sees as much of any other format as the index always gave it.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "kifu/chess/pgn.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/core/result.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

inline constexpr std::size_t kCollectionHead = std::size_t{64} << 10;

// Up to `limit` first bytes of a source (decompressed), read in steps: a small file costs
// what it holds, not `limit`.
Result<std::string> read_head(ByteSource& source, std::size_t limit = kCollectionHead);

struct CollectionFormat {
    const Format* format = nullptr;
    bool streams = false;  // read game by game (Format::takes(kStreams))
};

// The format of a collection whose first bytes are `head`, and whether it streams: a file
// named as a streamed format (*.pgn, *.pgn.gz, ...) streams unless its content says another
// format of that extension (pgn-xiangqi); any other is what detect_format says (the
// content, then the name).
Result<CollectionFormat> collection_format(std::string_view head, std::string_view file_name);

// The same for a file: its head read from a source of its own. A file that cannot be read
// is an io_error.
Result<CollectionFormat> collection_format_of_file(const std::string& path);

// A writer of `to` that takes chess games as the PGN reader tells them, appending each to
// `out` with no tree built (pgn, jsonl; a game with an error is taken back out), or nullptr
// when `to` has none (build the tree, then write): how a PGN stream is converted.
std::unique_ptr<chess::PgnVisitor> pgn_game_writer(const Format& to, std::string& out,
                                                   const WriteOptions& options);

}  // namespace kifu::formats
