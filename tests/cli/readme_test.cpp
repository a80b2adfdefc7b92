// The README's console blocks as a test: each "$ kifu ..." line runs in examples/ and
// must print exactly the lines under it (stdout, or stderr then stdout as a terminal
// shows them); a line with nothing under it must succeed. The C++ blocks are built and
// run by scripts/check-package.

#include "cli_fixture.hpp"

namespace {

using namespace kifu_test;

struct Example {
    std::string command;
    std::string expected;
    int line = 0;
};

std::vector<Example> console_examples(const std::string& readme) {
    std::vector<Example> out;
    std::istringstream in(readme);
    std::string line;
    bool inside = false;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line == "```console") {
            inside = true;
        } else if (line.rfind("```", 0) == 0) {
            inside = false;
        } else if (inside && line.rfind("$ kifu ", 0) == 0) {
            out.push_back({line.substr(2), "", number});
        } else if (inside && !out.empty()) {
            out.back().expected += line + "\n";
        }
    }
    return out;
}

TEST_F(Cli, ReadmeConsoleExamplesPrintWhatTheReadmeShows) {
    const std::vector<Example> examples =
        console_examples(slurp(std::string(KIFU_SOURCE_DIR) + "/README.md"));
    ASSERT_GT(examples.size(), 20u);
    // `kifu` on the PATH, as an installed one is (a shell function would stand between a
    // background `kifu serve &` and the `kill $!` that stops it).
    const std::filesystem::path bin = dir_ / "bin";
    std::filesystem::create_directories(bin);
    std::filesystem::create_symlink(KIFU_EXE, bin / "kifu");
    // The README shows a first run: an index a run of another kifu left in /tmp is not its.
    std::filesystem::remove("/tmp/kifu-readme.db");
    for (const Example& e : examples) {
        // (';', not '&&', before the example: a '&' in it then puts only its own command in
        // the background, and `$!` is that command.)
        const Outcome r = shell("cd " + quote(KIFU_EXAMPLES_DIR) + " || exit 9; PATH=" + quote(bin.string()) +
                                ":$PATH; " + e.command);
        if (e.expected.empty()) {
            EXPECT_EQ(r.exit_code, 0) << "README.md:" << e.line << ": " << e.command << "\n" << r.err;
        } else {
            EXPECT_TRUE(r.out == e.expected || r.err + r.out == e.expected)
                << "README.md:" << e.line << ": " << e.command << "\nexpected:\n"
                << e.expected << "got:\n"
                << r.err << r.out;
        }
    }
}

}  // namespace
