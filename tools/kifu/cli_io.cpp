#include "cli_io.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <fmt/format.h>

#include "kifu/core/scanner.hpp"

namespace kifu::cli {

void InputOptions::add_to(CLI::App& command, std::string_view what) {
    command.add_option("INPUT", path,
                       fmt::format("{}: a file, or '-' for standard input (the default)", what));
    command
        .add_option_function<std::string>(
            "--text",
            [this](const std::string& value) {
                text = value;
                text_given = true;
            },
            fmt::format("{} given inline instead of INPUT", what))
        ->excludes("INPUT");
}

Input read_input(const InputOptions& options) {
    if (options.text_given) return {"<text>", options.text};
    if (options.path.empty() || options.path == "-") {
        if (options.path.empty() && isatty(STDIN_FILENO))
            fail(kUsage, "no input: give INPUT (a file or '-' for standard input) or --text (see --help)");
        std::ostringstream buffer;
        buffer << std::cin.rdbuf();
        if (std::cin.bad()) fail(kIoError, "cannot read standard input");
        return {"<stdin>", buffer.str()};
    }
    std::ifstream file(options.path, std::ios::binary);
    if (!file) {
        fmt::print(stderr, "{}: error: cannot open: {}\n", options.path, std::strerror(errno));
        throw Exit{kIoError};
    }
    std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    if (file.bad()) {
        fmt::print(stderr, "{}: error: cannot read: {}\n", options.path, std::strerror(errno));
        throw Exit{kIoError};
    }
    return {options.path, std::move(text)};
}

void OutputOptions::add_to(CLI::App& command) {
    command.add_option("-o,--output", path, "write to FILE instead of standard output")->option_text("FILE");
}

void write_output(const OutputOptions& options, std::string_view text) {
    if (options.path.empty() || options.path == "-") {
        std::fwrite(text.data(), 1, text.size(), stdout);
        if (std::fflush(stdout) != 0) fail(kIoError, "cannot write to standard output");
        return;
    }
    std::ofstream file(options.path, std::ios::binary | std::ios::trunc);
    if (file) file.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!file) {
        fmt::print(stderr, "{}: error: cannot write: {}\n", options.path, std::strerror(errno));
        throw Exit{kIoError};
    }
}

std::string_view trimmed(std::string_view text) noexcept {
    while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
    return text;
}

void report(const Error& error, std::string_view source) {
    fmt::print(stderr, "{}\n", error.format(source));
}

void fail(int code, std::string_view message) {
    fmt::print(stderr, "kifu: error: {}\n", message);
    throw Exit{code};
}

}  // namespace kifu::cli
