#include "kifu/go/game.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/sgf_values.hpp"

namespace kifu::go {
namespace {

class Replayer {
  public:
    Replayer(const SgfCollection& sgf, BoardSize size, const ReplayOptions& options,
             std::vector<SgfWarning>* warnings)
        : sgf_(sgf), size_(size), warnings_(warnings), state_{Board(size), {}, {}, 0} {
        if (options.superko) state_.board.track_superko(true);
    }

    void node(std::uint32_t id) {
        state_.last_move.reset();
        bool has_move = false;
        bool has_setup = false;
        for (const SgfCollection::Property& p : sgf_.properties(id)) {
            if (p.id == "B" || p.id == "W") has_move = true;
            if (p.id == "AB" || p.id == "AW" || p.id == "AE") has_setup = true;
        }
        if (has_setup && state_.moves > 0)
            warn(SgfIssue::setup_after_moves, sgf_.properties(id).front().offset,
                 "setup (AB, AW, AE) after moves were played");
        else if (has_setup && sgf_.node(id).parent != SgfCollection::kNone)
            warn(SgfIssue::setup_after_root, sgf_.properties(id).front().offset,
                 "setup (AB, AW, AE) after the root: valid FF[4], but some readers (sgfmill) take setup only "
                 "from the root");
        if (has_setup && has_move)
            warn(SgfIssue::setup_with_move, sgf_.properties(id).front().offset,
                 "setup and a move in one node");
        for (const SgfCollection::Property& p : sgf_.properties(id)) {
            if (p.id == "AB" || p.id == "AW" || p.id == "AE") {
                const Stone stone = p.id == "AB" ? Stone::black : p.id == "AW" ? Stone::white : Stone::none;
                for (const std::string_view v : sgf_.values(p)) setup(stone, v, p);
                state_.board.remember_position();
            } else if (p.id == "B" || p.id == "W") {
                const Stone stone = p.id == "B" ? Stone::black : Stone::white;
                for (const std::string_view v : sgf_.values(p)) move(stone, v, p);
            } else if (p.id == "PL") {
                const std::string_view v = sgf_.values(p).empty() ? std::string_view{} : sgf_.values(p)[0];
                if (v == "B" || v == "b" || v == "1")
                    state_.to_move = Stone::black;
                else if (v == "W" || v == "w" || v == "2")
                    state_.to_move = Stone::white;
                else
                    warn(SgfIssue::bad_value, p.offset, fmt::format("PL[{}] is neither B nor W", v));
            }
        }
    }

    GameState take() { return std::move(state_); }
    const GameState& state() const { return state_; }
    void restore(const GameState& state) { state_ = state; }

  private:
    void setup(Stone stone, std::string_view raw, const SgfCollection::Property& p) {
        points_.clear();
        if (Result<void> ok = sgf_expand_points(size_, raw, points_); !ok) {
            warn(SgfIssue::point_off_board, value_offset(raw, p),
                 fmt::format("{}[{}]: {}; ignored", p.id, raw, ok.error().message));
        }
        for (const Point pt : points_) state_.board.set(pt, stone);
    }

    void move(Stone stone, std::string_view raw, const SgfCollection::Property& p) {
        // The common case, two lower-case letters on the board, without building a Result.
        if (raw.size() == 2 && raw[0] >= 'a' && raw[0] <= 'z' && raw[1] >= 'a' && raw[1] <= 'z') {
            const Point pt{static_cast<std::uint8_t>(raw[0] - 'a'), static_cast<std::uint8_t>(raw[1] - 'a')};
            if (pt.on(size_) && !(raw == "tt" && size_.width <= 19 && size_.height <= 19))
                return play(stone, Move::at(pt), raw, p);
        }
        Result<Move> m = sgf_move(size_, raw);
        if (!m) {
            // SmartGo and others write "R16" or "Pass": read them, and say so.
            Result<Move> human = human_move(size_, raw);
            if (!human) {
                warn(SgfIssue::point_off_board, value_offset(raw, p),
                     fmt::format("{}[{}]: {}; the move is skipped", p.id, raw, m.error().message));
                return;
            }
            warn(SgfIssue::human_coordinates, value_offset(raw, p),
                 fmt::format("{}[{}] is written in human coordinates", p.id, raw));
            m = *human;
        }
        play(stone, *m, raw, p);
    }

    void play(Stone stone, Move m, std::string_view raw, const SgfCollection::Property& p) {
        ++state_.moves;
        state_.last_move = LastMove{stone, m};
        state_.to_move = two_player_opponent(stone);
        if (m.is_pass) {
            state_.board.pass(stone);
            return;
        }
        const PlayOutcome outcome = state_.board.play(stone, m.point);
        switch (outcome.legality) {
            case Legality::legal:
                break;
            case Legality::occupied:
                warn(SgfIssue::move_on_occupied, value_offset(raw, p),
                     fmt::format("move {} {}[{}] is onto a stone; the stone is replaced", state_.moves, p.id,
                                 raw));
                break;
            case Legality::suicide:
                warn(SgfIssue::suicide, value_offset(raw, p),
                     fmt::format("move {} {}[{}] is suicide; {} stone(s) removed", state_.moves, p.id, raw,
                                 outcome.suicided));
                break;
            case Legality::ko:
                warn(SgfIssue::ko_violation, value_offset(raw, p),
                     fmt::format("move {} {}[{}] retakes a ko at once", state_.moves, p.id, raw));
                break;
            case Legality::superko:
                warn(SgfIssue::superko_violation, value_offset(raw, p),
                     fmt::format("move {} {}[{}] repeats an earlier position", state_.moves, p.id, raw));
                break;
        }
    }

    // Where a value stands in the source: values are views into it (or, for trees built by
    // hand, not: then the property's place).
    std::size_t value_offset(std::string_view raw, const SgfCollection::Property& p) const {
        const std::string_view source = sgf_.source();
        if (raw.data() >= source.data() && raw.data() <= source.data() + source.size())
            return static_cast<std::size_t>(raw.data() - source.data());
        return p.offset;
    }

    void warn(SgfIssue issue, std::size_t offset, std::string message) {
        if (!warnings_) return;
        warnings_->push_back(
            {issue, sgf_.error_at(offset, ErrorCode::unexpected_character, std::move(message))});
    }

    const SgfCollection& sgf_;
    BoardSize size_;
    std::vector<SgfWarning>* warnings_;
    GameState state_;
    std::vector<Point> points_;
};

std::uint32_t root_of(const SgfCollection& sgf, std::uint32_t node) {
    while (sgf.node(node).parent != SgfCollection::kNone) node = sgf.node(node).parent;
    return node;
}

}  // namespace

Result<BoardSize> game_board_size(const SgfCollection& sgf, std::uint32_t root) {
    const std::string_view* sz = sgf.value(root, "SZ");
    if (!sz) return BoardSize{19, 19};
    Result<BoardSize> size = sgf_board_size(*sz);
    if (!size) {
        const SgfCollection::Property* p = sgf.find(root, "SZ");
        return error_at(sgf.source(), p ? p->offset : 0, size.error().code,
                        fmt::format("SZ[{}]: {}", *sz, size.error().message));
    }
    return size;
}

Result<GameState> replay_to(const SgfCollection& sgf, std::uint32_t node, const ReplayOptions& options,
                            std::vector<SgfWarning>* warnings) {
    const std::uint32_t root = root_of(sgf, node);
    const Result<BoardSize> size = game_board_size(sgf, root);
    if (!size) return size.error();
    std::vector<std::uint32_t> path;
    for (std::uint32_t n = node; n != SgfCollection::kNone; n = sgf.node(n).parent) path.push_back(n);
    Replayer replayer(sgf, *size, options, warnings);
    for (auto it = path.rbegin(); it != path.rend(); ++it) replayer.node(*it);
    return replayer.take();
}

Result<void> replay_tree(const SgfCollection& sgf, std::uint32_t root, const ReplayOptions& options,
                         std::vector<SgfWarning>& warnings) {
    const Result<BoardSize> size = game_board_size(sgf, root);
    if (!size) return size.error();
    Replayer replayer(sgf, *size, options, &warnings);
    // Depth first along first children; the state at a branch point is saved for each of
    // its other children, so every node is replayed exactly once.
    struct Pending {
        std::uint32_t node;
        GameState state;
    };
    std::vector<Pending> pending;
    std::uint32_t n = root;
    for (;;) {
        replayer.node(n);
        const SgfCollection::Node& record = sgf.node(n);
        if (record.first_child != SgfCollection::kNone) {
            for (std::uint32_t c = sgf.node(record.first_child).next_sibling; c != SgfCollection::kNone;
                 c = sgf.node(c).next_sibling)
                pending.push_back({c, replayer.state()});
            n = record.first_child;
            continue;
        }
        if (pending.empty()) return {};
        replayer.restore(pending.back().state);
        n = pending.back().node;
        pending.pop_back();
    }
}

std::uint32_t main_line_end(const SgfCollection& sgf, std::uint32_t root) {
    std::uint32_t n = root;
    while (sgf.node(n).first_child != SgfCollection::kNone) n = sgf.node(n).first_child;
    return n;
}

Result<std::uint32_t> main_line_after_move(const SgfCollection& sgf, std::uint32_t root, int number) {
    std::uint32_t n = root;
    int moves = 0;
    const auto count_moves = [&](std::uint32_t id) {
        int k = 0;
        for (const auto& p : sgf.properties(id))
            if (p.id == "B" || p.id == "W") k += static_cast<int>(p.value_count);
        return k;
    };
    moves += count_moves(n);
    while (moves < number) {
        const std::uint32_t next = sgf.node(n).first_child;
        if (next == SgfCollection::kNone)
            return Error{ErrorCode::out_of_range, 0, 0, 0,
                         fmt::format("the main line has {} moves; there is no move {}", moves, number)};
        n = next;
        moves += count_moves(n);
    }
    return n;
}

Result<std::uint32_t> node_at_path(const SgfCollection& sgf, std::uint32_t root, std::string_view path) {
    std::uint32_t n = root;
    std::size_t i = 0;
    while (i < path.size()) {
        const std::size_t end = std::min(path.find('.', i), path.size());
        const std::string_view step = path.substr(i, end - i);
        Scanner in(step.substr(!step.empty() && step[0] == 'v' ? 1 : 0));
        const Scanner::Number k = in.read_number(1'000'000);
        if (k.digits == 0 || !in.at_end())
            return expected_at(path, i,
                               "a step of the node path: a number of nodes N, or vK for variation K");
        if (step[0] == 'v') {
            std::uint32_t child = sgf.node(n).first_child;
            for (std::uint32_t j = 0; j < k.value && child != SgfCollection::kNone; ++j)
                child = sgf.node(child).next_sibling;
            if (child == SgfCollection::kNone)
                return error_at(path, i, ErrorCode::out_of_range,
                                fmt::format("the node there has {} variation(s); there is no {}",
                                            sgf.children(n).size(), step));
            n = child;
        } else {
            for (std::uint32_t j = 0; j < k.value; ++j) {
                if (sgf.node(n).first_child == SgfCollection::kNone)
                    return error_at(
                        path, i, ErrorCode::out_of_range,
                        fmt::format("the line ends {} node(s) before the step {} does", k.value - j, step));
                n = sgf.node(n).first_child;
            }
        }
        i = end + 1;
    }
    return n;
}

Result<Position> position_at(const SgfCollection& sgf, std::uint32_t node, const ReplayOptions& options,
                             std::vector<SgfWarning>* warnings) {
    Result<GameState> state = replay_to(sgf, node, options, warnings);
    if (!state) return state.error();
    Position pos = state->board.position();
    pos.last_move = state->last_move;
    // A suicide leaves no stone to show as the last move; the position is shown without it.
    if (pos.last_move && !pos.last_move->move.is_pass &&
        pos.at(pos.last_move->move.point) != pos.last_move->stone)
        pos.last_move.reset();
    pos.turn = state->to_move;
    if (const auto ko = state->board.ko_point(); ko && state->last_move) pos.ko = ko;

    // Markup: one mark and one label a point at most (as FF[4] requires); the first wins.
    const BoardSize size = pos.size;
    std::vector<Point> points;
    std::vector<bool> marked(static_cast<std::size_t>(size.points())), labelled(marked);
    for (const SgfCollection::Property& p : sgf.properties(node)) {
        const std::optional<Mark> mark = mark_from_code(p.id);
        if (mark) {
            points.clear();
            for (const std::string_view v : sgf.values(p)) (void)sgf_expand_points(size, v, points);
            for (const Point pt : points)
                if (!marked[static_cast<std::size_t>(pt.index(size))]) {
                    marked[static_cast<std::size_t>(pt.index(size))] = true;
                    pos.marks.push_back({pt, *mark});
                }
        } else if (p.id == "LB") {
            for (const std::string_view v : sgf.values(p)) {
                const auto parts = sgf_split_compose(v);
                if (!parts) continue;
                Result<Point> pt = from_sgf(size, parts->first);
                if (!pt || labelled[static_cast<std::size_t>(pt->index(size))]) continue;
                labelled[static_cast<std::size_t>(pt->index(size))] = true;
                pos.labels.push_back({*pt, sgf_simple_text(parts->second)});
            }
        }
    }
    return pos;
}

}  // namespace kifu::go
