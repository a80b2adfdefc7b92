// kifu serve's URL and query parsing, and every answer the service gives to a GET or a POST
// of that target: no crash, no hang, and the properties below for any bytes.

#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "kifu/serve/service.hpp"

namespace {

void check(bool condition) {
    if (!condition) std::abort();
}

kifu::serve::Service& service() {
    // Small images and a small cache: each run draws quickly, and the cache is exercised.
    static kifu::serve::Service s(kifu::serve::ServiceOptions{
        .cache_bytes = 256 << 10, .limits = {.max_text = 2048, .max_size = 48}, .rate_limit = 0});
    return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace kifu::serve;
    if (size == 0) return 0;
    const bool post = (data[0] & 1) != 0;
    const std::string_view target(reinterpret_cast<const char*>(data + 1), size - 1);

    kifu::Result<Target> parsed = parse_target(target);
    if (!parsed) {
        check(parsed.error().line == 1);
        check(parsed.error().column >= 1 && parsed.error().column <= target.size() + 1);
    } else {
        check(!parsed->path.empty() && parsed->path.front() == '/');
        check(parsed->params.size() <= kMaxParams);
        std::set<std::string> names;
        for (const Param& p : parsed->params) check(names.insert(p.name).second);
        const RequestLimits limits{.max_text = 2048, .max_size = 48};
        const Expected<ImageRequest> image = parse_image_request(*parsed, limits);
        if (const ImageRequest* r = std::get_if<ImageRequest>(&image)) {
            check(r->render.size >= kifu::image::RenderOptions::kMinSize &&
                  r->render.size <= limits.max_size);
            check(r->text.size() <= limits.max_text || r->format == "fen" || r->format == "xfen-xiangqi");
            check(r->key() == r->key());
        } else {
            const int status = std::get<HttpError>(image).status;
            check(status == 400 || status == 404 || status == 413);
        }
    }

    const Response r = service().handle({.method = post ? "POST" : "GET",
                                         .target = post ? std::string_view("/inspect") : target,
                                         .body = post ? target : std::string_view{},
                                         .content_type = "application/x-www-form-urlencoded",
                                         .client = "2001:db8::1"});
    static const std::set<int> statuses{200, 204, 304, 400, 404, 405, 413, 414, 429, 503};
    check(statuses.contains(r.status));
    if (r.status == 200) check(!r.content().empty() && !r.content_type.empty());
    return 0;
}
