#include "kifu/serve/service.hpp"

#include <cmath>

#include <fmt/format.h>

#include "kifu/core/problem.hpp"
#include "kifu/image/formats.hpp"
#include "kifu/version.hpp"

namespace kifu::serve {
namespace {

constexpr std::string_view kText = "text/plain; charset=utf-8";
constexpr std::string_view kJson = "application/json";

Response text_response(int status, std::string body) {
    if (!body.empty() && body.back() != '\n') body.push_back('\n');
    return {status, std::string(kText), std::move(body), {}, {}};
}

Response error_response(const HttpError& e) {
    return text_response(e.status, "error: " + e.message);
}

// An image URL is its content, and kifu's version: the same URL draws the same bytes.
std::string etag_of(std::string_view key) {
    std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
    for (const std::string_view part : {std::string_view(KIFU_VERSION_STRING "|"), key})
        for (const char c : part) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
    return fmt::format("\"{:016x}\"", h);
}

// If-None-Match holds the tag (a list of tags, weak or strong, or "*").
bool matches(std::string_view if_none_match, std::string_view etag) {
    while (!if_none_match.empty()) {
        const std::size_t comma = if_none_match.find(',');
        std::string_view tag = if_none_match.substr(0, comma);
        while (!tag.empty() && (tag.front() == ' ' || tag.front() == '\t')) tag.remove_prefix(1);
        while (!tag.empty() && (tag.back() == ' ' || tag.back() == '\t')) tag.remove_suffix(1);
        if (tag.starts_with("W/")) tag.remove_prefix(2);
        if (tag == "*" || tag == etag) return true;
        if (comma == std::string_view::npos) break;
        if_none_match.remove_prefix(comma + 1);
    }
    return false;
}

void add_image_headers(Response& r, const std::string& etag) {
    r.headers.emplace_back("ETag", etag);
    r.headers.emplace_back("Cache-Control", "public, max-age=31536000, immutable");
    r.headers.emplace_back("Access-Control-Allow-Origin", "*");
}

Response busy() {
    Response r = text_response(503, "error: the server is busy; try again in a second");
    r.headers.emplace_back("Retry-After", "1");
    return r;
}

// The image a request asks for, or why there is none (400 with the positioned error).
// An animated GIF within the limit of frames x pixels, or why not (413).
std::optional<HttpError> check_animation(const ImageRequest& r, std::size_t frames,
                                         const RequestLimits& limits) {
    if (r.render.format != image::ImageFormat::gif) return std::nullopt;
    const auto side = static_cast<std::size_t>(r.render.size);
    if (frames * side * side <= limits.max_animation_pixels) return std::nullopt;
    const auto fits = static_cast<int>(std::sqrt(static_cast<double>(limits.max_animation_pixels / frames)));
    const std::string advice = fits >= image::RenderOptions::kMinSize
                                   ? fmt::format("ask for size={} or less, or for fewer moves", fits)
                                   : std::string("the game has too many moves for one animation");
    return HttpError{413,
                     fmt::format("error: the animation is {} frames of up to {}x{} pixels, {:.1f} million "
                                 "pixels in all, over the limit of {:.1f} million: {}",
                                 frames, side, side, static_cast<double>(frames * side * side) / 1e6,
                                 static_cast<double>(limits.max_animation_pixels) / 1e6, advice)};
}

Expected<std::string> draw(const ImageRequest& r, const RequestLimits& limits) {
    const formats::Format* from = nullptr;
    if (r.format.empty()) {
        Result<const formats::Format*> detected = formats::detect_format(r.text);
        if (!detected) return HttpError{400, detected.error().format(r.source)};
        from = *detected;
    } else {
        from = formats::find_format(r.format);
    }
    // Read only to be drawn: any placement (web-boardimage draws a board without kings).
    formats::ReadOptions drawn;
    drawn.any_placement = true;
    Result<formats::Document> doc = from->read(r.text, drawn);
    if (!doc) return HttpError{400, doc.error().format(r.source)};
    if (const std::optional<std::string> why = check_applies(r, *doc))
        return HttpError{400, "error: " + *why};
    Result<std::string> image = std::string{};
    if (r.animate) {
        Result<std::vector<BoardView>> views = formats::main_line_views(*doc, r.choice.game_index);
        if (!views) return HttpError{400, views.error().format("game")};
        if (std::optional<HttpError> e = check_animation(r, views->size(), limits)) return std::move(*e);
        image = image::render_animation(*views, r.render, image::texts_of(*doc));
    } else {
        Result<formats::Document> position =
            formats::is_record(*doc) ? formats::position_in(*doc, r.choice) : std::move(*doc);
        if (!position) {
            const std::string_view which = !r.choice.node.empty() ? "node"
                                           : r.choice.sgf_move    ? "move"
                                           : r.choice.ply         ? "ply"
                                                                  : "game";
            return HttpError{400, position.error().format(which)};
        }
        if (r.last_move) position->last_move = r.last_move;
        position->marks.insert(position->marks.end(), r.marks.begin(), r.marks.end());
        Result<BoardView> view = formats::board_view(*position);
        if (!view) return HttpError{400, view.error().format(r.source)};
        image = image::render(*view, r.render, image::texts_of(*position));
    }
    if (!image) return HttpError{400, image.error().format(r.source)};
    return std::move(*image);
}

// A POSTed form's fields, or a POSTed text as `text`, beside the query's parameters.
Expected<Target> with_body(Target target, const Request& request) {
    if (request.method != "POST" || request.body.empty()) return target;
    if (request.content_type.starts_with("application/x-www-form-urlencoded")) {
        std::string form = "/?";
        form += request.body;
        Result<Target> fields = parse_target(form);
        if (!fields) return HttpError{400, fields.error().format("body")};
        for (Param& p : fields->params) {
            if (target.find(p.name) != nullptr)
                return HttpError{400, fmt::format("'{}' given in both the query and the body", p.name)};
            target.params.push_back(std::move(p));
        }
        return target;
    }
    if (target.find("text") != nullptr) return HttpError{400, "'text' given in both the query and the body"};
    target.params.push_back({"text", std::string(request.body)});
    return target;
}

}  // namespace

Service::Service(ServiceOptions options)
    : options_(options),
      cache_(options.cache_bytes),
      pool_(std::max<std::size_t>(1, options.workers), options.max_waiting),
      limiter_(options.rate_limit, options.rate_burst > 0 ? options.rate_burst : 2 * options.rate_limit) {
    image::add_formats();  // the service draws: svg, png and gif and their options in the registry
}

Response Service::handle(const Request& request) {
    Response out = [&]() -> Response {
        if (request.target.size() > options_.max_target)
            return text_response(
                414, fmt::format("error: the request target is {} bytes, over the limit of {}; "
                                 "POST long notations to /convert, /validate, /inspect or /problems",
                                 request.target.size(), options_.max_target));
        Result<Target> target = parse_target(request.target);
        if (!target) return text_response(400, target.error().format("url"));
        const std::string path = target->path;  // the target is moved on below
        if (path == "/health") return health();
        if (path == "/formats") {
            Response r = formats_json();
            r.headers.emplace_back("Access-Control-Allow-Origin", "*");
            return r;
        }
        if (options_.rate_limit > 0) {
            const double wait = limiter_.admit(client_group(request.client), RateLimiter::Clock::now());
            if (wait > 0) {
                Response r = text_response(429, "error: too many requests from your address; slow down");
                r.headers.emplace_back("Retry-After", fmt::format("{}", static_cast<long>(std::ceil(wait))));
                return r;
            }
        }
        const bool api =
            path == "/convert" || path == "/validate" || path == "/inspect" || path == "/problems";
        if (request.method == "OPTIONS") {
            Response r{204, {}, {}, {}, {}};
            r.headers.emplace_back("Access-Control-Allow-Origin", "*");
            r.headers.emplace_back("Access-Control-Allow-Methods",
                                   api ? "GET, POST, OPTIONS" : "GET, HEAD, OPTIONS");
            r.headers.emplace_back("Access-Control-Allow-Headers", "Content-Type, If-None-Match");
            return r;
        }
        const bool read_only = request.method == "GET" || request.method == "HEAD";
        if (!read_only && !(api && request.method == "POST")) {
            Response r = text_response(405, fmt::format("error: {} is not allowed here", request.method));
            r.headers.emplace_back("Allow", api ? "GET, POST, OPTIONS" : "GET, HEAD, OPTIONS");
            return r;
        }
        if (path == "/" || path == "/index.html") {
            Response r{200, "text/html; charset=utf-8", std::string(page_html()), {}, {}};
            r.headers.emplace_back("Cache-Control", "no-cache");
            r.headers.emplace_back(
                "Content-Security-Policy",
                "default-src 'none'; img-src 'self' data: blob:; style-src 'unsafe-inline'; "
                "script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; "
                "form-action 'self'");
            return r;
        }
        if (api) {
            // A form's notation is percent-escaped: up to 3 bytes a byte of it.
            const std::size_t max_body = 3 * options_.limits.max_text + 4096;
            if (request.body.size() > max_body)
                return text_response(413, fmt::format("error: the body is {} bytes, over the limit of {}",
                                                      request.body.size(), max_body));
            Expected<Target> params = with_body(std::move(*target), request);
            if (const HttpError* e = std::get_if<HttpError>(&params)) return error_response(*e);
            for (const Param& p : std::get<Target>(params).params)
                if (p.value.size() > options_.limits.max_text)
                    return text_response(413, fmt::format("error: '{}' is {} bytes, over the limit of {}",
                                                          p.name, p.value.size(), options_.limits.max_text));
            Response r;
            const bool ran = pool_.run([&] {
                const Target& t = std::get<Target>(params);
                r = path == "/convert"    ? convert_json(t)
                    : path == "/validate" ? validate_json(t)
                    : path == "/problems" ? problems_json(t)
                                          : inspect_json(t);
            });
            if (!ran) return busy();
            r.headers.emplace_back("Access-Control-Allow-Origin", "*");
            r.headers.emplace_back("Cache-Control", "no-store");
            return r;
        }
        return image(request, *target);
    }();
    out.headers.emplace_back("X-Content-Type-Options", "nosniff");
    return out;
}

Response Service::image(const Request& request, const Target& target) {
    Expected<ImageRequest> parsed = parse_image_request(target, options_.limits);
    if (const HttpError* e = std::get_if<HttpError>(&parsed)) return error_response(*e);
    const ImageRequest& r = std::get<ImageRequest>(parsed);
    const std::string key = r.key();
    std::shared_ptr<const CachedImage> cached = cache_.find(key);
    const std::string etag = cached ? cached->etag : etag_of(key);
    if (!request.if_none_match.empty() && matches(request.if_none_match, etag)) {
        Response not_modified{304, {}, {}, {}, {}};
        add_image_headers(not_modified, etag);
        return not_modified;
    }
    if (!cached) {
        Expected<std::string> drawn = std::string{};
        if (!pool_.run([&] { drawn = draw(r, options_.limits); })) return busy();
        if (HttpError* e = std::get_if<HttpError>(&drawn))
            return text_response(e->status, std::move(e->message));
        auto image = std::make_shared<CachedImage>();
        image->body = std::move(std::get<std::string>(drawn));
        image->content_type = image::media_type(r.render.format);
        image->etag = etag;
        cache_.insert(key, image);
        cached = std::move(image);
    }
    Response out{
        200, cached->content_type, {}, {}, std::shared_ptr<const std::string>(cached, &cached->body)};
    add_image_headers(out, cached->etag);
    return out;
}

Response Service::health() const {
    const ImageCache::Stats c = cache_.stats();
    const WorkerPool::Stats q = pool_.stats();
    Response r{
        200,
        std::string(kJson),
        fmt::format("{{\"status\":\"ok\",\"version\":\"{}\",\"cache\":{{\"entries\":{},\"bytes\":{},"
                    "\"hits\":{},\"misses\":{}}},\"workers\":{{\"threads\":{},\"busy\":{},\"waiting\":{},"
                    "\"refused\":{}}},"
                    "\"rate_limited_clients\":{}}}\n",
                    KIFU_VERSION_STRING, c.entries, c.bytes, c.hits, c.misses, q.workers, q.busy, q.waiting,
                    q.refused, limiter_.clients()),
        {},
        {}};
    r.headers.emplace_back("Cache-Control", "no-store");
    return r;
}

}  // namespace kifu::serve
