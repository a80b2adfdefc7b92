#pragma once
// The drawing and converting that kifu serve does: at most `workers` at once (the CPU's
// share), at most `max_waiting` more waiting their turn; beyond that a request is turned
// away (503) at once rather than kept waiting without bound.

#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace kifu::serve {

class WorkQueue {
  public:
    WorkQueue(std::size_t workers, std::size_t max_waiting) : workers_(workers), max_waiting_(max_waiting) {}

    // A turn, held while alive; false when the queue is full.
    class Turn {
      public:
        explicit Turn(WorkQueue& queue) : queue_(&queue), held_(queue.acquire()) {}
        ~Turn() {
            if (held_) queue_->release();
        }
        Turn(const Turn&) = delete;
        Turn& operator=(const Turn&) = delete;
        explicit operator bool() const noexcept { return held_; }

      private:
        WorkQueue* queue_;
        bool held_;
    };

    struct Stats {
        std::size_t busy = 0, waiting = 0, refused = 0;
    };
    Stats stats() const;

  private:
    bool acquire();
    void release();

    mutable std::mutex mutex_;
    std::condition_variable turn_;
    std::size_t workers_, max_waiting_;
    std::size_t busy_ = 0, waiting_ = 0, refused_ = 0;
};

}  // namespace kifu::serve
