// Byte sources: the in-memory source decompresses gzip, zstd, bzip2 and xz (told by their
// first bytes). Any bytes: no crash, hang or unbounded allocation; a bounded read stops
// at its limit with an out_of_range error; reading in small and large chunks gives the
// same bytes.

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "kifu/core/byte_source.hpp"

using namespace kifu;

namespace {

// Everything the source gives, `chunk` bytes a read, or the error.
Result<std::string> drain(std::string_view bytes, std::size_t chunk, std::size_t limit) {
    std::unique_ptr<ByteSource> source = memory_byte_source(bytes);
    std::string out;
    std::string buffer(chunk, '\0');
    for (;;) {
        Result<std::size_t> n = source->read(buffer.data(), buffer.size());
        if (!n) return n.error();
        if (*n == 0) return out;
        if (*n > chunk) std::abort();
        out.append(buffer.data(), *n);
        if (out.size() > limit) return Error{ErrorCode::out_of_range, "over the limit"};
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    constexpr std::size_t kLimit = 16 << 20;  // a decompression bomb stops here
    const Result<std::string> small = drain(bytes, 7, kLimit);
    const Result<std::string> large = drain(bytes, 1 << 16, kLimit);
    if (small.ok() != large.ok()) {
        // Both fail or neither, unless one of them only went over the limit first.
        const bool over = (!small.ok() && small.error().code == ErrorCode::out_of_range) ||
                          (!large.ok() && large.error().code == ErrorCode::out_of_range);
        if (!over) std::abort();
    } else if (small.ok() && *small != *large) {
        std::abort();
    }
    std::unique_ptr<ByteSource> source = memory_byte_source(bytes);
    const Result<std::string> all = read_all(*source, kLimit);
    if (all && all->size() > kLimit + (1 << 16)) std::abort();
    return 0;
}
