#pragma once
// The property every reader of a Go server's record (GIB, NGF, UGF) is fuzzed for. Any
// input: no crash, hang or unbounded allocation. Input that reads: its SGF reads back to a
// collection of as many nodes that writes the same bytes, and its game replays and counts
// without failing.

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "kifu/go/game.hpp"
#include "kifu/go/record.hpp"
#include "kifu/go/score.hpp"
#include "kifu/go/server_records.hpp"

inline int fuzz_go_server_record(
    kifu::Result<kifu::go::SgfCollection> (*reader)(std::string_view, const kifu::go::SgfReadOptions&),
    const std::uint8_t* data, std::size_t size) {
    using namespace kifu::go;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    kifu::Result<SgfCollection> sgf = reader(bytes, {});
    if (!sgf) return 0;
    if (sgf->games().size() != 1) std::abort();
    const std::string written = write_sgf(*sgf);
    const kifu::Result<SgfCollection> again = read_sgf(written);
    if (!again || again->node_count() != sgf->node_count() || write_sgf(*again) != written) std::abort();
    std::vector<SgfWarning> warnings;
    const std::uint32_t root = sgf->games()[0];
    if (!check_game(*sgf, root, {.superko = true}, warnings)) std::abort();
    if (!count_game(*sgf, root)) std::abort();
    return 0;
}
