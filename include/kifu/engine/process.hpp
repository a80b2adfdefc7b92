#pragma once
// A child process spoken to line by line over pipes: what an engine of any protocol runs as.
//
// Decisions (docs/analyse.md, "The process"):
// - The child runs in a process group of its own (a shell that starts the real engine is
//   ended with it) with only its three standard descriptors: no pipe of another engine, no
//   file of kifu's. Its standard error goes where its output goes, so that what an engine
//   says when it fails to start ("error while loading shared libraries") is what kifu reports.
// - Writing never blocks on a full pipe while the child waits for its own output to be
//   read: a write waits with poll() and reads what the child says meanwhile (no deadlock
//   with a chatty engine).
// - A line longer than kMaxLine is cut there: the rest of it is read and dropped, so that a
//   line of any length costs kMaxLine of memory.
// - Ending a child is SIGTERM to its group, then SIGKILL after kGrace, and it is always
//   waited for: no zombie. Every live child is listed so that end_all_children() can end
//   them from a signal handler (the CLI's SIGINT and SIGTERM); when kifu dies by SIGKILL
//   instead, the child sees its input close, which every engine takes as quit.

#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

#include "kifu/core/result.hpp"

namespace kifu::engine {

using Clock = std::chrono::steady_clock;

class ChildProcess {
  public:
    static constexpr std::size_t kMaxLine = std::size_t{64} << 10;
    static constexpr std::chrono::milliseconds kGrace{500};

    // Starts argv[0] (looked up in PATH) with its arguments. Errors: io_error when it
    // cannot be started (no such program, no permission).
    static Result<ChildProcess> start(const std::vector<std::string>& argv);

    ChildProcess(ChildProcess&& other) noexcept;
    ChildProcess& operator=(ChildProcess&& other) noexcept;
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    ~ChildProcess();

    // Writes `line` and a line end, before `deadline`. Errors: io_error when the child has
    // closed its input (it died) or the deadline passed.
    Result<void> write_line(std::string_view line, Clock::time_point deadline);

    enum class Read { line, timeout, closed };
    // The next line the child writes (without its line end), waiting until `deadline`.
    // `closed`: it closed its output (it ended, or is ending).
    Read read_line(std::string& line, Clock::time_point deadline);

    // Ends the child (its group) and waits for it; what it exited with, as a word ("exit
    // code 1", "killed by signal 9"), or "" when it had already been ended.
    std::string end();
    // Whether the child is still running (not yet waited for).
    bool running() const noexcept { return pid_ > 0; }
    pid_t pid() const noexcept { return pid_; }

  private:
    ChildProcess() = default;
    // Reads one chunk of what is there into lines_ (no wait): 1 read, 0 nothing there, -1
    // the output is closed.
    int fill();
    // While a write waits, the lines read are held up to this many (the oldest then dropped).
    static constexpr std::size_t kMaxHeldLines = 4096;

    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    bool output_closed_ = false;
    std::string current_;  // the line being read, cut at kMaxLine
    std::deque<std::string> lines_;
};

// Ends every child still running (SIGKILL to each group): async-signal-safe, for a signal
// handler. The children are waited for by the process's end.
void end_all_children() noexcept;

// Installs handlers of SIGINT, SIGTERM and SIGHUP that end every child, then die of the
// signal as they would have: for programs that run engines (kifu analyse).
void end_children_on_signals();

}  // namespace kifu::engine
