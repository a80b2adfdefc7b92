#include "kifu/serve/rate_limiter.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>

#include <fmt/format.h>

namespace kifu::serve {

std::string client_group(std::string_view address) {
    const std::string text(address);
    std::array<unsigned char, 16> bytes{};
    if (inet_pton(AF_INET6, text.c_str(), bytes.data()) != 1) return text;
    const bool mapped_v4 =
        std::all_of(bytes.begin(), bytes.begin() + 10, [](unsigned char b) { return b == 0; }) &&
        bytes[10] == 0xFF && bytes[11] == 0xFF;
    if (mapped_v4) return fmt::format("{}.{}.{}.{}", bytes[12], bytes[13], bytes[14], bytes[15]);
    return fmt::format("{:x}:{:x}:{:x}:{:x}::/64", bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3],
                       bytes[4] << 8 | bytes[5], bytes[6] << 8 | bytes[7]);
}

double RateLimiter::admit(const std::string& group, Clock::time_point now) {
    const std::lock_guard lock(mutex_);
    auto found = buckets_.find(group);
    if (found == buckets_.end()) {
        if (buckets_.size() >= max_clients_) {
            // The client seen least recently is forgotten: a flood of new addresses costs
            // each of them its own bucket, and no one else anything.
            buckets_.erase(recent_.back().group);
            recent_.pop_back();
        }
        recent_.push_front(Bucket{group, burst_, now});
        found = buckets_.emplace(recent_.front().group, recent_.begin()).first;
    } else {
        recent_.splice(recent_.begin(), recent_, found->second);
    }
    Bucket& b = *found->second;
    const std::chrono::duration<double> elapsed = now - b.updated;
    b.tokens = std::min(burst_, b.tokens + std::max(0.0, elapsed.count()) * rate_);
    b.updated = now;
    if (b.tokens >= 1.0) {
        b.tokens -= 1.0;
        return 0.0;
    }
    return (1.0 - b.tokens) / rate_;
}

std::size_t RateLimiter::clients() const {
    const std::lock_guard lock(mutex_);
    return buckets_.size();
}

}  // namespace kifu::serve
