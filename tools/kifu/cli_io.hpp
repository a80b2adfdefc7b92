#pragma once
// What every kifu command shares: where its input comes from, where its output
// goes, how it reports errors, and its exit codes.

#include <cstdio>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "kifu/core/error.hpp"

namespace kifu::cli {

enum ExitCode : int { kOk = 0, kInvalidInput = 1, kUsage = 2, kIoError = 3 };

// Raised by a command to end with an exit code after its message has been printed.
struct Exit {
    int code;
};

// INPUT... (paths or '-') and --text, as every command that reads a notation takes them.
// --text wins over standard input; it cannot be given with INPUT.
struct InputOptions {
    std::vector<std::string> paths;
    std::string text;
    bool text_given = false;
    std::optional<std::size_t> max_input_mib;  // the largest input read whole; 256 MiB when not given
                                               // (a streamed PGN: the largest game, 64 MiB)

    void add_to(CLI::App& command, std::string_view what, bool several = true);
    // The inputs in order: --text, the paths, or standard input ("-") when none is given.
    std::vector<std::string> sources() const;
    // Whether the inputs are more than one (several paths, a directory, an archive): each
    // is then reported under its own name.
    bool several() const;
};

struct Input {
    std::string source;  // the file name, "<stdin>" or "<text>", as errors name it
    std::string path;    // the path as given ("-" for stdin, "" for --text)
    std::string text;    // decompressed when the input was gzip, zstd, bzip2 or xz
};

// Reads one input whole through the byte source (decompressing it), at most
// kDefaultReadLimit bytes. Exits 3 on an I/O error (a directory, an unreadable file), 2 when
// standard input is a terminal and no input was named, 1 when it is over the limit.
Input read_input(const InputOptions& options, const std::string& source);

// Every input of a command, as kifu index reads them: --text, standard input and files as
// given (`each(path, nullptr)`, so that a PGN file streams); a directory's record files
// (recursively, in name order) as files; a tar or zip archive's entries, each read whole
// (`each(path, &entry)`, the entry named "ARCHIVE:ENTRY"). Exits 3 on an unreadable
// directory or archive.
void for_each_source(const InputOptions& options,
                     const std::function<void(const std::string& path, const Input* entry)>& each);

// Where the output goes: standard output, or -o FILE (created when the first byte is
// written, so that a failed command leaves no empty file).
struct OutputOptions {
    std::string path;  // empty or "-": stdout

    void add_to(CLI::App& command);
};

// Standard output, or a file written under a name of its own (partial_name) and renamed
// over FILE by close(): a run that fails or is killed leaves no half-written output and an
// existing FILE as it was. Devices and pipes (/dev/null, a FIFO) are written directly. On a
// terminal, control characters are shown as \xNN, not obeyed.
class Output {
  public:
    explicit Output(const OutputOptions& options);
    ~Output();
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;
    // Exits 3 when the bytes cannot be written (a full disk); ends quietly with exit 0 when
    // the reader of a pipe has gone away.
    void write(std::string_view text);
    // Flushes and closes; exits 3 on an error that only shows there.
    void close();

  private:
    void open();
    [[noreturn]] void write_failed(int error);
    std::string path_;
    std::string partial_;  // the name written until close() renames it to path_
    std::FILE* file_ = nullptr;
    bool owned_ = false;
    bool terminal_ = false;  // control characters are shown as \xNN
    std::string held_;       // the start of a UTF-8 sequence the last write ended inside of
};

// `text` as it may be written to `file`: on a terminal, with control characters shown as
// \xNN (visible_text, line breaks kept); elsewhere as it is.
std::string for_terminal(std::FILE* file, std::string_view text);

// The name an output file is written under until it is whole: FILE.kifu-partial-PID.
std::string partial_name(const std::string& path);

// Whether two paths name one file: the same file by any name or link when it exists; the
// same name, however written, when neither does yet (two outputs).
bool same_file(const std::string& a, const std::string& b);

// Refuses (exit 3) an output (`flag` FILE: -o, --keep-broken, an index) that is one of
// `inputs` (`what` they are: "the input", "the index"), aliases included: writing it would
// destroy what is to be read.
void check_not_an_input(std::string_view flag, const std::string& output, std::span<const std::string> inputs,
                        std::string_view what = "the input");
// Refuses (exit 3) two outputs that name one file.
void check_outputs_apart(std::string_view flag_a, const std::string& a, std::string_view flag_b,
                         const std::string& b);

// check_not_an_input for -o FILE and the inputs of a command.
void check_output_is_not_input(const OutputOptions& output, const InputOptions& input);

// Every option of a command, its option groups' included (CLI11 keeps those apart): for
// the misspelt-option message, the manual page and the completion.
std::vector<const CLI::Option*> options_of(const CLI::App& command);
// An option's names as typed: "-o", "--output".
std::vector<std::string> flag_names(const CLI::Option& option);

// "2,051": digits grouped by threes.
std::string thousands(std::uint64_t n);
// "1 game", "2,051 games", "3 copies".
std::string counted(std::uint64_t n, std::string_view noun);

// A line of progress on standard error ("35,705 games..."), rewritten in place; every
// message below erases it before it is printed, so that no warning lands on it.
void show_progress(std::string_view text);
// Erases the progress line, if one is shown.
void clear_progress();

// How many errors and warnings of one source are printed when --max-messages is not given.
inline constexpr std::size_t kDefaultMessageLimit = 1000;

// "SOURCE:LINE:COL: error: MESSAGE" on stderr (control characters in the message escaped).
// At most --max-messages errors and warnings are printed for one source; the rest are
// counted, and end_messages() (or the next source's first message) says how many.
void report(const Error& error, std::string_view source, std::string_view severity = "error");
// Complete message lines already formatted (a PGN batch's), under the same limit.
void report_lines(std::string_view source, std::string_view lines);
// Says how many messages of the last source were left out, if any.
void end_messages();
// "SOURCE: note: MESSAGE".
void note(std::string_view source, std::string_view message);
// "kifu: error: MESSAGE" on stderr, then the exit code.
[[noreturn]] void fail(int code, std::string_view message);
// A usage error (exit 2) naming the option that does not apply and why.
[[noreturn]] void not_applicable(std::string_view option, std::string_view why);

}  // namespace kifu::cli
