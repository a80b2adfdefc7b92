#include "kifu/chess/game.hpp"

#include "kifu/chess/polyglot.hpp"
#include "kifu/chess/san.hpp"

namespace kifu::chess {

std::uint64_t GameTraits::key(const Position& position) {
    return polyglot_key(position);
}

std::string GameTraits::write_move(const Position& before, Move move) {
    return write_san(before, move);
}

std::string_view termination(const Game& game) {
    if (!game.result.empty()) return game.result;
    const auto t = game.tag("Result");
    if (t && (*t == "1-0" || *t == "0-1" || *t == "1/2-1/2" || *t == "*")) return *t;
    return "*";
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

void GameBuilder::move(const Position&, Move move, std::string_view san) {
    const NodeId parent = lines_.back();
    const NodeId id = game_.add_move(parent, move, std::string(san));
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
    return kifu::same_tree(a, b, [](const Game& g) { return termination(g); });
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
