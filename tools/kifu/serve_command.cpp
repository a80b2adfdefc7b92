// kifu serve: board images by URL, the CLI's answers as JSON and a web page, over HTTP.
// The answers are kifu::serve::Service's and the sockets kifu::serve::HttpServer's; this
// file reads the options, writes the access log and stops the server on SIGINT and SIGTERM.

#include <pthread.h>
#include <sys/resource.h>

#include <csignal>
#include <cstring>
#include <ctime>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "kifu/serve/http_server.hpp"
#include "kifu/serve/service.hpp"

namespace kifu::cli {
namespace {

struct ServeOptions {
    std::string host = "127.0.0.1";
    int port = 8080;
    std::size_t threads = std::max(1u, std::thread::hardware_concurrency());
    std::size_t connections = 4096;
    std::size_t connections_per_client = 256;
    std::size_t queue = 64;
    std::size_t cache_mib = 64;
    double rate_limit = 0;
    double rate_burst = 0;
    int max_size = 1024;
    std::size_t max_text_kib = 64;
    double max_animation_mpx = 128;
    int timeout_s = 5;
    std::string access_log = "-";
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

    void write(const serve::HttpExchange& e) {
        if (file_ == nullptr) return;
        const std::time_t t = std::time(nullptr);
        std::tm tm{};
        gmtime_r(&t, &tm);
        char when[32];
        std::strftime(when, sizeof when, "%d/%b/%Y:%H:%M:%S +0000", &tm);
        // The method and the target may hold anything a client sent: control characters,
        // quotes and bytes beyond ASCII escaped.
        const auto escaped = [](std::string_view text) {
            std::string out;
            for (const char c : text.substr(0, 2000))
                if (static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\' ||
                    static_cast<unsigned char>(c) >= 0x7F)
                    out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
                else
                    out.push_back(c);
            return out;
        };
        const std::string line =
            fmt::format("{} - - [{}] \"{} {} HTTP/1.{}\" {} {} {:.2f}ms\n", e.client, when, escaped(e.method),
                        escaped(e.target), e.version % 10, e.status, e.body_bytes, e.milliseconds);
        const std::lock_guard lock(mutex_);
        std::fwrite(line.data(), 1, line.size(), file_);
        std::fflush(file_);
    }

  private:
    std::FILE* file_ = nullptr;
    bool owned_ = false;
    std::mutex mutex_;
};

// Raises the limit of open files to what `wanted` connections need, as far as the hard
// limit lets; the connections allowed when it does not.
std::size_t connections_possible(std::size_t wanted) {
    constexpr rlim_t kSpare = 64;  // the listener, the access log, the index, stdio
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return wanted;
    const rlim_t need = static_cast<rlim_t>(wanted) + kSpare;
    if (limit.rlim_cur < need) {
        limit.rlim_cur = limit.rlim_max == RLIM_INFINITY ? need : std::min(need, limit.rlim_max);
        setrlimit(RLIMIT_NOFILE, &limit);
        getrlimit(RLIMIT_NOFILE, &limit);
    }
    return limit.rlim_cur >= need
               ? wanted
               : static_cast<std::size_t>(std::max<rlim_t>(limit.rlim_cur, 2 * kSpare) - kSpare);
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
    so.limits.max_animation_pixels = static_cast<std::size_t>(o.max_animation_mpx * 1e6);
    so.rate_limit = o.rate_limit;
    so.rate_burst = o.rate_burst;
    serve::Service service(so);

    serve::HttpOptions ho;
    ho.host = o.host;
    ho.port = o.port;
    ho.connections = connections_possible(o.connections);
    if (ho.connections < o.connections)
        fmt::print(stderr, "kifu serve: {} connections at most (the limit of open files)\n", ho.connections);
    ho.connections_per_client = o.connections_per_client;
    ho.request_timeout = ho.write_timeout = std::chrono::seconds(o.timeout_s);
    ho.max_body = 3 * so.limits.max_text + 4096;  // a form's notation, every byte percent-escaped
    std::unique_ptr<serve::HttpServer> server;
    try {
        server = std::make_unique<serve::HttpServer>(service, ho,
                                                     [&log](const serve::HttpExchange& e) { log.write(e); });
    } catch (const std::system_error& e) {
        fail(kIoError, fmt::format("cannot listen on {}:{}: {}", o.host, o.port, e.code().message()));
    }
    fmt::print(stderr, "kifu serve: listening on http://{}:{}/ ({} workers, {} connections)\n",
               o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host, server->port(), o.threads,
               ho.connections);
    std::fflush(stderr);

    std::thread stopper([&] {
        int signal = 0;
        sigwait(&stop_signals, &signal);
        server->stop();
    });
    const bool all_answered = server->run();
    // run returns once stop() has closed the listener and the connections (the grace for
    // answers being computed is 1.5 s). The stopper is woken if it still waits.
    pthread_kill(stopper.native_handle(), SIGTERM);
    stopper.join();
    if (!all_answered) {
        // Drawings still running past the grace: the process ends without waiting for them
        // (destroying the server would).
        fmt::print(stderr, "kifu serve: stopped (answers still being computed were dropped)\n");
        std::fflush(stderr);
        std::_Exit(kOk);
    }
    fmt::print(stderr, "kifu serve: stopped\n");
    return kOk;
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
    command
        ->add_option("--connections", o->connections,
                     "connections open at once (default 4096); beyond: 503 without reading")
        ->check(CLI::Range(1, 1 << 20));
    command
        ->add_option("--connections-per-client", o->connections_per_client,
                     "connections open at once from one address (IPv6: one /64; default 256; 0: no limit; "
                     "behind a proxy: 0)")
        ->check(CLI::Range(0, 1 << 20));
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
    command
        ->add_option("--max-animation-mpx", o->max_animation_mpx,
                     "an animated GIF's frames x pixels, in millions (default 128; 413 beyond)")
        ->check(CLI::Range(0.01, 1e5));
    command
        ->add_option("--timeout", o->timeout_s,
                     "seconds for a whole request to arrive (and a keep-alive's silence), and for an "
                     "answer to be written (default 5)")
        ->check(CLI::Range(1, 3600));
    command->add_option("--access-log", o->access_log,
                        "FILE: one line a request; '-' stderr (default); '' none");
    return [command, o]() -> int {
        if (!command->parsed()) return -1;
        return serve(*o);
    };
}

}  // namespace kifu::cli
