#include "kifu/serve/image_cache.hpp"

namespace kifu::serve {
namespace {

// What an entry costs beyond its bytes: list and map nodes, the strings' headers.
constexpr std::size_t kEntryOverhead = 160;

}  // namespace

std::shared_ptr<const CachedImage> ImageCache::find(std::string_view key) {
    const std::lock_guard lock(mutex_);
    const auto it = index_.find(key);
    if (it == index_.end()) {
        ++misses_;
        return nullptr;
    }
    ++hits_;
    entries_.splice(entries_.begin(), entries_, it->second);
    return it->second->image;
}

void ImageCache::insert(const std::string& key, std::shared_ptr<const CachedImage> image) {
    const std::size_t bytes =
        key.size() + image->body.size() + image->content_type.size() + image->etag.size() + kEntryOverhead;
    if (bytes > max_bytes_) return;
    const std::lock_guard lock(mutex_);
    if (index_.contains(key)) return;  // drawn twice at once: the first is kept
    while (bytes_ + bytes > max_bytes_ && !entries_.empty()) {
        const Entry& last = entries_.back();
        bytes_ -= last.bytes;
        index_.erase(last.key);
        entries_.pop_back();
    }
    entries_.push_front(Entry{key, std::move(image), bytes});
    index_.emplace(entries_.front().key, entries_.begin());
    bytes_ += bytes;
}

ImageCache::Stats ImageCache::stats() const {
    const std::lock_guard lock(mutex_);
    return {entries_.size(), bytes_, hits_, misses_};
}

}  // namespace kifu::serve
