#include "kifu/chess/game.hpp"

namespace kifu::chess {

Game::Game() {
    nodes.emplace_back();
}

std::optional<std::string_view> Game::tag(std::string_view name) const {
    for (const auto& [n, v] : tags)
        if (n == name) return std::string_view(v);
    return std::nullopt;
}

void Game::set_tag(std::string_view name, std::string_view value) {
    for (auto& [n, v] : tags)
        if (n == name) {
            v = value;
            return;
        }
    tags.emplace_back(name, value);
}

std::string_view Game::termination() const {
    if (!result.empty()) return result;
    const auto t = tag("Result");
    if (t && (*t == "1-0" || *t == "0-1" || *t == "1/2-1/2" || *t == "*")) return *t;
    return "*";
}

std::vector<NodeId> Game::main_line() const {
    std::vector<NodeId> ids;
    for (NodeId id = kRoot; !nodes[id].children.empty();) {
        id = nodes[id].children.front();
        ids.push_back(id);
    }
    return ids;
}

Position Game::position_after(NodeId id) const {
    std::vector<NodeId> path;
    for (; id != kRoot; id = nodes[id].parent) path.push_back(id);
    Position p = start;
    for (auto it = path.rbegin(); it != path.rend(); ++it) p.play(nodes[*it].move);
    return p;
}

NodeId Game::add_move(NodeId parent, const Position& before, Move move, std::string san) {
    const auto id = static_cast<NodeId>(nodes.size());
    GameNode& n = nodes.emplace_back();
    n.move = move;
    n.san = std::move(san);
    n.parent = parent;
    n.move_number = static_cast<std::uint16_t>(std::min(before.fullmove_number(), 65535));
    n.side = before.side_to_move();
    nodes[parent].children.push_back(id);
    return id;
}

std::string normalize_comment(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        // A run of blanks with a line break in it becomes one space.
        std::size_t j = i;
        bool newline = false;
        while (j < text.size() && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r' || text[j] == '\n')) {
            newline = newline || text[j] == '\n' || text[j] == '\r';
            ++j;
        }
        if (j > i) {
            if (newline)
                out.push_back(' ');
            else
                out.append(text.substr(i, j - i));
            i = j;
        } else {
            out.push_back(text[i++]);
        }
    }
    return out;
}

bool GameBuilder::begin_game(const PgnGameText& text) {
    game_ = Game();
    game_.index = text.index;
    game_.line = text.line;
    lines_.assign(1, Game::kRoot);
    line_fresh_ = true;
    pending_.clear();
    return true;
}

void GameBuilder::tag(std::string_view name, std::string_view value) {
    game_.tags.emplace_back(name, value);
}

bool GameBuilder::begin_movetext(const Position& start) {
    game_.start = start;
    return true;
}

void GameBuilder::move(const Position& before, Move move, std::string_view san) {
    const NodeId parent = lines_.back();
    const NodeId id = game_.add_move(parent, before, move, std::string(san));
    if (!pending_.empty()) {
        game_.nodes[id].starting_comment = std::move(pending_);
        pending_.clear();
    }
    lines_.back() = id;
    line_fresh_ = false;
}

void GameBuilder::comment(std::string_view text, CommentKind) {
    const std::string c = normalize_comment(text);
    std::string& into = line_fresh_ && lines_.size() > 1 ? pending_ : game_.nodes[lines_.back()].comment;
    if (!into.empty()) into.push_back(' ');
    into += c;
}

void GameBuilder::nag(int nag) {
    game_.nodes[lines_.back()].nags.push_back(static_cast<std::uint8_t>(nag));
}

bool GameBuilder::begin_variation() {
    // The variation replaces the last move: it starts from that move's parent.
    lines_.push_back(game_.nodes[lines_.back()].parent);
    line_fresh_ = true;
    pending_.clear();
    return true;
}

void GameBuilder::end_variation() {
    lines_.pop_back();
    line_fresh_ = false;
    if (!pending_.empty()) {  // a comment in a variation with no moves: keep it on the move before
        std::string& into = game_.nodes[lines_.back()].comment;
        if (!into.empty()) into.push_back(' ');
        into += pending_;
        pending_.clear();
    }
}

void GameBuilder::result(std::string_view result) {
    game_.result = result;
}

void GameBuilder::error(const Error& error) {
    game_.errors.push_back(error);
}

bool same_tree(const Game& a, const Game& b) {
    if (!(a.start == b.start) || a.termination() != b.termination() || a.nodes.size() != b.nodes.size())
        return false;
    std::vector<std::pair<NodeId, NodeId>> pending{{Game::kRoot, Game::kRoot}};
    while (!pending.empty()) {
        const auto [x, y] = pending.back();
        pending.pop_back();
        const GameNode &p = a.nodes[x], &q = b.nodes[y];
        if (!(p.move == q.move) || p.comment != q.comment || p.starting_comment != q.starting_comment ||
            p.nags != q.nags || p.children.size() != q.children.size())
            return false;
        for (std::size_t i = 0; i < p.children.size(); ++i)
            pending.emplace_back(p.children[i], q.children[i]);
    }
    return true;
}

std::vector<Game> read_pgn(std::string_view text, const PgnReadOptions& options) {
    std::vector<Game> games;
    PgnSplitter splitter(text);
    GameBuilder builder;
    while (const std::optional<PgnGameText> game = splitter.next()) {
        read_pgn_game(*game, builder, options);
        games.push_back(builder.take());
    }
    return games;
}

}  // namespace kifu::chess
