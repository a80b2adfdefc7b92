// kifu serve over real sockets: the binary started on a free loopback port, asked over
// HTTP (cpp-httplib's client), then stopped with a signal.

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

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
