#pragma once
// What every kifu command shares: where its input comes from, where its output
// goes, how it reports errors, and its exit codes.

#include <optional>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "kifu/core/error.hpp"

namespace kifu::cli {

enum ExitCode : int { kOk = 0, kInvalidInput = 1, kUsage = 2, kIoError = 3 };

// Raised by a command to end with an exit code after its message has been printed.
struct Exit {
    int code;
};

// INPUT (a path or '-') and --text, as every command that reads a notation takes them.
struct InputOptions {
    std::string path;
    std::string text;
    bool text_given = false;

    void add_to(CLI::App& command, std::string_view what);
};

struct Input {
    std::string source;  // the file name, "<stdin>" or "<text>", as errors name it
    std::string text;
};

// Reads the input (exits 3 on an I/O error, 2 when there is none).
Input read_input(const InputOptions& options);

struct OutputOptions {
    std::string path;  // empty or "-": stdout

    void add_to(CLI::App& command);
};

// Writes the whole output (exits 3 on an I/O error).
void write_output(const OutputOptions& options, std::string_view text);

// `text` without the blanks around it (a notation given inline or read from a file).
std::string_view trimmed(std::string_view text) noexcept;

// "SOURCE:LINE:COL: error: MESSAGE" on stderr.
void report(const Error& error, std::string_view source);
// "kifu: error: MESSAGE" on stderr, then the exit code.
[[noreturn]] void fail(int code, std::string_view message);

}  // namespace kifu::cli
