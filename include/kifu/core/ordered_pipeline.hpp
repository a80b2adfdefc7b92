#pragma once
// Work run on threads, its results taken in the order it was given: the one bounded,
// ordered parallel pipeline of kifu's batch jobs (kifu convert/validate/pgn stats over a PGN
// stream, the index's reading and scanning). At most `held_jobs` jobs (default: one a
// thread) run or wait to be taken, and at most `max_weight` of their weight (a batch's
// bytes) is held at once: reading ahead stops until the oldest job is taken. With one
// thread a job runs where it is given, and nothing is held.
//
//   OrderedPipeline<Batch::Output> pipeline(threads, [&](Batch::Output o) { write(o); });
//   pipeline.submit([batch] { return run(*batch); }, batch->bytes.size());
//   pipeline.drain();
//
// `take` returns void, or a Result<void> whose error stops the pipeline: submit and drain
// give it back, and what is still running is waited for and dropped.

#include <cstddef>
#include <deque>
#include <future>
#include <limits>
#include <type_traits>
#include <utility>

#include "kifu/core/result.hpp"

namespace kifu {

template <class Output, class Take>
class OrderedPipeline {
  public:
    OrderedPipeline(std::size_t threads, Take take, std::size_t held_jobs = 0,
                    std::size_t max_weight = std::numeric_limits<std::size_t>::max())
        : threads_(threads < 1 ? 1 : threads),
          held_jobs_(held_jobs < 1 ? threads_ : held_jobs),
          max_weight_(max_weight),
          take_(std::move(take)) {}
    OrderedPipeline(const OrderedPipeline&) = delete;
    OrderedPipeline& operator=(const OrderedPipeline&) = delete;
    ~OrderedPipeline() {
        for (Job& j : running_) j.output.wait();  // an error stopped it: finish, drop
    }

    // Runs job() (returning an Output) on a thread; first takes the oldest results while
    // the pipeline is full.
    template <class Job>
    Result<void> submit(Job&& job, std::size_t weight = 0) {
        if (threads_ == 1) return give(std::forward<Job>(job)());
        while (!running_.empty() && (running_.size() >= held_jobs_ || held_ + weight > max_weight_))
            if (Result<void> r = take_oldest(); !r) return r;
        running_.push_back({std::async(std::launch::async, std::forward<Job>(job)), weight});
        held_ += weight;
        return {};
    }

    // Takes every result still to come, in order.
    Result<void> drain() {
        while (!running_.empty())
            if (Result<void> r = take_oldest(); !r) return r;
        return {};
    }

  private:
    struct Job {
        std::future<Output> output;
        std::size_t weight;
    };
    Result<void> take_oldest() {
        Output out = running_.front().output.get();
        held_ -= running_.front().weight;
        running_.pop_front();
        return give(std::move(out));
    }
    Result<void> give(Output out) {
        if constexpr (std::is_void_v<decltype(take_(std::move(out)))>) {
            take_(std::move(out));
            return {};
        } else {
            return take_(std::move(out));
        }
    }

    std::size_t threads_;
    std::size_t held_jobs_;
    std::size_t max_weight_;
    std::size_t held_ = 0;
    Take take_;
    std::deque<Job> running_;
};

}  // namespace kifu
