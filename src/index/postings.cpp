#include "postings.hpp"

#include "move_tally.hpp"

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
    const auto fail = [this] {
        at_ = row_.size();
        return false;
    };
    std::uint64_t header = 0;
    const bool first = at_ == 0;
    if (at_ >= row_.size() || !get_varint(row_, at_, header)) return fail();
    const std::uint64_t high = (first ? 0 : key_ >> 32) + (header >> 1);
    if (high >> 32) return fail();
    const bool single = header & 1;
    whole_ = !single || format_.whole_keys;
    std::uint64_t low = 0;
    if (whole_) {
        if (row_.size() - at_ < 4) return fail();
        for (int i = 0; i < 4; ++i)
            low |= std::uint64_t{static_cast<unsigned char>(row_[at_ + i])} << (8 * i);
        at_ += 4;
    }
    key_ = high << 32 | low;
    if (single) {
        entries_ = games_ = 1;
        body_ = at_;
        std::uint64_t v = 0;
        for (int i = whole_ ? 0 : 1; i < 3; ++i)
            if (!get_varint(row_, at_, v)) return fail();
        body_end_ = at_;
        return true;
    }
    std::uint64_t bytes = 0;
    // Every entry takes at least 3 bytes: a count beyond that is damage (never trusted for
    // a reservation).
    // A group of one entry is always written as such: a count below 2 here is damage.
    if (!get_varint(row_, at_, entries_) || entries_ < 2 || !get_varint(row_, at_, bytes) ||
        !get_varint(row_, at_, games_) || bytes > row_.size() - at_ || entries_ > bytes / 3 ||
        games_ > entries_)
        return fail();
    body_ = at_;
    body_end_ = at_ + bytes;
    at_ = body_end_;
    return true;
}

bool RowCursor::entries(std::vector<Entry>& out) const {
    const std::string_view body = row_.substr(body_, body_end_ - body_);
    std::size_t at = 0;
    std::uint64_t game = 0;
    if (!whole_) {  // game and ply; the rest comes from replaying the game
        std::uint64_t ply = 0;
        if (!get_varint(body, at, game) || !get_varint(body, at, ply) || game > UINT32_MAX ||
            ply > UINT32_MAX)
            return false;
        out.push_back({static_cast<std::uint32_t>(game), static_cast<std::uint32_t>(ply), 0});
        return true;
    }
    out.reserve(out.size() + entries_);
    for (std::uint64_t i = 0; i < entries_; ++i) {
        std::uint64_t delta = 0, place = 0, move = 0;
        if (!get_varint(body, at, delta) || !get_varint(body, at, place) || !get_varint(body, at, move))
            return false;
        game += delta;
        const std::uint64_t ply = format_.go ? place >> 4 : place;
        const unsigned symmetry = format_.go ? static_cast<unsigned>(place & 15) : 0;
        out.push_back({static_cast<std::uint32_t>(game), static_cast<std::uint32_t>(ply),
                       posting_code(static_cast<std::uint32_t>(move), symmetry)});
    }
    return true;
}

unsigned bucket_bits_for(std::uint64_t bytes) noexcept {
    const std::uint64_t rows = bytes / 4096;
    return rows <= 1 ? 0 : std::min(32u, static_cast<unsigned>(std::bit_width(rows - 1)));
}

std::string encode_examples(std::span<const Entry> examples) {
    std::string out;
    for (const Entry& e : examples) {
        put_varint(out, e.game);
        put_varint(out, e.ply);
        put_varint(out, e.code);
    }
    return out;
}

bool decode_examples(std::string_view bytes, std::vector<Entry>& out) {
    std::size_t at = 0;
    while (at < bytes.size() && out.size() < kTallyExamples) {
        std::uint64_t game = 0, ply = 0, code = 0;
        if (!get_varint(bytes, at, game) || !get_varint(bytes, at, ply) || !get_varint(bytes, at, code))
            return false;
        out.push_back({static_cast<std::uint32_t>(game), static_cast<std::uint32_t>(ply),
                       static_cast<std::uint32_t>(code)});
    }
    return at == bytes.size();
}

}  // namespace kifu::index::detail
