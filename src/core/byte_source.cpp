#include "kifu/core/byte_source.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include <bzlib.h>
#include <fmt/format.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

namespace kifu {
namespace {

Error io_error(std::string message) {
    return Error{ErrorCode::io_error, std::move(message)};
}

// Raw bytes: a FILE* (owned unless it is stdin) or a piece of memory.
class RawSource : public ByteSource {
  public:
    RawSource(std::FILE* file, bool owned) : file_(file), owned_(owned) {}
    explicit RawSource(std::string_view memory) : memory_(memory) {}
    ~RawSource() override {
        if (owned_) std::fclose(file_);
    }
    Result<std::size_t> read(char* buffer, std::size_t size) override {
        if (!file_) {
            const std::size_t n = std::min(size, memory_.size());
            std::memcpy(buffer, memory_.data(), n);
            memory_.remove_prefix(n);
            return n;
        }
        const std::size_t n = std::fread(buffer, 1, size, file_);
        if (n == 0 && std::ferror(file_))
            return io_error(fmt::format("cannot read: {}", std::strerror(errno)));
        return n;
    }

  private:
    std::FILE* file_ = nullptr;
    bool owned_ = false;
    std::string_view memory_;
};

// Decompresses what an inner source gives; `Codec` does one step on a window of input.
class DecompressingSource : public ByteSource {
  public:
    explicit DecompressingSource(std::unique_ptr<ByteSource> inner, std::string prefix)
        : inner_(std::move(inner)), input_(std::move(prefix)) {}

  protected:
    // Makes input available: false at the end of the inner source.
    Result<bool> fill() {
        if (consumed_ < input_.size()) return true;
        input_.resize(1 << 16);
        consumed_ = 0;
        auto n = inner_->read(input_.data(), input_.size());
        if (!n) return n.error();
        input_.resize(*n);
        return *n > 0;
    }
    std::unique_ptr<ByteSource> inner_;
    std::string input_;
    std::size_t consumed_ = 0;
    std::size_t total_in_ = 0;
};

class GzipSource : public DecompressingSource {
  public:
    using DecompressingSource::DecompressingSource;
    ~GzipSource() override { inflateEnd(&stream_); }
    Result<std::size_t> read(char* buffer, std::size_t size) override {
        if (!initialized_) {
            if (inflateInit2(&stream_, 15 + 32) != Z_OK) return io_error("gzip: cannot start zlib");
            initialized_ = true;
        }
        std::size_t produced = 0;
        while (produced == 0 && !finished_) {
            auto more = fill();
            if (!more) return more.error();
            if (!*more) {
                if (in_member_) return truncated();
                finished_ = true;
                break;
            }
            stream_.next_in = reinterpret_cast<Bytef*>(input_.data() + consumed_);
            stream_.avail_in = static_cast<uInt>(input_.size() - consumed_);
            stream_.next_out = reinterpret_cast<Bytef*>(buffer);
            stream_.avail_out = static_cast<uInt>(std::min<std::size_t>(size, 1u << 30));
            const int rc = inflate(&stream_, Z_NO_FLUSH);
            consumed_ = input_.size() - stream_.avail_in;
            produced = std::min<std::size_t>(size, 1u << 30) - stream_.avail_out;
            in_member_ = true;
            if (rc == Z_STREAM_END) {
                in_member_ = false;
                inflateReset(&stream_);  // a further gzip member may follow
            } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
                return Error{
                    ErrorCode::invalid_encoding,
                    {stream_.total_in, 0, 0},
                    fmt::format("gzip: corrupt data ({})", stream_.msg ? stream_.msg : "inflate failed")};
            }
        }
        return produced;
    }

  private:
    Error truncated() const {
        return Error{
            ErrorCode::unexpected_end, {stream_.total_in, 0, 0}, "gzip: the compressed data ends early"};
    }
    z_stream stream_{};
    bool initialized_ = false;
    bool in_member_ = false;
    bool finished_ = false;
};

class ZstdSource : public DecompressingSource {
  public:
    using DecompressingSource::DecompressingSource;
    ~ZstdSource() override { ZSTD_freeDStream(stream_); }
    Result<std::size_t> read(char* buffer, std::size_t size) override {
        if (!stream_) stream_ = ZSTD_createDStream();
        std::size_t produced = 0;
        while (produced == 0) {
            auto more = fill();
            if (!more) return more.error();
            if (!*more) {
                if (in_frame_)
                    return Error{
                        ErrorCode::unexpected_end, {total_in_, 0, 0}, "zstd: the compressed data ends early"};
                break;
            }
            ZSTD_inBuffer in{input_.data() + consumed_, input_.size() - consumed_, 0};
            ZSTD_outBuffer out{buffer, size, 0};
            const std::size_t rc = ZSTD_decompressStream(stream_, &out, &in);
            consumed_ += in.pos;
            total_in_ += in.pos;
            if (ZSTD_isError(rc))
                return Error{ErrorCode::invalid_encoding,
                             {total_in_, 0, 0},
                             fmt::format("zstd: corrupt data ({})", ZSTD_getErrorName(rc))};
            in_frame_ = rc != 0;
            produced = out.pos;
        }
        return produced;
    }

  private:
    ZSTD_DStream* stream_ = nullptr;
    bool in_frame_ = false;
};

class Bzip2Source : public DecompressingSource {
  public:
    using DecompressingSource::DecompressingSource;
    ~Bzip2Source() override {
        if (initialized_) BZ2_bzDecompressEnd(&stream_);
    }
    Result<std::size_t> read(char* buffer, std::size_t size) override {
        std::size_t produced = 0;
        while (produced == 0) {
            if (!initialized_) {
                if (BZ2_bzDecompressInit(&stream_, 0, 0) != BZ_OK)
                    return io_error("bzip2: cannot start libbz2");
                initialized_ = true;
            }
            auto more = fill();
            if (!more) return more.error();
            if (!*more) {
                if (in_stream_)
                    return Error{ErrorCode::unexpected_end,
                                 {total_in_, 0, 0},
                                 "bzip2: the compressed data ends early"};
                break;
            }
            stream_.next_in = input_.data() + consumed_;
            stream_.avail_in = static_cast<unsigned>(input_.size() - consumed_);
            stream_.next_out = buffer;
            stream_.avail_out = static_cast<unsigned>(std::min<std::size_t>(size, 1u << 30));
            const int rc = BZ2_bzDecompress(&stream_);
            const std::size_t used = input_.size() - consumed_ - stream_.avail_in;
            consumed_ += used;
            total_in_ += used;
            produced = std::min<std::size_t>(size, 1u << 30) - stream_.avail_out;
            in_stream_ = true;
            if (rc == BZ_STREAM_END) {
                // Concatenated streams (pbzip2 writes them) go on.
                BZ2_bzDecompressEnd(&stream_);
                initialized_ = false;
                in_stream_ = false;
            } else if (rc != BZ_OK) {
                return Error{ErrorCode::invalid_encoding,
                             {total_in_, 0, 0},
                             fmt::format("bzip2: corrupt data (error {})", rc)};
            }
        }
        return produced;
    }

  private:
    bz_stream stream_{};
    bool initialized_ = false;
    bool in_stream_ = false;
};

class XzSource : public DecompressingSource {
  public:
    using DecompressingSource::DecompressingSource;
    ~XzSource() override { lzma_end(&stream_); }
    Result<std::size_t> read(char* buffer, std::size_t size) override {
        if (!initialized_) {
            // Memory bounded at 256 MiB (what the largest presets need is 674 MiB: refused
            // with a message rather than allowed to grow), concatenated streams read.
            if (lzma_stream_decoder(&stream_, std::uint64_t{256} << 20, LZMA_CONCATENATED) != LZMA_OK)
                return io_error("xz: cannot start liblzma");
            initialized_ = true;
        }
        std::size_t produced = 0;
        while (produced == 0 && !finished_) {
            auto more = fill();
            if (!more) return more.error();
            stream_.next_in = reinterpret_cast<const std::uint8_t*>(input_.data() + consumed_);
            stream_.avail_in = input_.size() - consumed_;
            stream_.next_out = reinterpret_cast<std::uint8_t*>(buffer);
            stream_.avail_out = size;
            const lzma_ret rc = lzma_code(&stream_, *more ? LZMA_RUN : LZMA_FINISH);
            const std::size_t used = input_.size() - consumed_ - stream_.avail_in;
            consumed_ += used;
            total_in_ += used;
            produced = size - stream_.avail_out;
            if (rc == LZMA_STREAM_END) {
                finished_ = true;
            } else if (rc == LZMA_BUF_ERROR && !*more) {
                return Error{
                    ErrorCode::unexpected_end, {total_in_, 0, 0}, "xz: the compressed data ends early"};
            } else if (rc == LZMA_MEMLIMIT_ERROR) {
                return Error{ErrorCode::out_of_range,
                             {total_in_, 0, 0},
                             "xz: the data needs more than 256 MiB to decompress"};
            } else if (rc != LZMA_OK) {
                return Error{ErrorCode::invalid_encoding,
                             {total_in_, 0, 0},
                             fmt::format("xz: corrupt data (error {})", static_cast<int>(rc))};
            }
        }
        return produced;
    }

  private:
    lzma_stream stream_ = LZMA_STREAM_INIT;
    bool initialized_ = false;
    bool finished_ = false;
};

// Looks at the first bytes and wraps the source in a decompressor when they say so.
Result<std::unique_ptr<ByteSource>> sniff(std::unique_ptr<ByteSource> raw) {
    std::string head(6, '\0');
    std::size_t have = 0;
    while (have < head.size()) {
        auto n = raw->read(head.data() + have, head.size() - have);
        if (!n) return n.error();
        if (*n == 0) break;
        have += *n;
    }
    head.resize(have);
    const auto starts = [&](std::string_view magic) {
        return std::string_view(head).substr(0, magic.size()) == magic;
    };
    if (starts("\x1f\x8b")) return std::unique_ptr<ByteSource>(new GzipSource(std::move(raw), head));
    if (starts("\x28\xb5\x2f\xfd")) return std::unique_ptr<ByteSource>(new ZstdSource(std::move(raw), head));
    if (starts(std::string_view("\xfd"
                                "7zXZ\0",
                                6)))
        return std::unique_ptr<ByteSource>(new XzSource(std::move(raw), head));
    // "BZh", the block size 1-9, then the magic of a block (pi) or of the end (sqrt pi).
    if (starts("BZh") && head.size() >= 5 && head[3] >= '1' && head[3] <= '9' &&
        (head[4] == '\x31' || head[4] == '\x17'))
        return std::unique_ptr<ByteSource>(new Bzip2Source(std::move(raw), head));

    // Plain bytes: give back the sniffed ones first.
    return std::unique_ptr<ByteSource>(new PrefixedSource(std::move(head), std::move(raw)));
}

}  // namespace

Result<std::size_t> PrefixedSource::read(char* buffer, std::size_t size) {
    if (at_ < prefix_.size()) {
        const std::size_t n = std::min(size, prefix_.size() - at_);
        std::memcpy(buffer, prefix_.data() + at_, n);
        at_ += n;
        return n;
    }
    return rest_ ? rest_->read(buffer, size) : Result<std::size_t>(std::size_t{0});
}

Result<std::unique_ptr<ByteSource>> open_byte_source(const std::string& path) {
    if (path == "-") return sniff(std::make_unique<RawSource>(stdin, false));
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode))
        return io_error("cannot read: it is a directory, not a file");
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) return io_error(fmt::format("cannot open: {}", std::strerror(errno)));
    return sniff(std::make_unique<RawSource>(file, true));
}

std::unique_ptr<ByteSource> memory_byte_source(std::string_view text) {
    auto sniffed = sniff(std::make_unique<RawSource>(text));
    return std::move(*sniffed);  // reading memory cannot fail
}

Result<std::string> read_all(ByteSource& source, std::size_t limit) {
    const auto too_large = [limit] {
        return Error{
            ErrorCode::out_of_range,
            fmt::format("the input is larger than the limit of {} MiB for this format", limit >> 20)};
    };
    // Read a block at a time and appended, the string's room doubling (reserved, so untouched
    // until written) up to the limit and no further: an input costs what it holds, and an
    // input at the limit the limit, not twice it.
    std::string out;
    std::array<char, 1 << 16> block;
    for (;;) {
        // Up to one byte past the limit: that byte says the input is over it.
        const std::size_t room = limit - out.size();
        auto n = source.read(block.data(), room < block.size() ? room + 1 : block.size());
        if (!n) return n.error();
        if (*n == 0) break;
        if (out.size() + *n > limit) return too_large();
        if (out.capacity() < out.size() + *n)
            out.reserve(
                std::min(limit, std::max({std::size_t{1} << 16, out.capacity() * 2, out.size() + *n})));
        out.append(block.data(), *n);
    }
    return out;
}

}  // namespace kifu
