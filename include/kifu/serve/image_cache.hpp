#pragma once
// The rendered images kifu serve keeps, least recently used first out, within a byte
// budget: a board shared in a chat is asked for again and again, and an image URL always
// draws the same image.

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace kifu::serve {

struct CachedImage {
    std::string body;
    std::string content_type;
    std::string etag;
};

class ImageCache {
  public:
    explicit ImageCache(std::size_t max_bytes) : max_bytes_(max_bytes) {}

    // The image of that key, or nullptr; a hit makes it the most recently used.
    std::shared_ptr<const CachedImage> find(std::string_view key);
    // Kept unless it alone is over the budget; older images go to make room.
    void insert(const std::string& key, std::shared_ptr<const CachedImage> image);

    struct Stats {
        std::size_t entries = 0, bytes = 0, hits = 0, misses = 0;
    };
    Stats stats() const;

  private:
    struct Entry {
        std::string key;
        std::shared_ptr<const CachedImage> image;
        std::size_t bytes = 0;
    };
    mutable std::mutex mutex_;
    std::list<Entry> entries_;                                                // most recently used first
    std::unordered_map<std::string_view, std::list<Entry>::iterator> index_;  // views of the entries' keys
    std::size_t max_bytes_;
    std::size_t bytes_ = 0, hits_ = 0, misses_ = 0;
};

}  // namespace kifu::serve
