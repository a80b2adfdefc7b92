#pragma once
// Per-client rate limiting for kifu serve: a token bucket a client, `rate` requests a second
// with bursts of `burst`. IPv6 clients are grouped by their /64, as hen-worker does (one
// host commonly holds a whole /64); IPv4 clients are one address each.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace kifu::serve {

// The client a rate limit counts: "203.0.113.7", "2001:db8:1:2::/64" (an IPv4-mapped IPv6
// address as its IPv4 address); anything else as it is.
std::string client_group(std::string_view address);

class RateLimiter {
  public:
    using Clock = std::chrono::steady_clock;
    // `burst` below 1 is taken as 1 (a bucket that never holds a whole token would refuse
    // for ever); `max_clients` buckets at most, the least recently seen forgotten beyond.
    RateLimiter(double rate, double burst, std::size_t max_clients = 1 << 16)
        : rate_(rate), burst_(std::max(burst, 1.0)), max_clients_(std::max<std::size_t>(max_clients, 1)) {}

    // 0 when the request may go on; else the seconds until it may (for Retry-After): the
    // time the bucket takes to hold one token again.
    double admit(const std::string& group, Clock::time_point now);

    std::size_t clients() const;

  private:
    struct Bucket {
        std::string group;
        double tokens = 0;
        Clock::time_point updated;
    };
    mutable std::mutex mutex_;
    std::list<Bucket> recent_;  // the most recently seen first
    std::unordered_map<std::string_view, std::list<Bucket>::iterator> buckets_;
    double rate_, burst_;
    std::size_t max_clients_;
};

}  // namespace kifu::serve
