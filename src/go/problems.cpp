// Go problems: the conventions read, the checks, one marking written back (go/problems.hpp).
#include "kifu/go/problems.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <limits>

#include <fmt/format.h>

#include "kifu/core/hash.hpp"
#include "kifu/core/json.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/go/sgf_hen.hpp"
#include "kifu/go/symmetry.hpp"

namespace kifu::go {
namespace {

constexpr std::array<std::string_view, 5> kConventionNames = {"goproblems", "many-faces", "uligo", "easygo",
                                                              "main-line"};

bool is_word_char(char c) noexcept {
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

// Whether `word` stands in `text` as a word of its own, in any case (EasyGo's "right",
// "Correct!").
bool has_word(std::string_view text, std::string_view word) {
    const auto same = [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    };
    for (std::size_t i = 0; i + word.size() <= text.size(); ++i) {
        if (i > 0 && is_word_char(text[i - 1])) continue;
        if (i + word.size() < text.size() && is_word_char(text[i + word.size()])) continue;
        if (std::equal(word.begin(), word.end(), text.begin() + static_cast<std::ptrdiff_t>(i), same))
            return true;
    }
    return false;
}

std::string joined_comments(const Game::Node& node) {
    std::string out;
    for (const std::string& c : node.comments()) out += (out.empty() ? "" : "\n") + c;
    return out;
}

// What a node says in each convention's terms.
struct NodeMarks {
    bool right_word = false;    // RIGHT (goproblems)
    bool tesuji = false;        // TE
    bool bad_move = false;      // BM
    bool wrong_mark = false;    // WV (uliGo's own)
    bool triangle = false;      // TR (uliGo's other)
    bool says_correct = false;  // "right" or "correct" in any case (EasyGo)
};

NodeMarks marks_of(const Record& record, std::size_t game, NodeId node) {
    const Game& tree = record.game(game);
    const SgfCollection& sgf = record.sgf;
    const std::uint32_t raw = record.sgf_nodes(game)[node];
    NodeMarks m;
    const std::string comment = joined_comments(tree.nodes[node]);
    // goproblems reads RIGHT anywhere in the comment, in capitals: its files write "sekiRIGHT".
    m.right_word = comment.find("RIGHT") != std::string::npos;
    m.says_correct = has_word(comment, "right") || has_word(comment, "correct");
    m.tesuji = sgf.find(raw, "TE") != nullptr;
    m.bad_move = sgf.find(raw, "BM") != nullptr;
    m.wrong_mark = sgf.find(raw, "WV") != nullptr;
    m.triangle = sgf.find(raw, "TR") != nullptr;
    return m;
}

// The node the problem's position stands at: the root, and the nodes without moves that
// follow it alone on the main line.
NodeId problem_start(const Game& tree) {
    NodeId start = Game::kRoot;
    while (tree.nodes[start].children.size() == 1) {
        const NodeId child = tree.nodes[start].children.front();
        if (!tree.nodes[child].move.moves.empty()) break;
        start = child;
    }
    return start;
}

std::optional<Stone> mover_of(const Game::Node& node) {
    if (node.move.moves.empty()) return std::nullopt;
    return node.move.moves[0].stone;
}

std::uint64_t problem_key(const Board& board, Stone player) {
    BoardKeys keys(board.size());
    keys.update(board);
    std::uint64_t best = std::numeric_limits<std::uint64_t>::max();
    for (int s = 0; s < kSymmetries; ++s) {
        const auto sym = static_cast<Symmetry>(s);
        if (!allowed(sym, board.size())) continue;
        const Stone side = swaps_colours(sym) ? two_player_opponent(player) : player;
        best = std::min(best, splitmix64(keys.key(sym) ^ (side == Stone::white ? 0x5bd1e9955bd1e995ULL : 0)));
    }
    return best;
}

// The problem's start as a diagram: the player to move, no last move.
Position start_position(const Problem& problem) {
    Position start = position_of(problem.position);
    start.turn = problem.player;
    start.last_move.reset();
    return start;
}

std::string colour_word(Stone s) {
    return s == Stone::white ? "white" : "black";
}

// Which convention a problem's marks speak, in the order the header gives.
ProblemConvention detected(const std::vector<NodeMarks>& marks, const Game& tree, NodeId start) {
    bool right = false, te = false, wv = false, says = false;
    for (NodeId n = start + 1; n < tree.size(); ++n) {
        right = right || marks[n].right_word;
        te = te || marks[n].tesuji || marks[n].bad_move;
        wv = wv || marks[n].wrong_mark;
        says = says || (marks[n].says_correct && tree.nodes[n].children.empty());
    }
    if (right) return ProblemConvention::goproblems;
    if (te) return ProblemConvention::many_faces;
    if (wv) return ProblemConvention::uligo;
    if (says) return ProblemConvention::easygo;
    return ProblemConvention::main_line;
}

class ProblemReader {
  public:
    ProblemReader(const Record& record, std::size_t game)
        : record_(record), game_(game), tree_(record.game(game)) {}

    Problem read(const ProblemOptions& options) {
        Problem p;
        p.game = game_;
        p.start = problem_start(tree_);
        p.position = tree_.position_after(p.start);
        p.statement = joined_comments(tree_.nodes[p.start]);
        p.line = place(Game::kRoot).line;
        marks_.resize(tree_.size());
        for (NodeId n = 0; n < tree_.size(); ++n) marks_[n] = marks_of(record_, game_, n);
        p.convention = options.convention ? *options.convention : detected(marks_, tree_, p.start);
        p.detected = !options.convention;
        p.player = player(p.start);
        p.canonical_key = problem_key(p.position.board, p.player);
        judge(p);
        check(p);
        return p;
    }

  private:
    Stone player(NodeId start) const {
        // PL as written (the root's is in no tree node's action: the tree starts after it).
        for (NodeId n = start;; n = tree_.nodes[n].parent) {
            const std::string_view* pl = record_.sgf.value(record_.sgf_nodes(game_)[n], "PL");
            if (pl && (*pl == "B" || *pl == "b")) return Stone::black;
            if (pl && (*pl == "W" || *pl == "w")) return Stone::white;
            if (n == Game::kRoot) break;
        }
        for (const NodeId c : tree_.nodes[start].children)
            if (const std::optional<Stone> s = mover_of(tree_.nodes[c])) return *s;
        return Stone::black;
    }

    TextPlace place(NodeId node) const {
        const std::uint32_t raw = record_.sgf_nodes(game_)[node];
        const Error e = record_.sgf.error_at(record_.sgf.node(raw).offset, ErrorCode::conflict, {});
        return TextPlace{e.offset, e.line, e.column};
    }

    void find(Problem& p, ProblemIssue issue, NodeId node, std::string message) {
        p.findings.push_back(
            {issue, node_path(tree_, node), Error{ErrorCode::conflict, place(node), std::move(message)}});
    }

    bool below_start(NodeId n, NodeId start) const { return n > start; }

    // Each line's verdict by the convention, then each node's: right when a right line
    // passes through it. Nodes are made after their parents, so one pass down the ids
    // carries what a path has seen and one pass up gathers the leaves' verdicts.
    void judge(Problem& p) {
        const std::size_t n = tree_.size();
        struct Seen {
            bool right_word = false, tesuji = false, bad_move = false, wrong = false, main_line = false;
        };
        std::vector<Seen> seen(n);
        seen[p.start].main_line = true;
        for (NodeId id = p.start + 1; id < n; ++id) {
            const NodeId parent = tree_.nodes[id].parent;
            Seen s = seen[parent];
            s.main_line = s.main_line && tree_.nodes[parent].children.front() == id;
            s.right_word = s.right_word || marks_[id].right_word;
            s.tesuji = s.tesuji || marks_[id].tesuji;
            s.bad_move = s.bad_move || marks_[id].bad_move;
            s.wrong = s.wrong || marks_[id].wrong_mark || marks_[id].triangle;
            seen[id] = s;
        }
        std::vector<bool> right(n, false);
        for (NodeId id = p.start + 1; id < n; ++id) {
            if (!tree_.nodes[id].children.empty()) continue;
            const Seen& s = seen[id];
            switch (p.convention) {
                case ProblemConvention::goproblems:
                    right[id] = s.right_word;
                    break;
                case ProblemConvention::many_faces:
                    right[id] = s.tesuji && !s.bad_move;
                    break;
                case ProblemConvention::uligo:
                    right[id] = !s.wrong;
                    break;
                case ProblemConvention::easygo:
                    right[id] = s.main_line || marks_[id].says_correct;
                    break;
                case ProblemConvention::main_line:
                    right[id] = s.main_line;
                    break;
            }
        }
        for (NodeId id = static_cast<NodeId>(n); id-- > p.start + 1;)
            if (right[id]) right[tree_.nodes[id].parent] = true;
        p.marks.assign(n, AnswerMark::wrong);
        for (NodeId id = 0; id < n; ++id)
            if (id <= p.start || right[id]) p.marks[id] = AnswerMark::right;
        for (const NodeId c : tree_.nodes[p.start].children)
            (right[c] ? p.right_first : p.wrong_first).push_back(c);
    }

    void check(Problem& p) {
        const std::size_t n = tree_.size();
        if (tree_.nodes[p.start].children.empty()) {
            find(p, ProblemIssue::no_right_answer, p.start,
                 "the problem has no answer: no move follows its position");
        } else if (p.right_first.empty()) {
            find(p, ProblemIssue::no_right_answer, p.start,
                 fmt::format("no line is right as {} marks answers", to_string(p.convention)));
        }
        // Who moved last on each node's line (below the start), to check turns and ends.
        std::vector<std::optional<Stone>> last_mover(n);
        std::vector<NodeId> last_move_node(n, p.start);
        for (NodeId id = p.start + 1; id < n; ++id) {
            const NodeId parent = tree_.nodes[id].parent;
            const std::optional<Stone> before = last_mover[parent];
            const Game::Node& node = tree_.nodes[id];
            last_mover[id] = before;
            last_move_node[id] = last_move_node[parent];
            if (node.move.has_setup)
                find(p, ProblemIssue::setup_in_answer, id, "stones are set up among the answer's moves");
            if (const std::optional<Stone> mover = mover_of(node)) {
                const Stone expected = before ? two_player_opponent(*before) : p.player;
                if (*mover != expected)
                    find(p, ProblemIssue::out_of_turn, id,
                         fmt::format("{} plays {}, where {} is to play", colour_word(*mover),
                                     answer_move(tree_, id), colour_word(expected)));
                last_mover[id] = mover;
                last_move_node[id] = id;
            }
            if (!node.children.empty()) continue;
            const bool right = p.marks[id] == AnswerMark::right;
            if (right && last_mover[id] && *last_mover[id] != p.player)
                find(p, ProblemIssue::right_ends_with_reply, id,
                     fmt::format("the right line ends with {}'s reply {}: the player has a move left to find",
                                 colour_word(*last_mover[id]), answer_move(tree_, last_move_node[id])));
            if (!right && last_mover[id] == p.player)
                find(p, ProblemIssue::wrong_unrefuted, id,
                     fmt::format("the wrong move {} has no reply: the line does not show why it fails",
                                 answer_move(tree_, last_move_node[id])));
        }
        if (p.convention == ProblemConvention::goproblems || p.convention == ProblemConvention::many_faces)
            for (NodeId id = p.start + 1; id < n; ++id) {
                const bool mark =
                    p.convention == ProblemConvention::goproblems ? marks_[id].right_word : marks_[id].tesuji;
                if (mark && !tree_.nodes[id].children.empty() && p.marks[id] == AnswerMark::right)
                    find(p, ProblemIssue::mark_before_end, id,
                         fmt::format(
                             "the right mark stands at {}, before the line's end: a viewer that judges "
                             "the last node calls the line wrong",
                             answer_move(tree_, id)));
            }
        check_moves(p);
        check_other_marks(p);
        std::stable_sort(
            p.findings.begin(), p.findings.end(),
            [](const ProblemFinding& a, const ProblemFinding& b) { return a.error.offset < b.error.offset; });
    }

    // Moves onto a stone, into a ko, suicides: the one walk, the position before each node
    // checked before its move is played.
    void check_moves(Problem& p) {
        walk_depth_first(
            Game::kRoot, tree_.start,
            [&](NodeId id, auto&& child) {
                for (const NodeId c : tree_.nodes[id].children) child(c);
            },
            [&](GameState& state, NodeId id) {
                const NodeAction& action = tree_.nodes[id].move;
                if (action.setup.empty())
                    for (std::size_t i = 0; i < action.moves.size(); ++i) {
                        const LastMove& m = action.moves[i];
                        if (m.move.is_pass || state.board.allows(m.stone, m.move.point)) continue;
                        const Stone at = state.board.at(m.move.point);
                        find(
                            p, ProblemIssue::illegal_move, id,
                            fmt::format("{} {} is illegal: {}", colour_word(m.stone), answer_move(tree_, id),
                                        at != Stone::none                        ? "the point holds a stone"
                                        : state.board.ko_point() == m.move.point ? "it retakes the ko at once"
                                                                                 : "it is suicide"));
                    }
                GameTraits::play(state, action);
            },
            [](NodeId, const GameState&) { return true; });
    }

    void check_other_marks(Problem& p) {
        struct Other {
            ProblemConvention convention;
            bool (*marks)(const NodeMarks&, bool leaf);
            std::string_view what;
        };
        static constexpr Other kOthers[] = {
            {ProblemConvention::goproblems, [](const NodeMarks& m, bool) { return m.right_word; },
             "RIGHT in a comment"},
            {ProblemConvention::many_faces, [](const NodeMarks& m, bool) { return m.tesuji || m.bad_move; },
             "TE or BM"},
            {ProblemConvention::uligo, [](const NodeMarks& m, bool) { return m.wrong_mark; }, "WV"},
            // A RIGHT says "right" too: it is goproblems' mark, counted once, as that.
            {ProblemConvention::easygo,
             [](const NodeMarks& m, bool leaf) { return leaf && m.says_correct && !m.right_word; },
             "\"right\" or \"correct\" in a last comment"},
        };
        for (const Other& other : kOthers) {
            if (other.convention == p.convention) continue;
            // EasyGo's words are what any convention's comments say ("Correct!" beside a
            // RIGHT): they are another marking only where the main line is all there is.
            if (other.convention == ProblemConvention::easygo && p.convention != ProblemConvention::main_line)
                continue;
            std::size_t count = 0;
            NodeId first = 0;
            for (NodeId id = p.start + 1; id < tree_.size(); ++id)
                if (other.marks(marks_[id], tree_.nodes[id].children.empty()) && count++ == 0) first = id;
            if (count > 0)
                find(p, ProblemIssue::other_marks, first,
                     fmt::format("{} node(s) marked as {} marks answers ({}), which {} does not read", count,
                                 to_string(other.convention), other.what, to_string(p.convention)));
        }
    }

    const Record& record_;
    std::size_t game_;
    const Game& tree_;
    std::vector<NodeMarks> marks_;
};

}  // namespace

std::string problem_convention_names() {
    std::string out;
    for (const ProblemConvention c : kProblemConventions)
        out += (out.empty() ? "" : ", ") + std::string(to_string(c));
    return out;
}

std::string_view to_string(ProblemConvention convention) noexcept {
    return kConventionNames[static_cast<std::size_t>(convention)];
}

std::optional<ProblemConvention> problem_convention_named(std::string_view name) noexcept {
    for (const ProblemConvention c : kProblemConventions)
        if (to_string(c) == name) return c;
    return std::nullopt;
}

std::string_view to_string(ProblemIssue issue) noexcept {
    constexpr std::string_view kNames[] = {"no-right-answer", "right-ends-with-reply", "mark-before-end",
                                           "wrong-unrefuted", "illegal-move",          "out-of-turn",
                                           "setup-in-answer", "other-marks",           "duplicate"};
    return kNames[static_cast<std::size_t>(issue)];
}

std::string answer_move(const Game& tree, NodeId node) {
    const NodeAction& action = tree.nodes[node].move;
    if (action.moves.empty()) return {};
    const Move& m = action.moves[0].move;
    if (m.is_pass) return "pass";
    const Result<std::string> human = to_human(tree.start.board.size(), m.point);
    if (human) return *human;
    const Result<std::string> sgf = to_sgf(tree.start.board.size(), m.point);
    return sgf ? *sgf : std::string("?");
}

Result<Problem> read_problem(const Record& record, std::size_t game, const ProblemOptions& options) {
    if (game >= record.size())
        return Error{ErrorCode::out_of_range,
                     fmt::format("there is no game {}: the collection holds {}", game + 1, record.size())};
    if (!record.game(game).errors.empty()) return record.game(game).errors.front();
    return ProblemReader(record, game).read(options);
}

void ProblemKeys::check(Problem& problem, std::string name) {
    for (const auto& [key, first] : seen)
        if (key == problem.canonical_key) {
            problem.findings.push_back(
                {ProblemIssue::duplicate, "0",
                 Error{ErrorCode::conflict, TextPlace{0, problem.line, 1},
                       fmt::format("the same problem as {}, up to the board's symmetries and a colour swap",
                                   first)}});
            return;
        }
    seen.emplace_back(problem.canonical_key, std::move(name));
}

Result<std::vector<Problem>> read_problems(const Record& record, const ProblemOptions& options) {
    std::vector<Problem> out;
    ProblemKeys keys;
    for (std::size_t g = 0; g < record.size(); ++g) {
        Result<Problem> p = read_problem(record, g, options);
        if (!p) return p.error();
        keys.check(*p, fmt::format("problem {}", g + 1));
        out.push_back(std::move(*p));
    }
    return out;
}

Record normalised_problems(const Record& record, const std::vector<Problem>& problems) {
    Record out;
    for (const Problem& p : problems) {
        append_game(record, p.game, out);
        const std::size_t g = out.size() - 1;
        const Game& tree = out.game(g);
        SgfCollection& sgf = out.sgf;
        const auto& raw = out.sgf_nodes(g);
        out.set_node_property(g, p.start, "PL", p.player == Stone::white ? "W" : "B");
        for (NodeId id = p.start + 1; id < tree.size(); ++id) {
            const std::uint32_t r = raw[id];
            sgf.remove_property(r, "TE");
            sgf.remove_property(r, "BM");
            sgf.remove_property(r, "WV");
            if (p.convention == ProblemConvention::uligo) sgf.remove_property(r, "TR");
            std::string comment = joined_comments(tree.nodes[id]);
            const bool leaf = tree.nodes[id].children.empty();
            const bool right_leaf = leaf && p.marks[id] == AnswerMark::right;
            // RIGHT where it marks a right line's end, and nowhere else: a RIGHT in any other
            // comment would mark its line right when read back.
            std::string kept;
            for (std::size_t i = 0; i < comment.size();) {
                if (comment.compare(i, 5, "RIGHT") == 0) {
                    i += 5;
                    while (i < comment.size() && comment[i] == ' ') ++i;
                    continue;
                }
                kept += comment[i++];
            }
            while (!kept.empty() && (kept.back() == ' ' || kept.back() == '\n')) kept.pop_back();
            if (right_leaf) kept = kept.empty() ? "RIGHT" : "RIGHT " + kept;
            if (kept != comment) {
                if (kept.empty())
                    sgf.remove_property(r, "C");
                else
                    out.set_node_property(g, id, "C", kept);
            }
        }
    }
    return out;
}

std::string problem_start_hen(const Problem& problem) {
    const Result<std::string> hen = write_hen(start_position(problem));
    return hen ? *hen : std::string();
}

std::string problem_json(const Record& record, const Problem& p) {
    const Game& tree = record.game(p.game);
    JsonWriter j;
    j.open('{');
    j.key("game");
    j.number(static_cast<std::uint64_t>(p.game + 1));
    j.key("convention");
    j.string(to_string(p.convention));
    j.key("detected");
    j.boolean(p.detected);
    j.key("player");
    j.string(p.player == Stone::white ? "W" : "B");
    j.key("size");
    const BoardSize size = p.position.board.size();
    j.string(size.is_square() ? std::to_string(size.width) : fmt::format("{}:{}", size.width, size.height));
    j.key("start");
    j.string(problem_start_hen(p));
    // The same start as an SGF game of one node (a page appends the moves played to it to
    // draw the board), and the node path of the start in the record.
    j.key("start_sgf");
    {
        const Result<SgfCollection> sgf = hen_to_sgf(start_position(p));
        std::string text = sgf ? write_sgf(*sgf) : std::string();
        while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
        j.string(text);
    }
    j.key("start_path");
    j.string(node_path(tree, p.start));
    j.key("statement");
    j.string(p.statement);
    const auto moves = [&](std::string_view name, const std::vector<NodeId>& ids) {
        j.key(name);
        j.open('[');
        for (const NodeId id : ids) j.string(answer_move(tree, id));
        j.close(']');
    };
    moves("right", p.right_first);
    moves("wrong", p.wrong_first);
    // The tree below the start, nested: an explicit stack, so that no answer is too deep.
    j.key("tree");
    j.open('[');
    struct Frame {
        NodeId node;
        std::size_t next = 0;
    };
    std::vector<Frame> stack{{p.start}};
    while (!stack.empty()) {
        Frame& f = stack.back();
        const auto& children = tree.nodes[f.node].children;
        if (f.next == children.size()) {
            stack.pop_back();
            if (!stack.empty()) {
                j.close(']');
                j.close('}');
            }
            continue;
        }
        const NodeId c = children[f.next++];
        const Game::Node& node = tree.nodes[c];
        j.open('{');
        j.key("move");
        j.string(answer_move(tree, c));
        if (const std::optional<Stone> s = mover_of(node)) {
            j.key("colour");
            j.string(*s == Stone::white ? "W" : "B");
            if (!node.move.moves[0].move.is_pass) {
                j.key("sgf");
                const Result<std::string> sgf = to_sgf(size, node.move.moves[0].move.point);
                j.string(sgf ? *sgf : std::string());
            }
        }
        if (node.has_notes() && !node.comments().empty()) {
            j.key("comment");
            j.string(joined_comments(node));
        }
        j.key("right");
        j.boolean(p.marks[c] == AnswerMark::right);
        j.key("children");
        j.open('[');
        stack.push_back({c});
    }
    j.close(']');
    j.key("findings");
    j.open('[');
    for (const ProblemFinding& f : p.findings) {
        j.open('{');
        j.key("issue");
        j.string(to_string(f.issue));
        j.key("path");
        j.string(f.path);
        j.key("line");
        j.number(static_cast<std::uint64_t>(f.error.line));
        j.key("message");
        j.string(f.error.message);
        j.close('}');
    }
    j.close(']');
    j.close('}');
    return j.take();
}

}  // namespace kifu::go
