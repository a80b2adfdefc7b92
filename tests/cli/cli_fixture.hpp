#pragma once
// The fixture of the CLI tests: runs the real kifu binary as a user runs it, with
// arguments and standard input, and gives its exit code, stdout and stderr.

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

namespace kifu_test {

// The project's examples/ directory (the records the README shows).
inline const std::string kExamples = KIFU_EXAMPLES_DIR;

struct Outcome {
    int exit_code;
    std::string out;
    std::string err;
};

inline std::string quote(const std::string& arg) {
    std::string q = "'";
    for (const char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// How many times `what` occurs in `text` (games by a tag, lines, ...).
inline std::size_t occurrences(std::string_view text, std::string_view what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

class Cli : public ::testing::Test {
  protected:
    void SetUp() override {
        // Named by the suite, the test and the process: two runs of the suites at once (ctest -j,
        // a second checkout's) never share a directory.
        const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ =
            std::filesystem::temp_directory_path() / ("kifu-cli-" + std::string(test->test_suite_name()) +
                                                      "." + test->name() + "-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    Outcome kifu(const std::vector<std::string>& args, const std::string& stdin_text = "") {
        std::ofstream(dir_ / "stdin", std::ios::binary) << stdin_text;
        std::string command = quote(KIFU_EXE);
        for (const std::string& a : args) command += " " + quote(a);
        command +=
            " <" + quote(dir_ / "stdin") + " >" + quote(dir_ / "stdout") + " 2>" + quote(dir_ / "stderr");
        const int status = std::system(command.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir_ / "stdout"), slurp(dir_ / "stderr")};
    }

    // A shell command line with KIFU for the binary, run in the test's directory.
    Outcome shell(const std::string& line) {
        std::string command = "cd " + quote(dir_) + " && KIFU=" + quote(KIFU_EXE) + "; ( " + line + " ) >" +
                              quote(dir_ / "stdout") + " 2>" + quote(dir_ / "stderr");
        const int status = std::system(("bash -c " + quote(command)).c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir_ / "stdout"), slurp(dir_ / "stderr")};
    }

    std::filesystem::path dir_;
};

}  // namespace kifu_test
