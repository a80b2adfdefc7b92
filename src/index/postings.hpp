#pragma once
// The postings of the index: for each position key, the games that reach it, at which ply,
// the move played next and (Go) the symmetry onto the canonical board. A game's outcome is
// not repeated here: it is one per game, in the games table. They are kept in "chunks" (one
// a flush of the indexer, or the output of a compaction), each cut into rows by the key's
// top bits so a query reads one row of a few kilobytes per chunk:
//
//   row   := group*                                    (sorted by key)
//   group := (high_delta << 1 | 1):varint  game:varint  ply:varint         (one entry, high half)
//          | (high_delta << 1 | 1):varint  low:4  entry                    (one entry, whole key)
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
// instead of 7. The replay gives the next move and the symmetry too, so such a group keeps
// only the game and the ply: its entry reads with code 0 until replayed.
//
// A group's entries are sorted by game then ply; game_delta is from the previous entry of
// the group (the first: from 0). For Go, place is ply << 4 | symmetry; for the others the
// ply. move is the next move + 1 (0: the game ends there). `bytes` is the length of the
// entries, so a reader skips a group whole.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kifu::index::detail {

constexpr std::uint32_t posting_code(std::uint32_t next_move_plus_one, unsigned symmetry) noexcept {
    return next_move_plus_one << 4 | (symmetry & 15);
}
constexpr std::uint32_t next_move_of(std::uint32_t code) noexcept {
    return code >> 4;  // + 1; 0: none
}
constexpr std::uint8_t symmetry_of(std::uint32_t code) noexcept {
    return static_cast<std::uint8_t>(code & 15);
}

// Writes a varint at `out` (room for 10 bytes), returning its end.
inline char* write_varint(char* out, std::uint64_t v) noexcept {
    while (v >= 0x80) {
        *out++ = static_cast<char>((v & 0x7F) | 0x80);
        v >>= 7;
    }
    *out++ = static_cast<char>(v);
    return out;
}
constexpr std::size_t varint_size(std::uint64_t v) noexcept {
    std::size_t n = 1;
    for (; v >= 0x80; v >>= 7) ++n;
    return n;
}
inline void put_varint(std::string& out, std::uint64_t v) {
    char bytes[10];  // appended at once: one capacity check, not one a byte
    out.append(bytes, static_cast<std::size_t>(write_varint(bytes, v) - bytes));
}
// Reads a varint at `at`, advancing it; false past the end or on a malformed one.
bool get_varint(std::string_view in, std::size_t& at, std::uint64_t& v) noexcept;

// One key's entries as stored in a group.
struct Entry {
    std::uint32_t game = 0, ply = 0, code = 0;
};

// A posting as the indexer holds it before a chunk is written: 16 bytes, since buffers of
// millions of them are sorted. Games are numbered below 2^28 (the symmetry shares their
// word), plies below 2^16; no game's move word is 0xFFFF (chess's are at most 0xCFFF,
// shogi's 0x7FFF, xiangqi's 0x2CD9, Go's 0x1FFF), so it says "no next move". No default
// values: buffers are made without being cleared first.
class Posting {
  public:
    static constexpr std::uint32_t kMaxGame = (1u << 28) - 1;
    static constexpr std::uint32_t kMaxPly = 0xFFFF;
    Posting() noexcept {}  // NOLINT: uninitialised on purpose
    // `code` as Entry::code; game <= kMaxGame, ply <= kMaxPly.
    Posting(std::uint64_t position_key, std::uint32_t game, std::uint32_t ply, std::uint32_t code) noexcept
        : key(position_key),
          game_symmetry_(game << 4 | (code & 15)),
          ply_(static_cast<std::uint16_t>(ply)),
          next_(static_cast<std::uint16_t>((code >> 4) == 0 ? 0xFFFF : (code >> 4) - 1)) {}
    std::uint64_t key;
    std::uint32_t game() const noexcept { return game_symmetry_ >> 4; }
    std::uint32_t ply() const noexcept { return ply_; }
    std::uint32_t code() const noexcept {
        return next_ == 0xFFFF ? (game_symmetry_ & 15)
                               : (std::uint32_t{next_} + 1) << 4 | (game_symmetry_ & 15);
    }
    void set_game(std::uint32_t game) noexcept { game_symmetry_ = game << 4 | (game_symmetry_ & 15); }

  private:
    std::uint32_t game_symmetry_;
    std::uint16_t ply_, next_;
};
static_assert(sizeof(Posting) == 16);

// The same fields of an Entry or a Posting, for code written once for both.
inline std::uint32_t game_of(const Entry& e) noexcept {
    return e.game;
}
inline std::uint32_t ply_of(const Entry& e) noexcept {
    return e.ply;
}
inline std::uint32_t code_of(const Entry& e) noexcept {
    return e.code;
}
inline std::uint32_t game_of(const Posting& p) noexcept {
    return p.game();
}
inline std::uint32_t ply_of(const Posting& p) noexcept {
    return p.ply();
}
inline std::uint32_t code_of(const Posting& p) noexcept {
    return p.code();
}

// How a chunk's rows are written: `go` places keep the symmetry; `whole_keys` keeps the low
// half of every key (a run's chunks before compaction), else only of keys of several entries.
struct RowFormat {
    bool go = false;
    bool whole_keys = false;
};

// The most bytes a group of `n` entries takes: its header, low half and counts, and 16
// bytes an entry (a 32-bit game delta, a 36-bit place, a 28-bit move).
constexpr std::size_t group_bound(std::size_t n) noexcept {
    return 10 + 4 + 30 + 16 * n;
}

// Writes a group for `key` (entries sorted by game, ply: Entry or Posting, anything with
// game, ply and code) at `out`, which has room for group_bound(entries.size()) bytes, and
// returns its end. `first`: the row's first group; else the row's last group's key was
// `previous_key`. A group of several entries must have its whole key.
template <class E>
char* write_group(char* out, bool first, std::uint64_t previous_key, std::uint64_t key,
                  std::span<const E> entries, RowFormat format) noexcept {
    const bool single = entries.size() == 1;
    const std::uint64_t high = key >> 32, previous_high = first ? 0 : previous_key >> 32;
    out = write_varint(out, (high - previous_high) << 1 | (single ? 1 : 0));
    if (!single || format.whole_keys) {
        const auto low = static_cast<std::uint32_t>(key);
        for (int i = 0; i < 4; ++i) *out++ = static_cast<char>(low >> (8 * i));
    }
    const auto place = [&format](const E& e) {
        return format.go ? std::uint64_t{ply_of(e)} << 4 | symmetry_of(code_of(e)) : std::uint64_t{ply_of(e)};
    };
    if (single && !format.whole_keys) {
        out = write_varint(out, game_of(entries[0]));
        return write_varint(out, ply_of(entries[0]));
    }
    if (single) {
        out = write_varint(out, game_of(entries[0]));
        out = write_varint(out, place(entries[0]));
        return write_varint(out, next_move_of(code_of(entries[0])));
    }
    // The entries' length first: a reader skips a group whole.
    std::uint64_t bytes = 0, games = 0;
    std::uint32_t previous = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const E& e = entries[i];
        const std::uint32_t game = game_of(e);
        games += i == 0 || game != previous;
        bytes += varint_size(game - previous) + varint_size(place(e)) + varint_size(next_move_of(code_of(e)));
        previous = game;
    }
    out = write_varint(out, entries.size());
    out = write_varint(out, bytes);
    out = write_varint(out, games);
    previous = 0;
    for (const E& e : entries) {
        out = write_varint(out, game_of(e) - previous);
        out = write_varint(out, place(e));
        out = write_varint(out, next_move_of(code_of(e)));
        previous = game_of(e);
    }
    return out;
}

// write_group at the end of a row held in a string (tests, fuzzing).
template <class E>
void append_group(std::string& row, std::uint64_t previous_key, std::uint64_t key, std::span<const E> entries,
                  RowFormat format) {
    const std::size_t at = row.size();
    row.resize(at + group_bound(entries.size()));
    char* end = write_group(row.data() + at, at == 0, previous_key, key, entries, format);
    row.resize(static_cast<std::size_t>(end - row.data()));
}

// A row being written: bytes with room made ahead, no clearing.
class RowBuffer {
  public:
    // Room for `n` more bytes at the end; write there, then end_at().
    char* room(std::size_t n) {
        if (size_ + n > capacity_) {
            capacity_ = std::max(capacity_ * 2, size_ + n);
            auto bigger = std::make_unique_for_overwrite<char[]>(capacity_);
            std::copy_n(data_.get(), size_, bigger.get());
            data_ = std::move(bigger);
        }
        return data_.get() + size_;
    }
    void end_at(const char* end) noexcept { size_ = static_cast<std::size_t>(end - data_.get()); }
    std::string_view view() const noexcept { return {data_.get(), size_}; }
    bool empty() const noexcept { return size_ == 0; }
    std::size_t size() const noexcept { return size_; }
    void clear() noexcept { size_ = 0; }

  private:
    std::unique_ptr<char[]> data_;
    std::size_t size_ = 0, capacity_ = 0;
};

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
