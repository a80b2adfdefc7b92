#pragma once
// The CLI's side of the format registry (kifu/formats/registry.hpp): format names from
// the command line, the input's format (given or detected), and the options that apply to
// a format: one that does not is a usage error, never silently ignored.

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli_io.hpp"
#include "kifu/formats/openings.hpp"
#include "kifu/formats/options.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::cli {

// The values given for a table of options (formats/options.hpp: read or write), one a row,
// as CLI11 fills them: each row's flag made from the row (--NAME, --no-NAME for an option
// that is on unless turned off, --NAME VALUE checked by the row's setter).
template <class Options>
struct OptionValues {
    struct Value {
        const formats::OptionSpec<Options>* spec = nullptr;
        std::string text;
        bool flag = false;
        bool given() const { return flag || !text.empty(); }
    };
    std::vector<Value> values;

    void add_to(CLI::App& command, std::span<const formats::OptionSpec<Options>> specs);
    // The options given, set through `set` (set_read_option, set_write_option); a usage error
    // for a value an option does not take.
    Options collect(Result<void> (*set)(Options&, std::string_view, std::string_view)) const;
};

// INPUT, --text, --from, --game and what picks a position out of a record.
struct SourceOptions {
    InputOptions input;
    std::string from;
    std::string game;
    std::optional<std::size_t> ply;
    std::optional<int> move;
    std::string node;
    std::optional<std::size_t> game_index;  // 1-based, as users count; every game when not given
    // The read options (formats/options.hpp), one a row of its table, as given.
    OptionValues<formats::ReadOptions> read_values;

    // `node_choice`: --ply, --move, --node, --game-index. Every read option of the table.
    void add_to(CLI::App& command, bool node_choice);
    // The read options alone (for commands that take no other source option).
    void add_read_options(CLI::App& command);
    bool chooses_node() const { return ply || move || !node.empty() || game_index; }
    formats::NodeChoice choice() const;
    // The read options given; a usage error for a value an option does not take.
    formats::ReadOptions read_options() const;
};

// --openings BOOK: the games named by the opening book BOOK (formats/openings.hpp), a record
// file of any format, or "installed" for the first book Debian installs for the input's game
// (chess: pgn-extract's eco.pgn, else Scid's scid.eco). Each game's book is read once, on
// first use, from the main thread.
struct OpeningsOption {
    std::string value;

    void add_to(CLI::App& command);
    bool given() const { return !value.empty(); }
    // The book for games of `game`, or nullptr when --openings is not given. Exits 2 for a
    // book of another game or none installed, 3 for a file that cannot be read, 1 for a
    // book with an error (at its line and column).
    const formats::OpeningBook* book(formats::Game game) const;
    // The books of every game at once (the index reads games of any game): the book BOOK, or
    // each game's installed one; empty when --openings is not given. Exits as book() does
    // (2 when no game has a book installed).
    std::vector<std::shared_ptr<const formats::OpeningBook>> books() const;

  private:
    // The book in `path` (exits as book() says).
    std::shared_ptr<const formats::OpeningBook> load(const std::string& path) const;
    mutable std::vector<std::pair<std::string, std::shared_ptr<const formats::OpeningBook>>>
        books_;  // by path
};

// Every format name, for help texts; and those that read or write.
std::vector<std::string_view> format_names(bool readable, bool writable);

// A check of a whole number of at least `least`, said in those words: "--ply: '-1' is not a
// whole number of 0 or more".
CLI::Validator at_least(long long least);

// The format of that name; a usage error (with the nearest name) when there is none or it
// cannot do what is asked.
const formats::Format& format_named(std::string_view name, bool for_reading);

// Whether the input is to be read as a stream of PGN games without loading it: --from pgn,
// or (no --from) a file whose name says a streamed format (*.pgn, *.pgn.gz, ...).
bool streams_pgn(const SourceOptions& options, std::string_view path);

// The input's format: --from, else detected (the file name deciding where the content
// cannot); reports and exits 1 when it cannot be told. Checks --game and the read options.
// `game` (else --game) chooses among formats equally sure of the text: "startpos" read for
// --to sfen is shogi's.
const formats::Format& input_format(const Input& input, const SourceOptions& options,
                                    formats::Game game = formats::Game::any);

// Usage errors for the read options that `from` does not take.
void check_read_options(const formats::Format& from, const SourceOptions& options);

// Reports each warning of a document.
void report_warnings(const std::vector<Error>& warnings, std::string_view source);

// An input read whole as `from` with the source's read options, its warnings reported; nullopt
// once its error is reported (the command then exits 1).
std::optional<formats::Document> read_document(const Input& in, const formats::Format& from,
                                               const SourceOptions& source);

// The loop of the commands that look at whole documents (info, tree): each input read,
// its format settled, its document read (an error reported, and exit 1 at the end) and
// its warnings reported, then handed to `each`. Returns the exit code.
using DocumentAction =
    std::function<void(const Input&, const formats::Format&, formats::Document&, int& status)>;
int for_each_document(const SourceOptions& source, const DocumentAction& each);

}  // namespace kifu::cli
