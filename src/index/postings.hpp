#pragma once
// The postings of the index: for each position key, the games that reach it, at which ply,
// the move played next and the game's outcome. They are kept in "chunks" (one a flush of
// the indexer, or the output of a merge), each cut into rows by the key's top bits so a
// query reads one row of a few kilobytes per chunk:
//
//   row   := group*                          (groups sorted by key)
//   group := key_delta:varint  1:varint  entry          (a key of one game: most of them)
//          | key_delta:varint  n:varint  bytes:varint  games:varint  entry{n}
//   entry := game_delta:varint  ply:varint  code:varint
//
// key_delta is from the previous group's key in the row (the first: from 0). A group's
// entries are sorted by game then ply; game_delta is from the previous entry of the group
// (the first: from 0). `code` packs the next move, the symmetry and the outcome
// (Posting::code). `bytes` is the length of the entries, so a reader skips a group whole.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kifu::index::detail {

// No default values: buffers of millions of them are made without being cleared first.
struct Posting {
    std::uint64_t key;
    std::uint32_t game;
    std::uint32_t ply;
    std::uint32_t code;  // (next move + 1) << 6 | symmetry << 2 | outcome; next move 0: none
    bool operator<(const Posting& o) const noexcept {
        return key != o.key ? key < o.key : game != o.game ? game < o.game : ply < o.ply;
    }
};

constexpr std::uint32_t posting_code(std::uint32_t next_move_plus_one, unsigned symmetry,
                                     unsigned outcome) noexcept {
    return next_move_plus_one << 6 | (symmetry & 15) << 2 | (outcome & 3);
}

inline void put_varint(std::string& out, std::uint64_t v) {
    char bytes[10];  // appended at once: one capacity check, not one a byte
    int n = 0;
    while (v >= 0x80) {
        bytes[n++] = static_cast<char>((v & 0x7F) | 0x80);
        v >>= 7;
    }
    bytes[n++] = static_cast<char>(v);
    out.append(bytes, static_cast<std::size_t>(n));
}
// Reads a varint at `at`, advancing it; false past the end or on a malformed one.
bool get_varint(std::string_view in, std::size_t& at, std::uint64_t& v) noexcept;

// One key's entries as stored in a group.
struct Entry {
    std::uint32_t game = 0, ply = 0, code = 0;
};

// Appends a group for `key` (entries sorted by game, ply: Entry or Posting, anything with
// game, ply and code) to a row whose last group's key was `previous_key` (0 for a new row).
template <class E>
void append_group(std::string& row, std::uint64_t previous_key, std::uint64_t key,
                  std::span<const E> entries) {
    put_varint(row, key - previous_key);
    put_varint(row, entries.size());
    if (entries.size() == 1) {
        put_varint(row, entries[0].game);
        put_varint(row, entries[0].ply);
        put_varint(row, entries[0].code);
        return;
    }
    thread_local std::string body;  // reused: no allocation a group
    body.clear();
    std::uint32_t previous = 0;
    std::uint64_t games = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const E& e = entries[i];
        games += i == 0 || e.game != previous;
        put_varint(body, e.game - previous);
        put_varint(body, e.ply);
        put_varint(body, e.code);
        previous = e.game;
    }
    put_varint(row, body.size());
    put_varint(row, games);
    row += body;
}

// Walks the groups of a row; the row must outlive the cursor.
class RowCursor {
  public:
    explicit RowCursor(std::string_view row) : row_(row) {}
    // The next group's key, entry count and distinct games; false at the end (or on
    // damage, which ends the row).
    bool next();
    std::uint64_t key() const noexcept { return key_; }
    std::uint64_t entry_count() const noexcept { return entries_; }
    std::uint64_t game_count() const noexcept { return games_; }
    // The group's entries (call once, after next()).
    bool entries(std::vector<Entry>& out) const;

  private:
    std::string_view row_;
    std::size_t at_ = 0;
    std::size_t body_ = 0, body_end_ = 0;
    std::uint64_t key_ = 0, entries_ = 0, games_ = 0;
};

// How many top bits of the key pick a row, for a chunk of about `bytes` bytes: rows of
// about 4 KiB (at most 32 bits). A row's id in the postings table is chunk << 32 | bucket.
unsigned bucket_bits_for(std::uint64_t bytes) noexcept;
inline std::int64_t row_id(std::int64_t chunk, std::uint64_t bucket) noexcept {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(chunk) << 32 | bucket);
}
inline std::uint64_t bucket_of(std::uint64_t key, unsigned bits) noexcept {
    return bits == 0 ? 0 : key >> (64 - bits);
}

}  // namespace kifu::index::detail
