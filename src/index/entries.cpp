#include "entries.hpp"

#include <algorithm>
#include <cstring>

#include "game_rows.hpp"
#include "go_prefilter.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/polyglot.hpp"
#include "kifu/chess/san.hpp"
#include "kifu/core/hash.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/shogi/notation.hpp"
#include "kifu/shogi/sfen.hpp"
#include "kifu/shogi/status.hpp"
#include "kifu/xiangqi/notation.hpp"
#include "move_codec.hpp"

namespace kifu::index::detail {
namespace {

// Eight bytes a step (a byte a step was 1.5% of an index build), the length mixed in last.
std::uint64_t hash_bytes(std::uint64_t h, std::string_view bytes) noexcept {
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, bytes.data() + i, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 32;
    }
    std::uint64_t tail = 0;
    for (std::size_t k = 0; i + k < bytes.size(); ++k)
        tail |= std::uint64_t{static_cast<unsigned char>(bytes[i + k])} << (8 * k);
    return splitmix64((h ^ tail) * 0x9E3779B97F4A7C15ull ^ bytes.size());
}

// The error of a game too long for the index's postings.
std::string too_long(std::uint32_t line) {
    return std::to_string(line) + ":1: the game is longer than the index takes (" +
           std::to_string(Posting::kMaxPly) + " plies); not indexed";
}

void append_tag(std::string& out, std::string_view name, std::string_view value) {
    out += name;
    out += '\t';
    for (const char c : value) out.push_back(c == '\n' || c == '\t' ? ' ' : c);
    out += '\n';
}

std::string tag_text(const std::vector<std::pair<std::string, std::string>>& tags) {
    std::string out;
    for (const auto& [name, value] : tags) append_tag(out, name, value);
    return out;
}

// The main line of a tree through the one walk: visit returns false off the main line.
template <class Traits, class Visit>
void walk_main_line(const GameTree<Traits>& tree, Visit&& visit) {
    std::vector<std::uint32_t> depth(tree.nodes.size(), 0);
    std::vector<char> main(tree.nodes.size(), 0);
    walk(tree, [&](NodeId id, const typename Traits::Position& position) {
        if (id != GameTree<Traits>::kRoot) {
            const NodeId parent = tree.nodes[id].parent;
            if (!main[parent] || tree.nodes[parent].children[0] != id) return false;
            depth[id] = depth[parent] + 1;
        }
        main[id] = 1;
        visit(id, depth[id], position);
        return true;
    });
}

template <class Traits>
void common(GameEntry& e, const GameTree<Traits>& tree, std::string_view file) {
    e.file = file;
    e.number = tree.index;
    e.line = tree.line;
    e.tags = tag_text(tree.tags);
    e.result = tree.result;
    if (!tree.errors.empty())
        e.error = std::to_string(tree.errors[0].line) + ":" + std::to_string(tree.errors[0].column) + ": " +
                  tree.errors[0].message;
}

// The games table's game of a game's traits (its name), found once.
template <class Traits>
formats::Game game_of_traits() {
    static const formats::Game game = formats::game_named(Traits::game)->game;
    return game;
}

// Shogi, xiangqi and chess trees: 16-bit moves, Zobrist keys from the traits.
template <class Traits, class StartText>
GameEntry simple_entry(const GameTree<Traits>& tree, std::string_view file, StartText&& start_text) {
    GameEntry e;
    e.game = game_of_traits<Traits>();
    common(e, tree, file);
    e.start = start_text(tree.start);
    walk_main_line(tree, [&](NodeId id, std::uint32_t ply, const typename Traits::Position& position) {
        const auto& node = tree.nodes[id];
        std::uint32_t next = 0;
        if (!node.children.empty()) {
            next = std::uint32_t{tree.nodes[node.children[0]].move.raw()} + 1;
            put_word(e.moves, tree.nodes[node.children[0]].move.raw());
        }
        e.postings.push_back({Traits::key(position), 0, ply, posting_code(next, 0)});
        e.plies = ply;
    });
    return e;
}

// A chess game as the PGN reader tells it, main line only (variations are skipped unread).
class ChessEntryVisitor : public chess::PgnVisitor {
  public:
    explicit ChessEntryVisitor(GameEntry& e) : e_(e) {
        e_.postings.reserve(128);  // a game's main line, as a rule
    }
    bool begin_game(const chess::PgnGameText& g) override {
        e_.number = g.index;
        e_.offset = g.offset;
        e_.line = g.line;
        return true;
    }
    void tag(std::string_view name, std::string_view value) override {
        append_tag(e_.tags, name, value);  // straight into the row's text: no string pair a tag
        if (name == "Result") result_tag_ = value;
    }
    bool begin_movetext(const chess::Position& start) override {
        if (!(start == chess::Position::start())) e_.start = chess::write_fen(start);
        pieces_ = chess::polyglot_pieces(start);
        return true;
    }
    // Keys kept up to date move by move: the pieces' part changes by a few squares.
    void move(const chess::Position& before, chess::Move m, std::string_view) override {
        if (e_.plies >= Posting::kMaxPly) {
            if (e_.error.empty()) e_.error = too_long(e_.line);
            return;
        }
        const std::uint64_t key = pieces_ ^ chess::polyglot_state(before);
        pieces_ = chess::polyglot_pieces_after(before, pieces_, m);
        e_.postings.push_back({key, 0, e_.plies, posting_code(m.raw() + 1u, 0)});  // the words at the end
        ++e_.plies;
    }
    bool begin_variation() override { return false; }
    void result(std::string_view marker) override { e_.result = marker; }
    void error(const Error& error) override {
        if (e_.error.empty())
            e_.error = std::to_string(error.line) + ":" + std::to_string(error.column) + ": " + error.message;
    }
    void end_game(const chess::Position& final_position) override {
        // The main line's words, from the postings' next moves: written once, not two bytes a move.
        e_.moves.resize(2 * e_.postings.size());
        char* out = e_.moves.data();
        for (const Posting& p : e_.postings) {
            const std::uint32_t word = next_move_of(p.code()) - 1;
            *out++ = static_cast<char>(word & 0xFF);
            *out++ = static_cast<char>(word >> 8);
        }
        e_.postings.push_back(
            {pieces_ ^ chess::polyglot_state(final_position), 0, e_.plies, posting_code(0, 0)});
        if (e_.result.empty() || e_.result == "*") e_.result = result_tag_.empty() ? e_.result : result_tag_;
    }

  private:
    GameEntry& e_;
    std::string result_tag_;
    std::uint64_t pieces_ = 0;
};

void finish(GameEntry& e, Outcome o) {
    if (e.plies > Posting::kMaxPly && e.error.empty()) e.error = too_long(e.line);
    fill_named_tags(e);
    e.outcome = o;
    finish_hash(e);
}

}  // namespace

void fill_named_tags(GameEntry& e) {
    const formats::GameInfo* info = formats::game_info(e.game);
    if (!info) return;
    // The first of the blank-separated names that the game has.
    auto first_of = [&](std::string_view names) -> std::string {
        while (!names.empty()) {
            const std::size_t blank = names.find(' ');
            if (const auto found = tag_value(e.tags, names.substr(0, blank))) return std::string(*found);
            names = blank == std::string_view::npos ? std::string_view() : names.substr(blank + 1);
        }
        return {};
    };
    e.first = first_of(info->first_tags);
    e.second = first_of(info->second_tags);
    e.date = first_of(info->date_tags);
    e.event = first_of(info->event_tags);
    // Ratings and years beyond 16 bits are no ratings or years (the explorer's columns).
    const auto small = [](std::optional<int> v) -> std::uint16_t {
        return v && *v > 0 && *v <= 0xFFFF ? static_cast<std::uint16_t>(*v) : 0;
    };
    const auto [first, second] =
        formats::ratings_of(e.game, [&](std::string_view name) { return tag_value(e.tags, name); });
    e.ratings = {small(first), small(second)};
    e.year = small(formats::year_of(e.date));
}

void finish_hash(GameEntry& e) {
    std::uint64_t h = 0xcbf29ce484222325ull ^ static_cast<std::uint64_t>(e.game);
    h = hash_bytes(h, e.tags);
    h = hash_bytes(h, e.start);
    h = hash_bytes(h, e.moves);
    h = hash_bytes(h, e.result);
    e.hash = h;
}

GameEntry chess_entry(const chess::PgnGameText& text, std::string_view file,
                      const formats::OpeningBook* openings) {
    GameEntry e;
    e.game = game_of_traits<chess::GameTraits>();
    e.file = file;
    ChessEntryVisitor visitor(e);
    chess::read_pgn_game(text, visitor);
    if (openings && e.error.empty()) {
        // The postings are the main line's positions in order, each with the move played
        // there: the book's keys are the same Polyglot keys.
        formats::OpeningTracker<chess::GameTraits> tracker(*openings);
        for (const Posting& p : e.postings) {
            if (!tracker.see_key(p.key)) break;
            if (const std::uint32_t next = next_move_of(p.code()); next != 0)
                tracker.played(chess::Move::from_raw(static_cast<std::uint16_t>(next - 1)));
        }
        if (const formats::Opening* o = tracker.match().opening) set_opening_tags(e.tags, *openings, *o);
    }
    finish(e, outcome_of_score(e.result));
    return e;
}

void set_opening_tags(std::string& tags, const formats::OpeningBook& book, const formats::Opening& opening) {
    std::string out;
    out.reserve(tags.size() + 64);
    const auto& names = book.tag_names();
    for_each_tag(tags, [&](std::string_view name, std::string_view value) {
        if (std::find(names.begin(), names.end(), name) == names.end()) append_tag(out, name, value);
        return true;
    });
    for (const auto& [name, value] : opening.tags) append_tag(out, name, value);
    tags = std::move(out);
}

namespace {

// The entry of one game tree of a record read whole: an overload a game, so that a record
// type the index cannot take does not compile (formats::visit_record).
GameEntry tree_entry(const go::Game& tree, std::string_view file) {
    GameEntry e;
    e.game = game_of_traits<go::GameTraits>();
    e.file = file;
    e.number = tree.index;
    common(e, tree, file);
    if (!tree.errors.empty()) return e;  // no board to replay (an SZ that is no size)
    const go::BoardSize size = tree.start.board.size();
    if (tree.start.board.stone_count() > 0 || size != go::BoardSize{}) {
        Result<std::string> hen =
            go::write_hen(go::position_of(tree.start), go::HenWriteOptions{.always_size = true});
        if (hen) e.start = *hen;
    }
    go::BoardKeys keys(size);
    GoPrefilterBuilder prefilter(size);
    walk_main_line(tree, [&](NodeId id, std::uint32_t ply, const go::GameState& state) {
        keys.update(state.board);
        prefilter.add(keys.changes());
        const CanonicalKey key = keys.canonical();
        const auto& node = tree.nodes[id];
        std::uint32_t next = 0;
        if (!node.children.empty()) {
            const go::NodeAction& a = tree.nodes[node.children[0]].move;
            next = go_next_code(a, key.symmetry, size);
            put_go_node(e.moves, a);
        }
        e.postings.push_back({key.key, 0, ply, posting_code(next, key.symmetry)});
        e.plies = ply;
    });
    e.prefilter = prefilter.finish();
    finish(e, go::GameTraits::outcome(tree));
    if (const auto re = tree.tag("RE")) e.result = *re;
    return e;
}

GameEntry tree_entry(const shogi::Game& g, std::string_view file) {
    GameEntry e = simple_entry(g, file, [](const shogi::Position& p) {
        const std::string sfen = shogi::write_sfen(p);
        return sfen == shogi::write_sfen(shogi::Position::start()) ? std::string{} : sfen;
    });
    const NodeId last = g.main_line_end();
    const Ending ending = g.nodes[last].ending;
    if (e.result.empty() && ending != Ending::none) e.result = std::string(to_string(ending));
    finish(e, shogi::GameTraits::outcome(g));
    return e;
}

GameEntry tree_entry(const xiangqi::Game& g, std::string_view file) {
    GameEntry e = simple_entry(g, file, [](const xiangqi::Position& p) {
        const std::string fen = xiangqi::write_fen(p);
        return fen == xiangqi::write_fen(xiangqi::Position::start()) ? std::string{} : fen;
    });
    finish(e, xiangqi::GameTraits::outcome(g));
    return e;
}

// Chess games are indexed from the PGN text as a rule (chess_entry); a chess record read
// whole comes here, with the same Polyglot keys and move words (chess::GameTraits).
GameEntry tree_entry(const chess::Game& g, std::string_view file) {
    GameEntry e = simple_entry(g, file, [](const chess::Position& p) {
        return p == chess::Position::start() ? std::string{} : chess::write_fen(p);
    });
    finish(e, chess::GameTraits::outcome(g));
    return e;
}

}  // namespace

std::vector<GameEntry> record_entries(const formats::Document& document, std::string_view file) {
    std::vector<GameEntry> out;
    formats::visit_record(document, [&](const auto& games) {
        for (const auto& g : games) out.push_back(tree_entry(g, file));
    });
    return out;
}

// The code of the move that follows a Go position, in the canonical orientation: the
// plain moves only (a setup node has no next move).
std::uint32_t go_next_code(const go::NodeAction& a, Symmetry s, go::BoardSize size) {
    if (!a.setup.empty() || a.moves.size() != 1) return 0;
    const go::LastMove& m = a.moves[0];
    if (m.stone != go::Stone::black && m.stone != go::Stone::white) return 0;
    const go::LastMove turned{apply(s, m.stone),
                              m.move.is_pass ? m.move : go::Move::at(apply(s, m.move.point, size))};
    return std::uint32_t{go_move_word(turned)} + 1;
}

std::string move_text(const formats::Document& position, std::uint32_t code, Symmetry query_symmetry) {
    if (code == 0) return {};
    const auto word = static_cast<std::uint16_t>(code - 1);
    std::string text;
    if (const auto* p = std::get_if<go::Position>(&position.value)) {
        // From the canonical orientation back to the query's.
        const Symmetry back = inverse(query_symmetry);
        const go::NodeAction canonical = go::GameTraits::move_of_word(word);
        if (canonical.moves.empty()) return {};
        const go::LastMove& m = canonical.moves[0];
        const std::string colour = apply(back, m.stone) == go::Stone::white ? "W " : "B ";
        if (m.move.is_pass) return colour + "pass";
        const Result<std::string> human = go::to_human(p->size, apply(back, m.move.point, p->size));
        return colour + (human ? *human : std::string("?"));
    }
    if (formats::visit_position_rules(
            position, [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                text = Rules::write_move(p, Rules::move_of_word(word));
            }))
        return text;  // chess SAN, shogi USI, xiangqi ICCS: each game's plain notation
    return std::to_string(word);
}

}  // namespace kifu::index::detail
