// The HTTP server: one thread runs the event loop (accepting, reading requests, writing
// answers: never waiting on a client), a pool of threads computes the Service's answers.
// Everything of a connection but its Service call happens on the loop's thread, so the
// server's tables need no lock. The promises are in the header.

#include "kifu/serve/http_server.hpp"

#include <atomic>
#include <optional>
#include <system_error>
#include <unordered_map>

#include <fmt/format.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "kifu/serve/rate_limiter.hpp"
#include "kifu/version.hpp"

namespace kifu::serve {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

std::string_view view(beast::string_view s) {
    return {s.data(), s.size()};
}

// A response body held by a shared pointer: a cached image's bytes are written from the
// cache's copy, however many clients are reading it.
struct SharedBody {
    using value_type = std::shared_ptr<const std::string>;
    static std::uint64_t size(const value_type& body) { return body ? body->size() : 0; }

    class writer {
      public:
        using const_buffers_type = net::const_buffer;
        template <bool IsRequest, class Fields>
        writer(const http::header<IsRequest, Fields>&, const value_type& body) : body_(body) {}
        void init(beast::error_code& ec) { ec = {}; }
        boost::optional<std::pair<const_buffers_type, bool>> get(beast::error_code& ec) {
            ec = {};
            if (done_ || !body_ || body_->empty()) return boost::none;
            done_ = true;
            return std::make_pair(net::const_buffer(body_->data(), body_->size()), false);
        }

      private:
        const value_type& body_;
        bool done_ = false;
    };
};

Response text(int status, std::string message) {
    Response r;
    r.status = status;
    r.content_type = "text/plain; charset=utf-8";
    r.body = std::move(message) + "\n";
    return r;
}

// Answered to a connection beyond the limits, without reading it.
constexpr std::string_view kBusy =
    "HTTP/1.1 503 Service Unavailable\r\n"
    "Content-Type: text/plain; charset=utf-8\r\n"
    "Retry-After: 1\r\n"
    "Connection: close\r\n"
    "Content-Length: 49\r\n"
    "\r\n"
    "error: the server is busy; try again in a second\n";

class Session;

}  // namespace

struct HttpServer::Impl {
    Impl(Service& service_, HttpOptions options_, std::function<void(const HttpExchange&)> on_answered_)
        : service(service_), options(std::move(options_)), on_answered(std::move(on_answered_)) {
        std::size_t threads = options.handler_threads;
        if (threads == 0) threads = service.options().workers + service.options().max_waiting + 4;
        handlers = std::make_unique<net::thread_pool>(threads);
        const tcp::endpoint endpoint(net::ip::make_address(options.host),
                                     static_cast<std::uint16_t>(options.port));
        acceptor.open(endpoint.protocol());
        // SO_REUSEADDR without SO_REUSEPORT: a second server on the port fails to bind.
        acceptor.set_option(net::socket_base::reuse_address(true));
        acceptor.bind(endpoint);
        acceptor.listen(net::socket_base::max_listen_connections);
    }

    void accept();
    void admit(tcp::socket socket);
    void refuse(tcp::socket& socket);
    void begin_stop();
    void drain();

    Service& service;
    const HttpOptions options;
    const std::function<void(const HttpExchange&)> on_answered;

    // The loop's thread's alone (declared before the loop: a session destroyed with the
    // loop's pending work still finds them).
    std::unordered_map<Session*, std::weak_ptr<Session>> sessions;
    std::unordered_map<std::string, std::size_t> per_client;
    bool stopping = false;
    Clock::time_point stop_started{};

    std::atomic<std::size_t> open{0}, refused{0}, timed_out{0}, computing{0}, bodies{0};

    net::io_context loop{1};
    tcp::acceptor acceptor{loop};
    net::steady_timer timer{loop};
    std::unique_ptr<net::thread_pool> handlers;
};

namespace {

class Session : public std::enable_shared_from_this<Session> {
  public:
    using Impl = HttpServer::Impl;

    Session(Impl& server, tcp::socket socket, std::string client, std::string group)
        : server_(server),
          stream_(std::move(socket)),
          buffer_(server.options.max_header_bytes + 16 * 1024),
          client_(std::move(client)),
          group_(std::move(group)) {}

    ~Session() {
        release_body();
        --server_.open;
        server_.sessions.erase(this);
        if (auto it = server_.per_client.find(group_); it != server_.per_client.end() && --it->second == 0)
            server_.per_client.erase(it);
    }

    void read_header() {
        if (server_.stopping) return close();
        parser_.emplace();
        parser_->header_limit(static_cast<std::uint32_t>(server_.options.max_header_bytes));
        parser_->body_limit(server_.options.max_body);
        stream_.expires_after(server_.options.request_timeout);  // the whole request, body too
        http::async_read_header(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
    }

    // On stop: a connection waiting for a request is closed now; one being answered when
    // its answer is written.
    void close_if_idle() {
        if (busy_) {
            closing_ = true;
            return;
        }
        close();
    }

  private:
    void on_header(beast::error_code ec) {
        if (ec) return failed(ec);
        started_ = Clock::now();
        const auto& request = parser_->get();
        const auto fields = static_cast<std::size_t>(std::distance(request.begin(), request.end()));
        if (fields > server_.options.max_header_fields)
            return refuse(431, fmt::format("error: the request has {} header fields, over the limit of {}",
                                           fields, server_.options.max_header_fields));
        if (parser_->is_done()) return compute();
        const boost::optional<std::uint64_t> length = parser_->content_length();
        if (length && *length > server_.options.max_body)
            return refuse(413, fmt::format("error: the body is {} bytes, over the limit of {}", *length,
                                           server_.options.max_body));
        // Room among the bodies being read, for the length announced (a chunked body: the
        // most it may be).
        const std::size_t want = length ? static_cast<std::size_t>(*length) : server_.options.max_body;
        if (server_.bodies + want > server_.options.max_bodies_bytes)
            return refuse(503, "error: the server is reading too many request bodies; try again in a second");
        server_.bodies += want;
        body_reserved_ = want;
        if (beast::iequals(request[http::field::expect], "100-continue")) {
            static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
            net::async_write(stream_, net::buffer(kContinue.data(), kContinue.size()),
                             [self = shared_from_this()](beast::error_code e, std::size_t) {
                                 if (e) return self->failed(e);
                                 self->read_body();
                             });
            return;
        }
        read_body();
    }

    void read_body() {
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) {
                             if (ec) return self->failed(ec);
                             self->compute();
                         });
    }

    void failed(beast::error_code ec) {
        if (ec == beast::error::timeout) {
            ++server_.timed_out;
            return;  // the stream has closed the socket
        }
        if (ec == http::error::header_limit || ec == http::error::buffer_overflow)
            return refuse(431, fmt::format("error: the request line and headers are over {} bytes",
                                           server_.options.max_header_bytes));
        if (ec == http::error::body_limit) {
            // (Beast compares an announced length with the limit as it reads the headers.)
            const std::string_view length = view(parser_->get()[http::field::content_length]);
            return refuse(413, !length.empty()
                                   ? fmt::format("error: the body is {} bytes, over the limit of {}", length,
                                                 server_.options.max_body)
                                   : fmt::format("error: the body is over the limit of {} bytes",
                                                 server_.options.max_body));
        }
        if (ec == http::error::end_of_stream || ec == net::error::operation_aborted ||
            ec == net::error::eof || ec == net::error::connection_reset || !parser_ || !parser_->got_some())
            return close();
        refuse(400, "error: the request is not HTTP/1.1 as RFC 9112 reads it");
    }

    // The Service's answer, on a handler thread; the loop goes on meanwhile.
    void compute() {
        stream_.expires_never();
        busy_ = true;
        ++server_.computing;
        net::post(*server_.handlers, [self = shared_from_this()]() mutable {
            Response response = self->answer();
            Impl& server = self->server_;
            net::post(server.loop, [self = std::move(self), response = std::move(response)]() mutable {
                --self->server_.computing;
                self->respond(std::move(response));
            });
        });
    }

    Response answer() const {
        const auto& r = parser_->get();
        try {
            return server_.service.handle({.method = view(r.method_string()),
                                           .target = view(r.target()),
                                           .body = r.body(),
                                           .content_type = view(r[http::field::content_type]),
                                           .if_none_match = view(r[http::field::if_none_match]),
                                           .client = client_});
        } catch (const std::bad_alloc&) {
            return text(503, "error: the server has no memory for this request now; try again later");
        } catch (...) {
            // What was thrown stays here: its text is the library's, not an answer's.
            return text(500, "error: the server failed on this request");
        }
    }

    // An answer without asking the Service (the request broke a limit): the connection
    // closes after it.
    void refuse(int status, std::string message) {
        closing_ = true;
        busy_ = true;
        if (!parser_) parser_.emplace();
        started_ = Clock::now();
        respond(text(status, std::move(message)));
    }

    void respond(Response r) {
        release_body();
        const auto& request = parser_->get();
        http::response<SharedBody> response{static_cast<http::status>(r.status),
                                            request.version() == 10 ? 10u : 11u};
        response.set(http::field::server, "kifu/" KIFU_VERSION_STRING);
        bool close_asked = false;
        for (const auto& [name, value] : r.headers) {
            if (beast::iequals(name, "Connection")) {
                close_asked = beast::iequals(value, "close");
                continue;
            }
            response.insert(name, value);
        }
        if (!r.content_type.empty()) response.set(http::field::content_type, r.content_type);
        response.body() =
            r.shared_body ? std::move(r.shared_body) : std::make_shared<const std::string>(std::move(r.body));
        keep_alive_ = request.keep_alive() && !close_asked && !closing_ && !server_.stopping;
        response.keep_alive(keep_alive_);
        if (r.status != 204 && r.status != 304) response.content_length(response.body()->size());
        status_ = r.status;
        body_bytes_ = response.body()->size();
        response_ = std::move(response);
        serializer_.emplace(*response_);
        stream_.expires_after(server_.options.write_timeout);
        auto done = [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_written(ec); };
        if (request.method() == http::verb::head)
            http::async_write_header(stream_, *serializer_, std::move(done));
        else
            http::async_write(stream_, *serializer_, std::move(done));
    }

    void on_written(beast::error_code ec) {
        busy_ = false;
        if (server_.on_answered) {
            const auto& r = parser_->get();
            server_.on_answered(
                {.client = client_,
                 .method = view(r.method_string()),
                 .target = view(r.target()),
                 .version = r.version() == 10 ? 10u : 11u,
                 .status = status_,
                 .body_bytes = body_bytes_,
                 .milliseconds = std::chrono::duration<double, std::milli>(Clock::now() - started_).count()});
        }
        serializer_.reset();
        response_.reset();
        if (ec == beast::error::timeout) {
            ++server_.timed_out;
            return;
        }
        if (ec) return close();
        if (!keep_alive_ || closing_) return linger();
        read_header();
    }

    // After an answer that ends the connection: our side shut, what the client still sends
    // (a body we refused) read and dropped for a moment, so that closing does not reset
    // the connection before the client has read the answer.
    void linger() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.expires_after(std::chrono::seconds(1));
        drop_some(0);
    }

    void drop_some(std::size_t dropped) {
        if (dropped > (1u << 20)) return close();
        stream_.async_read_some(net::buffer(drop_),
                                [self = shared_from_this(), dropped](beast::error_code ec, std::size_t n) {
                                    if (ec) return self->close();
                                    self->drop_some(dropped + n);
                                });
    }

    void close() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        stream_.close();
    }

    void release_body() {
        server_.bodies -= body_reserved_;
        body_reserved_ = 0;
    }

    Impl& server_;
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::optional<http::response<SharedBody>> response_;
    std::optional<http::response_serializer<SharedBody>> serializer_;
    std::array<char, 4096> drop_{};
    std::string client_, group_;
    Clock::time_point started_{};
    std::size_t body_reserved_ = 0, body_bytes_ = 0;
    int status_ = 0;
    bool busy_ = false;  // computing or writing an answer
    bool closing_ = false, keep_alive_ = false;
};

}  // namespace

void HttpServer::Impl::accept() {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
        if (stopping || !acceptor.is_open()) return;
        if (!ec) {
            admit(std::move(socket));
        } else if (ec == net::error::no_descriptors || ec == net::error::no_buffer_space ||
                   ec == net::error::no_memory) {
            // Out of file descriptors: wait a moment rather than spin on the pending one.
            timer.expires_after(std::chrono::milliseconds(50));
            timer.async_wait([this](beast::error_code) { accept(); });
            return;
        }
        accept();
    });
}

void HttpServer::Impl::admit(tcp::socket socket) {
    beast::error_code ec;
    const tcp::endpoint peer = socket.remote_endpoint(ec);
    if (ec) return;  // gone already
    socket.set_option(tcp::no_delay(true), ec);
    std::string client = peer.address().to_string();
    std::string group = client_group(client);
    const auto it = per_client.find(group);
    const std::size_t from_client = it == per_client.end() ? 0 : it->second;
    if (open >= options.connections ||
        (options.connections_per_client > 0 && from_client >= options.connections_per_client))
        return refuse(socket);
    ++open;
    ++per_client[group];
    auto session = std::make_shared<Session>(*this, std::move(socket), std::move(client), std::move(group));
    sessions.emplace(session.get(), session);
    session->read_header();
}

void HttpServer::Impl::refuse(tcp::socket& socket) {
    ++refused;
    beast::error_code ec;
    socket.non_blocking(true, ec);
    socket.write_some(net::buffer(kBusy.data(), kBusy.size()), ec);
    socket.shutdown(tcp::socket::shutdown_send, ec);
    // What the client sent already, dropped (not read as a request): closing with unread
    // bytes would reset the connection before the client reads the 503.
    std::array<char, 4096> sink;
    for (int i = 0; i < 4 && !ec; ++i) socket.read_some(net::buffer(sink), ec);
    socket.close(ec);
}

void HttpServer::Impl::begin_stop() {
    if (stopping) return;
    stopping = true;
    stop_started = Clock::now();
    beast::error_code ignored;
    acceptor.close(ignored);
    std::vector<std::shared_ptr<Session>> live;
    for (auto& [raw, weak] : sessions)
        if (std::shared_ptr<Session> s = weak.lock()) live.push_back(std::move(s));
    for (const std::shared_ptr<Session>& s : live) s->close_if_idle();
    drain();
}

void HttpServer::Impl::drain() {
    if (sessions.empty() || Clock::now() - stop_started >= options.stop_grace) {
        loop.stop();
        return;
    }
    timer.expires_after(std::chrono::milliseconds(20));
    timer.async_wait([this](beast::error_code) { drain(); });
}

HttpServer::HttpServer(Service& service, HttpOptions options,
                       std::function<void(const HttpExchange&)> on_answered) {
    try {
        impl_ = std::make_unique<Impl>(service, std::move(options), std::move(on_answered));
    } catch (const boost::system::system_error& e) {
        // Asio's errors are errno values: the standard's error, so that callers need no Boost.
        throw std::system_error(e.code().value(), std::system_category(), e.what());
    }
}

HttpServer::~HttpServer() {
    // Answers still being computed finish first: they post to the loop, destroyed after.
    impl_->handlers->join();
}

int HttpServer::port() const {
    beast::error_code ec;
    const tcp::endpoint local = impl_->acceptor.local_endpoint(ec);
    return ec ? 0 : local.port();
}

bool HttpServer::run() {
    impl_->accept();
    impl_->loop.run();
    return impl_->computing == 0;
}

void HttpServer::stop() {
    net::post(impl_->loop, [impl = impl_.get()] { impl->begin_stop(); });
}

HttpServer::Stats HttpServer::stats() const {
    return {.open = impl_->open, .refused = impl_->refused, .timed_out = impl_->timed_out};
}

}  // namespace kifu::serve
