#pragma once
// kifu serve's HTTP/1.1 server: a Service behind sockets, made for clients that misbehave
// (Boost.Beast on Asio, an event loop: a connection costs a socket and a few KiB, not a
// thread). What it promises, each tested over loopback (tests/cli/serve_cli_test.cpp):
// - A request arrives whole (request line, headers, body) within `request_timeout` of the
//   wait for it, or the connection is closed: a client that trickles a byte a second holds
//   a socket for that long, and nothing else.
// - At most `connections` open at once, `connections_per_client` from one client (an IPv6
//   /64); a connection beyond is answered 503 at once, without reading it, and closed.
// - Headers: at most `max_header_bytes` (the request line too) and `max_header_fields`
//   (431); a body at most `max_body` (413, said before it is read when its length is
//   announced), and all bodies being read at once at most `max_bodies_bytes` (503).
// - The Service's answer is computed on one of `handler_threads` threads, never on the
//   event loop; what it throws is a 500 (or a 503 for bad_alloc) whose text is the
//   server's, never the exception's.
// - stop() closes the listener and every idle or reading connection at once, lets the
//   answers being computed or written finish for up to `stop_grace`, then returns from
//   run() whatever the clients do.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "kifu/serve/service.hpp"

namespace kifu::serve {

struct HttpOptions {
    std::string host = "127.0.0.1";
    int port = 8080;                                  // 0: any free port (port() says which)
    std::size_t connections = 4096;                   // open at once
    std::size_t connections_per_client = 256;         // from one address or IPv6 /64; 0: no limit
    std::size_t handler_threads = 0;                  // 0: enough for every worker and waiting job
    std::chrono::milliseconds request_timeout{5000};  // a whole request; a keep-alive's silence
    std::chrono::milliseconds write_timeout{5000};    // a whole response
    std::chrono::milliseconds stop_grace{1500};
    std::size_t max_header_bytes = 16 * 1024;
    std::size_t max_header_fields = 100;
    std::size_t max_body = 64 * 1024 * 3 + 4096;  // a form's notation, percent-escaped
    std::size_t max_bodies_bytes = 64 << 20;      // bodies being read, all connections
};

// What the access log writes of a request.
struct HttpExchange {
    std::string_view client, method, target;
    unsigned version = 11;  // 10 or 11
    int status = 0;
    std::size_t body_bytes = 0;
    double milliseconds = 0;  // from the request's headers read to its answer written
};

class HttpServer {
  public:
    // Binds and listens; throws std::system_error when it cannot.
    HttpServer(Service& service, HttpOptions options,
               std::function<void(const HttpExchange&)> on_answered = {});
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    int port() const;

    // Serves until stop(); true when every request taken was answered, false when some
    // were still being computed at the end of the grace (their threads are left to end:
    // a process should exit rather than destroy the server then).
    bool run();
    void stop();  // any thread; not from a signal handler (use sigwait, as kifu serve does)

    struct Stats {
        std::size_t open = 0, refused = 0, timed_out = 0;
    };
    Stats stats() const;

    struct Impl;  // the server's state, opaque (http_server.cpp)

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace kifu::serve
