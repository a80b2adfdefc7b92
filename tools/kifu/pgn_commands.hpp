#pragma once
// PGN in the CLI: convert (to any record or position format of the registry), validate,
// and 'pgn stats', all streaming: games are cut from the input as it is read, handled in
// batches (on --threads N threads) and written in input order.

#include <string>

#include <CLI/CLI.hpp>

#include "cli_io.hpp"
#include "dedupe.hpp"
#include "formats.hpp"
#include "kifu/formats/filter.hpp"
#include "kifu/formats/openings.hpp"

namespace kifu::cli {

struct PgnOptions {
    int threads = 1;
    std::string keep_broken;
    bool strict_results = false;

    void add_to(CLI::App& command);
    // The first option given that only PGN input takes, or "" (a usage error for other input).
    std::string_view streaming_given() const {
        return threads != 1           ? "--threads"
               : !keep_broken.empty() ? "--keep-broken"
               : strict_results       ? "--strict-results"
                                      : "";
    }
    // Refuses (exit 3) a --keep-broken FILE that is an input or the -o FILE.
    void check_keep_broken(const OutputOptions& output, const InputOptions& input) const {
        if (keep_broken.empty()) return;
        if (!input.text_given) check_not_an_input("--keep-broken", keep_broken, input.paths);
        if (!output.path.empty() && output.path != "-")
            check_outputs_apart("-o", output.path, "--keep-broken", keep_broken);
    }
};

// The commands on one PGN input: `path` is a file or "-", or `text` the input already read.
// `openings`: the book that names each game's opening, or nullptr; `dedupe`: where
// duplicates are looked for (--unique), or nullptr.
int convert_pgn(const SourceOptions& source, const std::string& path, const std::string* text,
                const formats::Format& to, const formats::WriteOptions& write, const PgnOptions& options,
                const formats::OpeningBook* openings, Deduplication* dedupe,
                const formats::GameFilter* filter, Output& out);
// kifu dedupe of one PGN input: each game's text as the input has it, written when it is the
// first of its key; with `openings`, its opening's tags from the book in place of its own.
int dedupe_pgn(const SourceOptions& source, const std::string& path, const std::string* text,
               const PgnOptions& options, const formats::OpeningBook* openings, Deduplication& dedupe,
               Output& out);
int validate_pgn(const SourceOptions& source, const std::string& path, const std::string* text,
                 const PgnOptions& options, Output& out, bool name_source = false);

}  // namespace kifu::cli
