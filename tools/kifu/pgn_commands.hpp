#pragma once
// PGN in the CLI: convert (to pgn, jsonl, or a position format), validate, and
// 'pgn stats', all streaming: games are cut from the input as it is read, handled in
// batches (on --threads N threads) and written in input order.

#include <string>

#include <CLI/CLI.hpp>

#include "cli_io.hpp"
#include "formats.hpp"

namespace kifu::cli {

struct PgnOptions {
    int threads = 1;
    int ply = -1;  // --to fen etc.: the position after this many plies of the main line
    std::string keep_broken;
    bool no_comments = false;
    bool no_nags = false;
    bool no_variations = false;

    void add_to(CLI::App& command, bool for_convert);
};

// Whether the command should read PGN: --from pgn, or an INPUT named *.pgn(.gz|.zst).
bool is_pgn_request(const PositionInputOptions& options);

// The commands on a PGN input; `text` is used instead of opening the input when the
// input was already read (stdin or --text detected as PGN).
int convert_pgn(const PositionInputOptions& input, const std::string* text, Format to,
                const PgnOptions& options, const OutputOptions& output);
int validate_pgn(const PositionInputOptions& input, const std::string* text, const PgnOptions& options,
                 const OutputOptions& output);

}  // namespace kifu::cli
