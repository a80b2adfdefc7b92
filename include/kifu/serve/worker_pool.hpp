#pragma once
// The threads that draw and convert for kifu serve: a fixed number of workers (the CPU's
// share), at most `max_waiting` jobs waiting their turn; beyond that a job is turned away
// (503) at once rather than kept waiting without bound. The connection threads only read
// and write sockets: the buffers a drawing keeps (pixels, PNG rows, the compressor) exist
// once a worker, not once a connection.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace kifu::serve {

class WorkerPool {
  public:
    WorkerPool(std::size_t workers, std::size_t max_waiting);
    ~WorkerPool();  // the jobs waiting are done first
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    // Runs `job` on a worker and returns when it is done (rethrowing what it threw); false,
    // without running it, when every worker is busy and `max_waiting` jobs already wait.
    bool run(const std::function<void()>& job);

    struct Stats {
        std::size_t workers = 0, busy = 0, waiting = 0, refused = 0;
    };
    Stats stats() const;

  private:
    struct Job;
    void work();

    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<Job*> queue_;
    std::vector<std::thread> threads_;
    std::size_t max_waiting_, busy_ = 0, refused_ = 0;
    bool stopping_ = false;
};

}  // namespace kifu::serve
