#pragma once
// Shogi move lists in the CLI (convert --game shogi).

#include <string>
#include <vector>

#include "cli_io.hpp"

namespace kifu::cli {

extern const std::vector<std::string> kShogiNotations;

// Reads the moves of `input` in notation `from` (from the start position, or `start` when
// given as an SFEN) and writes them in notation `to`, one a line, or "sfen": the position
// after them.
int convert_shogi(const Input& input, const std::string& from, const std::string& to,
                  const std::string& start, const OutputOptions& output);

}  // namespace kifu::cli
