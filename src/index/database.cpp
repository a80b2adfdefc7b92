#include <algorithm>
#include <bit>
#include <deque>
#include <filesystem>
#include <memory>
#include <unordered_map>

#include <fmt/format.h>

#include "database_impl.hpp"
#include "entries.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/pgn_batch.hpp"
#include "kifu/core/ordered_pipeline.hpp"
#include "kifu/formats/collection.hpp"
#include "kifu/index/inputs.hpp"
#include "replay.hpp"

namespace kifu::index {
namespace detail {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS folders(id INTEGER PRIMARY KEY, path TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files(id INTEGER PRIMARY KEY, folder INTEGER NOT NULL, name TEXT NOT NULL);
CREATE VIEW IF NOT EXISTS file_paths(id, path) AS
  SELECT f.id, d.path || f.name FROM files f JOIN folders d ON d.id = f.folder;
CREATE TABLE IF NOT EXISTS games(
  id INTEGER PRIMARY KEY, game INTEGER NOT NULL, file INTEGER NOT NULL, number INTEGER NOT NULL,
  offset INTEGER NOT NULL, line INTEGER NOT NULL, hash INTEGER NOT NULL,
  first TEXT NOT NULL, second TEXT NOT NULL, date TEXT NOT NULL, event TEXT NOT NULL,
  result TEXT NOT NULL, outcome INTEGER NOT NULL, plies INTEGER NOT NULL,
  start TEXT NOT NULL, moves BLOB NOT NULL, tags TEXT NOT NULL, prefilter BLOB NOT NULL,
  ratings INTEGER NOT NULL, year INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS duplicates(file INTEGER NOT NULL, number INTEGER NOT NULL, game INTEGER NOT NULL,
  PRIMARY KEY(file, number)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chunks(id INTEGER PRIMARY KEY, game INTEGER NOT NULL, bits INTEGER NOT NULL,
  whole_keys INTEGER NOT NULL, bytes INTEGER NOT NULL, postings INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS postings(id INTEGER PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS moves(chunk INTEGER NOT NULL, key INTEGER NOT NULL, move INTEGER NOT NULL,
  swapped INTEGER NOT NULL, games INTEGER NOT NULL, first INTEGER NOT NULL, draws INTEGER NOT NULL,
  second INTEGER NOT NULL, unknown INTEGER NOT NULL, examples BLOB NOT NULL,
  first_rated INTEGER NOT NULL, first_ratings INTEGER NOT NULL, second_rated INTEGER NOT NULL,
  second_ratings INTEGER NOT NULL, first_year INTEGER NOT NULL, last_year INTEGER NOT NULL,
  PRIMARY KEY(chunk, key, move, swapped)) WITHOUT ROWID;
INSERT OR IGNORE INTO meta VALUES('format', 'kifu-index 5');
)sql";

constexpr std::string_view kFormat = "kifu-index 5";
// What kSchema makes: an index without one of them is damaged.
constexpr std::string_view kTables[] = {"meta",       "folders", "files",    "file_paths", "games",
                                        "duplicates", "chunks",  "postings", "moves"};

Error io(std::string message) {
    return Error{ErrorCode::io_error, std::move(message)};
}

// The book of `game` among those given, or nullptr.
std::shared_ptr<const formats::OpeningBook> book_of(const IndexOptions& options, formats::Game game) {
    for (const auto& book : options.openings)
        if (book && book->game() == game) return book;
    return nullptr;
}

}  // namespace

std::optional<std::string_view> missing_table(sqlite3* db) {
    for (const std::string_view name : kTables) {
        Statement found(db, "SELECT 1 FROM sqlite_master WHERE name = ?");
        if (!found) return name;
        found.bind_static(1, name);
        if (!found.step()) return name;
    }
    return std::nullopt;
}

Result<std::vector<std::string>> check_index(sqlite3* db) {
    std::vector<std::string> problems;
    if (const std::optional<std::string_view> missing = missing_table(db))
        problems.push_back(fmt::format("no table '{}'", *missing));
    Statement integrity(db, "PRAGMA integrity_check");
    if (!integrity) return sqlite_error(db, "the integrity check");
    while (integrity.step())
        if (integrity.text(0) != "ok") problems.emplace_back(integrity.text(0));
    if (!integrity.ok()) return sqlite_error(db, "the integrity check");
    return problems;
}

Result<std::unique_ptr<Database::Impl>> open_impl(const std::string& path, bool create) {
    std::error_code ec;
    if (!create && !std::filesystem::exists(path, ec)) return io(path + ": no such index");
    if (std::filesystem::is_directory(path, ec)) return io(path + ": is a directory");
    auto impl = std::make_unique<Database::Impl>();
    impl->path = path;
    const int flags = create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE;
    if (sqlite3_open_v2(path.c_str(), &impl->db, flags, nullptr) != SQLITE_OK)
        return sqlite_error(impl->db, path);
    sqlite3_busy_timeout(impl->db, 5000);
    if (Result<void> r = execute(impl->db, "PRAGMA cache_size=-65536; PRAGMA temp_store=MEMORY;"); !r)
        return io(path + ": not a kifu index (" + r.error().message + ")");
    {
        Statement check(impl->db, "SELECT value FROM meta WHERE name='format'");
        const bool has_meta = check && check.step();
        if (has_meta && check.text(0) != kFormat)
            return io(path + ": an index of another version (" + std::string(check.text(0)) + ")");
        if (!has_meta) {
            Statement tables(impl->db, "SELECT count(*) FROM sqlite_master");
            if (!tables || !tables.step()) return io(path + ": not a kifu index (not an SQLite database)");
            if (tables.integer(0) > 0)
                return io(path + ": not a kifu index (an SQLite database of something else)");
            if (!create) return io(path + ": not a kifu index (empty)");
        }
        if (has_meta)
            if (const std::optional<std::string_view> missing = missing_table(impl->db))
                return io(
                    fmt::format("{}: a damaged kifu index (no table '{}'; kifu index --check DB says more)",
                                path, *missing));
    }
    // A reader asks nothing of the schema (and takes no write lock beside a writer's run).
    if (!create) return impl;
    // Rows of postings are a few kilobytes: large pages hold them without overflow pages.
    if (Result<void> r = execute(impl->db, "PRAGMA page_size=32768;"); !r)
        return io(path + ": " + r.error().message);
    // One transaction: one journal and one sync, not one a table. IMMEDIATE: a second writer
    // waits (the busy timeout) for the first, instead of failing when its read turns to a write.
    if (Result<void> r = execute(impl->db, (std::string("BEGIN IMMEDIATE;") + kSchema + "COMMIT;").c_str());
        !r) {
        (void)execute(impl->db, "ROLLBACK");
        return io(path + ": " + r.error().message);
    }
    // Write-ahead logging (after the page size, which it fixes): queries read the last
    // committed state while an index run writes, instead of finding the file locked, and a
    // second writer waits its 5 s. The mode stays with the file.
    if (Result<void> r = execute(impl->db, "PRAGMA journal_mode=WAL;"); !r)
        return io(path + ": " + r.error().message);
    return impl;
}

// --- Writing -------------------------------------------------------------------------------

Result<void> Writer::begin() {
    if (Result<void> r = execute(db_, "BEGIN IMMEDIATE"); !r) return r;
    {
        Statement s(db_, "SELECT hash, id, outcome, ratings, year FROM games");
        while (s.step()) {
            const auto id = static_cast<std::uint32_t>(s.integer(1));
            known_.emplace(static_cast<std::uint64_t>(s.integer(0)), id);
            if (games_.size() <= id) games_.resize(id + 1);
            games_[id] = stored_tally_game(s, 2);
        }
    }
    {
        // Paths are looked up here, not by an SQL index: it would repeat every path.
        Statement s(db_, "SELECT id, path FROM file_paths");
        while (s.step()) files_.emplace(std::string(s.text(1)), static_cast<std::uint32_t>(s.integer(0)));
        Statement d(db_, "SELECT id, path FROM folders");
        while (d.step()) folders_.emplace(std::string(d.text(1)), static_cast<std::uint32_t>(d.integer(0)));
    }
    {
        Statement s(db_, "SELECT coalesce(max(id), 0) FROM games");
        if (s.step()) next_id_ = static_cast<std::uint32_t>(s.integer(0)) + 1;
    }
    insert_game_ =
        Statement(db_,
                  "INSERT INTO games(id, game, file, number, offset, line, hash, first, second, date, "
                  "event, result, outcome, plies, start, moves, tags, prefilter, ratings, year) "
                  "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    same_place_ = Statement(db_, "SELECT file = ?2 AND number = ?3 FROM games WHERE id = ?1");
    duplicate_known_ = Statement(db_, "SELECT 1 FROM duplicates WHERE file = ? AND number = ?");
    insert_duplicate_ = Statement(db_, "INSERT OR IGNORE INTO duplicates VALUES(?,?,?)");
    game_place_ = Statement(
        db_, "SELECT f.path, g.number FROM games g JOIN file_paths f ON f.id = g.file WHERE g.id = ?");
    if (!insert_game_ || !same_place_ || !duplicate_known_ || !insert_duplicate_ || !game_place_)
        return sqlite_error(db_, "preparing the index");
    return {};
}

Result<std::uint32_t> Writer::file_id(const std::string& path) {
    if (path == last_file_) return last_file_id_;  // games come file by file
    Result<std::uint32_t> id = find_file_id(path);
    if (id) last_file_ = path, last_file_id_ = *id;
    return id;
}

Result<std::uint32_t> Writer::find_file_id(const std::string& path) {
    if (const auto it = files_.find(path); it != files_.end()) return it->second;
    // A path is kept as its folder (up to the last '/', shared by the folder's files: an
    // archive's entries, a directory of SGF files) and its name.
    const std::size_t cut = path.rfind('/') + 1;  // 0 without a '/'
    const std::string folder = path.substr(0, cut);
    std::uint32_t folder_id = 0;
    if (const auto it = folders_.find(folder); it != folders_.end()) {
        folder_id = it->second;
    } else {
        Statement insert(db_, "INSERT INTO folders(path) VALUES(?)");
        insert.bind(1, folder);
        if (!insert.run()) return sqlite_error(db_, path);
        folder_id = folders_[folder] = static_cast<std::uint32_t>(sqlite3_last_insert_rowid(db_));
    }
    Statement insert(db_, "INSERT INTO files(folder, name) VALUES(?, ?)");
    insert.bind(1, folder_id).bind(2, std::string_view(path).substr(cut));
    if (!insert.run()) return sqlite_error(db_, path);
    return files_[path] = static_cast<std::uint32_t>(sqlite3_last_insert_rowid(db_));
}

Result<std::uint32_t> Writer::add(GameEntry& e, IndexReport& report) {
    if (!e.warning.empty()) {
        report.messages.push_back(e.file + ": warning: " + e.warning);
        return 0;
    }
    ++report.games;
    if (!e.error.empty()) {
        ++report.broken;
        report.messages.push_back(e.file + ":" + e.error.substr(0, e.error.find(": ")) + ": error: game " +
                                  std::to_string(e.number + 1) + ": " +
                                  e.error.substr(e.error.find(": ") + 2));
        return 0;
    }
    Result<std::uint32_t> file = file_id(e.file);
    if (!file) return file.error();
    if (const auto it = known_.find(e.hash); it != known_.end()) {
        same_place_.bind(1, it->second).bind(2, *file).bind(3, static_cast<std::int64_t>(e.number));
        const bool same = same_place_.step() && same_place_.integer(0) != 0;
        same_place_.reset();
        duplicate_known_.bind(1, *file).bind(2, static_cast<std::int64_t>(e.number));
        const bool recorded = duplicate_known_.step();
        duplicate_known_.reset();
        if (same || recorded) {
            ++report.known;
            return 0;
        }
        ++report.duplicates;
        insert_duplicate_.bind(1, *file).bind(2, static_cast<std::int64_t>(e.number)).bind(3, it->second);
        if (!insert_duplicate_.run()) return sqlite_error(db_, "recording a duplicate");
        game_place_.bind(1, it->second);
        std::string original = "an indexed game";
        if (game_place_.step())
            original =
                std::string(game_place_.text(0)) + " game " + std::to_string(game_place_.integer(1) + 1);
        game_place_.reset();
        report.messages.push_back(e.file + ": note: game " + std::to_string(e.number + 1) + " is a copy of " +
                                  original + "; not indexed again");
        return 0;
    }
    if (next_id_ > Posting::kMaxGame)
        return Error{ErrorCode::io_error,
                     "the index holds " + std::to_string(Posting::kMaxGame) + " games, as many as it can"};
    const std::uint32_t id = next_id_++;
    known_.emplace(e.hash, id);
    if (games_.size() <= id) games_.resize(std::max<std::size_t>(id + 1, games_.size() * 2));
    games_[id] = {e.outcome, e.ratings, e.year};
    Statement& s = insert_game_;
    s.bind(1, id)
        .bind(2, static_cast<int>(e.game))
        .bind(3, *file)
        .bind(4, static_cast<std::int64_t>(e.number));
    s.bind(5, static_cast<std::int64_t>(e.offset)).bind(6, e.line).bind(7, static_cast<std::int64_t>(e.hash));
    // The entry outlives the statement's run: its texts are bound without copies.
    s.bind_static(8, e.first).bind_static(9, e.second).bind_static(10, e.date).bind_static(11, e.event);
    s.bind_static(12, e.result)
        .bind(13, static_cast<int>(e.outcome))
        .bind(14, e.plies)
        .bind_static(15, e.start);
    s.bind_blob_static(16, e.moves).bind_static(17, e.tags).bind_blob_static(18, e.prefilter);
    s.bind(19, packed_ratings(e.ratings)).bind(20, e.year);
    if (!s.run()) return sqlite_error(db_, "adding a game");
    ++report.added;
    report.plies += e.plies;
    std::vector<Posting>& buffer = buffers_[static_cast<std::size_t>(e.game)];
    if (buffer.capacity() == 0) buffer.reserve(max_postings_ + 4096);  // no regrowth: it is flushed when full
    for (Posting p : e.postings) {
        p.set_game(id);
        buffer.push_back(p);
    }
    pending_ += e.postings.size();
    if (pending_ >= max_postings_)
        if (Result<void> r = flush(false); !r) return r.error();
    return id;
}

Result<void> Writer::add_postings(formats::Game game, std::span<const Posting> postings) {
    auto& buffer = buffers_[static_cast<std::size_t>(game)];
    buffer.insert(buffer.end(), postings.begin(), postings.end());
    pending_ += postings.size();
    if (pending_ >= max_postings_) return flush(false);
    return {};
}

// Sorts postings by key, then game, then ply. They come in game order, so a stable sort
// by key is enough: a counting pass on the key's top 12 bits, then in each run (about a
// thousand postings, in cache) a counting pass on the next bits, about one posting a slot,
// and an insertion pass for the few that share a slot.
void sort_postings(std::vector<Posting>& postings) {
    constexpr int kShift = 52;
    std::vector<std::uint32_t> starts((1u << (64 - kShift)) + 1, 0);
    for (const Posting& p : postings) ++starts[(p.key >> kShift) + 1];
    for (std::size_t i = 1; i < starts.size(); ++i) starts[i] += starts[i - 1];
    // Scratch, not cleared (Posting has no default values): the first pass fills it all.
    const std::unique_ptr<Posting[]> scratch(new Posting[postings.size()]);
    {
        std::vector<std::uint32_t> next(starts.begin(), starts.end() - 1);
        for (const Posting& p : postings) scratch[next[p.key >> kShift]++] = p;
    }
    std::vector<std::uint32_t> slots;
    for (std::size_t b = 0; b + 1 < starts.size(); ++b) {
        const Posting* run = scratch.get() + starts[b];
        Posting* out = postings.data() + starts[b];
        const std::size_t n = starts[b + 1] - starts[b];
        if (n <= 1) {
            if (n == 1) out[0] = run[0];
            continue;
        }
        // About two postings a slot: half the counts to clear, a short insertion pass.
        const int bits = std::min(20, std::max(1, static_cast<int>(std::bit_width(n)) - 1));
        const int shift = kShift - bits;
        slots.assign((std::size_t{1} << bits) + 1, 0);
        const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
        for (std::size_t i = 0; i < n; ++i) ++slots[((run[i].key >> shift) & mask) + 1];
        for (std::size_t i = 1; i < slots.size(); ++i) slots[i] += slots[i - 1];
        for (std::size_t i = 0; i < n; ++i) out[slots[(run[i].key >> shift) & mask]++] = run[i];
        // Insertion by key alone: stable, so equal keys stay in game order.
        for (std::size_t i = 1; i < n; ++i) {
            if (out[i - 1].key <= out[i].key) continue;
            const Posting p = out[i];
            std::size_t j = i;
            for (; j > 0 && out[j - 1].key > p.key; --j) out[j] = out[j - 1];
            out[j] = p;
        }
    }
}

Result<void> Writer::flush(bool last) {
    for (std::size_t g = 0; g < buffers_.size(); ++g) {
        std::vector<Posting>& buffer = buffers_[g];
        if (buffer.empty()) continue;
        sort_postings(buffer);
        bool alone = last;  // the game's only chunk: final at once, no compaction
        if (alone) {
            Statement others(db_, "SELECT count(*) FROM chunks WHERE game = ?");
            others.bind(1, static_cast<int>(g));
            alone = others.step() && others.integer(0) == 0;
        }
        // About 9 bytes a posting in the final form (most keys of one game: 2 bytes of key).
        ChunkBuilder chunk(db_, static_cast<formats::Game>(g), buffer.size() * (alone ? 9 : 13), games_,
                           !alone);
        for (std::size_t i = 0; i < buffer.size();) {
            std::size_t end = i + 1;
            while (end < buffer.size() && buffer[end].key == buffer[i].key) ++end;
            if (Result<void> r =
                    chunk.add(buffer[i].key, std::span<const Posting>(buffer.data() + i, end - i));
                !r)
                return r;
            i = end;
        }
        if (Result<void> r = chunk.finish(); !r) return r;
        buffer.clear();
        buffer.shrink_to_fit();
    }
    pending_ = 0;
    return {};
}

Result<void> Writer::commit(const std::function<void(const Progress&)>& progress) {
    const std::function<void(std::string)> say = [&](std::string stage) {
        if (progress) progress({0, next_id_ - 1, {}, std::move(stage)});
    };
    say("writing the positions");
    if (Result<void> r = flush(true); !r) return r;
    for (int g = 0; g < static_cast<int>(buffers_.size()); ++g)
        if (Result<void> r = compact(db_, static_cast<formats::Game>(g), games_, say); !r) return r;
    say("committing");
    insert_game_ = {};
    same_place_ = {};
    duplicate_known_ = {};
    insert_duplicate_ = {};
    game_place_ = {};
    if (Result<void> r = execute(db_, "COMMIT"); !r) return r;
    committed_ = true;
    return {};
}

Writer::~Writer() {
    if (!committed_ && db_) {
        insert_game_ = {};
        same_place_ = {};
        duplicate_known_ = {};
        insert_duplicate_ = {};
        game_place_ = {};
        (void)execute(db_, "ROLLBACK");
    }
}

ChunkBuilder::ChunkBuilder(sqlite3* db, formats::Game game, std::uint64_t estimated_bytes,
                           const TallyGames& games, bool whole_keys)
    : db_(db),
      game_(game),
      format_{formats::symmetric_keys(game), whole_keys},
      bits_(bucket_bits_for(estimated_bytes)),
      games_(games) {}

Result<void> ChunkBuilder::start() {
    Statement s(db_, "INSERT INTO chunks(game, bits, whole_keys, bytes, postings) VALUES(?, ?, ?, 0, 0)");
    s.bind(1, static_cast<int>(game_)).bind(2, bits_).bind(3, format_.whole_keys ? 1 : 0);
    if (!s.run()) return sqlite_error(db_, "adding a chunk");
    id_ = sqlite3_last_insert_rowid(db_);
    insert_ = Statement(db_, "INSERT INTO postings(id, data) VALUES(?, ?)");
    insert_tally_ = Statement(db_, "INSERT INTO moves VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!insert_ || !insert_tally_) return sqlite_error(db_, "preparing a chunk");
    started_ = true;
    return {};
}

Result<void> ChunkBuilder::write_tallies(std::uint64_t key) {
    for (const MoveTally& t : tallies_) {
        insert_tally_.bind(1, id_)
            .bind(2, static_cast<std::int64_t>(key))
            .bind(3, static_cast<std::int64_t>(t.move))
            .bind(4, t.swapped ? 1 : 0);
        insert_tally_.bind(5, static_cast<std::int64_t>(t.games))
            .bind(6, static_cast<std::int64_t>(t.first))
            .bind(7, static_cast<std::int64_t>(t.draws))
            .bind(8, static_cast<std::int64_t>(t.second))
            .bind(9, static_cast<std::int64_t>(t.unknown));
        insert_tally_.bind_blob(10, encode_examples(t.examples))
            .bind(11, static_cast<std::int64_t>(t.rated[0]))
            .bind(12, static_cast<std::int64_t>(t.rating_sum[0]))
            .bind(13, static_cast<std::int64_t>(t.rated[1]))
            .bind(14, static_cast<std::int64_t>(t.rating_sum[1]))
            .bind(15, t.first_year)
            .bind(16, t.last_year);
        if (!insert_tally_.run()) return sqlite_error(db_, "writing move counts");
    }
    return {};
}

Result<void> ChunkBuilder::write_row() {
    insert_.bind(1, row_id(id_, bucket_)).bind_blob_static(2, row_.view());  // run before row_ changes
    if (!insert_.run()) return sqlite_error(db_, "writing postings");
    bytes_ += row_.size();
    row_.clear();
    last_key_ = 0;
    return {};
}

Result<void> ChunkBuilder::finish() {
    if (!started_) return {};
    if (!row_.empty())
        if (Result<void> r = write_row(); !r) return r;
    Statement s(db_, "UPDATE chunks SET bytes = ?, postings = ? WHERE id = ?");
    s.bind(1, static_cast<std::int64_t>(bytes_)).bind(2, static_cast<std::int64_t>(postings_)).bind(3, id_);
    if (!s.run()) return sqlite_error(db_, "closing a chunk");
    return {};
}

// One chunk's groups in key order, for compaction.
class ChunkStream {
  public:
    ChunkStream(sqlite3* db, std::int64_t chunk, RowFormat format)
        : rows_(db, "SELECT data FROM postings WHERE id BETWEEN ? AND ? ORDER BY id"), format_(format) {
        rows_.bind(1, row_id(chunk, 0)).bind(2, row_id(chunk, 0xFFFFFFFF));
        advance();
    }
    bool valid() const noexcept { return valid_; }
    const RowCursor& group() const noexcept { return cursor_; }
    void advance() {
        while (!cursor_.next()) {
            if (!rows_.step()) {
                valid_ = false;
                return;
            }
            row_.assign(rows_.blob(0));
            cursor_ = RowCursor(row_, format_);
        }
        valid_ = true;
    }

  private:
    Statement rows_;
    RowFormat format_;
    std::string row_;
    RowCursor cursor_{std::string_view{}, {}};
    bool valid_ = false;
};

// Merges a game's chunks into one final chunk. Groups come out in key order, each key's
// entries in chunk order (game order). Groups of the same high half from different chunks
// are the same position or not: a group without its low half is replayed to know (about
// the positions an earlier run saw in one game only, now seen again).
Result<void> compact(sqlite3* db, formats::Game game, const TallyGames& games,
                     const std::function<void(std::string)>& say) {
    std::vector<std::int64_t> chunks;
    std::vector<bool> whole_keys;  // each chunk's row format
    std::uint64_t bytes = 0;
    {
        Statement s(db, "SELECT id, bytes, whole_keys FROM chunks WHERE game = ? ORDER BY id");
        s.bind(1, static_cast<int>(game));
        while (s.step()) {
            chunks.push_back(s.integer(0));
            bytes += static_cast<std::uint64_t>(s.integer(1));
            whole_keys.push_back(s.integer(2) != 0);
        }
    }
    if (chunks.empty() || (chunks.size() == 1 && !whole_keys[0])) return {};
    say(fmt::format("merging {} chunks of {} positions into one", chunks.size(), formats::to_string(game)));
    {
        std::vector<std::unique_ptr<ChunkStream>> streams;
        for (std::size_t i = 0; i < chunks.size(); ++i)
            streams.push_back(std::make_unique<ChunkStream>(
                db, chunks[i], RowFormat{formats::symmetric_keys(game), whole_keys[i]}));
        ChunkBuilder out(db, game, bytes, games, false);
        StoredPostings stored(db);
        struct Group {
            std::uint64_t key;
            bool whole;
            std::vector<Entry> entries;
        };
        std::vector<Group> same;  // the groups of one high half, in chunk order
        std::vector<Entry> merged;
        for (;;) {
            std::uint64_t high = 0;
            bool any = false;
            for (const auto& s : streams)
                if (s->valid() && (!any || s->group().high() < high)) high = s->group().high(), any = true;
            if (!any) break;
            same.clear();
            for (const auto& s : streams)
                while (s->valid() && s->group().high() == high) {
                    Group g{s->group().key(), s->group().whole_key(), {}};
                    if (!s->group().entries(g.entries)) return io("damaged postings in the index");
                    same.push_back(std::move(g));
                    s->advance();
                }
            if (same.size() > 1)
                for (Group& g : same)
                    if (!g.whole) {
                        Entry& e = g.entries[0];
                        Result<Posting> p = stored.at(e.game, e.ply);
                        if (!p) return p.error();
                        g.key = p->key;
                        e.code = p->code();
                        g.whole = true;
                    }
            // Same keys together, chunk order kept within each key; then key order.
            std::stable_sort(same.begin(), same.end(),
                             [](const Group& a, const Group& b) { return a.key < b.key; });
            for (std::size_t i = 0; i < same.size();) {
                std::size_t end = i + 1;
                while (end < same.size() && same[end].key == same[i].key) ++end;
                if (end == i + 1) {
                    if (Result<void> r = out.add(same[i].key, std::span<const Entry>(same[i].entries)); !r)
                        return r;
                } else {
                    merged.clear();
                    for (std::size_t k = i; k < end; ++k)
                        merged.insert(merged.end(), same[k].entries.begin(), same[k].entries.end());
                    if (Result<void> r = out.add(same[i].key, std::span<const Entry>(merged)); !r) return r;
                }
                i = end;
            }
        }
        if (Result<void> r = out.finish(); !r) return r;
    }
    for (const std::int64_t c : chunks) {
        Statement del(db, "DELETE FROM postings WHERE id BETWEEN ? AND ?");
        del.bind(1, row_id(c, 0)).bind(2, row_id(c, 0xFFFFFFFF));
        Statement del_chunk(db, "DELETE FROM chunks WHERE id = ?");
        del_chunk.bind(1, c);
        Statement del_moves(db, "DELETE FROM moves WHERE chunk = ?");
        del_moves.bind(1, c);
        if (!del.run() || !del_chunk.run() || !del_moves.run()) return sqlite_error(db, "compacting");
    }
    return {};
}

// --- Reading inputs ------------------------------------------------------------------------

namespace {

// The games each job reads, given to the writer in input order (core/ordered_pipeline.hpp).
struct TakeEntries {
    Writer* writer;
    IndexReport* report;
    Result<void> operator()(std::vector<GameEntry> entries) const {
        for (GameEntry& e : entries)
            if (Result<std::uint32_t> r = writer->add(e, *report); !r) return r.error();
        return {};
    }
};
using Pipeline = OrderedPipeline<std::vector<GameEntry>, TakeEntries>;

Result<void> index_pgn(const std::string& name, ByteSource& source, Pipeline& pipeline,
                       chess::PgnBatchPool& batches, IndexReport& report, const IndexOptions& options,
                       std::uint64_t& progress_games) {
    // The splitter takes ownership of a source: lend this one through a forwarding source.
    struct Lent : ByteSource {
        ByteSource& inner;
        std::uint64_t read_bytes = 0;
        explicit Lent(ByteSource& s) : inner(s) {}
        Result<std::size_t> read(char* buffer, std::size_t size) override {
            Result<std::size_t> n = inner.read(buffer, size);
            if (n) read_bytes += *n;
            return n;
        }
    };
    auto lent = std::make_unique<Lent>(source);
    Lent* counter = lent.get();
    chess::PgnSplitter splitter(std::move(lent));
    const std::uint64_t games_before = progress_games;
    auto batch = batches.take();
    auto send = [&]() -> Result<void> {
        if (batch->empty()) return {};
        auto job = [b = std::move(batch), name, book = book_of(options, formats::Game::chess)]() {
            b->finish();
            std::vector<GameEntry> out;
            out.reserve(b->games.size());
            for (const chess::PgnGameText& g : b->games) out.push_back(chess_entry(g, name, book.get()));
            return out;
        };
        batch = batches.take();
        return pipeline.submit(std::move(job));
    };
    while (std::optional<chess::PgnGameText> g = splitter.next()) {
        batch->add(*g);
        ++progress_games;
        if (batch->full()) {
            if (Result<void> r = send(); !r) return r;
            if (options.progress)
                options.progress({report.bytes + counter->read_bytes, progress_games, name, {}});
        }
    }
    if (Result<void> r = send(); !r) return r;
    if (progress_games == games_before)
        if (Result<void> r = pipeline.submit([name] {
                GameEntry note;
                note.file = name;
                note.warning = "no game read: the file holds no PGN game";
                return std::vector<GameEntry>{std::move(note)};
            });
            !r)
            return r;
    report.bytes += counter->read_bytes;
    if (splitter.error()) return io(name + ": " + splitter.error()->message);
    return {};
}

}  // namespace

Result<IndexReport> add_inputs(Database::Impl& impl, std::span<const std::string> paths,
                               const IndexOptions& options) {
    IndexReport report;
    Writer writer(impl.db, options.max_postings);
    if (Result<void> r = writer.begin(); !r) return r.error();
    // Two jobs a thread: the reader prepares the next while the writer takes the oldest.
    const unsigned threads = std::max(1u, options.threads);
    chess::PgnBatchPool batches;  // outlives the pipeline, which holds its batches
    Pipeline pipeline(threads, TakeEntries{&writer, &report}, 2 * threads);
    std::uint64_t progress_games = 0;
    // Small files (SGF, KIF) go to the threads in batches of files.
    struct FileBatch {
        std::vector<std::pair<std::string, std::string>> files;  // name, bytes
        std::size_t bytes = 0;
    };
    auto files = std::make_shared<FileBatch>();
    auto send_files = [&]() -> Result<void> {
        if (files->files.empty()) return {};
        auto job = [b = std::move(files), books = options.openings]() {
            std::vector<GameEntry> out;
            for (const auto& [name, bytes] : b->files) {
                // A file of no game is said, not passed over in silence (a "0 games" summary
                // alone leaves the user guessing).
                // An init-capture: clang 14 cannot capture a structured binding.
                const auto no_game = [&out, &file = name](std::string why) {
                    GameEntry note;
                    note.file = file;
                    note.warning = std::move(why);
                    out.push_back(std::move(note));
                };
                Result<const formats::Format*> format = formats::detect_format(bytes, name);
                if (!format || !(*format)->read) {
                    no_game("no game read: not a notation kifu recognises");
                    continue;
                }
                Result<formats::Document> doc = (*format)->read(bytes, {});
                if (!doc) {
                    GameEntry broken;
                    broken.file = name;
                    broken.error = std::to_string(doc.error().line) + ":" +
                                   std::to_string(doc.error().column) + ": " + doc.error().message;
                    out.push_back(std::move(broken));
                    continue;
                }
                for (const auto& book : books)
                    if (book->game() == formats::game_of(*doc)) (void)formats::name_openings(*doc, *book);
                std::vector<GameEntry> entries = record_entries(*doc, name);
                if (entries.empty())
                    no_game(formats::is_record(*doc)
                                ? std::string("no game read: the record holds none")
                                : fmt::format("no game read: it is a position ({}), not a record",
                                              (*format)->name));
                for (GameEntry& e : entries) out.push_back(std::move(e));
            }
            return out;
        };
        files = std::make_shared<FileBatch>();
        return pipeline.submit(std::move(job));
    };
    Result<void> walked =
        for_each_input(paths, [&](const std::string& name, ByteSource& source) -> Result<void> {
            ++report.files;
            // The first bytes decide between chess PGN (streamed game by game) and the others
            // (read whole): a .pgn may hold xiangqi games (formats/collection.hpp).
            Result<std::string> head = formats::read_head(source);
            if (!head) return io(name + ": " + head.error().message);
            const Result<formats::CollectionFormat> plan = formats::collection_format(*head, name);
            if (plan && plan->streams && plan->format->game == formats::Game::chess) {
                if (Result<void> r = send_files(); !r) return r;
                PrefixedSource rest(std::move(*head), source);
                return index_pgn(name, rest, pipeline, batches, report, options, progress_games);
            }
            PrefixedSource rest(std::move(*head), source);
            Result<std::string> bytes = read_all(rest);
            if (!bytes) return io(name + ": " + bytes.error().message);
            report.bytes += bytes->size();
            files->bytes += bytes->size();
            files->files.emplace_back(name, std::move(*bytes));
            ++progress_games;
            if (files->bytes >= (std::size_t{1} << 20) || files->files.size() >= 256) {
                if (Result<void> r = send_files(); !r) return r;
                if (options.progress) options.progress({report.bytes, progress_games, name, {}});
            }
            return {};
        });
    if (!walked) return walked.error();
    if (Result<void> r = send_files(); !r) return r.error();
    if (Result<void> r = pipeline.drain(); !r) return r.error();
    if (Result<void> r = writer.commit(options.progress); !r) return r.error();
    return report;
}

}  // namespace detail

// --- Database ------------------------------------------------------------------------------

Database::Database(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;
Database::~Database() = default;

Database::Impl::~Impl() {
    sqlite3_close(db);
}

Result<Database> Database::open(const std::string& path, bool create) {
    Result<std::unique_ptr<Impl>> impl = detail::open_impl(path, create);
    if (!impl) return impl.error();
    return Database(std::move(*impl));
}

Result<IndexReport> Database::add(std::span<const std::string> paths, const IndexOptions& options) {
    return detail::add_inputs(*impl_, paths, options);
}

}  // namespace kifu::index
