#include "kifu/chess/game.hpp"

#include <algorithm>

#include "kifu/chess/board_view.hpp"
#include "kifu/chess/comment_commands.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/polyglot.hpp"
#include "kifu/chess/san.hpp"
#include "kifu/core/scanner.hpp"

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
    if (t && *t == "1/2") return "1/2-1/2";  // the draw as real files write it (and the writer normalises)
    return "*";
}

GameOutcome GameTraits::outcome(const Game& tree) {
    return outcome_of_score(termination(tree));
}

Progress GameTraits::progress(const Position& position) noexcept {
    // A pawn never moves back nor sideways onto its own first rank: one on a2 now has been
    // there since the start.
    const Bitboard white = position.pieces(Color::white, PieceType::pawn) & rank_bb(1);
    const Bitboard black = position.pieces(Color::black, PieceType::pawn) & rank_bb(6);
    return {static_cast<std::uint16_t>((white >> 8) | (black >> 40)),
            static_cast<std::uint8_t>(popcount(position.occupied()))};  // at most 64
}

GameStatus final_status(const Position& start, std::span<const Move> main_line,
                        const Position& final_position) {
    // Only the positions since the last capture or pawn move can stand again: the half-move
    // clock says how many plies back that was, so the keys are taken for those alone (in
    // most games none: a repetition needs four reversible plies).
    const std::size_t reversible = std::min<std::size_t>(final_position.halfmove_clock(), main_line.size());
    if (reversible < 4) return game_status(final_position);
    Position p = start;
    for (std::size_t i = 0; i < main_line.size() - reversible; ++i) p.play(main_line[i]);
    std::vector<std::uint64_t> history;
    history.reserve(reversible);
    for (std::size_t i = main_line.size() - reversible; i < main_line.size(); ++i) {
        history.push_back(repetition_key(p));
        p.play(main_line[i]);
    }
    return game_status(p, history);
}

GameStatus final_status(const Game& game) {
    std::vector<Move> moves;
    Position p = game.start;
    for (const NodeId id : game.main_line()) {
        moves.push_back(game.nodes[id].move);
        p.play(moves.back());
    }
    return final_status(game.start, moves, p);
}

std::string normalize_comment(std::string_view text) {
    text = trim_blanks(text);
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
    // About one node a move and a move every 5 to 7 bytes: room for them at once, within a
    // bound (a huge game grows as usual).
    game_.nodes.reserve(std::min<std::size_t>(text.text.size() / 5 + 1, 4096));
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
    const NodeId id = game_.add_move(parent, move, san);
    if (!pending_.empty()) {
        game_.nodes[id].notes().starting_comments = std::move(pending_);
        pending_.clear();
    }
    lines_.back() = id;
    line_fresh_ = false;
}

void GameBuilder::comment(std::string_view text, CommentKind) {
    std::string c = normalize_comment(text);
    if (c.empty()) return;
    auto& into = line_fresh_ && lines_.size() > 1 ? pending_ : game_.nodes[lines_.back()].notes().comments;
    into.push_back(std::move(c));
}

void GameBuilder::nag(int nag) {
    game_.nodes[lines_.back()].notes().nags.push_back(static_cast<std::uint8_t>(nag));
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
    // Comments in a variation with no moves: kept on the move before.
    if (pending_.empty()) return;
    auto& into = game_.nodes[lines_.back()].notes().comments;
    for (std::string& c : pending_) into.push_back(std::move(c));
    pending_.clear();
}

void GameBuilder::result(std::string_view result) {
    game_.result = result;
}

void GameBuilder::error(const Error& error) {
    game_.errors.push_back(error);
}

void GameBuilder::warning(const Error& warning) {
    game_.warnings.push_back(warning);
}

void accept(const Game& game, PgnVisitor& visitor) {
    const PgnGameText text{{}, game.index, 0, game.line, 1};
    if (!visitor.begin_game(text)) return;
    for (const auto& [name, value] : game.tags) visitor.tag(name, value);
    if (!visitor.begin_movetext(game.start)) {
        visitor.end_game(game.start);
        return;
    }
    const auto& nodes = game.nodes;
    for (const std::uint8_t nag : nodes[Game::kRoot].nags()) visitor.nag(nag);
    for (const std::string& c : nodes[Game::kRoot].comments()) visitor.comment(c, CommentKind::braces);
    // The depth-first order of PGN text: a move, its NAGs and comments, then the variations
    // that replace it, then the line goes on.
    struct Frame {
        NodeId parent;
        NodeId node;
        Position before;
        std::size_t next_alternative;
        bool told;
    };
    std::vector<Frame> stack;
    Position final_position = game.start;
    if (!nodes[Game::kRoot].children.empty())
        stack.push_back({Game::kRoot, nodes[Game::kRoot].children[0], game.start, 1, false});
    while (!stack.empty()) {
        Frame& f = stack.back();
        const GameNode& n = nodes[f.node];
        if (!f.told) {
            for (const std::string& c : n.starting_comments()) visitor.comment(c, CommentKind::braces);
            visitor.move(f.before, n.move, n.text);
            for (const std::uint8_t nag : n.nags()) visitor.nag(nag);
            for (const std::string& c : n.comments()) visitor.comment(c, CommentKind::braces);
            f.told = true;
            f.next_alternative = nodes[f.parent].children[0] == f.node ? 1 : SIZE_MAX;
        }
        const ChildList& siblings = nodes[f.parent].children;
        if (f.next_alternative < siblings.size()) {
            const NodeId alternative = siblings[f.next_alternative++];
            if (!visitor.begin_variation()) continue;
            const Position before = f.before;
            const NodeId parent = f.parent;
            stack.push_back({parent, alternative, before, SIZE_MAX, false});
            continue;
        }
        if (n.children.empty()) {
            if (stack.size() == 1) {
                final_position = f.before;
                final_position.play(n.move);
            }
            stack.pop_back();
            if (!stack.empty()) visitor.end_variation();
            continue;
        }
        f.before.play(n.move);
        f.parent = f.node;
        f.node = n.children[0];
        f.told = false;
    }
    for (const Error& e : game.errors) visitor.error(e);
    for (const Error& w : game.warnings) visitor.warning(w);
    if (!game.result.empty()) visitor.result(game.result);
    visitor.end_game(final_position);
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

std::string GameTraits::engine_move(const Position& before, Move move) {
    return write_uci(before, move);
}

MoveList GameTraits::legal_moves(const Position& position) {
    return chess::legal_moves(position);
}

// SAN, else UCI.
Result<Move> GameTraits::parse_move(const Position& before, std::string_view text) {
    Result<Move> san = parse_san(before, text);
    if (san) return san;
    Result<Move> uci = parse_uci(before, text);
    if (uci) return uci;
    return says_more(uci.error(), san.error()) ? uci.error() : san.error();
}

PositionStatus GameTraits::status(const Position& position) {
    const GameStatus s = game_status(position);
    return {to_string(s.outcome), s.check};
}

bool GameTraits::in_check(const Position& position) {
    return chess::in_check(position, position.side_to_move());
}

std::uint64_t GameTraits::perft(const Position& position, int depth) {
    return chess::perft(position, depth);
}

Result<std::vector<std::string>> GameTraits::engine_position(const Position& before,
                                                             std::span<const Move> moves) {
    const std::string fen = write_fen(before);
    std::vector<std::string> lines;
    // UCI writes a Chess960 castling as the king taking its rook, which an engine reads only
    // in its Chess960 mode (the engine sets it back for the next standard position).
    if (before.chess960()) lines.emplace_back("setoption name UCI_Chess960 value true");
    lines.push_back(engine_position_line<GameTraits>(
        fen == kStartFen && !before.chess960() ? std::string("position startpos") : "position fen " + fen,
        before, moves));
    return lines;
}

Result<Position> GameTraits::read_position(std::string_view text) {
    text = trim_blanks(text);
    if (text == "startpos") return Position::start();
    return parse_fen(text, {.relaxed = true});
}

std::string GameTraits::write_position(const Position& position) {
    return write_fen(position);
}

std::string_view GameTraits::side_to_move(const Position& position) {
    return position.side_to_move() == Color::white ? "white" : "black";
}

std::string GameTraits::move_notations(const Position& before, Move move) {
    return write_san(before, move) + " " + write_uci(before, move);
}

std::string GameTraits::status_note(const Position& position) {
    const std::string status = describe(game_status(position));
    if (count_legal_moves(position) == 0) return "no legal moves: " + status;
    return status;
}

NodeReadings GameTraits::readings(const std::vector<std::string>& comments) {
    return comment_readings(comments);
}

std::vector<NodeMark> GameTraits::comment_marks(std::string_view comment) {
    return chess::comment_marks(comment);
}

}  // namespace kifu::chess
