#include "kifu/serve/work_queue.hpp"

namespace kifu::serve {

bool WorkQueue::acquire() {
    std::unique_lock lock(mutex_);
    if (busy_ < workers_) {
        ++busy_;
        return true;
    }
    if (waiting_ >= max_waiting_) {
        ++refused_;
        return false;
    }
    ++waiting_;
    turn_.wait(lock, [&] { return busy_ < workers_; });
    --waiting_;
    ++busy_;
    return true;
}

void WorkQueue::release() {
    {
        const std::lock_guard lock(mutex_);
        --busy_;
    }
    turn_.notify_one();
}

WorkQueue::Stats WorkQueue::stats() const {
    const std::lock_guard lock(mutex_);
    return {busy_, waiting_, refused_};
}

}  // namespace kifu::serve
