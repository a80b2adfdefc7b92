#pragma once
// kifu serve's answers, apart from any HTTP library: a request (method, target, a few
// headers, the body) in, a response (status, headers, body) out. `kifu serve` puts it
// behind serve/http_server.hpp; a test or another server can call it directly.
//
//   GET /                      the web page: paste any notation, see the board
//   GET /health                {"status":"ok", ...} with the cache's and the queue's state
//   GET /formats               the registry's formats as JSON
//   GET /hen<HEN>.png, /board.svg?fen=, /image.png?sgf=&move=, /game.gif?pgn=
//                              images (serve/image_request.hpp), cached, ETag and 304
//   GET|POST /convert?from=&to=&text=     the CLI's convert as JSON
//   GET|POST /validate?format=&text=      the CLI's validate as JSON
//   GET|POST /inspect?text=[&from=][&ply=] what the page shows: the format detected, every
//                              error, the position in every notation that holds it
//
// The decisions (status codes, limits, JSON shapes) are in docs/serve.md.

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/serve/image_cache.hpp"
#include "kifu/serve/image_request.hpp"
#include "kifu/serve/rate_limiter.hpp"
#include "kifu/serve/worker_pool.hpp"

namespace kifu::serve {

struct ServiceOptions {
    std::size_t workers = 2;             // drawings and conversions at once
    std::size_t max_waiting = 64;        // more than that waiting: 503
    std::size_t cache_bytes = 64 << 20;  // rendered images kept
    std::size_t max_target = 8192;       // a longer request target: 414
    RequestLimits limits{};              // notation bytes (413), image size (clamped)
    double rate_limit = 0;               // requests a second a client (0: no limit)
    double rate_burst = 0;               // 0: twice the rate
};

struct Request {
    std::string_view method = "GET";
    std::string_view target = "/";  // as the request line gives it: path and query, still escaped
    std::string_view body{};
    std::string_view content_type{};
    std::string_view if_none_match{};
    std::string_view client{};  // the peer's address, for rate limiting
};

struct Response {
    int status = 200;
    std::string content_type;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
    // A cached image's bytes, shared with the cache rather than copied into `body` (which
    // is then empty): a thousand slow clients of one large GIF hold it once.
    std::shared_ptr<const std::string> shared_body;

    std::string_view content() const noexcept { return shared_body ? *shared_body : body; }
};

class Service {
  public:
    explicit Service(ServiceOptions options = {});

    // Thread-safe: kifu serve's connection threads call it at once.
    Response handle(const Request& request);

    const ServiceOptions& options() const noexcept { return options_; }
    ImageCache::Stats cache_stats() const { return cache_.stats(); }
    WorkerPool::Stats pool_stats() const { return pool_.stats(); }

  private:
    Response image(const Request& request, const Target& target);
    Response health() const;

    ServiceOptions options_;
    ImageCache cache_;
    WorkerPool pool_;
    RateLimiter limiter_;
};

// The JSON endpoints (serve/api.cpp); `params` are the query's, or a POSTed form's. They
// answer for the formats in the registry: a Service adds kifu::image's (image::add_formats);
// a program calling these alone adds them first.
Response formats_json();  // the registry: name, game, kind, description, read, write, image
Response convert_json(const Target& params);
Response validate_json(const Target& params);
Response inspect_json(const Target& params);
// A Go problem collection's problems, as `kifu problems --json` gives each (go/problems.hpp):
// {"problems":[...],"errors":[...]}.
Response problems_json(const Target& params);

// The web page (web/index.html, built into the library).
std::string_view page_html() noexcept;

}  // namespace kifu::serve
