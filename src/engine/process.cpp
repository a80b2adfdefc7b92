#include "kifu/engine/process.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <string_view>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

extern char** environ;

namespace kifu::engine {
namespace {

// The process groups of the live children, for end_all_children (a signal handler may read
// them: a fixed array of atomics, no lock). 0 is a free slot.
constexpr std::size_t kMaxChildren = 256;
std::array<std::atomic<pid_t>, kMaxChildren> live_groups{};
// A child started but not yet listed would outlive a signal that ends the others: starts
// count themselves in `starting`, and end_all_children, once it has set `ending` (no start
// begins after it), waits for them to be listed before it ends the listed ones. The start
// holds the ending signals off its own thread meanwhile, so that the wait never waits on
// the thread it runs on.
std::atomic<int> starting{0};
std::atomic<bool> ending{false};

void list_child(pid_t pid) noexcept {
    for (auto& slot : live_groups) {
        pid_t free = 0;
        if (slot.compare_exchange_strong(free, pid)) return;
    }
}

void unlist_child(pid_t pid) noexcept {
    for (auto& slot : live_groups) {
        pid_t mine = pid;
        if (slot.compare_exchange_strong(mine, 0)) return;
    }
}

int remaining_ms(Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 1 << 30));
}

Error io_error(std::string message) {
    return Error{ErrorCode::io_error, std::move(message)};
}

std::string exit_word(int status) {
    if (WIFEXITED(status)) return fmt::format("exit code {}", WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return fmt::format("killed by signal {}", WTERMSIG(status));
    return "ended";
}

// A write to an engine that has ended must be EPIPE, not the death of the program that uses
// the library by SIGPIPE: the signal is blocked in this thread for the write, and one that
// the write raised is taken off before it is unblocked (a SIGPIPE pending before is left).
class SigpipeHeld {
  public:
    SigpipeHeld() {
        sigemptyset(&pipe_);
        sigaddset(&pipe_, SIGPIPE);
        sigset_t pending;
        sigemptyset(&pending);
        sigpending(&pending);
        was_pending_ = sigismember(&pending, SIGPIPE) == 1;
        pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
    }
    SigpipeHeld(const SigpipeHeld&) = delete;
    SigpipeHeld& operator=(const SigpipeHeld&) = delete;
    ~SigpipeHeld() {
        if (raised_ && !was_pending_) {
            const timespec now{};
            while (sigtimedwait(&pipe_, nullptr, &now) < 0 && errno == EINTR) {
            }
        }
        pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }
    void raised() { raised_ = true; }

  private:
    sigset_t pipe_{};
    sigset_t old_{};
    bool was_pending_ = false;
    bool raised_ = false;
};

}  // namespace

Result<ChildProcess> ChildProcess::start(const std::vector<std::string>& argv) {
    if (argv.empty() || argv[0].empty()) return io_error("no engine command given");
    int in[2];
    int out[2];
    if (pipe2(in, O_CLOEXEC) != 0)
        return io_error(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        return io_error(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // dup2 clears close-on-exec on the copies; every other descriptor is closed.
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, out[1], 2);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setpgroup(&attributes, 0);
    // The child starts with the default handlers and nothing blocked, whatever kifu set.
    sigset_t all;
    sigset_t none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes,
                             POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    sigset_t ending_signals;
    sigset_t before;
    sigemptyset(&ending_signals);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&ending_signals, signal);
    pthread_sigmask(SIG_BLOCK, &ending_signals, &before);
    starting.fetch_add(1);
    pid_t pid = -1;
    int failed =
        ending.load() ? ECANCELED : posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
    // Debian installs its engines (stockfish, fairy-stockfish, gnugo) in /usr/games, which
    // not every PATH holds (a service's, a cron job's): looked for there too.
    if (failed == ENOENT && argv[0].find('/') == std::string::npos) {
        const std::string games = "/usr/games/" + argv[0];
        failed = posix_spawn(&pid, games.c_str(), &actions, &attributes, args.data(), environ);
        if (failed != 0) failed = ENOENT;
    }
    if (failed == 0) list_child(pid);
    starting.fetch_sub(1);
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(in[0]);
    close(out[1]);
    if (failed != 0) {
        close(in[1]);
        close(out[0]);
        return io_error(fmt::format("cannot start '{}': {}", argv[0], std::strerror(failed)));
    }
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    ChildProcess child;
    child.pid_ = pid;
    child.to_child_ = in[1];
    child.from_child_ = out[0];
    return child;
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      to_child_(std::exchange(other.to_child_, -1)),
      from_child_(std::exchange(other.from_child_, -1)),
      output_closed_(other.output_closed_),
      current_(std::move(other.current_)),
      lines_(std::move(other.lines_)) {}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
    if (this != &other) {
        end();
        pid_ = std::exchange(other.pid_, -1);
        to_child_ = std::exchange(other.to_child_, -1);
        from_child_ = std::exchange(other.from_child_, -1);
        output_closed_ = other.output_closed_;
        current_ = std::move(other.current_);
        lines_ = std::move(other.lines_);
    }
    return *this;
}

ChildProcess::~ChildProcess() {
    end();
}

std::string ChildProcess::end() {
    if (to_child_ >= 0) close(std::exchange(to_child_, -1));  // an engine reads this as quit
    std::string word;
    if (pid_ > 0) {
        int status = 0;
        pid_t done = waitpid(pid_, &status, WNOHANG);
        if (done == 0) {
            kill(-pid_, SIGTERM);
            const Clock::time_point until = Clock::now() + kGrace;
            while ((done = waitpid(pid_, &status, WNOHANG)) == 0 && Clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            if (done == 0) {
                kill(-pid_, SIGKILL);
                done = waitpid(pid_, &status, 0);
            }
        }
        // What is left of its group (a grandchild that ignored SIGTERM) goes too.
        kill(-pid_, SIGKILL);
        if (done == pid_) word = exit_word(status);
        unlist_child(pid_);
        pid_ = -1;
    }
    if (from_child_ >= 0) close(std::exchange(from_child_, -1));
    return word;
}

int ChildProcess::fill() {
    if (output_closed_ || from_child_ < 0) return -1;
    char chunk[16384];
    for (;;) {
        const ssize_t n = read(from_child_, chunk, sizeof chunk);
        if (n > 0) {
            // One chunk at a time, cut into lines: what is held is the lines of one chunk and
            // at most kMaxLine of an unfinished one, whatever the child writes.
            for (const char c : std::string_view(chunk, static_cast<std::size_t>(n))) {
                if (c == '\n') {
                    if (!current_.empty() && current_.back() == '\r') current_.pop_back();
                    lines_.push_back(std::exchange(current_, {}));
                } else if (current_.size() < kMaxLine) {
                    current_.push_back(c);
                }
            }
            return 1;
        }
        if (n == 0) {
            output_closed_ = true;
            if (!current_.empty())
                lines_.push_back(std::exchange(current_, {}));  // a last line without its end
            return -1;
        }
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
        output_closed_ = true;
        return -1;
    }
}

ChildProcess::Read ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
    for (;;) {
        if (!lines_.empty()) {
            line = std::move(lines_.front());
            lines_.pop_front();
            return Read::line;
        }
        const int got = fill();
        if (got > 0) continue;
        if (got < 0) {
            if (!lines_.empty()) continue;
            return Read::closed;
        }
        pollfd p{from_child_, POLLIN, 0};
        const int wait = remaining_ms(deadline);
        if (wait == 0) return Read::timeout;
        const int ready = poll(&p, 1, wait);
        if (ready == 0) return Read::timeout;
        if (ready < 0 && errno != EINTR) return Read::closed;
    }
}

Result<void> ChildProcess::write_line(std::string_view line, Clock::time_point deadline) {
    if (to_child_ < 0) return io_error("the engine's input is closed");
    std::string text(line);
    text.push_back('\n');
    std::size_t done = 0;
    SigpipeHeld held;
    while (done < text.size()) {
        const ssize_t n = write(to_child_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EPIPE) held.raised();
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            return io_error(fmt::format("cannot write to the engine: {}", std::strerror(errno)));
        // Its input is full: read what it says meanwhile, so that it can go on.
        pollfd p[2] = {{to_child_, POLLOUT, 0}, {from_child_, POLLIN, 0}};
        const int wait = remaining_ms(deadline);
        if (wait == 0) return io_error("the engine does not read its input");
        if (poll(p, output_closed_ ? 1 : 2, wait) < 0 && errno != EINTR)
            return io_error(fmt::format("cannot wait for the engine: {}", std::strerror(errno)));
        if (p[1].revents) {
            fill();
            // What it says while kifu writes is the end of an earlier answer: kept up to a
            // bound, the oldest dropped, so that neither side waits on the other.
            while (lines_.size() > kMaxHeldLines) lines_.pop_front();
        }
    }
    return {};
}

void end_all_children() noexcept {
    ending.store(true);
    // Up to a second for the starts under way to list their children (nanosleep is
    // async-signal-safe).
    for (int waited = 0; starting.load() > 0 && waited < 1000; ++waited) {
        const timespec millisecond{0, 1'000'000};
        nanosleep(&millisecond, nullptr);
    }
    for (auto& slot : live_groups) {
        const pid_t pid = slot.load();
        if (pid > 0) kill(-pid, SIGKILL);
    }
}

namespace {
extern "C" void end_children_and_die(int signal) {
    end_all_children();
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}
}  // namespace

void end_children_on_signals() {
    struct sigaction action {};
    action.sa_handler = end_children_and_die;
    sigemptyset(&action.sa_mask);
    for (const int s : {SIGINT, SIGTERM, SIGHUP}) sigaction(s, &action, nullptr);
}

}  // namespace kifu::engine
