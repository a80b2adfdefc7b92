#include "kifu/go/game.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/sgf_values.hpp"

namespace kifu::go {
namespace {

// Where a value stands in the source: values are views into it (or, for trees built by
// hand, not: then the property's place).
std::size_t value_offset(const SgfCollection& sgf, std::string_view raw, const SgfCollection::Property& p) {
    const std::string_view source = sgf.source();
    if (raw.data() >= source.data() && raw.data() <= source.data() + source.size())
        return static_cast<std::size_t>(raw.data() - source.data());
    return p.offset;
}

// A move as a node wrote it, for the warnings of replaying it.
struct WrittenMove {
    std::string_view id;  // "B" or "W"
    std::string_view raw;
    std::size_t offset;
};

// Appends "B[dp]": a move as a node wrote it. Short ones (all but odd files) are put
// together in place and appended at once, as this runs for every move read.
void append_written(std::string& out, char colour, std::string_view value) {
    char buffer[16];
    if (value.size() + 3 > sizeof buffer) {
        out += colour;
        out += '[';
        out += value;
        out += ']';
        return;
    }
    buffer[0] = colour;
    buffer[1] = '[';
    std::memcpy(buffer + 2, value.data(), value.size());
    buffer[value.size() + 2] = ']';
    out.append(buffer, value.size() + 3);
}

// The common move value, two lower-case letters on the board (not FF[3]'s pass "tt" on a
// board up to 19x19), read without building a Result; nullopt for anything else.
std::optional<Point> plain_point(std::string_view raw, BoardSize size) noexcept {
    if (raw.size() != 2 || raw[0] < 'a' || raw[0] > 'z' || raw[1] < 'a' || raw[1] > 'z') return std::nullopt;
    const Point pt{static_cast<std::uint8_t>(raw[0] - 'a'), static_cast<std::uint8_t>(raw[1] - 'a')};
    const bool tt = raw[0] == 't' && raw[1] == 't';
    if (!pt.on(size) || (tt && size.width <= 19 && size.height <= 19)) return std::nullopt;
    return pt;
}

// Reads a node's setup, moves and PL from its properties, with a warning for each value
// that does not read.
class NodeReader {
  public:
    NodeReader(const SgfCollection& sgf, BoardSize size, std::vector<SgfWarning>* warnings)
        : sgf_(sgf), size_(size), warnings_(warnings) {}

    // What a tree node keeps of its SGF node besides the action, found in the same pass.
    struct Seen {
        std::string* text = nullptr;  // gets the moves as written: "B[dp]"
        const std::string_view* comment = nullptr;
        bool markup = false;  // CR SQ TR MA LB: read apart (node_marks), being rare
    };

    // `written` gets the moves' source, one entry a move of `action`. One pass over the
    // properties, dispatched on the identifier's letters: this runs for every node read.
    void read(std::uint32_t id, NodeAction& action, std::vector<WrittenMove>* written, Seen* seen = nullptr) {
        // Cleared, not replaced: the replayer reuses the storage node after node.
        action.setup.clear();
        action.moves.clear();
        action.to_play.reset();
        action.has_setup = false;
        if (written) written->clear();
        for (const SgfCollection::Property& p : sgf_.properties(id)) {
            const std::string_view pid = p.id;
            if (pid.size() == 1) {
                if (pid[0] == 'B' || pid[0] == 'W') {
                    const Stone stone = pid[0] == 'B' ? Stone::black : Stone::white;
                    for (const std::string_view v : sgf_.values(p)) {
                        if (seen) append_written(*seen->text, pid[0], v);
                        if (const std::optional<Move> m = move(v, p)) {
                            action.moves.push_back({stone, *m});
                            if (written) written->push_back({p.id, v, value_offset(sgf_, v, p)});
                        }
                    }
                } else if (pid[0] == 'C' && seen && !seen->comment && !sgf_.values(p).empty()) {
                    seen->comment = &sgf_.values(p)[0];
                }
                continue;
            }
            if (pid.size() != 2) continue;
            if (pid[0] == 'A' && (pid[1] == 'B' || pid[1] == 'W' || pid[1] == 'E')) {
                action.has_setup = true;
                const Stone stone = pid[1] == 'B' ? Stone::black : pid[1] == 'W' ? Stone::white : Stone::none;
                for (const std::string_view v : sgf_.values(p)) setup(stone, v, p, action);
            } else if (pid[0] == 'P' && pid[1] == 'L') {
                const std::string_view v = sgf_.values(p).empty() ? std::string_view{} : sgf_.values(p)[0];
                if (v == "B" || v == "b" || v == "1")
                    action.to_play = Stone::black;
                else if (v == "W" || v == "w" || v == "2")
                    action.to_play = Stone::white;
                else
                    warn(SgfIssue::bad_value, p.offset, fmt::format("PL[{}] is neither B nor W", v));
            } else if (seen && (pid == "LB" || mark_from_code(pid))) {
                seen->markup = true;
            }
        }
    }

    void warn(SgfIssue issue, std::size_t offset, std::string message) {
        if (!warnings_) return;
        warnings_->push_back(
            {issue, sgf_.error_at(offset, ErrorCode::unexpected_character, std::move(message))});
    }

  private:
    void setup(Stone stone, std::string_view raw, const SgfCollection::Property& p, NodeAction& action) {
        points_.clear();
        if (Result<void> ok = sgf_expand_points(size_, raw, points_); !ok) {
            warn(SgfIssue::point_off_board, value_offset(sgf_, raw, p),
                 fmt::format("{}[{}]: {}; ignored", p.id, raw, ok.error().message));
        }
        for (const Point pt : points_) action.setup.push_back({pt, stone});
    }

    std::optional<Move> move(std::string_view raw, const SgfCollection::Property& p) {
        if (const std::optional<Point> pt = plain_point(raw, size_)) return Move::at(*pt);
        Result<Move> m = sgf_move(size_, raw);
        if (m) return *m;
        // SmartGo and others write "R16" or "Pass": read them, and say so.
        Result<Move> human = human_move(size_, raw);
        if (!human) {
            warn(SgfIssue::point_off_board, value_offset(sgf_, raw, p),
                 fmt::format("{}[{}]: {}; the move is skipped", p.id, raw, m.error().message));
            return std::nullopt;
        }
        warn(SgfIssue::human_coordinates, value_offset(sgf_, raw, p),
             fmt::format("{}[{}] is written in human coordinates", p.id, raw));
        return *human;
    }

    const SgfCollection& sgf_;
    BoardSize size_;
    std::vector<SgfWarning>* warnings_;
    std::vector<Point> points_;
};

// Carries out a node's action on a state; `on_move(i, outcome)` hears of each move.
template <class OnMove>
void apply_action(GameState& state, const NodeAction& action, OnMove&& on_move) {
    // A node that plays nothing and sets nothing up leaves the last move (and its ko) as it was.
    if (action.has_setup || !action.moves.empty()) state.last_move.reset();
    for (const auto& [point, stone] : action.setup) state.board.set(point, stone);
    if (action.has_setup) state.board.remember_position();
    for (std::size_t i = 0; i < action.moves.size(); ++i) {
        const LastMove& m = action.moves[i];
        ++state.moves;
        state.last_move = m;
        state.to_move = state.order.after(m.stone);
        if (m.move.is_pass) {
            state.board.pass(m.stone);
            continue;
        }
        on_move(i, state.board.play(m.stone, m.move.point));
    }
    if (action.to_play) state.to_move = action.to_play;
}

// The rule checks of a replay, one node at a time: a node's action comes from the tree
// (read once, when the tree was made); the raw node it came from is read again only for
// what a check needs of the text: the types of its values, where its moves are written
// (for a warning's line and column, looked up only when there is a warning).
class RuleCheck {
  public:
    // The game whose root is `root`: its values are checked as its FF says, its moves by
    // the rules given, else by those its RU names.
    RuleCheck(const SgfCollection& sgf, std::uint32_t root, BoardSize size, const ReplayOptions& options,
              std::vector<SgfWarning>* warnings)
        : sgf_(sgf),
          reporter_(sgf, size, warnings),
          source_(sgf, size, nullptr),
          size_(size),
          options_(options),
          checking_(warnings != nullptr) {
        const std::string_view* ff = sgf_.value(root, "FF");
        file_format_ = ff && ff->size() == 1 && *ff >= "1" && *ff <= "4" ? (*ff)[0] - '0' : ff ? 4 : 1;
        rules_ = options_.rules;
        if (!rules_)
            if (const std::string_view* ru = sgf_.value(root, "RU"))
                rules_ = rules_named(sgf_simple_text(*ru));
    }

    // The state before the root.
    GameState start() const {
        GameState state{Board(size_), {}, {}, 0};
        const KoRule ko = rules_ ? rules_->ko : KoRule::simple;
        if (options_.superko || ko != KoRule::simple)
            state.board.track_superko(true, ko == KoRule::situational);
        return state;
    }

    // Carries out `action` (of raw node `id`) on `state`, with a warning for each move that
    // breaks a rule and each value of the wrong type.
    void node(GameState& state, std::uint32_t id, const NodeAction& action) {
        written_id_ = SgfCollection::kNone;
        if (!checking_) {
            apply_action(state, action, [](std::size_t, const PlayOutcome&) {});
            return;
        }
        if (action.has_setup) {
            const std::size_t at = sgf_.properties(id).front().offset;
            if (state.moves > 0)
                reporter_.warn(SgfIssue::setup_after_moves, at, "setup (AB, AW, AE) after moves were played");
            else if (sgf_.node(id).parent != SgfCollection::kNone)
                reporter_.warn(
                    SgfIssue::setup_after_root, at,
                    "setup (AB, AW, AE) after the root: valid FF[4], but some readers (sgfmill) take "
                    "setup only from the root");
            if (!action.moves.empty() || has_move_property(id))
                reporter_.warn(SgfIssue::setup_with_move, at, "setup and a move in one node");
        }
        if (action.moves.size() > 1) {
            const std::vector<WrittenMove>& w = written(id);
            reporter_.warn(
                SgfIssue::two_moves, w[1].offset,
                fmt::format("a node with {} moves ({}[{}] and {}[{}]); FF[4] allows one; all are played",
                            action.moves.size(), w[0].id, w[0].raw, w[1].id, w[1].raw));
        }
        check_types(id);
        apply_action(state, action, [&](std::size_t i, const PlayOutcome& outcome) {
            const auto where = [&] { return written(id)[i]; };
            switch (outcome.legality) {
                case Legality::legal:
                    break;
                case Legality::occupied: {
                    const WrittenMove w = where();
                    reporter_.warn(SgfIssue::move_on_occupied, w.offset,
                                   fmt::format("move {} {}[{}] is onto a stone; the stone is replaced",
                                               state.moves, w.id, w.raw));
                    break;
                }
                case Legality::suicide: {
                    // Legal under rules that allow it, for a group; a lone stone's never is.
                    if (rules_ && rules_->suicide_allowed && outcome.suicided > 1) break;
                    const WrittenMove w = where();
                    reporter_.warn(SgfIssue::suicide, w.offset,
                                   fmt::format("move {} {}[{}] is suicide; {} stone(s) removed", state.moves,
                                               w.id, w.raw, outcome.suicided));
                    break;
                }
                case Legality::ko: {
                    const WrittenMove w = where();
                    reporter_.warn(
                        SgfIssue::ko_violation, w.offset,
                        fmt::format("move {} {}[{}] retakes a ko at once", state.moves, w.id, w.raw));
                    break;
                }
                case Legality::superko: {
                    const WrittenMove w = where();
                    reporter_.warn(
                        SgfIssue::superko_violation, w.offset,
                        fmt::format("move {} {}[{}] repeats an earlier position", state.moves, w.id, w.raw));
                    break;
                }
            }
        });
        if (action.has_setup) check_setup_liberties(state, id, action);
    }

  private:
    // The moves of raw node `id` as written, one a move of its action (the tree's action
    // was read by the same reader, so the two line up).
    const std::vector<WrittenMove>& written(std::uint32_t id) {
        if (written_id_ != id) {
            source_.read(id, scratch_, &written_);
            written_id_ = id;
        }
        return written_;
    }

    // The values that FF[4] gives a type (numbers, reals, dates, results, ...).
    void check_types(std::uint32_t id) {
        for (const SgfCollection::Property& p : sgf_.properties(id)) {
            // Of one letter only V has a type (B, W and C are most properties of a game).
            if (p.id.size() > 2 || (p.id.size() == 1 && p.id[0] != 'V')) continue;
            for (const std::string_view v : sgf_.values(p))
                if (std::optional<std::string> problem = sgf_type_problem(p.id, v, file_format_))
                    reporter_.warn(SgfIssue::bad_value, value_offset(sgf_, v, p), std::move(*problem));
        }
    }

    // Setup places stones as given, captures nothing: a group it leaves without liberties
    // is a position no game reaches (KataGo refuses such files; sgfmill warns).
    void check_setup_liberties(GameState& state, std::uint32_t id, const NodeAction& action) {
        int groups = 0;
        std::optional<Point> first;
        for (const auto& [point, stone] : action.setup) {
            if (stone == Stone::none || state.board.at(point) != stone) continue;
            if (state.board.group_has_liberty(point)) continue;
            ++groups;
            if (!first) first = point;
        }
        if (!first) return;
        const Result<std::string> name = to_human(state.board.size(), *first);
        reporter_.warn(SgfIssue::setup_without_liberty, sgf_.properties(id).front().offset,
                       fmt::format("setup leaves the {} stone at {} without liberties{}",
                                   stone_name(state.board.at(*first)), name ? *name : to_index(*first),
                                   groups > 1 ? fmt::format(" (and {} more setup stones)", groups - 1) : ""));
    }

    bool has_move_property(std::uint32_t id) const {
        for (const SgfCollection::Property& p : sgf_.properties(id))
            if (p.id == "B" || p.id == "W") return true;
        return false;
    }

    const SgfCollection& sgf_;
    NodeReader reporter_;  // says what is wrong
    NodeReader source_;    // reads where moves are written, silently
    BoardSize size_;
    ReplayOptions options_;
    std::optional<Rules> rules_;
    bool checking_;
    NodeAction scratch_;
    std::vector<WrittenMove> written_;
    std::uint32_t written_id_ = SgfCollection::kNone;
    int file_format_ = 4;
};

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

namespace {

// The state after the root of `tree`, checked: the root's action is not a node's move (it
// made the tree's start, unchecked), so it is read again from the root, one node.
GameState checked_root(RuleCheck& check, const SgfCollection& sgf, const Game& tree,
                       std::span<const std::uint32_t> sgf_nodes) {
    GameState state = check.start();
    NodeAction root_action;
    NodeReader(sgf, tree.start.board.size(), nullptr).read(sgf_nodes[Game::kRoot], root_action, nullptr);
    check.node(state, sgf_nodes[Game::kRoot], root_action);
    return state;
}

}  // namespace

GameState replay_to(const SgfCollection& sgf, const Game& tree, std::span<const std::uint32_t> sgf_nodes,
                    NodeId node, const ReplayOptions& options, std::vector<SgfWarning>* warnings) {
    RuleCheck check(sgf, sgf_nodes[Game::kRoot], tree.start.board.size(), options, warnings);
    GameState state = checked_root(check, sgf, tree, sgf_nodes);
    for (const NodeId n : tree.path_to(node)) check.node(state, sgf_nodes[n], tree.nodes[n].move);
    return state;
}

void check_rules(const SgfCollection& sgf, const Game& tree, std::span<const std::uint32_t> sgf_nodes,
                 const ReplayOptions& options, std::vector<SgfWarning>& warnings) {
    RuleCheck check(sgf, sgf_nodes[Game::kRoot], tree.start.board.size(), options, &warnings);
    // The one walk (core/walk.hpp): each node checked once, the state saved where a line branches.
    walk_depth_first(
        Game::kRoot, checked_root(check, sgf, tree, sgf_nodes),
        [&](NodeId n, auto&& child) {
            for (const NodeId c : tree.nodes[n].children) child(c);
        },
        [&](GameState& s, NodeId n) { check.node(s, sgf_nodes[n], tree.nodes[n].move); },
        [](NodeId, const GameState&) { return true; });
}

namespace {

static_assert(static_cast<int>(NodeMark::Kind::cross) == static_cast<int>(Mark::cross),
              "the same order as go::Mark");

// The node's marks and labels as the tree keeps them: one mark and one label a point at
// most (as FF[4] requires); the first wins.
std::vector<NodeMark> node_marks(const SgfCollection& sgf, std::uint32_t node, BoardSize size) {
    std::vector<NodeMark> out;
    std::vector<Point> points;
    std::vector<bool> marked, labelled;
    for (const SgfCollection::Property& p : sgf.properties(node)) {
        const std::optional<Mark> mark = mark_from_code(p.id);
        if (!mark && p.id != "LB") continue;
        if (marked.empty()) marked.assign(static_cast<std::size_t>(size.points()), false), labelled = marked;
        if (mark) {
            points.clear();
            for (const std::string_view v : sgf.values(p)) (void)sgf_expand_points(size, v, points);
            for (const Point pt : points) {
                const auto i = static_cast<std::size_t>(pt.index(size));
                if (marked[i]) continue;
                marked[i] = true;
                out.push_back({static_cast<NodeMark::Kind>(*mark), static_cast<int>(i), -1, {}});
            }
            continue;
        }
        for (const std::string_view v : sgf.values(p)) {
            const auto parts = sgf_split_compose(v);
            if (!parts) continue;
            Result<Point> pt = from_sgf(size, parts->first);
            if (!pt || labelled[static_cast<std::size_t>(pt->index(size))]) continue;
            labelled[static_cast<std::size_t>(pt->index(size))] = true;
            out.push_back({NodeMark::Kind::label, pt->index(size), -1, sgf_simple_text(parts->second)});
        }
    }
    return out;
}

bool is_action_or_markup(std::string_view id) {
    for (const std::string_view a : {"B", "W", "AB", "AW", "AE", "PL", "C", "CR", "SQ", "TR", "MA", "LB"})
        if (id == a) return true;
    return false;
}

}  // namespace

void GameTraits::play(GameState& state, const NodeAction& action) {
    apply_action(state, action, [](std::size_t, const PlayOutcome&) {});
}

std::string GameTraits::write_move(const GameState& before, const NodeAction& action) {
    std::string out;
    const BoardSize size = before.board.size();
    if (action.has_setup) {
        int counts[3] = {};
        for (const auto& [point, stone] : action.setup)
            ++counts[stone == Stone::black ? 0 : stone == Stone::white ? 1 : 2];
        constexpr std::string_view kIds[3] = {"AB", "AW", "AE"};
        for (int i = 0; i < 3; ++i)
            if (counts[i])
                fmt::format_to(std::back_inserter(out), "{}{} {}", out.empty() ? "" : " ", kIds[i],
                               counts[i]);
    }
    for (const LastMove& m : action.moves) {
        Result<std::string> where =
            m.move.is_pass ? Result<std::string>(std::string("pass")) : to_human(size, m.move.point);
        fmt::format_to(std::back_inserter(out), "{}{} {}", out.empty() ? "" : " ",
                       m.stone == Stone::black ? 'B' : 'W', where ? *where : std::string("?"));
    }
    return out;
}

Result<Game> game_tree(const SgfCollection& sgf, std::uint32_t root, std::vector<SgfWarning>* warnings,
                       std::vector<std::uint32_t>* sgf_nodes, TreeContent content) {
    const Result<BoardSize> size = game_board_size(sgf, root);
    if (!size) return size.error();
    NodeReader reader(sgf, *size, warnings);
    Game game(GameState{Board(*size), {}, {}, 0});
    // Fills a tree node from its SGF node in one pass over the properties; marks only
    // where there are some.
    const auto fill = [&](std::uint32_t from, Game::Node& node, NodeAction& action) {
        // Most nodes of a game are one move and nothing else ("B[pd]"): read at once.
        if (const std::span<const SgfCollection::Property> props = sgf.properties(from); props.size() == 1) {
            const SgfCollection::Property& p = props[0];
            if (p.value_count == 1 && p.id.size() == 1 && (p.id[0] == 'B' || p.id[0] == 'W')) {
                const std::string_view v = sgf.values(p)[0];
                if (const std::optional<Point> pt = plain_point(v, *size)) {
                    action.moves.push_back({p.id[0] == 'B' ? Stone::black : Stone::white, Move::at(*pt)});
                    if (content == TreeContent::all) {
                        const char written[5] = {p.id[0], '[', v[0], v[1], ']'};
                        node.text.assign(written, sizeof written);
                    }
                    return;
                }
            }
        }
        if (content == TreeContent::actions) return reader.read(from, action, nullptr);
        NodeReader::Seen seen{&node.text};
        reader.read(from, action, nullptr, &seen);
        const std::string_view* comment = seen.comment;
        if (comment || seen.markup) {
            NodeNotes& notes = node.notes();
            if (comment) notes.comments.push_back(sgf_text(*comment));
            if (seen.markup) notes.marks = node_marks(sgf, from, *size);
        }
    };
    NodeAction root_action;
    fill(root, game.nodes[Game::kRoot], root_action);
    GameTraits::play(game.start, root_action);
    for (const SgfCollection::Property& p : sgf.properties(root)) {
        if (is_action_or_markup(p.id)) continue;
        std::string value;
        for (const std::string_view v : sgf.values(p)) {
            if (value.empty()) {
                value = sgf_simple_text(v);  // moved in: most tags have one value
                continue;
            }
            value += ", ";
            value += sgf_simple_text(v);
        }
        game.tags.emplace_back(std::string(p.id), std::move(value));
    }
    if (const std::string_view* re = sgf.value(root, "RE")) game.result = sgf_simple_text(*re);
    if (sgf_nodes) sgf_nodes->assign(1, root);
    // A game's nodes are read in order, so they are the collection's from its root to the
    // next game's: room for them all at once (a tree's nodes are moved on each growth of the
    // vector otherwise, and a collection's trees would hold up to twice the room they use).
    const std::span<const std::uint32_t> roots = sgf.games();
    const auto next = std::upper_bound(roots.begin(), roots.end(), root);
    const std::uint32_t end = next != roots.end() ? *next : static_cast<std::uint32_t>(sgf.node_count());
    if (end > root) {
        game.nodes.reserve(end - root);
        if (sgf_nodes) sgf_nodes->reserve(end - root);
    }
    // Children in order, so that the tree's variations keep the file's order. A node's
    // children are made together; its last child goes on at once and the others wait
    // (a line of moves never touches the stack).
    std::vector<std::pair<std::uint32_t, NodeId>> pending;
    std::uint32_t from = root;
    NodeId into = Game::kRoot;
    for (;;) {
        std::uint32_t last = SgfCollection::kNone;
        NodeId last_id = Game::kRoot;
        for (std::uint32_t c = sgf.node(from).first_child; c != SgfCollection::kNone;
             c = sgf.node(c).next_sibling) {
            const NodeId id = game.add_node(into);  // filled in place
            Game::Node& node = game.nodes[id];
            fill(c, node, node.move);
            if (sgf_nodes) sgf_nodes->push_back(c);
            if (last != SgfCollection::kNone) pending.emplace_back(last, last_id);
            last = c;
            last_id = id;
        }
        if (last != SgfCollection::kNone) {
            from = last;
            into = last_id;
        } else if (!pending.empty()) {
            std::tie(from, into) = pending.back();
            pending.pop_back();
        } else {
            break;
        }
    }
    return game;
}

Position position_of(const GameState& state, std::span<const NodeMark> marks) {
    Position pos = state.board.position();
    pos.order = state.order;
    pos.last_move = state.last_move;
    pos.turn = state.to_move;
    // The board forgets the ko at setup and passes; PL can hand the turn to the player it
    // does not bind.
    const Stone binds = state.board.ko_binds();
    if (const auto ko = state.board.ko_point();
        ko && (!pos.turn || binds == Stone::none || binds == *pos.turn))
        pos.ko = ko;
    const BoardSize size = pos.size;
    for (const NodeMark& m : marks) {
        const Point pt{static_cast<std::uint8_t>(m.cell % size.width),
                       static_cast<std::uint8_t>(m.cell / size.width)};
        if (m.kind == NodeMark::Kind::label)
            pos.labels.push_back({pt, m.text});
        else if (m.kind <= NodeMark::Kind::cross)
            pos.marks.push_back({pt, static_cast<Mark>(m.kind)});
    }
    return pos;
}

}  // namespace kifu::go
