#include "kifu/serve/worker_pool.hpp"

#include <exception>

namespace kifu::serve {

// A job and how its caller learns that it is done; it lives on the caller's stack.
struct WorkerPool::Job {
    const std::function<void()>& run;
    std::exception_ptr thrown{};
    bool done = false;
    std::condition_variable finished{};
};

WorkerPool::WorkerPool(std::size_t workers, std::size_t max_waiting) : max_waiting_(max_waiting) {
    for (std::size_t i = 0; i < std::max<std::size_t>(1, workers); ++i)
        threads_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    ready_.notify_all();
    for (std::thread& t : threads_) t.join();
}

bool WorkerPool::run(const std::function<void()>& job) {
    Job j{job};
    std::unique_lock lock(mutex_);
    if (queue_.size() + busy_ >= threads_.size() + max_waiting_) {
        ++refused_;
        return false;
    }
    queue_.push_back(&j);
    ready_.notify_one();
    j.finished.wait(lock, [&] { return j.done; });
    if (j.thrown) std::rethrow_exception(j.thrown);
    return true;
}

void WorkerPool::work() {
    std::unique_lock lock(mutex_);
    for (;;) {
        ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping, and nothing waits
        Job* j = queue_.front();
        queue_.pop_front();
        ++busy_;
        lock.unlock();
        try {
            j->run();
        } catch (...) {
            j->thrown = std::current_exception();
        }
        lock.lock();
        --busy_;
        j->done = true;
        j->finished.notify_one();
    }
}

WorkerPool::Stats WorkerPool::stats() const {
    const std::lock_guard lock(mutex_);
    return {threads_.size(), busy_, queue_.size(), refused_};
}

}  // namespace kifu::serve
