// kifu serve over real sockets: the binary started on a free loopback port, asked over
// HTTP (cpp-httplib's client, or raw sockets for clients that misbehave), then stopped
// with a signal.

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <httplib.h>

#include "cli_fixture.hpp"

extern char** environ;

namespace {

using namespace std::chrono_literals;

// A kifu serve process on a free port of 127.0.0.1; stopped (SIGTERM) when destroyed.
class Server {
  public:
    explicit Server(std::vector<std::string> args) {
        static int serial = 0;
        dir_ = std::filesystem::temp_directory_path() /
               ("kifu-serve-" + std::to_string(getpid()) + "-" + std::to_string(++serial));
        std::filesystem::create_directories(dir_);
        std::vector<std::string> argv{KIFU_EXE, "serve",        "--port",
                                      "0",      "--access-log", (dir_ / "access.log").string()};
        argv.insert(argv.end(), args.begin(), args.end());
        std::vector<char*> c_argv;
        for (std::string& a : argv) c_argv.push_back(a.data());
        c_argv.push_back(nullptr);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 2, (dir_ / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                         0644);
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        if (posix_spawn(&pid_, KIFU_EXE, &actions, nullptr, c_argv.data(), environ) != 0) pid_ = -1;
        posix_spawn_file_actions_destroy(&actions);
        const std::regex listening("listening on http://127\\.0\\.0\\.1:([0-9]+)/");
        for (int i = 0; i < 300 && port_ == 0 && pid_ > 0; ++i) {
            std::smatch m;
            const std::string err = stderr_text();
            if (std::regex_search(err, m, listening))
                port_ = std::stoi(m[1]);
            else
                std::this_thread::sleep_for(20ms);
        }
    }
    ~Server() {
        if (pid_ > 0 && !stopped_) stop(SIGTERM);
        std::filesystem::remove_all(dir_);
    }
    int port() const { return port_; }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(30, 0);
        c.set_url_encode(false);  // the targets are sent as written
        return c;
    }
    std::string stderr_text() const { return kifu_test::slurp(dir_ / "stderr"); }
    std::string access_log() const { return kifu_test::slurp(dir_ / "access.log"); }

    // The exit code after the signal, or -1 if it did not end within `patience`.
    int stop(int signal, std::chrono::milliseconds patience = 10s) {
        stopped_ = true;
        kill(pid_, signal);
        const auto until = std::chrono::steady_clock::now() + patience;
        int status = 0;
        while (std::chrono::steady_clock::now() < until) {
            if (waitpid(pid_, &status, WNOHANG) == pid_) return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
            std::this_thread::sleep_for(10ms);
        }
        kill(pid_, SIGKILL);
        waitpid(pid_, &status, 0);
        return -1;
    }

  private:
    std::filesystem::path dir_;
    pid_t pid_ = -1;
    int port_ = 0;
    bool stopped_ = false;
};

// A raw connection, for clients that misbehave.
int connect_to(int port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

// A connection from `from` (any 127.x.y.z is this machine), or -1.
int connect_from(int port, const char* from) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in local{};
    local.sin_family = AF_INET;
    inet_pton(AF_INET, from, &local.sin_addr);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
        connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

// What the server answers to `request` sent whole on a new connection, read until it
// closes or `patience` passes ("" when nothing came).
std::string exchange(int port, std::string_view request, const char* from = "127.0.0.1",
                     std::chrono::milliseconds patience = 20s) {
    const int fd = connect_from(port, from);
    if (fd < 0) return {};
    std::size_t sent = 0;
    while (sent < request.size()) {
        const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;
        sent += static_cast<std::size_t>(n);
    }
    const timeval tv{static_cast<time_t>(patience.count() / 1000),
                     static_cast<suseconds_t>(patience.count() % 1000 * 1000)};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    std::string answer;
    char buf[4096];
    for (ssize_t n; (n = recv(fd, buf, sizeof buf, 0)) > 0;) answer.append(buf, static_cast<std::size_t>(n));
    close(fd);
    return answer;
}

int status_of(std::string_view answer) {
    return answer.size() > 12 && answer.starts_with("HTTP/1.")
               ? std::atoi(std::string(answer.substr(9, 3)).c_str())
               : 0;
}

// Connections that each send a request's first bytes and then a header line now and then,
// never finishing it: the slowloris attack.
class Trickle {
  public:
    Trickle(int port, int connections, const char* from = "127.0.0.1") {
        for (int i = 0; i < connections; ++i) {
            const int fd = connect_from(port, from);
            if (fd < 0) break;
            fcntl(fd, F_SETFL, O_NONBLOCK);
            constexpr std::string_view kStart = "GET /health HTTP/1.1\r\nHost: x\r\n";
            send(fd, kStart.data(), kStart.size(), MSG_NOSIGNAL);
            fds_.push_back(fd);
        }
        thread_ = std::thread([this] {
            while (!done_) {
                constexpr std::string_view kLine = "X-a: b\r\n";
                for (const int fd : fds_) send(fd, kLine.data(), kLine.size(), MSG_NOSIGNAL);
                for (int i = 0; i < 10 && !done_; ++i) std::this_thread::sleep_for(50ms);
            }
        });
    }
    ~Trickle() {
        done_ = true;
        thread_.join();
        for (const int fd : fds_) close(fd);
    }
    std::size_t size() const { return fds_.size(); }
    // The connections the server has closed (a read sees the end or an error).
    std::size_t closed() const {
        std::size_t n = 0;
        for (const int fd : fds_) {
            char buf[512];
            const ssize_t got = recv(fd, buf, sizeof buf, 0);
            if (got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) ++n;
        }
        return n;
    }

  private:
    std::vector<int> fds_;
    std::atomic<bool> done_{false};
    std::thread thread_;
};

TEST(ServeHttp, EveryUrlFormAnswers) {
    Server server({});
    ASSERT_GT(server.port(), 0) << server.stderr_text();
    httplib::Client c = server.client();
    struct Case {
        std::string target, content_type, magic;
    };
    const Case cases[] = {
        {"/hen.9x9_5Gb.b.png", "image/png", "\x89PNG"},
        {"/c/hen.9x9_5Gb.b.svg", "image/svg+xml", "<svg"},
        {"/x/hen.9x9_5Gb.b.gif", "image/gif", "GIF89a"},
        {"/cx/hen.19x19_10Kb.png", "image/png", "\x89PNG"},
        {"/board.svg?fen=5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/"
         "8&lastMove=f4g6&check=h8&arrows=Ge6g8,Bh7&squares=a3,c3"
         "&coordinates=1&colors=lichess-brown&orientation=black&size=200",
         "image/svg+xml", "<svg"},
        {"/board.png?fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR%20w%20KQkq%20-%200%201", "image/png",
         "\x89PNG"},
        {"/image.png?sfen=lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL+b+-+1", "image/png",
         "\x89PNG"},
        {"/image.svg?feen=8/8/8/8/8/8/8/8+/+C/c", "image/svg+xml", "<svg"},
        {"/image.gif?xfen=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "image/gif",
         "GIF89a"},
        {"/image.png?hen=.9x9_5Gb.b&coordinates=sgf&crop=1&theme=paper", "image/png", "\x89PNG"},
        {"/image.svg?sgf=(;SZ[9];B[ee];W[gc])&move=1", "image/svg+xml", "<svg"},
        {"/image.png?pgn=1.e4+e5+2.Nf3&ply=2", "image/png", "\x89PNG"},
        {"/image.png?format=fen&text=startpos&flip=1", "image/png", "\x89PNG"},
        {"/game.gif?pgn=1.e4+e5+2.Nf3+Nc6&delay=200&size=100", "image/gif", "GIF89a"},
        {"/game.svg?sgf=(;SZ[9];B[ee];W[gc])", "image/svg+xml", "<svg"},
    };
    for (const Case& k : cases) {
        const httplib::Result r = c.Get(k.target);
        ASSERT_TRUE(r) << k.target;
        EXPECT_EQ(r->status, 200) << k.target << ": " << r->body;
        EXPECT_EQ(r->get_header_value("Content-Type"), k.content_type) << k.target;
        EXPECT_EQ(r->body.substr(0, k.magic.size()), k.magic) << k.target;
        EXPECT_EQ(r->get_header_value("Cache-Control"), "public, max-age=31536000, immutable");
        EXPECT_EQ(r->get_header_value("Access-Control-Allow-Origin"), "*");
    }
    const httplib::Result head = c.Head("/hen.9x9_5Gb.b.png");
    ASSERT_TRUE(head);
    EXPECT_EQ(head->status, 200);
    EXPECT_TRUE(head->body.empty());
    // One access log line a request (written just after its answer: a moment's wait).
    std::string log;
    for (int i = 0; i < 100; ++i) {
        log = server.access_log();
        if (std::count(log.begin(), log.end(), '\n') >= static_cast<long>(std::size(cases) + 1)) break;
        std::this_thread::sleep_for(20ms);
    }
    EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), static_cast<long>(std::size(cases) + 1)) << log;
    EXPECT_NE(log.find("\"GET /hen.9x9_5Gb.b.png HTTP/1.1\" 200 "), std::string::npos) << log;
    EXPECT_EQ(server.stop(SIGTERM), 0);
    EXPECT_NE(server.stderr_text().find("kifu serve: stopped"), std::string::npos);
}

TEST(ServeHttp, ErrorsNotModifiedAndLimits) {
    Server server({"--max-text-kib", "1"});
    ASSERT_GT(server.port(), 0) << server.stderr_text();
    httplib::Client c = server.client();
    const httplib::Result first = c.Get("/hen.9x9_5Gb.b.png");
    ASSERT_TRUE(first);
    const std::string etag = first->get_header_value("ETag");
    ASSERT_FALSE(etag.empty());
    const httplib::Result again = c.Get("/hen.9x9_5Gb.b.png", {{"If-None-Match", etag}});
    ASSERT_TRUE(again);
    EXPECT_EQ(again->status, 304);
    EXPECT_TRUE(again->body.empty());

    const httplib::Result bad = c.Get("/hen.9x9_5Gz.png");
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, 400);
    EXPECT_EQ(bad->body.substr(0, 16), "hen:1:8: error: ");
    EXPECT_EQ(c.Get("/nothing.html")->status, 404);
    EXPECT_EQ(c.Put("/hen.9x9.png", "x", "text/plain")->status, 405);
    EXPECT_EQ(c.Get("/image.png?hen=" + std::string(9000, '_'))->status, 414);
    // POSTed notations have their own limit (1 KiB here, 413 beyond).
    EXPECT_EQ(c.Post("/validate", std::string(8 * 1024, 'x'), "text/plain")->status, 413);
    const httplib::Result convert =
        c.Post("/convert", "to=fen&text=1.e4+e5", "application/x-www-form-urlencoded");
    ASSERT_TRUE(convert);
    EXPECT_EQ(convert->status, 200);
    EXPECT_EQ(convert->get_header_value("Content-Type"), "application/json");
    EXPECT_NE(convert->body.find("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
              std::string::npos);
    const httplib::Result health = c.Get("/health");
    ASSERT_TRUE(health);
    EXPECT_NE(health->body.find("\"entries\":1,"), std::string::npos) << health->body;
    const httplib::Result page = c.Get("/");
    ASSERT_TRUE(page);
    EXPECT_NE(page->body.find("<title>kifu"), std::string::npos);
    EXPECT_EQ(server.stop(SIGINT), 0);
}

TEST(ServeHttp, RateLimitAnswers429) {
    Server server({"--rate-limit", "0.5", "--rate-burst", "2"});
    ASSERT_GT(server.port(), 0) << server.stderr_text();
    httplib::Client c = server.client();
    EXPECT_EQ(c.Get("/hen.9x9.svg")->status, 200);
    EXPECT_EQ(c.Get("/hen.9x9.svg")->status, 200);
    const httplib::Result limited = c.Get("/hen.9x9.svg");
    ASSERT_TRUE(limited);
    EXPECT_EQ(limited->status, 429);
    EXPECT_EQ(limited->get_header_value("Retry-After"), "2");
    EXPECT_EQ(c.Get("/health")->status, 200);
}

TEST(ServeHttp, BusyServerAnswers503AndSlowClientsAreCut) {
    Server server({"--connections", "1", "--queue", "0", "--timeout", "1"});
    ASSERT_GT(server.port(), 0) << server.stderr_text();
    // A client that connects and says nothing holds the one connection thread ...
    const int silent = connect_to(server.port());
    ASSERT_GE(silent, 0);
    std::this_thread::sleep_for(200ms);
    httplib::Client c = server.client();
    const httplib::Result busy = c.Get("/hen.9x9.svg");
    ASSERT_TRUE(busy);
    EXPECT_EQ(busy->status, 503);
    EXPECT_EQ(busy->get_header_value("Retry-After"), "1");
    // ... until its time is up: the server closes it (recv sees the end), and answers again.
    char byte = 0;
    timeval tv{5, 0};
    setsockopt(silent, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    EXPECT_EQ(recv(silent, &byte, 1, 0), 0);
    close(silent);
    // (The thread is free a moment after the socket is closed: a few tries.)
    int status = 0;
    for (int i = 0; i < 40 && status != 200; ++i) {
        if (i > 0) std::this_thread::sleep_for(50ms);
        httplib::Client after = server.client();
        status = after.Get("/hen.9x9.svg")->status;
    }
    EXPECT_EQ(status, 200);
    EXPECT_EQ(server.stop(SIGTERM), 0);
}

// The slowloris: a thousand connections that trickle header lines and never finish a
// request. Other clients are answered while they trickle; beyond the connections allowed
// from one address they are refused at once; the whole request has a deadline however
// often a line comes; and SIGTERM stops the server whatever they do.
TEST(ServeHttp, TricklingClientsStopNoOne) {
    Server server({"--timeout", "30", "--connections-per-client", "1000"});
    ASSERT_GT(server.port(), 0) << server.stderr_text();
    Trickle slowloris(server.port(), 1000);
    ASSERT_EQ(slowloris.size(), 1000u);
    std::this_thread::sleep_for(300ms);
    // (A thread-a-connection server answers none of these until the trickle ends.)
    for (int i = 0; i < 5; ++i) {
        const std::string answer =
            exchange(server.port(), "GET /hen.9x9_5Gb.b.png HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                     "127.0.0.2", 5s);
        EXPECT_EQ(status_of(answer), 200) << answer.substr(0, 200);
    }
    // The 1,001st connection from the trickling address: 503 at once, its request unread.
    const std::string refused = exchange(server.port(), "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_EQ(status_of(refused), 503) << refused;
    EXPECT_NE(refused.find("Retry-After: 1"), std::string::npos);
    EXPECT_EQ(slowloris.closed(), 0u);  // within their 30 s
    EXPECT_EQ(server.stop(SIGTERM, 4s), 0) << "SIGTERM did not stop the server within 4 s";
}

TEST(ServeHttp, AWholeRequestHasADeadline) {
    Server server({"--timeout", "1"});
    ASSERT_GT(server.port(), 0) << server.stderr_text();
    Trickle slowloris(server.port(), 20);  // a line every 0.5 s: never silent for 1 s
    std::size_t closed = 0;
    for (int i = 0; i < 60 && closed < slowloris.size(); ++i) {
        std::this_thread::sleep_for(100ms);
        closed = slowloris.closed();
    }
    EXPECT_EQ(closed, slowloris.size());
    EXPECT_EQ(
        status_of(exchange(server.port(), "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")),
        200);
}

TEST(ServeHttp, ConnectionsFromOneClientAreBounded) {
    Server server({"--connections-per-client", "10"});
    ASSERT_GT(server.port(), 0) << server.stderr_text();
    std::vector<int> held;
    for (int i = 0; i < 10; ++i) held.push_back(connect_to(server.port()));
    std::this_thread::sleep_for(100ms);
    const std::string refused = exchange(server.port(), "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_EQ(status_of(refused), 503) << refused;
    // Another client is not counted with them.
    EXPECT_EQ(
        status_of(exchange(server.port(), "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                           "127.0.0.3")),
        200);
    for (const int fd : held) close(fd);
}

TEST(ServeHttp, HeadersAndBodiesAreBounded) {
    Server server({});
    ASSERT_GT(server.port(), 0) << server.stderr_text();
    std::string many = "GET /health HTTP/1.1\r\nHost: x\r\n";
    for (int i = 0; i < 200; ++i) many += "X-" + std::to_string(i) + ": y\r\n";
    many += "\r\n";
    const std::string too_many = exchange(server.port(), many);
    EXPECT_EQ(status_of(too_many), 431) << too_many;
    EXPECT_NE(too_many.find("201 header fields, over the limit of 100"), std::string::npos) << too_many;
    const std::string long_line =
        "GET /health HTTP/1.1\r\nHost: x\r\nX-long: " + std::string(20000, 'a') + "\r\n\r\n";
    const std::string too_long = exchange(server.port(), long_line);
    EXPECT_EQ(status_of(too_long), 431) << too_long.substr(0, 300);
    EXPECT_NE(too_long.find("over 16384 bytes"), std::string::npos) << too_long.substr(0, 300);
    // A form of 60 KiB of notation (percent-escaped, 3 bytes a byte of it) is read; an
    // announced body over the limit is refused before it is sent.
    std::string pgn;
    while (pgn.size() < 60 * 1024) pgn += "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
    std::string form = "to=fen&text=";
    for (const char c : pgn) form += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    const std::string post = fmt::format(
        "POST /convert HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        "Content-Length: {}\r\nConnection: close\r\n\r\n{}",
        form.size(), form);
    const std::string converted = exchange(server.port(), post);
    EXPECT_EQ(status_of(converted), 200) << converted.substr(0, 300);
    const std::string huge = exchange(server.port(),
                                      "POST /convert HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                                      "Content-Length: 100000000\r\n\r\n");
    EXPECT_EQ(status_of(huge), 413) << huge;
    EXPECT_NE(huge.find("error: the body is 100000000 bytes, over the limit of"), std::string::npos) << huge;
}

TEST(ServeHttp, AnAnimationBeyondItsBudgetIsRefusedWithTheSizeThatFits) {
    Server server({"--max-animation-mpx", "4"});
    ASSERT_GT(server.port(), 0) << server.stderr_text();
    httplib::Client c = server.client();
    std::string sgf = "(;SZ[19]";
    for (int i = 0; i < 60; ++i)
        sgf += fmt::format(";{}[{}{}]", i % 2 ? 'W' : 'B', static_cast<char>('a' + i % 19),
                           static_cast<char>('a' + i / 19));
    sgf += ")";
    const httplib::Result big = c.Get("/game.gif?size=1024&sgf=" + httplib::detail::encode_query_param(sgf));
    ASSERT_TRUE(big);
    EXPECT_EQ(big->status, 413) << big->body;
    EXPECT_NE(big->body.find("the animation is 61 frames of up to 1024x1024 pixels"), std::string::npos)
        << big->body;
    EXPECT_NE(big->body.find("ask for size=256 or less"), std::string::npos) << big->body;
    const httplib::Result fits = c.Get("/game.gif?size=256&sgf=" + httplib::detail::encode_query_param(sgf));
    ASSERT_TRUE(fits);
    EXPECT_EQ(fits->status, 200) << fits->body;
    for (const auto& [name, value] : fits->headers)
        EXPECT_EQ(name.find("EXCEPTION"), std::string::npos) << name;
}

TEST(ServeHttp, UsageAndIoErrors) {
    {
        Server server({});
        ASSERT_GT(server.port(), 0);
        const std::string command = std::string("'") + KIFU_EXE + "' serve --host 127.0.0.1 --port " +
                                    std::to_string(server.port()) + " 2>&1";
        FILE* p = popen(("timeout 10 " + command).c_str(), "r");
        char buf[512] = {};
        const std::size_t n = fread(buf, 1, sizeof buf - 1, p);
        const int status = pclose(p);
        EXPECT_EQ(WEXITSTATUS(status), 3);
        EXPECT_NE(std::string(buf, n).find("cannot listen on 127.0.0.1:"), std::string::npos) << buf;
    }
    const int status = std::system((std::string("'") + KIFU_EXE + "' serve --threads 0 2>/dev/null").c_str());
    EXPECT_EQ(WEXITSTATUS(status), 2);
}

}  // namespace
