#pragma once
// A table that only grows and is read without a lock: the registry of formats and the
// write options, which components add to (kifu::image's formats) after the core's own.
// Entries never move (a fixed array), so the spans and pointers handed out stay valid;
// an entry is published by the count (release), after it is written.

#include <array>
#include <atomic>
#include <cstddef>
#include <mutex>
#include <span>

namespace kifu {

template <class T, std::size_t Capacity>
class GrowingTable {
  public:
    explicit GrowingTable(std::span<const T> first) { append_new(first); }
    GrowingTable(const GrowingTable&) = delete;
    GrowingTable& operator=(const GrowingTable&) = delete;

    std::span<const T> items() const noexcept {
        return {items_.data(), count_.load(std::memory_order_acquire)};
    }

    // Appends the entries whose name no entry has yet; false (and nothing added) when they
    // would not fit.
    bool append_new(std::span<const T> more) {
        const std::lock_guard lock(adding_);
        std::size_t n = count_.load(std::memory_order_relaxed);
        auto known = [&](const T& e) {
            for (std::size_t i = 0; i < n; ++i)
                if (items_[i].name == e.name) return true;
            return false;
        };
        std::size_t fresh = 0;
        for (const T& e : more) fresh += known(e) ? 0 : 1;
        if (n + fresh > Capacity) return false;
        for (const T& e : more)
            if (!known(e)) {
                items_[n] = e;
                count_.store(++n, std::memory_order_release);
            }
        return true;
    }

  private:
    std::array<T, Capacity> items_{};
    std::atomic<std::size_t> count_{0};
    std::mutex adding_;
};

}  // namespace kifu
