#pragma once
// A stream of bytes read a chunk at a time, so that a file of any size is read with
// bounded memory: a file, standard input, or either of them gzip-, zstd-, bzip2- or xz-compressed
// (recognised by their first bytes, not by the file name) and decompressed on the fly.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "kifu/core/result.hpp"

namespace kifu {

class ByteSource {
  public:
    virtual ~ByteSource() = default;
    // Fills `buffer` with up to `size` bytes; 0 means the end. An I/O or decompression
    // failure is an io_error / invalid_encoding with the byte offset reached.
    virtual Result<std::size_t> read(char* buffer, std::size_t size) = 0;
};

// Bytes already read from a source (to sniff its compression, or to tell its format), then
// the rest of that source, owned or borrowed (none: the bytes are all there is).
class PrefixedSource : public ByteSource {
  public:
    PrefixedSource(std::string prefix, ByteSource& rest) : prefix_(std::move(prefix)), rest_(&rest) {}
    PrefixedSource(std::string prefix, std::unique_ptr<ByteSource> rest)
        : prefix_(std::move(prefix)), owned_(std::move(rest)), rest_(owned_.get()) {}
    Result<std::size_t> read(char* buffer, std::size_t size) override;

  private:
    std::string prefix_;
    std::size_t at_ = 0;
    std::unique_ptr<ByteSource> owned_;
    ByteSource* rest_;
};

// `path` is a file name, or "-" for standard input.
Result<std::unique_ptr<ByteSource>> open_byte_source(const std::string& path);

// The bytes of `text` (which must outlive the source), decompressed when compressed.
std::unique_ptr<ByteSource> memory_byte_source(std::string_view text);

// Everything a source gives, at once, for inputs read whole: an out_of_range error once it
// gives more than `limit` bytes (nothing larger is held in memory).
inline constexpr std::size_t kDefaultReadLimit = std::size_t{256} << 20;
Result<std::string> read_all(ByteSource& source, std::size_t limit = kDefaultReadLimit);

}  // namespace kifu
