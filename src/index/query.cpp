// Queries of the index (search, explore, stats) and merging indexes.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <unordered_map>

#include "database_impl.hpp"
#include "game_rows.hpp"
#include "kifu/chess/polyglot.hpp"
#include "kifu/feen/games.hpp"
#include "kifu/shogi/status.hpp"
#include "kifu/xiangqi/game.hpp"

namespace kifu::index {

std::string_view to_string(Outcome outcome, formats::Game game) noexcept {
    const bool go = game == formats::Game::go;
    switch (outcome) {
        case Outcome::first:
            return go ? "B+" : game == formats::Game::shogi ? "sente" : "1-0";
        case Outcome::second:
            return go ? "W+" : game == formats::Game::shogi ? "gote" : "0-1";
        case Outcome::draw:
            return go ? "draw" : game == formats::Game::shogi ? "draw" : "1/2-1/2";
        default:
            return "*";
    }
}

std::optional<Outcome> outcome_named(std::string_view r) noexcept {
    if (r == "1-0" || r == "B+" || r == "sente" || r == "first") return Outcome::first;
    if (r == "0-1" || r == "W+" || r == "gote" || r == "second") return Outcome::second;
    if (r == "1/2-1/2" || r == "draw" || r == "=") return Outcome::draw;
    return std::nullopt;
}

Result<PositionQuery> position_query(formats::Document position) {
    if (const auto* f = std::get_if<feen::Position>(&position.value)) {
        const char style = static_cast<char>(std::toupper(static_cast<unsigned char>(f->styles[0])));
        if (style == 'C') {
            if (Result<chess::Position> c = feen::to_chess(*f)) position.value = *c;
        } else if (style == 'S') {
            if (Result<shogi::Position> s = feen::to_shogi(*f)) position.value = *s;
        } else if (style == 'X') {
            if (Result<xiangqi::Position> x = feen::to_xiangqi(*f)) position.value = *x;
        }
    }
    PositionQuery q;
    if (const auto* c = std::get_if<chess::Position>(&position.value)) {
        q.game = formats::Game::chess;
        q.key = chess::polyglot_key(*c);
    } else if (const auto* s = std::get_if<shogi::Position>(&position.value)) {
        q.game = formats::Game::shogi;
        q.key = shogi::repetition_key(*s);
    } else if (const auto* x = std::get_if<xiangqi::Position>(&position.value)) {
        q.game = formats::Game::xiangqi;
        q.key = xiangqi::position_key(*x);
    } else if (const auto* p = std::get_if<go::Position>(&position.value)) {
        q.game = formats::Game::go;
        const CanonicalKey key = canonical_key(board_of(*p));
        q.key = key.key;
        q.symmetry = key.symmetry;
    } else {
        return Error{ErrorCode::unsupported, 0, 0, 0,
                     "the index looks up chess, Go, shogi and xiangqi positions; this is none of them"};
    }
    q.position = std::move(position);
    return q;
}

namespace detail {
namespace {

// Every entry of a key, over the game's chunks in order (which is game order).
Result<std::vector<Entry>> entries_of(sqlite3* db, formats::Game game, std::uint64_t key) {
    std::vector<Entry> out;
    Statement chunks(db, "SELECT id, bits FROM chunks WHERE game = ? ORDER BY id");
    Statement row(db, "SELECT data FROM postings WHERE id = ?");
    if (!chunks || !row) return sqlite_error(db, "reading the index");
    chunks.bind(1, static_cast<int>(game));
    while (chunks.step()) {
        row.bind(1, row_id(chunks.integer(0), bucket_of(key, static_cast<unsigned>(chunks.integer(1)))));
        if (row.step()) {
            RowCursor cursor(row.blob(0));
            while (cursor.next() && cursor.key() <= key)
                if (cursor.key() == key) {
                    if (!cursor.entries(out))
                        return Error{ErrorCode::io_error, 0, 0, 0, "damaged postings in the index"};
                    break;
                }
        }
        row.reset();
    }
    return out;
}

// The first entry of each game that passes the colour test (Go).
std::vector<Entry> first_per_game(const std::vector<Entry>& entries, const PositionQuery& q) {
    std::vector<Entry> out;
    for (const Entry& e : entries) {
        const auto symmetry = static_cast<Symmetry>((e.code >> 2) & 15);
        if (q.game == formats::Game::go && !q.any_colours &&
            swaps_colours(symmetry) != swaps_colours(q.symmetry))
            continue;
        if (out.empty() || out.back().game != e.game) out.push_back(e);
    }
    return out;
}

Symmetry to_query(Symmetry game_symmetry, const PositionQuery& q) {
    return q.game == formats::Game::go ? compose(inverse(q.symmetry), game_symmetry) : 0;
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
        rows.list(e.game, e.ply, detail::to_query(static_cast<Symmetry>((e.code >> 2) & 15), q), q.filter,
                  offset, limit, out.count, out.games);
    return out;
}

namespace {

// The side whose result a move's score counts: the player to move (Go: the move's colour).
bool first_moves(const PositionQuery& q, std::string_view move) {
    if (const auto* c = std::get_if<chess::Position>(&q.position.value))
        return c->side_to_move() == chess::Color::white;
    if (const auto* s = std::get_if<shogi::Position>(&q.position.value))
        return s->side_to_move() == shogi::Color::black;
    if (const auto* x = std::get_if<xiangqi::Position>(&q.position.value))
        return x->side_to_move == xiangqi::Color::red;
    return move.starts_with("B");
}

}  // namespace

Result<ExploreResult> Database::explore(const PositionQuery& q, std::size_t games_per_move) {
    Result<std::vector<detail::Entry>> all = detail::entries_of(impl_->db, q.game, q.key);
    if (!all) return all.error();
    std::vector<detail::Entry> games = detail::first_per_game(*all, q);
    detail::GameRows rows(impl_->db);
    struct Tally {
        MoveStats stats;
        std::vector<detail::Entry> first_games;
    };
    std::map<std::uint32_t, Tally> by_move;  // canonical move code -> tally
    ExploreResult out;
    for (const detail::Entry& e : games) {
        if (!rows.passes(e.game, q.filter)) continue;
        ++out.games;
        const std::uint32_t move = e.code >> 6;
        if (move == 0) {
            ++out.ended;
            continue;
        }
        Tally& t = by_move[move];
        MoveStats& s = t.stats;
        ++s.count;
        // Go with --colours any: a game matched with colours swapped counts its winner as
        // the other colour of the query.
        const bool swapped =
            q.game == formats::Game::go &&
            swaps_colours(static_cast<Symmetry>((e.code >> 2) & 15)) != swaps_colours(q.symmetry);
        switch (static_cast<Outcome>(e.code & 3)) {
            case Outcome::first:
                ++(swapped ? s.second : s.first);
                break;
            case Outcome::second:
                ++(swapped ? s.first : s.second);
                break;
            case Outcome::draw:
                ++s.draws;
                break;
            default:
                ++s.unknown;
                break;
        }
        if (t.first_games.size() < games_per_move) t.first_games.push_back(e);
    }
    for (auto& [code, t] : by_move) {
        MoveStats s = std::move(t.stats);
        s.move = detail::move_text(q.position, code, q.symmetry);
        // A Go move's colour in the query: the canonical colour, swapped back when the query was.
        const std::uint64_t decided = s.first + s.draws + s.second;
        const bool first = first_moves(q, s.move);
        if (decided > 0)
            s.score = (static_cast<double>(first ? s.first : s.second) + 0.5 * static_cast<double>(s.draws)) /
                      static_cast<double>(decided);
        for (const detail::Entry& e : t.first_games) {
            GameSummary g;
            if (rows.load(e.game, g)) {
                g.ply = e.ply;
                g.symmetry = detail::to_query(static_cast<Symmetry>((e.code >> 2) & 15), q);
                s.games.push_back(std::move(g));
            }
        }
        out.moves.push_back(std::move(s));
    }
    std::stable_sort(out.moves.begin(), out.moves.end(),
                     [](const MoveStats& a, const MoveStats& b) { return a.count > b.count; });
    return out;
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

Result<IndexReport> merge(const std::string& out, std::span<const std::string> inputs,
                          const IndexOptions& options) {
    std::error_code ec;
    if (std::filesystem::exists(out, ec))
        return Error{ErrorCode::io_error, 0, 0, 0, out + ": exists already (merge writes a new index)"};
    for (const std::string& input : inputs)
        if (std::filesystem::exists(input, ec) && std::filesystem::exists(out, ec) &&
            std::filesystem::equivalent(input, out, ec))
            return Error{ErrorCode::io_error, 0, 0, 0, out + ": is also an input"};
    Result<Database> target = Database::open(out, true);
    if (!target) return target.error();
    IndexReport report;
    detail::Writer writer(target->impl_->db, options.max_postings);
    if (Result<void> r = writer.begin(); !r) return r.error();
    for (const std::string& input : inputs) {
        Result<Database> source = Database::open(input, false);
        if (!source) return source.error();
        sqlite3* db = source->impl_->db;
        ++report.files;
        std::unordered_map<std::uint32_t, std::uint32_t> new_id;
        detail::Statement games(
            db,
            "SELECT g.id, g.game, f.path, g.number, g.offset, g.line, g.hash, g.first, g.second, "
            "g.date, g.event, g.result, g.outcome, g.plies, g.start, g.moves, g.tags "
            "FROM games g JOIN files f ON f.id = g.file ORDER BY g.id");
        if (!games) return detail::sqlite_error(db, input);
        while (games.step()) {
            detail::GameEntry e;
            e.game = static_cast<formats::Game>(games.integer(1));
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
            Result<std::uint32_t> id = writer.add(e, report);
            if (!id) return id.error();
            if (*id) new_id.emplace(static_cast<std::uint32_t>(games.integer(0)), *id);
        }
        detail::Statement chunks(db, "SELECT id, game FROM chunks ORDER BY id");
        std::vector<detail::Entry> entries;
        std::vector<detail::Posting> postings;
        while (chunks.step()) {
            const auto game = static_cast<formats::Game>(chunks.integer(1));
            detail::Statement rows(db, "SELECT data FROM postings WHERE id BETWEEN ? AND ? ORDER BY id");
            rows.bind(1, detail::row_id(chunks.integer(0), 0))
                .bind(2, detail::row_id(chunks.integer(0), 0xFFFFFFFF));
            while (rows.step()) {
                detail::RowCursor cursor(rows.blob(0));
                while (cursor.next()) {
                    entries.clear();
                    if (!cursor.entries(entries))
                        return Error{ErrorCode::io_error, 0, 0, 0, input + ": damaged postings"};
                    postings.clear();
                    for (const detail::Entry& en : entries)
                        if (const auto it = new_id.find(en.game); it != new_id.end())
                            postings.push_back({cursor.key(), it->second, en.ply, en.code});
                    if (Result<void> r = writer.add_postings(game, postings); !r) return r.error();
                }
            }
        }
    }
    if (Result<void> r = writer.commit(); !r) return r.error();
    return report;
}

}  // namespace kifu::index
