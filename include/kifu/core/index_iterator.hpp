#pragma once
// The iterator of a read-only range that is reached by index (`range[i]`, `range.size()`):
// SmallList, a Go record's trees. It holds the range and a position, so a range whose
// elements are made on demand is walked without making them all first.

#include <cstddef>

namespace kifu {

template <class Range, class T>
class IndexIterator {
  public:
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    IndexIterator() = default;
    IndexIterator(const Range* range, std::size_t i) noexcept : range_(range), i_(i) {}
    const T& operator*() const { return (*range_)[i_]; }
    IndexIterator& operator++() noexcept {
        ++i_;
        return *this;
    }
    IndexIterator operator++(int) noexcept {
        IndexIterator before = *this;
        ++i_;
        return before;
    }
    bool operator==(const IndexIterator& o) const noexcept { return i_ == o.i_; }

  private:
    const Range* range_ = nullptr;
    std::size_t i_ = 0;
};

}  // namespace kifu
