// kifu serve's answers without sockets: every URL family, the errors, 304s, limits, the
// rate limit, the queue and the cache, and the JSON endpoints.

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "kifu/formats/options.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/image/metadata.hpp"
#include "kifu/serve/service.hpp"

namespace {

using namespace kifu;
using namespace kifu::serve;

const std::string* header(const Response& r, std::string_view name) {
    for (const auto& [n, v] : r.headers)
        if (n == name) return &v;
    return nullptr;
}

// The notation an image carries, read back by the registry's image formats.
std::string notation_in(const Response& r, std::string_view key) {
    Result<std::vector<image::ImageText>> texts = image::read_image_texts(r.content());
    if (!texts) return "<unreadable>";
    for (const image::ImageText& t : *texts)
        if (t.key == key) return t.text;
    return "<none>";
}

TEST(ServeTarget, SplitsAndDecodesPathAndQuery) {
    Result<Target> t = parse_target("/board.svg?fen=8%2F8+w&size=200&flag&&x=");
    ASSERT_TRUE(t) << t.error().message;
    EXPECT_EQ(t->path, "/board.svg");
    ASSERT_EQ(t->params.size(), 4u);
    EXPECT_EQ(*t->find("fen"), "8/8 w");  // '+' is a space in a query
    EXPECT_EQ(*t->find("flag"), "");
    EXPECT_EQ(*t->find("x"), "");
    EXPECT_EQ(t->find("nothing"), nullptr);
    // A path keeps its pluses (a PGN's checks, a HEN); escapes are decoded.
    EXPECT_EQ(parse_target("/a+b%20c")->path, "/a+b c");
}

TEST(ServeTarget, ErrorsHaveTheirColumn) {
    Result<Target> bad_escape = parse_target("/image.png?hen=%zz");
    ASSERT_FALSE(bad_escape);
    EXPECT_EQ(bad_escape.error().code, ErrorCode::invalid_encoding);
    EXPECT_EQ(bad_escape.error().column, 17u);  // the first character that is no hex digit
    Result<Target> twice = parse_target("/board.png?fen=a&fen=b");
    ASSERT_FALSE(twice);
    EXPECT_EQ(twice.error().code, ErrorCode::duplicate);
    EXPECT_EQ(twice.error().column, 18u);
    EXPECT_FALSE(parse_target("relative"));
    EXPECT_FALSE(parse_target("/a#fragment"));
    std::string many = "/x?";
    for (int i = 0; i < 40; ++i) many += "p" + std::to_string(i) + "=1&";
    EXPECT_EQ(parse_target(many).error().code, ErrorCode::out_of_range);
}

TEST(ServeImageRequest, HenWorkerPaths) {
    const auto parse = [](std::string_view target) { return parse_image_request(*parse_target(target)); };
    const Expected<ImageRequest> plain = parse("/hen.9x9_5Gb.b.png");
    ASSERT_TRUE(std::holds_alternative<ImageRequest>(plain));
    const ImageRequest& r = std::get<ImageRequest>(plain);
    EXPECT_EQ(r.format, "hen");
    EXPECT_EQ(r.text, ".9x9_5Gb.b");
    EXPECT_EQ(r.render.format, image::ImageFormat::png);
    EXPECT_FALSE(r.render.crop);
    EXPECT_EQ(r.render.coordinates, image::DrawOptions::Coordinates::none);

    const ImageRequest cx = std::get<ImageRequest>(parse("/cx/hen.9x9%20_5Gb%0A.b.gif"));
    EXPECT_EQ(cx.text, ".9x9_5Gb.b");  // blanks dropped
    EXPECT_TRUE(cx.render.crop);
    EXPECT_EQ(cx.render.coordinates, image::DrawOptions::Coordinates::game);
    EXPECT_EQ(cx.render.format, image::ImageFormat::gif);

    EXPECT_EQ(std::get<HttpError>(parse("/q/hen.9x9.png")).status, 404);
    EXPECT_EQ(std::get<HttpError>(parse("/hen.9x9.jpg")).status, 404);
    EXPECT_EQ(std::get<HttpError>(parse("/nothing.png")).status, 404);
    EXPECT_EQ(std::get<HttpError>(parse("/hen.9x9.png?sise=3")).message,
              "unknown parameter 'sise' (did you mean 'size'?)");
}

TEST(ServeImageRequest, WebBoardimageParameters) {
    const Expected<ImageRequest> parsed = parse_image_request(*parse_target(
        "/board.svg?fen=5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/8&orientation=black&lastMove=f4g6&check=h8"
        "&arrows=Ge6g8,Bh7&squares=a3,c3&coordinates=1&colors=lichess-blue"));
    ASSERT_TRUE(std::holds_alternative<ImageRequest>(parsed)) << std::get<HttpError>(parsed).message;
    const ImageRequest& r = std::get<ImageRequest>(parsed);
    EXPECT_EQ(r.text, "5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/8 w - - 0 1");  // the board made whole
    EXPECT_EQ(r.render.size, 360);                                         // web-boardimage's default
    EXPECT_TRUE(r.render.flip);
    EXPECT_EQ(r.render.theme, "blue");
    EXPECT_EQ(r.render.coordinates, image::DrawOptions::Coordinates::game);
    ASSERT_TRUE(r.last_move);
    EXPECT_EQ(r.last_move->from, 4 * 8 + 5);  // f4
    EXPECT_EQ(r.last_move->to, 2 * 8 + 6);    // g6
    ASSERT_EQ(r.marks.size(), 5u);
    EXPECT_EQ(r.marks[0], (NodeMark{NodeMark::Kind::highlight, 7, -1, "check"}));
    EXPECT_EQ(r.marks[1], (NodeMark{NodeMark::Kind::arrow, 2 * 8 + 4, 6, "G"}));
    EXPECT_EQ(r.marks[2], (NodeMark{NodeMark::Kind::circle, 8 + 7, -1, "B"}));
    EXPECT_EQ(r.marks[3].kind, NodeMark::Kind::cross);

    const auto error = [](std::string_view target) {
        const Expected<ImageRequest> e = parse_image_request(*parse_target(target));
        return std::holds_alternative<HttpError>(e) ? std::get<HttpError>(e).message
                                                    : std::string("accepted");
    };
    EXPECT_EQ(error("/board.png"), "fen: required (the FEN of the position, its board at least)");
    EXPECT_EQ(error("/board.png?fen=8/8/8/8/8/8/8/8&lastMove=e2"),
              "lastMove: expected a move as e2e4, found 'e2'");
    EXPECT_EQ(error("/board.png?fen=8/8/8/8/8/8/8/8&orientation=up"),
              "orientation: expected white or black, found 'up'");
    EXPECT_EQ(error("/board.png?fen=8/8/8/8/8/8/8/8&colors=pink").substr(0, 28),
              "colors: unknown theme 'pink'");
    EXPECT_EQ(error("/board.png?fen=8/8/8/8/8/8/8/8&size=big"), "size: expected a number, found 'big'");
}

TEST(ServeImageRequest, SizesAreClampedAndNotationsLimited) {
    const RequestLimits limits{.max_text = 32, .max_size = 500};
    const auto size = [&](std::string_view s) {
        return std::get<ImageRequest>(
                   parse_image_request(
                       *parse_target(std::string("/image.png?hen=.9x9&size=") + std::string(s)), limits))
            .render.size;
    };
    EXPECT_EQ(size("5000"), 500);
    EXPECT_EQ(size("1"), image::RenderOptions::kMinSize);
    const Expected<ImageRequest> huge =
        parse_image_request(*parse_target("/image.png?hen=.9x9&size=99999999999999999999999"), limits);
    EXPECT_EQ(std::get<HttpError>(huge).status, 400);
    const Expected<ImageRequest> long_text =
        parse_image_request(*parse_target("/image.png?hen=" + std::string(40, '_')), limits);
    EXPECT_EQ(std::get<HttpError>(long_text).status, 413);
}

class ServiceTest : public ::testing::Test {
  protected:
    Response get(std::string_view target, std::string_view if_none_match = {}) {
        return service.handle(
            {.method = "GET", .target = target, .if_none_match = if_none_match, .client = "127.0.0.1"});
    }
    Service service{ServiceOptions{}};
};

TEST_F(ServiceTest, EveryImageFamilyDrawsWithItsNotationInside) {
    const Response hen = get("/c/hen.9x9_5Gb.b.png");
    ASSERT_EQ(hen.status, 200) << hen.content();
    EXPECT_EQ(hen.content_type, "image/png");
    EXPECT_EQ(notation_in(hen, "HEN"), ".9x9_5Gb.b");
    EXPECT_EQ(*header(hen, "Cache-Control"), "public, max-age=31536000, immutable");
    EXPECT_EQ(*header(hen, "Access-Control-Allow-Origin"), "*");
    ASSERT_NE(header(hen, "ETag"), nullptr);

    const Response board = get("/board.svg?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR&lastMove=e2e4");
    ASSERT_EQ(board.status, 200) << board.content();
    EXPECT_EQ(board.content_type, "image/svg+xml");
    EXPECT_EQ(notation_in(board, "FEN"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1");

    // web-boardimage draws any board: a pawn structure without kings too.
    const Response pawns = get("/board.svg?fen=8/pp3ppp/8/8/8/8/PP3PPP/8");
    EXPECT_EQ(pawns.status, 200) << pawns.content();

    const Response sfen =
        get("/image.gif?sfen=lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL%20b%20-%201");
    ASSERT_EQ(sfen.status, 200) << sfen.content();
    EXPECT_EQ(sfen.content_type, "image/gif");
    EXPECT_EQ(notation_in(sfen, "SFEN"), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");

    // xfen: a board of ten ranks is xiangqi's.
    const Response xiangqi =
        get("/image.png?xfen=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR");
    ASSERT_EQ(xiangqi.status, 200) << xiangqi.content();
    EXPECT_EQ(notation_in(xiangqi, "FEEN").empty(), false);

    const Response sgf = get("/image.svg?sgf=(;SZ[9];B[ee];W[gc];B[cg])&move=2");
    ASSERT_EQ(sgf.status, 200) << sgf.content();
    EXPECT_EQ(notation_in(sgf, "HEN"), ".9x9_7Gw_5Eb.G7w.b");

    const Response pgn = get("/image.png?pgn=1.e4+e5+2.Nf3&ply=2&flip=1&coordinates=1");
    ASSERT_EQ(pgn.status, 200) << pgn.content();
    EXPECT_EQ(notation_in(pgn, "FEN"), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");

    const Response detected = get("/image.svg?text=.9x9_5Gb.b&theme=paper");
    ASSERT_EQ(detected.status, 200) << detected.content();
    const Response named = get("/image.svg?format=hen&text=.9x9_5Gb.b");
    ASSERT_EQ(named.status, 200) << named.content();

    const Response game = get("/game.gif?pgn=1.e4+e5+2.Nf3&delay=300&size=120");
    ASSERT_EQ(game.status, 200) << game.content();
    EXPECT_EQ(game.content_type, "image/gif");
    EXPECT_NE(notation_in(game, "PGN").find("2. Nf3"), std::string::npos);
}

TEST_F(ServiceTest, ABadNotationIs400WithItsPlace) {
    const Response r = get("/hen.9x9_5Gz.png");
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(r.content_type, "text/plain; charset=utf-8");
    EXPECT_EQ(r.content().substr(0, 24), "hen:1:8: error: expected");
    EXPECT_EQ(get("/board.png?fen=9/8/8/8/8/8/8/8").content().substr(0, 10), "fen:1:1: e");
    EXPECT_EQ(get("/image.png?pgn=1.e4+e5+2.Nf9").status, 400);
    EXPECT_EQ(get("/image.png?pgn=1.e4&ply=9").content().substr(0, 4), "ply:");
    // Options that do not apply to the notation's game.
    EXPECT_EQ(get("/image.png?fen=startpos&crop=1").content(),
              "error: crop: it is for Go, and the notation is chess\n");
    EXPECT_EQ(get("/image.png?hen=.9x9&lastMove=e2e4").status, 400);
    EXPECT_EQ(get("/image.png?hen=.9x9&ply=3").status, 400);
    EXPECT_EQ(get("/game.png?pgn=1.e4").status, 400);
    EXPECT_EQ(get("/game.gif?hen=.9x9").status, 400);
    EXPECT_EQ(get("/image.png?hen=.9x9&fen=startpos").status, 400);
    EXPECT_EQ(get("/image.png?size=3").content(),
              "error: expected a notation: hen=, fen=, sgf=, pgn=, sfen=, ... or text=\n");
}

TEST_F(ServiceTest, ETagsGiveNotModified) {
    const Response first = get("/hen.9x9_5Gb.b.svg");
    ASSERT_EQ(first.status, 200);
    const std::string etag = *header(first, "ETag");
    const Response again = get("/hen.9x9_5Gb.b.svg", etag);
    EXPECT_EQ(again.status, 304);
    EXPECT_TRUE(again.content().empty());
    EXPECT_EQ(*header(again, "ETag"), etag);
    EXPECT_EQ(get("/hen.9x9_5Gb.b.svg", "\"other\", W/" + etag).status, 304);
    EXPECT_EQ(get("/hen.9x9_5Gb.b.svg", "\"other\"").status, 200);
    // Another drawing of the same position has another tag.
    EXPECT_NE(*header(get("/c/hen.9x9_5Gb.b.svg"), "ETag"), etag);
    // A tag asked for before the image was ever drawn still matches (the URL is the content).
    Service fresh;
    EXPECT_EQ(fresh.handle({.target = "/hen.9x9_5Gb.b.svg", .if_none_match = etag}).status, 304);
}

TEST_F(ServiceTest, TheCacheServesRepeatsWithinItsBudget) {
    ASSERT_EQ(get("/hen.9x9_5Gb.b.png").status, 200);
    ASSERT_EQ(get("/hen.9x9_5Gb.b.png").status, 200);
    EXPECT_EQ(service.cache_stats().hits, 1u);
    EXPECT_EQ(service.cache_stats().entries, 1u);
    Service small(ServiceOptions{.cache_bytes = 16 * 1024});
    for (int i = 1; i <= 9; ++i)
        ASSERT_EQ(small.handle({.target = "/hen.9x9_" + std::to_string(i) + "Eb.svg"}).status, 200);
    EXPECT_LE(small.cache_stats().bytes, 16u * 1024);
    EXPECT_LT(small.cache_stats().entries, 9u);
    EXPECT_GT(small.cache_stats().entries, 0u);
}

TEST_F(ServiceTest, LimitsAndMethods) {
    Service limited(ServiceOptions{.max_target = 100});
    EXPECT_EQ(limited.handle({.target = "/image.png?hen=" + std::string(200, '_')}).status, 414);
    Service long_urls(ServiceOptions{.max_target = 1 << 20});
    EXPECT_EQ(long_urls.handle({.target = "/image.png?hen=" + std::string(70 * 1024, '_')}).status, 413);
    const std::string long_body(70 * 1024, 'x');
    EXPECT_EQ(service.handle({.method = "POST", .target = "/validate", .body = long_body}).status, 413);
    const Response post = service.handle({.method = "POST", .target = "/hen.9x9.png"});
    EXPECT_EQ(post.status, 405);
    EXPECT_EQ(*header(post, "Allow"), "GET, HEAD, OPTIONS");
    const Response options = service.handle({.method = "OPTIONS", .target = "/convert"});
    EXPECT_EQ(options.status, 204);
    EXPECT_EQ(*header(options, "Access-Control-Allow-Methods"), "GET, POST, OPTIONS");
    EXPECT_EQ(get("/nothing").status, 404);
    EXPECT_EQ(get("/%zz").status, 400);
    const Response health = get("/health");
    EXPECT_EQ(health.status, 200);
    EXPECT_NE(health.content().find("\"status\":\"ok\""), std::string::npos);
    const Response page = get("/");
    EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
    EXPECT_NE(page.content().find("<textarea id=\"notation\""), std::string::npos);
    EXPECT_NE(header(page, "Content-Security-Policy"), nullptr);
}

// A slow rate with the default burst (twice the rate, below one request) still admits a
// request a period; the wait said is the wait there is; a flood of new addresses forgets
// the clients seen longest ago and locks no one out.
TEST(ServeRateLimit, NoOneIsLockedOutAndTheWaitSaidIsTrue) {
    using namespace std::chrono_literals;
    const RateLimiter::Clock::time_point t0{};
    RateLimiter slow(0.2, 2 * 0.2);
    EXPECT_EQ(slow.admit("a", t0), 0.0);
    const double wait = slow.admit("a", t0 + 1s);
    EXPECT_DOUBLE_EQ(wait, 4.0);  // one token takes 5 s at 0.2 a second; 1 s has passed
    EXPECT_GT(slow.admit("a", t0 + 4900ms), 0.0);
    EXPECT_EQ(slow.admit("a", t0 + 5s), 0.0);

    RateLimiter few(1, 1, 3);
    EXPECT_EQ(few.admit("a", t0), 0.0);
    EXPECT_EQ(few.admit("b", t0), 0.0);
    EXPECT_EQ(few.admit("c", t0), 0.0);
    EXPECT_GT(few.admit("a", t0), 0.0);  // a is the most recently seen now
    for (const char* fresh : {"d", "e", "f", "g"}) EXPECT_EQ(few.admit(fresh, t0), 0.0) << fresh;
    EXPECT_EQ(few.clients(), 3u);
    EXPECT_EQ(few.admit("b", t0), 0.0);  // forgotten: a full bucket again
}

TEST(ServeRateLimit, IPv6ClientsAreGroupedByTheirSlash64) {
    EXPECT_EQ(client_group("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
    EXPECT_EQ(client_group("2001:db8:1:2:bbbb::2"), "2001:db8:1:2::/64");
    EXPECT_EQ(client_group("::ffff:192.0.2.7"), "192.0.2.7");
    EXPECT_EQ(client_group("192.0.2.7"), "192.0.2.7");

    Service service(ServiceOptions{.rate_limit = 1, .rate_burst = 2});
    const auto from = [&](std::string_view client) {
        return service.handle({.target = "/hen.9x9.svg", .client = client});
    };
    EXPECT_EQ(from("2001:db8:1:2::1").status, 200);
    EXPECT_EQ(from("2001:db8:1:2::2").status, 200);
    const Response limited = from("2001:db8:1:2::3");  // the same /64: its third request at once
    EXPECT_EQ(limited.status, 429);
    EXPECT_EQ(*header(limited, "Retry-After"), "1");
    EXPECT_EQ(from("2001:db8:1:3::1").status, 200);  // another /64
    EXPECT_EQ(service.handle({.target = "/health", .client = "2001:db8:1:2::1"}).status,
              200);  // never limited
}

TEST(ServeWorkerPool, RunsJobsOnItsWorkersAndRefusesBeyondItsWaitingRoom) {
    WorkerPool pool(1, 1);
    std::mutex gate;
    std::unique_lock hold(gate);  // the first job waits on it, keeping the one worker busy
    std::atomic<bool> started{false};
    std::thread first([&] {
        EXPECT_TRUE(pool.run([&] {
            started = true;
            const std::lock_guard wait(gate);
        }));
    });
    while (!started) std::this_thread::yield();
    std::thread second([&] { EXPECT_TRUE(pool.run([] {})); });  // waits its turn
    while (pool.stats().waiting == 0) std::this_thread::yield();
    EXPECT_FALSE(pool.run([] { ADD_FAILURE() << "a refused job ran"; }));  // no room
    hold.unlock();
    first.join();
    second.join();
    EXPECT_EQ(pool.stats().refused, 1u);
    EXPECT_EQ(pool.stats().busy, 0u);
    // A job runs on a worker, not on the caller's thread; what it throws reaches the caller.
    std::thread::id ran_on;
    EXPECT_TRUE(pool.run([&] { ran_on = std::this_thread::get_id(); }));
    EXPECT_NE(ran_on, std::this_thread::get_id());
    EXPECT_THROW(pool.run([] { throw std::runtime_error("x"); }), std::runtime_error);
}

// Every read option of formats/options.hpp is a parameter of /convert, /validate and
// /inspect by its name: taken for a format that takes it, refused (400) for one that does not.
TEST_F(ServiceTest, EveryReadOptionIsAParameter) {
    for (const formats::ReadOptionSpec& spec : formats::read_option_specs()) {
        const formats::Format *taking = nullptr, *refusing = nullptr;
        for (const formats::Format& f : formats::all_formats()) {
            if (!f.can_read()) continue;
            if (f.takes(spec.applies) && !taking) taking = &f;
            if (!f.takes(spec.applies) && !refusing) refusing = &f;
        }
        ASSERT_TRUE(taking && refusing) << spec.name;
        const std::string value = spec.example.empty() ? "true" : std::string(spec.example);
        const std::string query = std::string(spec.name) + "=" + value + "&text=x";
        for (const char* endpoint : {"/validate", "/inspect"}) {
            EXPECT_EQ(get(std::string(endpoint) + "?from=" + std::string(taking->name) + "&" + query).status,
                      200)
                << endpoint << " " << spec.name << " " << taking->name;
            const Response refused =
                get(std::string(endpoint) + "?from=" + std::string(refusing->name) + "&" + query);
            EXPECT_EQ(refused.status, 400) << endpoint << " " << spec.name << " " << refusing->name;
            EXPECT_NE(refused.content().find(std::string(spec.name) + ": it is for"), std::string::npos)
                << refused.content();
        }
    }
    // GB2312 bytes (白) read as the charset says, not as the guess would.
    const Response sgf = get("/convert?from=sgf&to=sgf&charset=EUC-KR&text=(;GM[1]PW[%B0%D7])");
    EXPECT_EQ(sgf.status, 200) << sgf.content();
    EXPECT_NE(sgf.content().find("PW[겜]"), std::string::npos) << sgf.content();
    EXPECT_NE(get("/convert?from=sgf&to=sgf&text=(;GM[1]PW[%B0%D7])").content().find("PW[白]"),
              std::string::npos);
    EXPECT_EQ(get("/convert?from=sgf&to=sgf&charset=NOPE&text=(;GM[1])").status, 400);
    // "startpos" needs no from: the game of `to` says whose start it is.
    const Response shogi_start = get("/convert?to=sfen&text=startpos");
    EXPECT_EQ(shogi_start.status, 200) << shogi_start.content();
    EXPECT_NE(shogi_start.content().find("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
              std::string::npos)
        << shogi_start.content();
    EXPECT_NE(get("/convert?to=fen&text=startpos").content().find("RNBQKBNR w KQkq - 0 1"),
              std::string::npos);
    EXPECT_NE(get("/formats").content().find("\"name\":\"sgf\",\"game\":\"go\""), std::string::npos);
    EXPECT_NE(get("/formats").content().find("\"read_options\":[\"superko\",\"rules\",\"charset\"]"),
              std::string::npos);
}

// Every write option (formats/options.hpp) is a parameter of /convert by its name: taken
// for an output format that takes it, refused (400) for one that does not.
TEST_F(ServiceTest, EveryWriteOptionIsAParameter) {
    // An input each output format can be written from ("from", text).
    const std::map<std::string_view, std::pair<std::string, std::string>> inputs = {
        {"hen", {"hen", ".9x9"}},
        {"feen2015", {"fen", "startpos"}},
        {"pgn", {"pgn", "1.e4+{a}+e5+$1+(1...c5)"}},
        {"kif", {"usi", "7g7f"}},
        {"pgn-xiangqi", {"pgn-xiangqi", "1.+h2e2+h9g7"}},
        {"csv", {"pgn", "1.e4+e5"}},
    };
    for (const formats::WriteOptionSpec& spec : formats::write_option_specs()) {
        if (spec.applies == formats::kImage) {
            // An image's options are parameters of the image URLs (/convert answers text).
            const std::string value =
                spec.kind != formats::OptionKind::text ? "1" : std::string(spec.example);
            const Response drawn = get("/image.svg?hen=.9x9&" + std::string(spec.name) + "=" + value);
            EXPECT_EQ(drawn.status, 200) << spec.name << " " << drawn.content();
            const Response refused = get("/convert?to=sgf&text=.9x9&" + std::string(spec.name) + "=" + value);
            EXPECT_EQ(refused.status, 400) << spec.name;
            EXPECT_NE(refused.content().find(std::string(spec.name) + ": it is for"), std::string::npos)
                << refused.content();
            continue;
        }
        const formats::Format* taking = nullptr;
        for (const formats::Format& f : formats::all_formats())
            if (f.can_write() && f.takes(spec.applies) && inputs.contains(f.name))
                taking = taking ? taking : &f;
        ASSERT_TRUE(taking) << spec.name << ": give an input for a format that takes it";
        const auto& [from, text] = inputs.at(taking->name);
        const std::string value = spec.kind != formats::OptionKind::text ? "false"
                                  : spec.name == "encoding"              ? "utf-8"
                                                                         : std::string(spec.example);
        const std::string query = std::string(spec.name) + "=" + value + "&from=" + from + "&text=" + text;
        const Response taken = get("/convert?to=" + std::string(taking->name) + "&" + query);
        EXPECT_EQ(taken.status, 200) << spec.name << " " << taken.content();
        const Response refused = get("/convert?to=sgf&" + query);
        EXPECT_EQ(refused.status, 400) << spec.name;
        EXPECT_NE(refused.content().find(std::string(spec.name) + ": it is for"), std::string::npos)
            << refused.content();
    }
    // The options do what they say.
    EXPECT_NE(get("/convert?to=pgn&comments=false&text=1.e4+{a}+e5").content().find("1. e4 e5"),
              std::string::npos);
    EXPECT_NE(get("/convert?to=hen&always_size=true&text=.19x19").content().find(".19x19"),
              std::string::npos);
    EXPECT_NE(
        get("/convert?to=pgn-xiangqi&notation=wxf&from=pgn-xiangqi&text=1.+h2e2+h9g7").content().find("C2.5"),
        std::string::npos);
    EXPECT_EQ(get("/convert?to=kif&encoding=shift_jis&from=usi&text=7g7f").status, 400);
    EXPECT_NE(get("/formats").content().find("\"write_options\":[\"pretty\",\"always_size\"]"),
              std::string::npos);
}

TEST_F(ServiceTest, ConvertValidateAndInspectAnswerInJson) {
    const Response convert = get("/convert?from=pgn&to=fen&text=1.e4+e5");
    EXPECT_EQ(convert.status, 200);
    EXPECT_EQ(convert.content_type, "application/json");
    EXPECT_EQ(convert.content(),
              "{\"from\":\"pgn\",\"to\":\"fen\",\"output\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR "
              "w KQkq - 0 "
              "2\\n\",\"notes\":[],\"warnings\":[]}\n");
    const Response bad = get("/convert?to=fen&text=1.e4+e5+2.Nf9");
    EXPECT_EQ(bad.status, 400);
    EXPECT_NE(bad.content().find("\"line\":1,\"column\":"), std::string::npos);
    EXPECT_EQ(get("/convert?to=png&text=.9x9").status, 400);
    EXPECT_EQ(get("/convert?too=fen&text=x").status, 400);

    const Response validate = get("/validate?text=.9x9_5Gz");
    EXPECT_EQ(validate.status, 200);
    EXPECT_NE(validate.content().find("\"valid\":false"), std::string::npos);
    EXPECT_NE(validate.content().find("\"line\":1,\"column\":8"), std::string::npos);
    EXPECT_NE(get("/validate?format=hen&text=.9x9_5Gb").content().find("\"valid\":true"), std::string::npos);

    // A long record POSTed as a form or as plain text.
    const Response form = service.handle({.method = "POST",
                                          .target = "/inspect",
                                          .body = "text=1.e4+e5+2.Nf3&ply=1",
                                          .content_type = "application/x-www-form-urlencoded"});
    EXPECT_EQ(form.status, 200);
    EXPECT_NE(form.content().find("\"format\":\"pgn\",\"detected\":true"), std::string::npos);
    EXPECT_NE(form.content().find("\"plies\":3"), std::string::npos);
    EXPECT_NE(form.content().find("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
              std::string::npos);
    // What each game says about itself, as kifu info says it (formats::describe).
    const Response mate = service.handle({.method = "POST",
                                          .target = "/inspect",
                                          .body = "1. f3 e5 2. g4 Qh4# 0-1",
                                          .content_type = "text/plain"});
    EXPECT_NE(mate.content().find("\"reports\":[{\"facts\":[{\"label\":\"result\",\"text\":\"0-1\"},"
                                  "{\"label\":\"final\",\"text\":\"checkmate\"},"),
              std::string::npos)
        << mate.content();
    const Response counted = service.handle(
        {.method = "POST",
         .target = "/inspect",
         .body = "(;SZ[5]KM[0.5]RU[Japanese]RE[B+6.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][aa];B[];W[]"
                 "TB[aa][ba][ab][bb][ac][bc][ad][bd][ae][be]TW[ea][eb][ec][ed][ee])",
         .content_type = "text/plain"});
    EXPECT_NE(counted.content().find("{\"label\":\"dead stones\",\"text\":\"1\"}"), std::string::npos)
        << counted.content();
    EXPECT_NE(counted.content().find("RE[B+6.5] but the territory count"), std::string::npos)
        << counted.content();
    const Response text = service.handle({.method = "POST",
                                          .target = "/convert?to=hen",
                                          .body = "(;SZ[9];B[ee])",
                                          .content_type = "text/plain"});
    EXPECT_NE(text.content().find("\"output\":\".9x9_5Eb.E5b.w\\n\""), std::string::npos) << text.content();
    EXPECT_NE(get("/formats").content().find("\"name\":\"hen\""), std::string::npos);

    // The record viewer's data: the picker's list and the chosen game's nodes, the
    // conversions at the node asked for.
    const Response viewer =
        service.handle({.method = "POST",
                        .target = "/inspect?game=2&node=v1",
                        .body = "[White \"A\"]\n[Black \"B\"]\n\n1. d4 *\n\n[White \"C\"]\n[Black "
                                "\"D\"]\n[Result \"1-0\"]\n\n1. e4 {best} (1. d4 $1) e5 1-0\n",
                        .content_type = "text/plain"});
    EXPECT_EQ(viewer.status, 200);
    EXPECT_NE(viewer.content().find(R"("game_list":[{"first":"A","second":"B","plies":1},)"
                                    R"({"first":"C","second":"D","result":"1-0","plies":2}])"),
              std::string::npos)
        << viewer.content();
    EXPECT_NE(viewer.content().find(
                  R"("tree":{"moves_per_number":2,"sides":["white","black"],"colours":["white","black"],)"
                  R"("nodes":[{"children":[1,2],"path":"0","ply":0},)"
                  R"({"parent":0,"children":[3],"path":"1","ply":1,"side":"white","move":"e4",)"
                  R"("comments":["best"]},)"),
              std::string::npos)
        << viewer.content();
    EXPECT_NE(viewer.content().find(
                  R"({"parent":0,"children":[],"path":"v1","ply":1,"side":"white","move":"d4","nags":[1]})"),
              std::string::npos)
        << viewer.content();
    EXPECT_NE(viewer.content().find("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"),
              std::string::npos);
    const Response no_node = get("/inspect?node=5&text=1.e4");
    EXPECT_NE(no_node.content().find("\"errors\":[{"), std::string::npos) << no_node.content();

    // Go problems in problem mode (go/problems.hpp), and what is not one.
    const Response problems = service.handle({.method = "POST",
                                              .target = "/problems",
                                              .body = "(;SZ[9]AB[aa][ba]AW[ab][bb](;B[ca]C[RIGHT])(;B[da];W["
                                                      "ca]))(;SZ[9]AW[ii][hi]AB[ih][hh];W[gi]C[RIGHT])",
                                              .content_type = "text/plain"});
    EXPECT_EQ(problems.status, 200);
    EXPECT_NE(problems.content().find("{\"problems\":[{\"game\":1,\"convention\":\"goproblems\""),
              std::string::npos)
        << problems.content();
    EXPECT_NE(problems.content().find("\"start_path\":\"0\""), std::string::npos) << problems.content();
    EXPECT_NE(problems.content().find("\"issue\":\"duplicate\""), std::string::npos) << problems.content();
    EXPECT_NE(problems.content().find("\"errors\":[]"), std::string::npos);
    const Response main_line =
        get("/problems?convention=main-line&text=(;SZ[9]AB[aa](;B[bb])(;B[cc]C[RIGHT]))");
    EXPECT_NE(main_line.content().find("\"right\":[\"B8\"],\"wrong\":[\"C7\"]"), std::string::npos)
        << main_line.content();
    EXPECT_EQ(get("/problems?convention=nonsense&text=(;B[aa])").status, 400);
    const Response chess = get("/problems?text=startpos");
    EXPECT_EQ(chess.status, 200);
    EXPECT_NE(chess.content().find("kifu solve"), std::string::npos);
}

TEST_F(ServiceTest, ServesFromManyThreadsAtOnce) {
    std::vector<std::thread> threads;
    std::atomic<int> ok{0};
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 10; ++i)
                if (get("/hen.9x9_" + std::to_string(1 + (i + t) % 9) + "Eb.svg").status == 200) ++ok;
        });
    for (std::thread& t : threads) t.join();
    EXPECT_EQ(ok, 40);
    EXPECT_EQ(service.cache_stats().entries, 9u);
}

}  // namespace
