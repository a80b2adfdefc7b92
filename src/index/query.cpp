// Queries of the index (search, explore, stats) and merging indexes.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include "database_impl.hpp"
#include "game_rows.hpp"
#include "kifu/chess/polyglot.hpp"
#include "kifu/feen/games.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/formats/play.hpp"
#include "kifu/shogi/status.hpp"
#include "kifu/xiangqi/game.hpp"
#include "move_tally.hpp"
#include "replay.hpp"

namespace kifu::index {

std::string_view to_string(Outcome outcome, formats::Game game) noexcept {
    const formats::GameInfo* info = formats::game_info(game);
    if (!info) return "*";
    switch (outcome) {
        case Outcome::first:
            return info->first_wins;
        case Outcome::second:
            return info->second_wins;
        case Outcome::draw:
            return info->draw;
        default:
            return "*";
    }
}

Result<PositionQuery> position_query(formats::Document position) {
    PositionQuery q;
    // Go's keys go by symmetry: the board's canonical key, and the symmetry that gives it.
    if (const auto* p = std::get_if<go::Position>(&position.value)) {
        q.game = formats::Game::go;
        const CanonicalKey key = canonical_key(board_of(*p));
        q.key = key.key;
        q.symmetry = key.symmetry;
        q.position = std::move(position);
        return q;
    }
    if (!formats::visit_position_rules(
            position, [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                q.game = formats::info_of<Rules>().game;
                q.key = Rules::key(p);
                typename Rules::Position own = p;  // a FEEN or EPD of the game as the game's own position
                q.position = std::move(position);
                q.position.value = formats::position_value(std::move(own));
            }))
        return Error{ErrorCode::unsupported,
                     "the index looks up chess, Go, shogi and xiangqi positions; this is none of them"};
    return q;
}

namespace detail {
namespace {

// A chunk of a game's postings: its id, row bits and format.
struct Chunk {
    std::int64_t id = 0;
    unsigned bits = 0;
    RowFormat format;
};

// The chunks of a game's postings, in order (which is game order).
std::vector<Chunk> chunks_of(sqlite3* db, formats::Game game) {
    std::vector<Chunk> out;
    Statement chunks(db, "SELECT id, bits, whole_keys FROM chunks WHERE game = ? ORDER BY id");
    chunks.bind(1, static_cast<int>(game));
    while (chunks.step())
        out.push_back({chunks.integer(0), static_cast<unsigned>(chunks.integer(1)),
                       RowFormat{formats::symmetric_keys(game), chunks.integer(2) != 0}});
    return out;
}

// Every entry of a key in one chunk, appended to `out` in game order: its group's, and those
// of groups of one game that keep only the key's high half and replay to the key.
Result<void> entries_in(sqlite3* db, const Chunk& chunk, std::uint64_t key, std::vector<Entry>& out) {
    Statement row(db, "SELECT data FROM postings WHERE id = ?");
    if (!row) return sqlite_error(db, "reading the index");
    row.bind(1, row_id(chunk.id, bucket_of(key, chunk.bits)));
    if (!row.step()) return {};
    const std::size_t first = out.size();
    std::vector<Entry> candidates;
    RowCursor cursor(row.blob(0), chunk.format);
    while (cursor.next() && cursor.high() <= key >> 32) {
        if (cursor.high() != key >> 32 || (cursor.whole_key() && cursor.key() != key)) continue;
        if (!cursor.entries(cursor.whole_key() ? out : candidates))
            return Error{ErrorCode::io_error, "damaged postings in the index"};
    }
    if (candidates.empty()) return {};
    StoredPostings stored(db);
    for (const Entry& e : candidates) {
        Result<Posting> p = stored.at(e.game, e.ply);
        if (!p) return p.error();
        if (p->key == key) out.push_back({e.game, e.ply, p->code()});
    }
    std::sort(
        out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
        [](const Entry& a, const Entry& b) { return a.game != b.game ? a.game < b.game : a.ply < b.ply; });
    return {};
}

// Every entry of a key, over the game's chunks in order.
Result<std::vector<Entry>> entries_of(sqlite3* db, formats::Game game, std::uint64_t key) {
    std::vector<Entry> out;
    for (const Chunk& chunk : chunks_of(db, game))
        if (Result<void> r = entries_in(db, chunk, key, out); !r) return r.error();
    return out;
}

// Go: whether an entry's colours agree with the query's (or the query takes any colours).
// `symmetric`: formats::symmetric_keys(q.game), asked once a query, not once an entry.
bool colours_pass(const Entry& e, const PositionQuery& q, bool symmetric) {
    return !symmetric || q.any_colours || swaps_colours(symmetry_of(e.code)) == swaps_colours(q.symmetry);
}

// The first entry of each game that passes the colour test (Go).
std::vector<Entry> first_per_game(const std::vector<Entry>& entries, const PositionQuery& q) {
    std::vector<Entry> out;
    const bool symmetric = formats::symmetric_keys(q.game);
    for (const Entry& e : entries) {
        if (!colours_pass(e, q, symmetric)) continue;
        if (out.empty() || out.back().game != e.game) out.push_back(e);
    }
    return out;
}

Symmetry to_query(Symmetry game_symmetry, const PositionQuery& q) {
    return formats::symmetric_keys(q.game) ? compose(inverse(q.symmetry), game_symmetry) : 0;
}

// The stored tallies of a key in a chunk; false when the chunk keeps none for it.
bool stored_tallies(Statement& select, std::int64_t chunk, std::uint64_t key, std::vector<MoveTally>& out) {
    select.bind(1, chunk).bind(2, static_cast<std::int64_t>(key));
    bool any = false;
    while (select.step()) {
        any = true;
        MoveTally t;
        t.move = static_cast<std::uint32_t>(select.integer(0));
        t.swapped = select.integer(1) != 0;
        t.games = static_cast<std::uint64_t>(select.integer(2));
        t.first = static_cast<std::uint64_t>(select.integer(3));
        t.draws = static_cast<std::uint64_t>(select.integer(4));
        t.second = static_cast<std::uint64_t>(select.integer(5));
        t.unknown = static_cast<std::uint64_t>(select.integer(6));
        if (!decode_examples(select.blob(7), t.examples)) t.examples.clear();
        for (int side = 0; side < 2; ++side) {
            t.rated[side] = static_cast<std::uint64_t>(select.integer(8 + 2 * side));
            t.rating_sum[side] = static_cast<std::uint64_t>(select.integer(9 + 2 * side));
        }
        t.first_year = static_cast<std::uint16_t>(select.integer(12));
        t.last_year = static_cast<std::uint16_t>(select.integer(13));
        out.push_back(std::move(t));
    }
    select.reset();
    return any;
}

}  // namespace
}  // namespace detail

Result<SearchResult> Database::search(const PositionQuery& q, std::size_t offset, std::size_t limit) {
    Result<std::vector<detail::Entry>> all = detail::entries_of(impl_->db, q.game, q.key);
    if (!all) return all.error();
    std::vector<detail::Entry> games = detail::first_per_game(*all, q);
    detail::GameRows rows(impl_->db);
    SearchResult out;
    for (const detail::Entry& e : games)
        rows.list(e.game, e.ply, detail::to_query(detail::symmetry_of(e.code), q), q.filter, offset, limit,
                  out.count, out.games);
    return out;
}

Result<SearchResult> Database::select(const Filter& filter, std::size_t offset, std::size_t limit) {
    detail::Statement scan(
        impl_->db, std::string("SELECT g.id, ").append(detail::kSummaryColumns).append(" ORDER BY g.id"));
    if (!scan) return Error{ErrorCode::io_error, std::string("the index: ") + sqlite3_errmsg(impl_->db)};
    SearchResult out;
    GameSummary g;
    std::string tags;
    std::optional<detail::UniqueGames> unique;
    if (filter.unique) unique.emplace(impl_->db);
    while (scan.step()) {
        detail::read_summary(scan, 1, g, &tags);
        if (!detail::passes(g, tags, filter)) continue;
        if (unique && !unique->first(static_cast<std::uint32_t>(scan.integer(0)))) continue;
        if (out.count >= offset && out.games.size() < limit) {
            g.id = static_cast<std::uint32_t>(scan.integer(0));
            g.at_position = false;
            g.opening = detail::opening_in_tags(g.game, tags);
            out.games.push_back(g);
        }
        ++out.count;
    }
    return out;
}

// One scan of the games' table in index order: each game that passes replayed for its key
// (stored_duplicate_key, what kifu dedupe computes from the game's text), the first of each
// key kept in a DuplicateTable (keys only: 12 bytes a distinct game). Summaries are loaded
// for the games of the sets alone.
Result<std::vector<DuplicateGroup>> Database::duplicate_groups(const Filter& filter,
                                                               const formats::DuplicateRule& rule) {
    sqlite3* db = impl_->db;
    detail::Statement scan(db, std::string("SELECT g.id, g.start, g.moves, ")
                                   .append(detail::kSummaryColumns)
                                   .append(" ORDER BY g.id"));
    detail::Statement copies(
        db,
        "SELECT p.path, d.number, d.game FROM duplicates d JOIN file_paths p ON p.id = d.file "
        "ORDER BY d.game, p.path, d.number");
    if (!scan || !copies) return detail::sqlite_error(db, "reading the index");
    Filter conditions = filter;
    conditions.unique = false;
    formats::DuplicateTable seen;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  // (first game, duplicate)
    std::vector<bool> passed;  // by id (ids are dense): the games that passed, for the copies
    GameSummary g;
    std::string tags;
    while (scan.step()) {
        const auto id = static_cast<std::uint32_t>(scan.integer(0));
        detail::read_summary(scan, 3, g, &tags);
        if (!detail::passes(g, tags, conditions)) continue;
        if (passed.size() <= id) passed.resize(std::max<std::size_t>(id + 1, passed.size() * 2));
        passed[id] = true;
        Result<std::uint64_t> key = detail::stored_duplicate_key(g.game, scan.text(1), scan.blob(2), rule);
        if (!key) continue;  // a game that does not replay has no duplicates (as --unique)
        if (const std::optional<std::uint32_t> first = seen.see(*key, id)) pairs.emplace_back(*first, id);
    }
    if (!scan.ok()) return detail::sqlite_error(db, "reading the index");
    // The copies the index was given again are exact: the game's summary with their place.
    std::vector<std::pair<std::uint32_t, GameSummary>> recorded;
    while (copies.step()) {
        const auto game = static_cast<std::uint32_t>(copies.integer(2));
        if (game >= passed.size() || !passed[game]) continue;
        GameSummary copy;
        copy.file = copies.text(0);
        copy.number = static_cast<std::uint64_t>(copies.integer(1)) + 1;
        recorded.emplace_back(game, std::move(copy));
    }
    std::map<std::uint32_t, DuplicateGroup> groups;  // by the first game's id
    detail::GameRows rows(db);
    const auto summary = [&](std::uint32_t id) {
        GameSummary out;
        std::string its_tags;
        if (rows.load(id, out, &its_tags)) out.opening = detail::opening_in_tags(out.game, its_tags);
        out.at_position = false;
        return out;
    };
    const auto group_of = [&](std::uint32_t first) -> DuplicateGroup& {
        auto [it, added] = groups.try_emplace(first);
        if (added) it->second.kept = summary(first);
        return it->second;
    };
    std::unordered_map<std::uint32_t, std::uint32_t> first_of;  // a duplicate's first game
    for (const auto& [first, id] : pairs) {
        group_of(first).duplicates.push_back(summary(id));
        first_of.emplace(id, first);
    }
    for (auto& [game, copy] : recorded) {
        const auto first = first_of.find(game);
        DuplicateGroup& group = group_of(first == first_of.end() ? game : first->second);
        GameSummary full = first == first_of.end() ? group.kept : summary(game);  // its tags and moves
        full.file = std::move(copy.file);
        full.number = copy.number;
        full.offset = 0;
        full.id = 0;  // not in the games' table
        group.duplicates.push_back(std::move(full));
    }
    std::vector<DuplicateGroup> out;
    out.reserve(groups.size());
    for (auto& [first, group] : groups) out.push_back(std::move(group));
    return out;
}

namespace {

// The side whose result a move's score counts: the player to move; where keys go by symmetry
// (Go), colours may swap with it, so the move's own colour.
bool first_moves(const PositionQuery& q, std::string_view move) {
    if (formats::symmetric_keys(q.game)) return move.starts_with("B");
    bool first = false;
    formats::visit_position_rules(
        q.position, [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
            first = Rules::side_to_move(p) == formats::info_of<Rules>().first_colour;
        });
    return first;
}

}  // namespace

// Chunk by chunk: the stored tallies when the chunk keeps them for the key and the query
// asks nothing they cannot answer (no filter, at most kTallyExamples games a move), else
// the postings tallied here. Go tallies are by colour class: those of the other class than
// the query's are left out, or with --colours any counted with their results swapped.
Result<ExploreResult> Database::explore(const PositionQuery& q, std::size_t games_per_move) {
    sqlite3* db = impl_->db;
    detail::GameRows rows(db);
    detail::Statement select(
        db,
        "SELECT move, swapped, games, first, draws, second, unknown, examples, first_rated, first_ratings, "
        "second_rated, second_ratings, first_year, last_year FROM moves WHERE chunk = ? AND key = ?");
    detail::Statement facts(db, "SELECT outcome, ratings, year FROM games WHERE id = ?");
    if (!select || !facts) return detail::sqlite_error(db, "reading the index");
    const auto game_of_id = [&facts](std::uint32_t game) {
        facts.bind(1, game);
        const detail::TallyGame g = facts.step() ? detail::stored_tally_game(facts, 0) : detail::TallyGame{};
        facts.reset();
        return g;
    };
    const bool stored_answers = q.filter.empty() && games_per_move <= detail::kTallyExamples;
    const bool symmetric = formats::symmetric_keys(q.game);
    const bool query_swapped = symmetric && swaps_colours(q.symmetry);
    struct Tally {
        MoveStats stats;
        std::vector<detail::Entry> first_games;
        // By the query's colours: games with each player's rating, the ratings' sum.
        std::array<std::uint64_t, 2> rated{}, rating_sum{};
    };
    std::map<std::uint32_t, Tally> by_move;  // canonical move code -> tally
    ExploreResult out;
    std::vector<detail::MoveTally> tallies;
    std::vector<detail::Entry> entries;
    for (const auto& chunk : detail::chunks_of(db, q.game)) {
        tallies.clear();
        if (!stored_answers || !detail::stored_tallies(select, chunk.id, q.key, tallies)) {
            entries.clear();
            if (Result<void> r = detail::entries_in(db, chunk, q.key, entries); !r) return r.error();
            std::erase_if(entries, [&](const detail::Entry& e) {
                return !detail::colours_pass(e, q, symmetric) || !rows.passes(e.game, q.filter);
            });
            detail::tally_moves(std::span<const detail::Entry>(entries), game_of_id, true, tallies,
                                games_per_move);
        }
        for (const detail::MoveTally& t : tallies) {
            if (symmetric && !q.any_colours && t.swapped != query_swapped) continue;
            out.games += t.games;
            if (t.move == 0) {
                out.ended += t.games;
                continue;
            }
            Tally& mine = by_move[t.move];
            MoveStats& s = mine.stats;
            // Go: games matched with colours swapped count their winner as the query's other colour.
            const bool flip = symmetric && t.swapped != query_swapped;
            s.count += t.games;
            s.first += flip ? t.second : t.first;
            s.second += flip ? t.first : t.second;
            s.draws += t.draws;
            s.unknown += t.unknown;
            for (std::size_t side = 0; side < 2; ++side) {
                mine.rated[side ^ flip] += t.rated[side];
                mine.rating_sum[side ^ flip] += t.rating_sum[side];
            }
            if (t.first_year != 0 && (s.first_year == 0 || t.first_year < s.first_year))
                s.first_year = t.first_year;
            s.last_year = std::max<std::uint32_t>(s.last_year, t.last_year);
            mine.first_games.insert(mine.first_games.end(), t.examples.begin(), t.examples.end());
        }
    }
    for (auto& [code, t] : by_move) {
        MoveStats s = std::move(t.stats);
        s.move = detail::move_text(q.position, code, q.symmetry);
        const std::uint64_t decided = s.first + s.draws + s.second;
        const bool first = first_moves(q, s.move);
        if (decided > 0)
            s.score = (static_cast<double>(first ? s.first : s.second) + 0.5 * static_cast<double>(s.draws)) /
                      static_cast<double>(decided);
        const std::size_t mover = first ? 0 : 1;
        if (t.rated[mover] > 0) s.rating = static_cast<std::uint32_t>(t.rating_sum[mover] / t.rated[mover]);
        if (t.rated[!mover] > 0 && decided > 0)
            s.performance = performance_rating(
                static_cast<double>(t.rating_sum[!mover]) / static_cast<double>(t.rated[!mover]), s.score);
        // Both colour classes of a Go move (--colours any) list their games in game order.
        std::stable_sort(t.first_games.begin(), t.first_games.end(),
                         [](const detail::Entry& a, const detail::Entry& b) { return a.game < b.game; });
        if (t.first_games.size() > games_per_move) t.first_games.resize(games_per_move);
        for (const detail::Entry& e : t.first_games) {
            GameSummary g;
            if (rows.load(e.game, g)) {
                g.ply = e.ply;
                g.symmetry = detail::to_query(detail::symmetry_of(e.code), q);
                s.games.push_back(std::move(g));
            }
        }
        out.moves.push_back(std::move(s));
    }
    std::stable_sort(out.moves.begin(), out.moves.end(),
                     [](const MoveStats& a, const MoveStats& b) { return a.count > b.count; });
    return out;
}

Result<std::vector<std::string>> check(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return Error{ErrorCode::io_error, path + ": no such index"};
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        Error e = detail::sqlite_error(db, path);
        sqlite3_close(db);
        return e;
    }
    Result<std::vector<std::string>> problems = detail::check_index(db);
    sqlite3_close(db);
    if (!problems) return Error{ErrorCode::io_error, path + ": " + problems.error().message};
    return problems;
}

Result<DatabaseStats> Database::stats() {
    DatabaseStats s;
    auto one = [&](const char* sql) -> std::uint64_t {
        detail::Statement st(impl_->db, sql);
        return st && st.step() ? static_cast<std::uint64_t>(st.integer(0)) : 0;
    };
    s.games = one("SELECT count(*) FROM games");
    s.files = one("SELECT count(*) FROM files");
    s.duplicates = one("SELECT count(*) FROM duplicates");
    s.chunks = one("SELECT count(*) FROM chunks");
    s.postings = one("SELECT coalesce(sum(postings), 0) FROM chunks");
    s.bytes = one("PRAGMA page_count") * one("PRAGMA page_size");
    return s;
}

Result<std::vector<formats::Game>> Database::games_held() {
    std::vector<formats::Game> games;
    detail::Statement held(impl_->db, "SELECT DISTINCT game FROM chunks ORDER BY game");
    while (held && held.step())
        if (const std::optional<formats::Game> g = formats::game_numbered(static_cast<int>(held.integer(0))))
            games.push_back(*g);
    return games;
}

namespace {

// The merge itself, into a new index at `out`.
Result<IndexReport> merge_into(const std::string& out, std::span<const std::string> inputs,
                               const IndexOptions& options) {
    Result<Database> target = Database::open(out, true);
    if (!target) return target.error();
    IndexReport report;
    detail::Writer writer(DatabaseAccess::impl(*target).db, options.max_postings);
    if (Result<void> r = writer.begin(); !r) return r.error();
    for (const std::string& input : inputs) {
        Result<Database> source = Database::open(input, false);
        if (!source) return source.error();
        sqlite3* db = DatabaseAccess::impl(*source).db;
        ++report.files;
        detail::Statement games(
            db,
            "SELECT g.id, g.game, f.path, g.number, g.offset, g.line, g.hash, g.first, g.second, "
            "g.date, g.event, g.result, g.outcome, g.plies, g.start, g.moves, g.tags, g.prefilter, "
            "g.ratings, g.year FROM games g JOIN file_paths f ON f.id = g.file ORDER BY g.id");
        if (!games) return detail::sqlite_error(db, input);
        while (games.step()) {
            detail::GameEntry e;
            e.game = detail::stored_game(games.integer(1));
            e.file = games.text(2);
            e.number = static_cast<std::uint64_t>(games.integer(3));
            e.offset = static_cast<std::uint64_t>(games.integer(4));
            e.line = static_cast<std::uint32_t>(games.integer(5));
            e.hash = static_cast<std::uint64_t>(games.integer(6));
            e.first = games.text(7);
            e.second = games.text(8);
            e.date = games.text(9);
            e.event = games.text(10);
            e.result = games.text(11);
            e.outcome = static_cast<Outcome>(games.integer(12));
            e.plies = static_cast<std::uint32_t>(games.integer(13));
            e.start = games.text(14);
            e.moves = games.blob(15);
            e.tags = games.text(16);
            e.prefilter = games.blob(17);  // what the stones ever were: the same whatever the game's id
            e.ratings = detail::unpacked_ratings(games.integer(18));
            e.year = static_cast<std::uint16_t>(games.integer(19));
            // The postings again from the stored moves: the index keeps most keys in part.
            Result<std::vector<detail::Posting>> postings = detail::replay_postings(e.game, e.start, e.moves);
            if (!postings)
                return Error{ErrorCode::io_error, input + ": damaged game " +
                                                      std::to_string(games.integer(0)) + " (" +
                                                      postings.error().message + ")"};
            e.postings = std::move(*postings);
            Result<std::uint32_t> id = writer.add(e, report);
            if (!id) return id.error();
        }
        if (!games.ok()) return detail::sqlite_error(db, input);
    }
    if (Result<void> r = writer.commit(options.progress); !r) return r.error();
    return report;
}

}  // namespace

Result<IndexReport> merge(const std::string& out, std::span<const std::string> inputs,
                          const IndexOptions& options) {
    std::error_code ec;
    if (std::filesystem::exists(out, ec))
        return Error{ErrorCode::io_error, out + ": exists already (merge writes a new index)"};
    for (const std::string& input : inputs)
        if (std::filesystem::exists(input, ec) && std::filesystem::exists(out, ec) &&
            std::filesystem::equivalent(input, out, ec))
            return Error{ErrorCode::io_error, out + ": is also an input"};
    // Built beside `out` and renamed when done: a merge that fails or is killed leaves no
    // index under `out` (a half-written one would answer "0 games" and block a retry).
    const std::string partial = out + ".kifu-partial";
    std::filesystem::remove(partial, ec);  // what a killed merge left
    Result<IndexReport> report = merge_into(partial, inputs, options);
    if (report) {
        std::filesystem::rename(partial, out, ec);
        if (ec) report = Error{ErrorCode::io_error, out + ": " + ec.message()};
    }
    if (!report) std::filesystem::remove(partial, ec);
    return report;
}

}  // namespace kifu::index

namespace kifu::index {

std::uint32_t performance_rating(double opponents_average, double score) noexcept {
    if (!(opponents_average > 0)) return 0;
    const double difference = score <= 0   ? -800
                              : score >= 1 ? 800
                                           : std::clamp(400 * std::log10(score / (1 - score)), -800.0, 800.0);
    const double rating = std::round(opponents_average + difference);
    return rating <= 0 ? 0 : static_cast<std::uint32_t>(rating);
}

std::string opening_text(const formats::Opening& opening) {
    const std::string name = opening.name();
    if (opening.tags.size() <= 1) return name;
    return fmt::format("{} {}", opening.code(), name);
}

namespace detail {

std::string opening_in_tags(formats::Game game, std::string_view tags) {
    formats::Opening opening;
    for (const std::string_view name : formats::opening_tag_names(game))
        for_each_tag(tags, [&](std::string_view n, std::string_view value) {
            if (n != name) return true;
            if (!value.empty()) opening.tags.emplace_back(std::string(name), std::string(value));
            return false;
        });
    return opening.tags.empty() ? std::string() : opening_text(opening);
}

}  // namespace detail

void name_openings(ExploreResult& result, const PositionQuery& query, const formats::OpeningBook& book) {
    if (book.game() != query.game) return;
    const auto named = [&](const formats::Document& position) -> std::string {
        const Result<std::uint64_t> key = formats::position_key(position);
        if (!key) return {};
        const formats::Opening* o = book.find(*key);
        return o ? opening_text(*o) : std::string();
    };
    result.opening = named(query.position);
    for (MoveStats& m : result.moves)
        if (Result<formats::Document> after = formats::play(query.position, m.move))
            m.opening = named(*after);
}

}  // namespace kifu::index
