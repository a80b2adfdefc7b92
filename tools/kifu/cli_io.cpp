#include "cli_io.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "kifu/chess/pgn.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/index/inputs.hpp"

namespace kifu::cli {

namespace {

// The messages of the source being reported: one fault repeated a million times (a broken
// export, a hostile file) is not a million lines on a terminal.
struct MessageLimit {
    std::size_t limit = kDefaultMessageLimit;
    std::string source;
    std::size_t printed = 0, left_out = 0;

    // Whether the next line of `of` may be printed.
    bool take(std::string_view of) {
        if (of != source) {
            end();
            source = of;
        }
        if (limit == 0 || printed < limit) {
            ++printed;
            return true;
        }
        ++left_out;
        return false;
    }
    void end() {
        if (left_out) {
            clear_progress();
            fmt::print(
                stderr,
                "{}: note: {} more errors and warnings not shown (--max-messages N shows up to N, 0 all)\n",
                source, left_out);
        }
        printed = left_out = 0;
        source.clear();
    }
};

MessageLimit& message_limit() {
    static MessageLimit limit;
    return limit;
}

bool progress_shown = false;

}  // namespace

std::vector<const CLI::Option*> options_of(const CLI::App& command) {
    std::vector<const CLI::Option*> out = command.get_options();
    for (const CLI::App* group :
         command.get_subcommands([](const CLI::App* c) { return c->get_name().empty(); }))
        for (const CLI::Option* o : options_of(*group)) out.push_back(o);
    return out;
}

std::vector<std::string> flag_names(const CLI::Option& option) {
    std::vector<std::string> out;
    for (const std::string& s : option.get_snames()) out.push_back("-" + s);
    for (const std::string& l : option.get_lnames()) out.push_back("--" + l);
    return out;
}

std::string thousands(std::uint64_t n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string counted(std::uint64_t n, std::string_view noun) {
    if (n == 1) return fmt::format("1 {}", noun);
    if (noun.ends_with('y')) return fmt::format("{} {}ies", thousands(n), noun.substr(0, noun.size() - 1));
    return fmt::format("{} {}s", thousands(n), noun);
}

void show_progress(std::string_view text) {
    fmt::print(stderr, "\r{}\x1b[K", text);
    std::fflush(stderr);
    progress_shown = true;
}

void clear_progress() {
    if (!progress_shown) return;
    std::fputs("\r\x1b[K", stderr);
    progress_shown = false;
}

void InputOptions::add_to(CLI::App& command, std::string_view what, bool several) {
    if (several)
        command.add_option(
            "INPUT", paths,
            fmt::format("{}: files (gzip, zstd, bzip2 or xz compressed or not), or '-' for standard "
                        "input (the default); each is reported under its own name",
                        what));
    else
        command
            .add_option("INPUT", paths,
                        fmt::format("{}: a file, or '-' for standard input (the default)", what))
            ->expected(0, 1);
    command
        .add_option_function<std::string>(
            "--text",
            [this](const std::string& value) {
                text = value;
                text_given = true;
            },
            fmt::format("{} given inline instead of INPUT", what))
        ->excludes("INPUT");
    command
        .add_option("--max-input", max_input_mib,
                    fmt::format("the most read into memory at once, in MiB: a whole input (default {}), or "
                                "one game of a streamed PGN file (default {})",
                                kDefaultReadLimit >> 20, chess::PgnSplitter::kMaxGameBytes >> 20))
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20))
        ->option_text("MIB");
    command
        .add_option_function<std::size_t>(
            "--max-messages", [](std::size_t n) { message_limit().limit = n; },
            fmt::format(
                "print at most N errors and warnings for each input, then count the rest (default {}; "
                "0: all)",
                kDefaultMessageLimit))
        ->option_text("N");
}

std::vector<std::string> InputOptions::sources() const {
    if (text_given) return {""};
    if (paths.empty()) return {"-"};
    return paths;
}

namespace {

bool is_directory(const std::string& path) {
    std::error_code ec;
    return !path.empty() && path != "-" && std::filesystem::is_directory(path, ec);
}

bool is_archive(const std::string& path) {
    return path != "-" && index::is_archive_name(path);
}

}  // namespace

bool InputOptions::several() const {
    if (text_given) return false;
    return paths.size() > 1 || (paths.size() == 1 && (is_archive(paths[0]) || is_directory(paths[0])));
}

namespace {

std::size_t read_limit(const InputOptions& options) {
    return options.max_input_mib ? *options.max_input_mib << 20 : kDefaultReadLimit;
}

// Reports why an input cannot be read (exit 3; 1 for one over --max-input).
[[noreturn]] void unreadable(const std::string& source, const Error& error) {
    const bool too_large = error.code == ErrorCode::out_of_range;
    fmt::print(stderr, "{}\n",
               visible_text(fmt::format("{}: error: {}{}", source, error.message,
                                        too_large ? "; --max-input MIB raises it" : "")));
    throw Exit{too_large ? kInvalidInput : kIoError};
}

}  // namespace

void for_each_source(const InputOptions& options,
                     const std::function<void(const std::string& path, const Input* entry)>& each) {
    for (const std::string& path : options.sources()) {
        const bool directory = is_directory(path);
        if (!directory && !is_archive(path)) {
            each(path, nullptr);
            continue;
        }
        std::vector<std::string> archives{path};
        if (directory) {
            Result<std::vector<std::string>> files = index::record_files(path);
            if (!files) fail(kIoError, files.error().message);
            if (files->empty()) {
                clear_progress();
                fmt::print(stderr, "{}\n", visible_text(path + ": error: no record files in the directory"));
                throw Exit{kInvalidInput};
            }
            archives.clear();
            for (std::string& f : *files) {
                if (index::is_archive_name(f))
                    archives.push_back(std::move(f));
                else
                    each(f, nullptr);
            }
        }
        const Result<void> read =
            index::for_each_input(archives, [&](const std::string& name, ByteSource& bytes) {
                Result<std::string> text = read_all(bytes, read_limit(options));
                if (!text) unreadable(name, text.error());
                const Input entry{name, name, std::move(*text)};
                each(name, &entry);
                return Result<void>{};
            });
        if (!read) fail(kIoError, read.error().message);
    }
}

Input read_input(const InputOptions& options, const std::string& path) {
    if (path.empty()) return {"<text>", "", options.text};
    if (path == "-" && options.paths.empty() && isatty(STDIN_FILENO))
        fail(kUsage, "no input: give INPUT (a file or '-' for standard input) or --text (see --help)");
    const std::string source = path == "-" ? "<stdin>" : path;
    Result<std::unique_ptr<ByteSource>> bytes = open_byte_source(path);
    if (!bytes) {
        fmt::print(stderr, "{}\n", visible_text(fmt::format("{}: error: {}", source, bytes.error().message)));
        throw Exit{kIoError};
    }
    Result<std::string> text = read_all(**bytes, read_limit(options));
    if (!text) unreadable(source, text.error());
    return {source, path, std::move(*text)};
}

void OutputOptions::add_to(CLI::App& command) {
    command.add_option("-o,--output", path, "write to FILE instead of standard output")->option_text("FILE");
}

Output::Output(const OutputOptions& options) : path_(options.path == "-" ? "" : options.path) {}

Output::~Output() {
    if (owned_ && file_) std::fclose(file_);
    // Not closed: the run failed (an I/O error, an exception). The file keeps what it held.
    if (!partial_.empty()) ::unlink(partial_.c_str());
}

std::string partial_name(const std::string& path) {
    return fmt::format("{}.kifu-partial-{}", path, ::getpid());
}

void Output::open() {
    if (file_) return;
    if (path_.empty()) {
        file_ = stdout;
        terminal_ = ::isatty(STDOUT_FILENO) != 0;
        return;
    }
    // A file (new, or a regular one) is written under a name of its own beside it and
    // renamed over it when closed: a run that fails or is killed leaves no half-written
    // output, and an existing file as it was. Devices and pipes are written as they are.
    struct stat info {};
    const bool exists = ::stat(path_.c_str(), &info) == 0;
    if (!exists || S_ISREG(info.st_mode)) partial_ = partial_name(path_);
    file_ = std::fopen(partial_.empty() ? path_.c_str() : partial_.c_str(), "wb");
    if (!file_) {
        partial_.clear();
        fail(kIoError, fmt::format("cannot write {}: {}", path_, std::strerror(errno)));
    }
    if (exists && !partial_.empty()) (void)::fchmod(::fileno(file_), info.st_mode & 07777);
    owned_ = true;
    terminal_ = ::isatty(::fileno(file_)) != 0;  // -o /dev/tty
    // A file's writes in pieces of 256 KiB, not stdio's 4 KiB: a collection written game by
    // game made ten thousand write calls, most of kifu dedupe's system time.
    if (!terminal_) (void)std::setvbuf(file_, nullptr, _IOFBF, std::size_t{1} << 18);
}

namespace {

// The length of an incomplete UTF-8 sequence that ends `text` (0 when it ends whole): held
// back until the next write completes it, so that a character split between two writes is
// not shown as two invalid bytes.
std::size_t incomplete_tail(std::string_view text) {
    for (std::size_t back = 1; back <= 3 && back <= text.size(); ++back) {
        const auto b = static_cast<unsigned char>(text[text.size() - back]);
        if ((b & 0xC0) == 0x80) continue;  // a continuation byte: look further back
        const std::size_t length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
        return length > back ? back : 0;
    }
    return 0;
}

}  // namespace

std::string for_terminal(std::FILE* file, std::string_view text) {
    if (::isatty(::fileno(file)) == 0) return std::string(text);
    return visible_text(text, LineBreaks::keep);
}

void Output::write(std::string_view text) {
    open();
    std::string shown;
    if (terminal_) {
        // What a record says (tags, comments, archive member names) may hold escape
        // sequences: on a terminal they are shown, not obeyed. Files and pipes get the bytes.
        held_ += text;
        const std::size_t hold = incomplete_tail(held_);
        shown = visible_text(std::string_view(held_).substr(0, held_.size() - hold), LineBreaks::keep);
        held_.erase(0, held_.size() - hold);
        text = shown;
    }
    if (!text.empty() && std::fwrite(text.data(), 1, text.size(), file_) != text.size()) write_failed(errno);
}

void Output::write_failed(int error) {
    // The reader of a pipe went away (`kifu convert ... | head`): what it wanted was
    // written, so this is a quiet end, as for grep or zstd; any other fault is exit 3.
    if (error == EPIPE) throw Exit{kOk};
    fail(kIoError,
         fmt::format("cannot write {}: {}", path_.empty() ? "standard output" : path_, std::strerror(error)));
}

void Output::close() {
    if (!file_) return;
    if (!held_.empty()) {  // a sequence the text ended inside of: its bytes, shown
        const std::string shown = visible_text(held_, LineBreaks::keep);
        held_.clear();
        if (std::fwrite(shown.data(), 1, shown.size(), file_) != shown.size()) write_failed(errno);
    }
    const bool flushed = std::fflush(file_) == 0 && !std::ferror(file_);
    const int error = errno;
    bool closed = true;
    if (owned_) {
        closed = std::fclose(file_) == 0;
        file_ = nullptr;
    }
    if (!flushed || !closed) write_failed(flushed ? errno : error);
    if (!partial_.empty()) {
        if (std::rename(partial_.c_str(), path_.c_str()) != 0)
            fail(kIoError, fmt::format("cannot write {}: {}", path_, std::strerror(errno)));
        partial_.clear();
    }
}

bool same_file(const std::string& a, const std::string& b) {
    if (a.empty() || b.empty() || a == "-" || b == "-") return false;
    struct stat a_info {
    }, b_info{};
    const bool a_exists = ::stat(a.c_str(), &a_info) == 0, b_exists = ::stat(b.c_str(), &b_info) == 0;
    if (a_exists && b_exists) return a_info.st_dev == b_info.st_dev && a_info.st_ino == b_info.st_ino;
    if (a_exists != b_exists) return false;
    // Neither exists yet (two outputs): the same name, however written.
    std::error_code ec;
    const std::filesystem::path pa = std::filesystem::weakly_canonical(a, ec);
    if (ec) return a == b;
    const std::filesystem::path pb = std::filesystem::weakly_canonical(b, ec);
    return ec ? a == b : pa == pb;
}

void check_not_an_input(std::string_view flag, const std::string& output, std::span<const std::string> inputs,
                        std::string_view what) {
    for (const std::string& input : inputs)
        if (same_file(output, input))
            fail(kIoError, fmt::format("{} {} names {} {}: writing it would destroy what is to be read", flag,
                                       output, what, input));
}

void check_outputs_apart(std::string_view flag_a, const std::string& a, std::string_view flag_b,
                         const std::string& b) {
    if (same_file(a, b))
        fail(kIoError, fmt::format("{} {} and {} {} name the same file: one output would destroy the other",
                                   flag_a, a, flag_b, b));
}

void check_output_is_not_input(const OutputOptions& output, const InputOptions& input) {
    if (output.path.empty() || output.path == "-" || input.text_given) return;
    check_not_an_input("-o", output.path, input.paths);
}

void report(const Error& error, std::string_view source, std::string_view severity) {
    clear_progress();
    if (!message_limit().take(source)) return;
    const std::string line = error.format(source, severity) + "\n";  // control characters shown as \xNN
    std::fwrite(line.data(), 1, line.size(), stderr);
}

void report_lines(std::string_view source, std::string_view lines) {
    if (!lines.empty()) clear_progress();
    std::size_t begin = 0;
    while (begin < lines.size()) {
        std::size_t end = lines.find('\n', begin);
        end = end == std::string_view::npos ? lines.size() : end + 1;
        if (message_limit().take(source)) {
            const std::string line = visible_text(lines.substr(begin, end - begin), LineBreaks::keep);
            std::fwrite(line.data(), 1, line.size(), stderr);
        }
        begin = end;
    }
}

void end_messages() {
    message_limit().end();
}

void note(std::string_view source, std::string_view message) {
    clear_progress();
    fmt::print(stderr, "{}\n", visible_text(fmt::format("{}: note: {}", source, message)));
}

void fail(int code, std::string_view message) {
    clear_progress();
    fmt::print(stderr, "kifu: error: {}\n", visible_text(message));
    throw Exit{code};
}

void not_applicable(std::string_view option, std::string_view why) {
    fail(kUsage, fmt::format("{} does not apply here: {}", option, why));
}

}  // namespace kifu::cli
