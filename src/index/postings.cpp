#include "postings.hpp"

#include <algorithm>
#include <bit>

namespace kifu::index::detail {

bool get_varint(std::string_view in, std::size_t& at, std::uint64_t& v) noexcept {
    v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (at >= in.size()) return false;
        const auto byte = static_cast<unsigned char>(in[at++]);
        v |= std::uint64_t(byte & 0x7F) << shift;
        if (byte < 0x80) return true;
    }
    return false;
}

bool RowCursor::next() {
    std::uint64_t delta = 0;
    if (at_ >= row_.size() || !get_varint(row_, at_, delta) || !get_varint(row_, at_, entries_) ||
        entries_ == 0) {
        at_ = row_.size();
        return false;
    }
    key_ += delta;
    if (entries_ == 1) {
        games_ = 1;
        body_ = at_;
        std::uint64_t v = 0;
        for (int i = 0; i < 3; ++i)
            if (!get_varint(row_, at_, v)) {
                at_ = row_.size();
                return false;
            }
        body_end_ = at_;
        return true;
    }
    std::uint64_t bytes = 0;
    // Every entry takes at least 3 bytes: a count beyond that is damage (never trusted for
    // a reservation).
    if (!get_varint(row_, at_, bytes) || !get_varint(row_, at_, games_) || bytes > row_.size() - at_ ||
        entries_ > bytes / 3 || games_ > entries_) {
        at_ = row_.size();
        return false;
    }
    body_ = at_;
    body_end_ = at_ + bytes;
    at_ = body_end_;
    return true;
}

bool RowCursor::entries(std::vector<Entry>& out) const {
    const std::string_view body = row_.substr(body_, body_end_ - body_);
    std::size_t at = 0;
    std::uint64_t game = 0;
    out.reserve(out.size() + entries_);
    for (std::uint64_t i = 0; i < entries_; ++i) {
        std::uint64_t delta = 0, ply = 0, code = 0;
        if (!get_varint(body, at, delta) || !get_varint(body, at, ply) || !get_varint(body, at, code))
            return false;
        game += delta;
        out.push_back({static_cast<std::uint32_t>(game), static_cast<std::uint32_t>(ply),
                       static_cast<std::uint32_t>(code)});
    }
    return true;
}

unsigned bucket_bits_for(std::uint64_t bytes) noexcept {
    const std::uint64_t rows = bytes / 4096;
    return rows <= 1 ? 0 : std::min(32u, static_cast<unsigned>(std::bit_width(rows - 1)));
}

}  // namespace kifu::index::detail
