#pragma once
// Duplicate games in the CLI: kifu dedupe and convert --unique. One Deduplication runs over
// every input of a command, in input order (the PGN pipeline decides in the order games are
// written, whatever the threads): each game's key (formats/duplicates.hpp) is looked up,
// the first of a key is kept, the others go to --duplicates FILE (or nowhere), and
// --groups FILE lists each kept game with its duplicates as JSON Lines.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli_io.hpp"
#include "kifu/formats/duplicates.hpp"

namespace kifu::cli {

// --by RULE, --duplicates FILE, --groups FILE (and convert's --unique).
struct DuplicateOptions {
    std::string rule_text;  // as given; "" when not given
    std::string duplicates_path;
    std::string groups_path;

    // --by RULE (default moves); convert's --unique too, without which the others are usage
    // errors.
    void add_to(CLI::App& command, bool for_convert);
    bool unique_given() const;
    // The rule (exits 2 with the column of a bad rule).
    formats::DuplicateRule rule() const;
    // Refuses (exit 2) --duplicates or --groups without --unique; refuses (exit 3) a FILE that
    // is an input or another output.
    void check(const OutputOptions& output, const InputOptions& input) const;

  private:
    CLI::Option* unique_option_ = nullptr;  // convert's --unique
    bool unique_ = false;
};

// A game as the report names it: its input, its number there (from 1) and its first line
// (0: not known).
struct GameRef {
    std::uint32_t input = 0;
    std::uint32_t game = 0;
    std::uint32_t line = 0;
};

class Deduplication {
  public:
    explicit Deduplication(const DuplicateOptions& options);
    // The next input's name; its games follow.
    void begin_input(std::string name);
    // The next game, with its key: true when it is kept (the first of its key).
    bool keep(std::uint64_t key, std::uint32_t game, std::uint32_t line);
    // A game kept without a key (one that could not be read): never anyone's duplicate.
    void keep_unread(std::uint32_t game, std::uint32_t line);
    // Writes a duplicate's text to --duplicates FILE, when given.
    void write_duplicate(std::string_view text);
    // A table's header (CSV's), written to --duplicates FILE before the first duplicate.
    void begin_duplicates(std::string header) { duplicates_header_ = std::move(header); }
    // Closes --duplicates, writes --groups and prints the counts to stderr.
    void finish();
    const formats::DuplicateRule& rule() const noexcept { return rule_; }

  private:
    formats::DuplicateRule rule_;
    std::string groups_path_;
    std::unique_ptr<Output> duplicates_;
    std::string duplicates_header_;
    formats::DuplicateTable table_;
    std::vector<std::string> inputs_;
    // Kept only for --groups: each game's place, and (first, duplicate) game numbers.
    std::vector<GameRef> refs_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs_;
    std::uint32_t games_ = 0, duplicates_found_ = 0;
};

}  // namespace kifu::cli
