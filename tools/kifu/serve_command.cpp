// kifu serve: board images by URL, the CLI's answers as JSON and a web page, over HTTP
// (cpp-httplib). The answers themselves are kifu::serve::Service's; this file binds them to
// sockets: threads, limits, the access log, shutdown on SIGINT and SIGTERM.

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>

#include <csignal>
#include <ctime>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <httplib.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "kifu/serve/service.hpp"

namespace kifu::cli {
namespace {

struct ServeOptions {
    std::string host = "127.0.0.1";
    int port = 8080;
    std::size_t threads = std::max(1u, std::thread::hardware_concurrency());
    std::size_t connections = 64;
    std::size_t queue = 64;
    std::size_t cache_mib = 64;
    double rate_limit = 0;
    double rate_burst = 0;
    int max_size = 1024;
    std::size_t max_text_kib = 64;
    int timeout_s = 5;
    std::string access_log = "-";
};

// Set on a thread that answers connections beyond the pool's queue: every request there is
// turned away with 503.
thread_local bool t_refusing = false;
thread_local std::chrono::steady_clock::time_point t_request_start{};

// httplib's task queue: `threads` threads take accepted connections in turn (a keep-alive
// connection holds its thread until it closes); at most `max_pending` more than the free
// threads wait. Beyond that a
// connection goes to one refusing thread, which answers 503 and closes it; beyond that
// thread's own bounded queue, the accepting thread refuses it itself.
class ConnectionPool final : public httplib::TaskQueue {
  public:
    ConnectionPool(std::size_t threads, std::size_t max_pending) : max_pending_(max_pending), free_(threads) {
        for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([this] { work(pending_, false); });
        workers_.emplace_back([this] { work(refused_, true); });
    }

    void enqueue(std::function<void()> fn) override {
        {
            std::unique_lock lock(mutex_);
            if (pending_.size() < max_pending_ + free_) {
                pending_.push_back(std::move(fn));
                lock.unlock();
                ready_.notify_all();
                return;
            }
            if (refused_.size() < std::max<std::size_t>(max_pending_, 16)) {
                refused_.push_back(std::move(fn));
                lock.unlock();
                ready_.notify_all();
                return;
            }
        }
        t_refusing = true;
        fn();
        t_refusing = false;
    }

    void shutdown() override {
        {
            const std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        ready_.notify_all();
        for (std::thread& t : workers_) t.join();
    }

  private:
    void work(std::deque<std::function<void()>>& queue, bool refusing) {
        t_refusing = refusing;
        for (;;) {
            std::function<void()> fn;
            {
                std::unique_lock lock(mutex_);
                ready_.wait(lock, [&] { return stopping_ || !queue.empty(); });
                if (queue.empty()) return;  // stopping, and every accepted connection answered
                fn = std::move(queue.front());
                queue.pop_front();
                if (!refusing) --free_;
            }
            fn();
            if (!refusing) {
                const std::lock_guard lock(mutex_);
                ++free_;
            }
        }
    }

    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::function<void()>> pending_, refused_;
    std::vector<std::thread> workers_;
    std::size_t max_pending_;
    std::size_t free_;  // connection threads not serving a connection
    bool stopping_ = false;
};

// One line a request, in the Common Log Format with the time taken at the end.
class AccessLog {
  public:
    explicit AccessLog(const std::string& path) {
        if (path.empty()) return;
        if (path == "-") {
            file_ = stderr;
            return;
        }
        file_ = std::fopen(path.c_str(), "a");
        if (file_ == nullptr)
            fail(kIoError, fmt::format("cannot open the access log {}: {}", path, std::strerror(errno)));
        owned_ = true;
    }
    ~AccessLog() {
        if (owned_) std::fclose(file_);
    }
    AccessLog(const AccessLog&) = delete;
    AccessLog& operator=(const AccessLog&) = delete;

    void write(const httplib::Request& req, const httplib::Response& res) {
        if (file_ == nullptr) return;
        const auto now = std::chrono::steady_clock::now();
        const double ms = t_request_start == std::chrono::steady_clock::time_point{}
                              ? 0.0
                              : std::chrono::duration<double, std::milli>(now - t_request_start).count();
        t_request_start = {};
        const std::time_t t = std::time(nullptr);
        std::tm tm{};
        gmtime_r(&t, &tm);
        char when[32];
        std::strftime(when, sizeof when, "%d/%b/%Y:%H:%M:%S +0000", &tm);
        // The target may hold anything a client sent: its control characters escaped.
        std::string target;
        for (const char c : req.target.substr(0, 2000))
            if (static_cast<unsigned char>(c) < 0x20 || c == '"' || c == 0x7F)
                target += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
            else
                target.push_back(c);
        const std::string line =
            fmt::format("{} - - [{}] \"{} {} {}\" {} {} {:.2f}ms\n", req.remote_addr, when, req.method,
                        target, req.version, res.status, res.body.size(), ms);
        const std::lock_guard lock(mutex_);
        std::fwrite(line.data(), 1, line.size(), file_);
        std::fflush(file_);
    }

  private:
    std::FILE* file_ = nullptr;
    bool owned_ = false;
    std::mutex mutex_;
};

void answer(serve::Service& service, const httplib::Request& req, httplib::Response& res) {
    t_request_start = std::chrono::steady_clock::now();
    if (t_refusing) {
        res.status = 503;
        res.set_header("Retry-After", "1");
        res.set_header("Connection", "close");
        res.set_content("error: the server is busy; try again in a second\n", "text/plain; charset=utf-8");
        return;
    }
    const std::string if_none_match = req.get_header_value("If-None-Match");
    const std::string content_type = req.get_header_value("Content-Type");
    serve::Response out = service.handle({.method = req.method,
                                          .target = req.target,
                                          .body = req.body,
                                          .content_type = content_type,
                                          .if_none_match = if_none_match,
                                          .client = req.remote_addr});
    res.status = out.status;
    for (auto& [name, value] : out.headers) res.set_header(name, value);
    if (!out.content_type.empty()) res.set_header("Content-Type", out.content_type);
    res.body = std::move(out.body);
    if (out.status >= 400 && req.method != "GET" && req.method != "HEAD" && req.method != "POST")
        res.set_header("Connection", "close");  // a body we did not read may follow
}

int serve(const ServeOptions& o) {
    if (o.port < 0 || o.port > 65535) fail(kUsage, fmt::format("--port: expected 0-65535, found {}", o.port));
    // SIGINT and SIGTERM go to one thread that stops the server; every other thread has them
    // blocked (they inherit the mask).
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    AccessLog log(o.access_log);
    serve::ServiceOptions so;
    so.workers = o.threads;
    so.max_waiting = o.queue;
    so.cache_bytes = o.cache_mib << 20;
    so.limits.max_size = o.max_size;
    so.limits.max_text = o.max_text_kib << 10;
    so.rate_limit = o.rate_limit;
    so.rate_burst = o.rate_burst;
    serve::Service service(so);

    httplib::Server server;
    server.new_task_queue = [&] { return new ConnectionPool(o.connections, o.queue * 4); };
    // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a second server on
    // the same port would start without a word and take half the connections.
    // TCP_NODELAY, which the accepted sockets inherit: httplib writes the headers and the
    // body apart, and Nagle's algorithm would hold the body back for the client's delayed
    // ACK (40 ms an image).
    server.set_socket_options([](socket_t sock) {
        const int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    });
    server.set_read_timeout(o.timeout_s, 0);
    server.set_write_timeout(o.timeout_s, 0);
    server.set_keep_alive_timeout(o.timeout_s);
    server.set_keep_alive_max_count(1000);
    server.set_payload_max_length(so.limits.max_text + 4096);  // a POSTed form: the notation and a few fields
    server.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
        if (req.method == "POST")
            return httplib::Server::HandlerResponse::Unhandled;  // its body is read first
        answer(service, req, res);
        return httplib::Server::HandlerResponse::Handled;
    });
    server.Post(".*",
                [&](const httplib::Request& req, httplib::Response& res) { answer(service, req, res); });
    server.set_logger(
        [&](const httplib::Request& req, const httplib::Response& res) { log.write(req, res); });

    const int port =
        o.port == 0 ? server.bind_to_any_port(o.host) : (server.bind_to_port(o.host, o.port) ? o.port : -1);
    if (port < 0)
        fail(kIoError, fmt::format("cannot listen on {}:{}: {}", o.host, o.port, std::strerror(errno)));
    fmt::print(stderr, "kifu serve: listening on http://{}:{}/ ({} workers, {} connections)\n",
               o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host, port, o.threads,
               o.connections);
    std::fflush(stderr);

    std::thread stopper([&] {
        int signal = 0;
        sigwait(&stop_signals, &signal);
        if (signal != 0) server.stop();
    });
    const bool clean = server.listen_after_bind();
    // listen_after_bind returns once stop() has closed the socket and every connection has
    // been answered; a failure is an I/O error. The stopper is woken if it still waits.
    pthread_kill(stopper.native_handle(), SIGTERM);
    stopper.join();
    fmt::print(stderr, "kifu serve: stopped\n");
    return clean ? kOk : kIoError;
}

}  // namespace

Run add_serve_command(CLI::App& app) {
    auto o = std::make_shared<ServeOptions>();
    CLI::App* command = app.add_subcommand(
        "serve", "Serve board images by URL, conversions as JSON and a web page over HTTP");
    command->footer(
        "URLs: / (the page), /hen<HEN>.png and /c/ /x/ /cx/ (hen-worker's), /board.svg?fen=... "
        "(web-boardimage's), "
        "/image.png?<format>=<notation>, /game.gif?pgn=..., /convert, /validate, /inspect, /formats, "
        "/health; "
        "docs/serve.md has every parameter.\nExamples:\n"
        "  kifu serve --port 8080\n"
        "  curl -o board.png 'http://127.0.0.1:8080/c/hen.9x9_5Gb.b.png'");
    command->add_option("--host", o->host, "the address to listen on (default 127.0.0.1: this machine only)");
    command->add_option("--port", o->port, "the port (default 8080; 0: any free port, printed at start)");
    command->add_option("--threads", o->threads, "drawings and conversions at once (default: the cores)")
        ->check(CLI::Range(1, 256));
    command->add_option("--connections", o->connections, "connections served at once (default 64)")
        ->check(CLI::Range(1, 1024));
    command->add_option("--queue", o->queue, "drawings waiting their turn before 503 (default 64)")
        ->check(CLI::Range(0, 100000));
    command->add_option("--cache-mib", o->cache_mib, "rendered images kept, in MiB (default 64; 0: none)")
        ->check(CLI::Range(0, 1 << 16));
    command
        ->add_option("--rate-limit", o->rate_limit, "requests a second a client (IPv6 by /64); 0: no limit")
        ->check(CLI::Range(0.0, 1e6));
    command
        ->add_option("--rate-burst", o->rate_burst,
                     "requests a client may make at once (default 2x the rate)")
        ->check(CLI::Range(0.0, 1e6));
    command
        ->add_option("--max-size", o->max_size,
                     "the largest image side in pixels; larger are clamped (default 1024)")
        ->check(CLI::Range(16, 4096));
    command
        ->add_option("--max-text-kib", o->max_text_kib,
                     "the longest notation in KiB (default 64; 413 beyond)")
        ->check(CLI::Range(1, 1 << 16));
    command->add_option("--timeout", o->timeout_s, "seconds a client may stay silent (default 5)")
        ->check(CLI::Range(1, 3600));
    command->add_option("--access-log", o->access_log,
                        "FILE: one line a request; '-' stderr (default); '' none");
    return [command, o]() -> int {
        if (!command->parsed()) return -1;
        return serve(*o);
    };
}

}  // namespace kifu::cli
