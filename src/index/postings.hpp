#pragma once
// The postings of the index: for each position key, the games that reach it, at which ply,
// the move played next and (Go) the symmetry onto the canonical board. A game's outcome is
// not repeated here: it is one per game, in the games table. They are kept in "chunks" (one
// a flush of the indexer, or the output of a compaction), each cut into rows by the key's
// top bits so a query reads one row of a few kilobytes per chunk:
//
//   row   := group*                                    (sorted by key)
//   group := (high_delta << 1 | 1):varint  [low:4]  entry                  (one entry)
//          | (high_delta << 1):varint  low:4  n:varint  bytes:varint  games:varint  entry{n}
//   entry := game_delta:varint  place:varint  move:varint
//
// A key is split into its high and low 32 bits; high_delta is from the previous group's
// high half (the row's first group: from 0), low is little-endian. Most positions are
// reached in one game only, and their group keeps no low half in a compacted chunk (the
// index's final form; `[low:4]` is there in the chunks a run writes before compacting):
// such a group is a candidate for any key with its high half, and a query checks it by
// replaying its game to the ply (replay.hpp). One game in 2^32 positions of a row shares a
// high half by chance, so the check costs a replay per answer, and a key costs about 2 bytes
// instead of 7.
//
// A group's entries are sorted by game then ply; game_delta is from the previous entry of
// the group (the first: from 0). For Go, place is ply << 4 | symmetry; for the others the
// ply. move is the next move + 1 (0: the game ends there). `bytes` is the length of the
// entries, so a reader skips a group whole.

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
    std::uint32_t code;  // (next move + 1) << 4 | symmetry; next move 0: none (the game ends)
    bool operator<(const Posting& o) const noexcept {
        return key != o.key ? key < o.key : game != o.game ? game < o.game : ply < o.ply;
    }
};

constexpr std::uint32_t posting_code(std::uint32_t next_move_plus_one, unsigned symmetry) noexcept {
    return next_move_plus_one << 4 | (symmetry & 15);
}
constexpr std::uint32_t next_move_of(std::uint32_t code) noexcept {
    return code >> 4;  // + 1; 0: none
}
constexpr std::uint8_t symmetry_of(std::uint32_t code) noexcept {
    return static_cast<std::uint8_t>(code & 15);
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

// How a chunk's rows are written: `go` places keep the symmetry; `whole_keys` keeps the low
// half of every key (a run's chunks before compaction), else only of keys of several entries.
struct RowFormat {
    bool go = false;
    bool whole_keys = false;
};

// Appends a group for `key` (entries sorted by game, ply: Entry or Posting, anything with
// game, ply and code) to a row whose last group's key was `previous_key` (ignored for the
// row's first group). A group of several entries must have its whole key.
template <class E>
void append_group(std::string& row, std::uint64_t previous_key, std::uint64_t key, std::span<const E> entries,
                  RowFormat format) {
    const bool single = entries.size() == 1;
    const std::uint64_t high = key >> 32, previous_high = row.empty() ? 0 : previous_key >> 32;
    put_varint(row, (high - previous_high) << 1 | (single ? 1 : 0));
    if (!single || format.whole_keys) {
        const auto low = static_cast<std::uint32_t>(key);
        const char bytes[4] = {static_cast<char>(low), static_cast<char>(low >> 8),
                               static_cast<char>(low >> 16), static_cast<char>(low >> 24)};
        row.append(bytes, 4);
    }
    const auto put_entry = [&format](std::string& out, std::uint32_t game_delta, const E& e) {
        put_varint(out, game_delta);
        put_varint(out, format.go ? std::uint64_t{e.ply} << 4 | symmetry_of(e.code) : e.ply);
        put_varint(out, next_move_of(e.code));
    };
    if (single) {
        put_entry(row, entries[0].game, entries[0]);
        return;
    }
    put_varint(row, entries.size());
    thread_local std::string body;  // reused: no allocation a group
    body.clear();
    std::uint32_t previous = 0;
    std::uint64_t games = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const E& e = entries[i];
        games += i == 0 || e.game != previous;
        put_entry(body, e.game - previous, e);
        previous = e.game;
    }
    put_varint(row, body.size());
    put_varint(row, games);
    row += body;
}

// Walks the groups of a row; the row must outlive the cursor.
class RowCursor {
  public:
    RowCursor(std::string_view row, RowFormat format) : row_(row), format_(format) {}
    // The next group; false at the end (or on damage, which ends the row).
    bool next();
    std::uint64_t high() const noexcept { return key_ >> 32; }
    // Whether the group has its whole key; else key() has the high half and zeros.
    bool whole_key() const noexcept { return whole_; }
    std::uint64_t key() const noexcept { return key_; }
    std::uint64_t entry_count() const noexcept { return entries_; }
    std::uint64_t game_count() const noexcept { return games_; }
    // The group's entries (call once, after next()).
    bool entries(std::vector<Entry>& out) const;

  private:
    std::string_view row_;
    RowFormat format_;
    std::size_t at_ = 0;
    std::size_t body_ = 0, body_end_ = 0;
    std::uint64_t key_ = 0, entries_ = 0, games_ = 0;
    bool whole_ = false;
};

// How many top bits of the key pick a row, for a chunk of about `bytes` bytes: rows of
// about 4 KiB (at most 32: a row holds whole high halves). A row's id in the postings
// table is chunk << 32 | bucket.
unsigned bucket_bits_for(std::uint64_t bytes) noexcept;
inline std::int64_t row_id(std::int64_t chunk, std::uint64_t bucket) noexcept {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(chunk) << 32 | bucket);
}
inline std::uint64_t bucket_of(std::uint64_t key, unsigned bits) noexcept {
    return bits == 0 ? 0 : key >> (64 - bits);
}

}  // namespace kifu::index::detail
