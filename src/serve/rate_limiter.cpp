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
    if (buckets_.size() >= kMaxClients) {
        // Forget the clients whose buckets have filled again: they lose nothing.
        std::erase_if(buckets_, [&](const auto& entry) {
            const std::chrono::duration<double> idle = now - entry.second.updated;
            return entry.second.tokens + idle.count() * rate_ >= burst_;
        });
        if (buckets_.size() >= kMaxClients) return 1.0;  // a flood of new clients: wait
    }
    const auto [it, fresh] = buckets_.try_emplace(group, Bucket{burst_, now});
    Bucket& b = it->second;
    if (!fresh) {
        const std::chrono::duration<double> elapsed = now - b.updated;
        b.tokens = std::min(burst_, b.tokens + elapsed.count() * rate_);
        b.updated = now;
    }
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
