#pragma once
// Inside the index: the connection, the writer that adds games and their postings in one
// transaction, chunks and their compaction.

#include <array>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "entries.hpp"
#include "kifu/index/index.hpp"
#include "move_tally.hpp"
#include "postings.hpp"
#include "sqlite.hpp"

namespace kifu::index {

struct Database::Impl {
    sqlite3* db = nullptr;
    std::string path;
    ~Impl();
};

// A database's SQLite handle, for the queries of src/index/ (pattern and material scans).
struct DatabaseAccess {
    static Database::Impl& impl(Database& d) noexcept { return *d.impl_; }
};

namespace detail {

Result<std::unique_ptr<Database::Impl>> open_impl(const std::string& path, bool create);
// SQLite's integrity check and the index's tables: each problem found, none when whole.
Result<std::vector<std::string>> check_index(sqlite3* db);
Result<IndexReport> add_inputs(Database::Impl& impl, std::span<const std::string> paths,
                               const IndexOptions& options);

// What the moves table counts of each game, by id (index 0 unused).
using TallyGames = std::vector<TallyGame>;
// A game's tallied facts from the games table's columns outcome, ratings and year, the first
// of them at `column`.
inline TallyGame stored_tally_game(Statement& row, int column) {
    return {static_cast<Outcome>(row.integer(column) & 3), unpacked_ratings(row.integer(column + 1)),
            static_cast<std::uint16_t>(row.integer(column + 2))};
}

// Writes one chunk: groups in key order, cut into rows by the key's top bits, and the
// move tallies of its popular keys (move_tally.hpp).
class ChunkBuilder {
  public:
    // `whole_keys`: a run's chunk before compaction (postings.hpp).
    ChunkBuilder(sqlite3* db, formats::Game game, std::uint64_t estimated_bytes, const TallyGames& games,
                 bool whole_keys);
    template <class E>
    Result<void> add(std::uint64_t key, std::span<const E> entries) {
        if (!started_)
            if (Result<void> r = start(); !r) return r;
        const std::uint64_t bucket = bucket_of(key, bits_);
        if (bucket != bucket_ && !row_.empty())
            if (Result<void> r = write_row(); !r) return r;
        bucket_ = bucket;
        row_.end_at(write_group(row_.room(group_bound(entries.size())), row_.empty(), last_key_, key, entries,
                                format_));
        last_key_ = key;
        postings_ += entries.size();
        if (entries.size() >= kTallyGames && distinct_games(entries) >= kTallyGames)
            return write_tallies(key, entries);
        return {};
    }
    Result<void> finish();

  private:
    Result<void> start();
    Result<void> write_row();
    template <class E>
    Result<void> write_tallies(std::uint64_t key, std::span<const E> entries) {
        tallies_.clear();
        const auto game_of_id = [this](std::uint32_t game) {
            return game < games_.size() ? games_[game] : TallyGame{};
        };
        if (!tally_moves(entries, game_of_id, false, tallies_)) return {};
        return write_tallies(key);
    }
    Result<void> write_tallies(std::uint64_t key);
    sqlite3* db_;
    formats::Game game_;
    RowFormat format_;
    unsigned bits_;
    const TallyGames& games_;
    std::vector<MoveTally> tallies_;
    std::int64_t id_ = 0;
    Statement insert_, insert_tally_;
    RowBuffer row_;
    std::uint64_t bucket_ = 0, bytes_ = 0, postings_ = 0, last_key_ = 0;
    bool started_ = false;
};

// Merges a game's chunks into one (keys in order, entries in chunk order = game order),
// saying so through `say` when there is more than one.
Result<void> compact(sqlite3* db, formats::Game game, const TallyGames& games,
                     const std::function<void(std::string)>& say);

// Adds games in one transaction: copies found by hash, postings buffered and written as
// chunks, compacted at commit. Without commit() the transaction is rolled back.
class Writer {
  public:
    Writer(sqlite3* db, std::size_t max_postings) : db_(db), max_postings_(max_postings) {}
    ~Writer();
    Result<void> begin();
    // The game's new id, or 0 when it is not added (broken, known, a duplicate).
    Result<std::uint32_t> add(GameEntry& entry, IndexReport& report);
    // Postings of games already added (merge), their ids final.
    Result<void> add_postings(formats::Game game, std::span<const Posting> postings);
    // Says each stage of commit() (writing, compacting) through `progress`, if set.
    Result<void> commit(const std::function<void(const Progress&)>& progress = {});

  private:
    // `last`: the run's final flush (its chunk is final when the game has no other).
    Result<void> flush(bool last);
    Result<std::uint32_t> file_id(const std::string& path);
    Result<std::uint32_t> find_file_id(const std::string& path);
    std::string last_file_;
    std::uint32_t last_file_id_ = 0;
    sqlite3* db_;
    std::size_t max_postings_;
    std::unordered_map<std::uint64_t, std::uint32_t> known_;  // hash -> id
    std::unordered_map<std::string, std::uint32_t> files_;    // every file of the index, by path
    std::unordered_map<std::string, std::uint32_t> folders_;
    TallyGames games_;
    std::uint32_t next_id_ = 1;
    std::array<std::vector<Posting>, 5> buffers_;  // by formats::Game
    std::size_t pending_ = 0;
    Statement insert_game_, same_place_, duplicate_known_, insert_duplicate_, game_place_;
    bool committed_ = false;
};

}  // namespace detail
}  // namespace kifu::index
