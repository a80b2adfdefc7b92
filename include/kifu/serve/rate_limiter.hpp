#pragma once
// Per-client rate limiting for kifu serve: a token bucket a client, `rate` requests a second
// with bursts of `burst`. IPv6 clients are grouped by their /64, as hen-worker does (one
// host commonly holds a whole /64); IPv4 clients are one address each.

#include <chrono>
#include <cstddef>
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
    RateLimiter(double rate, double burst) : rate_(rate), burst_(burst) {}

    // 0 when the request may go on; else the seconds until it may (for Retry-After).
    double admit(const std::string& group, Clock::time_point now);

    std::size_t clients() const;

  private:
    struct Bucket {
        double tokens = 0;
        Clock::time_point updated;
    };
    static constexpr std::size_t kMaxClients = 1 << 16;  // beyond: idle clients are forgotten
    mutable std::mutex mutex_;
    std::unordered_map<std::string, Bucket> buckets_;
    double rate_, burst_;
};

}  // namespace kifu::serve
