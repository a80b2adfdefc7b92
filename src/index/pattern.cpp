#include "kifu/index/pattern.hpp"

#include <algorithm>
#include <atomic>
#include <map>

#include "database_impl.hpp"
#include "game_rows.hpp"
#include "go_prefilter.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/hen.hpp"
#include "move_codec.hpp"
#include "scan.hpp"

namespace kifu::index {
namespace {

using Cell = GoPattern::Cell;

// The pattern under one symmetry: its box, the cells to test (stones first: they reject
// soonest) and the sides that must lie on the board's edge.
struct Variant {
    Symmetry symmetry = 0;
    int width = 0, height = 0;
    struct Test {
        int dx, dy;
        go::Stone want;
    };
    std::vector<Test> tests;
    bool left = false, right = false, top = false, bottom = false;
};

Variant variant_of(const GoPattern& p, Symmetry s) {
    Variant v;
    v.symmetry = s;
    const go::BoardSize box{static_cast<std::uint8_t>(p.width), static_cast<std::uint8_t>(p.height)};
    v.width = (s & 1) ? p.height : p.width;
    v.height = (s & 1) ? p.width : p.height;
    bool l = p.left, r = p.right, t = p.top, b = p.bottom;
    if (s & 1) std::swap(l, t), std::swap(r, b);
    if (s & 2) std::swap(l, r);
    if (s & 4) std::swap(t, b);
    v.left = l, v.right = r, v.top = t, v.bottom = b;
    std::vector<Variant::Test> empties;
    for (int row = 0; row < p.height; ++row)
        for (int col = 0; col < p.width; ++col) {
            const Cell c = p.cells[static_cast<std::size_t>(row * p.width + col)];
            if (c == Cell::any) continue;
            const go::Point at =
                apply(s, go::Point{static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(row)}, box);
            const go::Stone want = c == Cell::empty   ? go::Stone::none
                                   : c == Cell::black ? apply(s, go::Stone::black)
                                                      : apply(s, go::Stone::white);
            (want == go::Stone::none ? empties : v.tests).push_back({at.col, at.row, want});
        }
    v.tests.insert(v.tests.end(), empties.begin(), empties.end());
    return v;
}

// Where a variant may stand on a board: the range of its top-left corner.
struct Range {
    int x0, x1, y0, y1;  // inclusive; empty when x0 > x1
};
Range placements(const Variant& v, go::BoardSize size) {
    const int w = size.width, h = size.height;
    Range r{0, w - v.width, 0, h - v.height};
    if (v.left) r.x1 = std::min(r.x1, 0);
    if (v.right) r.x0 = std::max(r.x0, w - v.width);
    if (v.top) r.y1 = std::min(r.y1, 0);
    if (v.bottom) r.y0 = std::max(r.y0, h - v.height);
    return r;
}

bool fits(const Variant& v, const go::Board& board, int x, int y) {
    for (const Variant::Test& t : v.tests)
        if (board.at({static_cast<std::uint8_t>(x + t.dx), static_cast<std::uint8_t>(y + t.dy)}) != t.want)
            return false;
    return true;
}

struct Match {
    const Variant* variant;
    int x, y;
};

// The first placement of any variant that fits, looking only at placements covering one
// of `changed` (all placements when `changed` is null).
std::optional<Match> find(const std::vector<Variant>& variants, const go::Board& board,
                          const std::vector<go::Point>* changed) {
    for (const Variant& v : variants) {
        const Range r = placements(v, board.size());
        if (r.x0 > r.x1 || r.y0 > r.y1) continue;
        if (!changed) {
            for (int y = r.y0; y <= r.y1; ++y)
                for (int x = r.x0; x <= r.x1; ++x)
                    if (fits(v, board, x, y)) return Match{&v, x, y};
            continue;
        }
        for (const go::Point p : *changed) {
            const int x0 = std::max(r.x0, p.col - v.width + 1), x1 = std::min(r.x1, int{p.col});
            const int y0 = std::max(r.y0, p.row - v.height + 1), y1 = std::min(r.y1, int{p.row});
            for (int y = y0; y <= y1; ++y)
                for (int x = x0; x <= x1; ++x)
                    if (fits(v, board, x, y)) return Match{&v, x, y};
        }
    }
    return std::nullopt;
}

// Continuation codes: 0 the game ends, 1 a move outside the pattern, 2 a pass, 3 + 2 *
// cell + (white): a move on a cell of the pattern (in the query's orientation and colours).
std::uint32_t continuation(const GoPattern& p, const Match& m, go::Stone stone, std::optional<go::Point> at) {
    if (!at) return 2;
    const int dx = at->col - m.x, dy = at->row - m.y;
    if (dx < 0 || dy < 0 || dx >= m.variant->width || dy >= m.variant->height) return 1;
    const Symmetry back = inverse(m.variant->symmetry);
    const go::BoardSize box{static_cast<std::uint8_t>(m.variant->width),
                            static_cast<std::uint8_t>(m.variant->height)};
    const go::Point cell =
        apply(back, go::Point{static_cast<std::uint8_t>(dx), static_cast<std::uint8_t>(dy)}, box);
    return 3 + 2 * static_cast<std::uint32_t>(cell.row * p.width + cell.col) +
           (apply(back, stone) == go::Stone::white);
}

std::string continuation_text(const GoPattern& p, std::uint32_t code) {
    if (code == 0) return "end";
    if (code == 1) return "tenuki";
    if (code == 2) return "pass";
    const std::uint32_t cell = (code - 3) / 2;
    const go::Point at{static_cast<std::uint8_t>(p.col + static_cast<int>(cell) % p.width),
                       static_cast<std::uint8_t>(p.row + static_cast<int>(cell) / p.width)};
    const Result<std::string> human = go::to_human(p.board, at);
    return std::string((code - 3) % 2 ? "W " : "B ") + (human ? *human : "?");
}

// The key of the pattern's 7x7 corner, when every placement of it covers a whole corner
// region and leaves no point of it open: then a game holds it only if it had that region.
std::optional<std::uint32_t> pattern_region_key(const GoPattern& p) {
    using detail::kRegionSide;
    if (!(p.left || p.right) || !(p.top || p.bottom) || p.width < kRegionSide || p.height < kRegionSide)
        return std::nullopt;
    detail::CornerRegion region{};
    for (int j = 0; j < kRegionSide; ++j)
        for (int i = 0; i < kRegionSide; ++i) {
            const int col = p.left ? i : p.width - 1 - i, row = p.top ? j : p.height - 1 - j;
            const Cell c = p.cells[static_cast<std::size_t>(row * p.width + col)];
            if (c == Cell::any) return std::nullopt;
            region[static_cast<std::size_t>(j * kRegionSide + i)] = c == Cell::black   ? go::Stone::black
                                                                    : c == Cell::white ? go::Stone::white
                                                                                       : go::Stone::none;
        }
    return detail::corner_region_key(region);
}

// Whether a game may hold the pattern, from its prefilter alone: its corner region's key,
// then some placement of some variant whose stones all stand where stones of their colour
// ever stood.
bool may_hold(const std::vector<Variant>& variants, std::optional<std::uint32_t> region_key,
              const detail::GoPrefilter& f) {
    if (region_key && f.regions && !f.had_region(*region_key)) return false;
    for (const Variant& v : variants) {
        const Range r = placements(v, f.size);
        for (int y = r.y0; y <= r.y1; ++y)
            for (int x = r.x0; x <= r.x1; ++x) {
                bool ok = true;
                for (const Variant::Test& t : v.tests) {
                    if (t.want == go::Stone::none) break;  // stones come first; an empty point was empty once
                    if (!f.ever((y + t.dy) * f.size.width + x + t.dx, t.want)) {
                        ok = false;
                        break;
                    }
                }
                if (ok) return true;
            }
    }
    return false;
}

Result<go::Board> start_board(std::string_view start) {
    if (start.empty()) return go::Board(go::BoardSize{});
    Result<go::Position> p = go::parse_hen(start);
    if (!p) return p.error();
    return board_of(*p);
}

}  // namespace

Result<GoPattern> go_pattern(const go::Position& position, std::string_view region) {
    const std::size_t dash = region.find('-');
    if (dash == std::string_view::npos)
        return expected_at(region, region.size(), "two corners joined by '-', as in D4-A1");
    Result<go::Point> a = go::from_human(position.size, region.substr(0, dash));
    if (!a) return expected_at(region, 0, "a point of the board, as in D4: " + a.error().message);
    Result<go::Point> b = go::from_human(position.size, region.substr(dash + 1));
    if (!b) return expected_at(region, dash + 1, "a point of the board, as in A1: " + b.error().message);
    GoPattern p;
    p.board = position.size;
    p.col = std::min(a->col, b->col);
    p.row = std::min(a->row, b->row);
    p.width = std::max(a->col, b->col) - p.col + 1;
    p.height = std::max(a->row, b->row) - p.row + 1;
    p.left = p.col == 0;
    p.top = p.row == 0;
    p.right = p.col + p.width == position.size.width;
    p.bottom = p.row + p.height == position.size.height;
    for (int row = p.row; row < p.row + p.height; ++row)
        for (int col = p.col; col < p.col + p.width; ++col) {
            const go::Point at{static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(row)};
            const go::Stone s = position.stones[static_cast<std::size_t>(at.index(position.size))];
            const bool marked = std::any_of(position.marks.begin(), position.marks.end(),
                                            [&](const go::MarkedPoint& m) { return m.point == at; });
            p.cells.push_back(marked                  ? Cell::any
                              : s == go::Stone::black ? Cell::black
                              : s == go::Stone::white ? Cell::white
                                                      : Cell::empty);
        }
    if (std::all_of(p.cells.begin(), p.cells.end(), [](Cell c) { return c == Cell::any; }))
        return error_at(region, 0, ErrorCode::out_of_range,
                        "every point of the region is marked: nothing to find");
    return p;
}

Result<PatternResult> search_pattern(Database& db, const GoPattern& pattern, const Filter& filter,
                                     bool any_colours, std::size_t offset, std::size_t limit,
                                     unsigned threads) {
    std::vector<Variant> variants;
    for (Symmetry s = 0; s < (any_colours ? 16 : 8); ++s) {
        Variant v = variant_of(pattern, s);
        // Symmetric patterns give the same variant more than once: keep one.
        const bool seen = std::any_of(variants.begin(), variants.end(), [&](const Variant& o) {
            return o.width == v.width && o.height == v.height && o.left == v.left && o.right == v.right &&
                   o.top == v.top && o.bottom == v.bottom && o.tests.size() == v.tests.size() &&
                   std::equal(o.tests.begin(), o.tests.end(), v.tests.begin(),
                              [](const auto& x, const auto& y) {
                                  return x.dx == y.dx && x.dy == y.dy && x.want == y.want;
                              });
        });
        if (!seen) variants.push_back(std::move(v));
    }
    const std::optional<std::uint32_t> region_key = pattern_region_key(pattern);
    std::atomic<std::uint64_t> replayed{0};
    const detail::GameTest test = [&](const detail::StoredGame& g) -> std::optional<detail::ScanHit> {
        if (const std::optional<detail::GoPrefilter> f = detail::read_go_prefilter(g.prefilter))
            if (!may_hold(variants, region_key, *f)) return std::nullopt;
        replayed.fetch_add(1, std::memory_order_relaxed);
        Result<go::Board> board = start_board(g.start);
        if (!board) return std::nullopt;
        std::optional<Match> found = find(variants, *board, nullptr);
        std::uint32_t ply = 0;
        std::optional<detail::ScanHit> hit;
        if (found) hit = detail::ScanHit{0, 0, found->variant->symmetry, 0, Outcome::unknown};
        std::vector<go::Point> changed;
        std::vector<go::Stone> before;
        bool recorded = false;  // the continuation after the hit
        auto snapshot = [&] {
            before.resize(static_cast<std::size_t>(board->size().points()));
            for (int i = 0; i < board->size().points(); ++i)
                before[static_cast<std::size_t>(i)] = board->at(go::Point::from_index(board->size(), i));
        };
        if (!hit) snapshot();
        detail::for_each_go_node(g.moves, [&](const go::NodeAction& node) {
            if (!hit)
                for (const auto& [p, s] : node.setup)
                    if (p.on(board->size())) board->set(p, s);
            for (const go::LastMove& m : node.moves) {
                if (hit) {
                    if (!recorded)
                        hit->next = continuation(pattern, *found, m.stone,
                                                 m.move.is_pass ? std::nullopt : std::optional(m.move.point)),
                        recorded = true;
                    continue;
                }
                if (m.move.is_pass)
                    board->pass(m.stone);
                else if (m.move.point.on(board->size()))
                    board->play(m.stone, m.move.point);
            }
            ++ply;
            if (hit) return;
            changed.clear();
            for (int i = 0; i < board->size().points(); ++i) {
                const go::Point p = go::Point::from_index(board->size(), i);
                if (board->at(p) != before[static_cast<std::size_t>(i)]) {
                    changed.push_back(p);
                    before[static_cast<std::size_t>(i)] = board->at(p);
                }
            }
            if (changed.empty()) return;
            if ((found = find(variants, *board, &changed)))
                hit = detail::ScanHit{0, ply, found->variant->symmetry, 0, Outcome::unknown};
        });
        return hit;
    };
    Result<std::vector<detail::ScanHit>> hits =
        detail::scan_games(DatabaseAccess::impl(db).db, formats::Game::go, threads, test);
    if (!hits) return hits.error();
    detail::GameRows rows(DatabaseAccess::impl(db).db);
    PatternResult out;
    out.replayed = replayed.load();
    std::map<std::uint32_t, Continuation> by_move;
    for (const detail::ScanHit& h : *hits) {
        const std::uint64_t before = out.count;
        // inverse: the symmetry from the game's board onto the pattern's.
        rows.list(h.game, h.ply, inverse(h.symmetry), filter, offset, limit, out.count, out.games);
        if (out.count == before) continue;  // filtered out
        Continuation& c = by_move[h.next];
        ++c.count;
        const bool swapped = swaps_colours(h.symmetry);
        if (h.outcome == Outcome::first)
            ++(swapped ? c.white : c.black);
        else if (h.outcome == Outcome::second)
            ++(swapped ? c.black : c.white);
        else
            ++c.other;
    }
    for (auto& [code, c] : by_move) {
        c.move = continuation_text(pattern, code);
        out.continuations.push_back(std::move(c));
    }
    std::stable_sort(out.continuations.begin(), out.continuations.end(),
                     [](const Continuation& a, const Continuation& b) { return a.count > b.count; });
    return out;
}

}  // namespace kifu::index
