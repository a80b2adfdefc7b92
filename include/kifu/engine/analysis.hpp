#pragma once
// An engine's analysis of a game's positions, as moves of the game: written once over the
// game interface (core/game_rules.hpp), for every game whose traits say how their engines
// are spoken to (engine_protocol, engine_position).
//
// Decisions (docs/analyse.md):
// - A principal variation is read move by move with the game's own parse_move from the
//   position it starts at: a move that is not legal there drops the whole line (the verdict
//   keeps the score and says why in `warnings`), so an engine's wrong line is never written.
// - Scores are kept as the engine gives them, from the side to move's view; `first_to_move`
//   says whose view that is, and first_player_eval() turns it into the record's (the first
//   player's: white in chess, black in Go and shogi, red in xiangqi) in pawns or points.
// - A position whose analysis fails (the engine crashed, hung, said nothing usable) gets the
//   error, the engine is started again, and the game goes on with the next position.

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "kifu/core/game_rules.hpp"
#include "kifu/core/game_tree.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/engine/engine.hpp"
#include "kifu/formats/games.hpp"

namespace kifu::engine {

template <GameRules Rules>
struct Line {
    Info info;                             // the engine's report (its pv as it wrote it)
    std::vector<typename Rules::Move> pv;  // the same line as moves of the game, checked legal
};

template <GameRules Rules>
struct Verdict {
    std::vector<Line<Rules>> lines;  // best first
    std::optional<typename Rules::Move> best_move;
    bool first_to_move = true;          // whether the side to move is the first player
    std::vector<std::string> warnings;  // what was dropped (an illegal pv)
};

// Whether `move` is one of the legal moves the position lists.
template <GameRules Rules>
bool is_listed(const typename Rules::Position& position, const typename Rules::Move& move) {
    const std::uint16_t word = Rules::move_word(move);
    for (const auto& legal : Rules::legal_moves(position))
        if (Rules::move_word(legal) == word) return true;
    return false;
}

// A reported line read from `at` as moves of the game: each must be legal where it is
// played, else the whole line is dropped (the score kept) and `why` says where.
template <GameRules Rules>
Line<Rules> read_line(const typename Rules::Position& at, Info reported, std::string& why) {
    Line<Rules> line;
    typename Rules::Position p = at;
    for (std::size_t i = 0; i < reported.pv.size(); ++i) {
        Result<typename Rules::Move> m = Rules::parse_move(p, reported.pv[i]);
        // parse_move reads what a record may hold (a null move "0000", "--"): a line is
        // moves the position lists.
        if (m && !is_listed<Rules>(p, *m))
            m = Error{ErrorCode::illegal_move, "not a move the position lists"};
        if (!m) {
            why = fmt::format(
                "its line {} has '{}' at move {}, which is no legal move there ({}): the line is dropped",
                reported.multipv, utf8::prefix(reported.pv[i], 40), i + 1, m.error().message);
            line.pv.clear();
            reported.pv.clear();
            break;
        }
        line.pv.push_back(*m);
        Rules::play(p, *m);
    }
    line.info = std::move(reported);
    return line;
}

// The position that `moves` lead to from `start`, analysed within `limit`. `tags` are the
// record's (Go's komi); errors are the engine's (engine.hpp).
template <GameRules Rules>
Result<Verdict<Rules>> analyse_position(Engine& engine, const typename Rules::Position& start,
                                        std::span<const typename Rules::Move> moves, const Limit& limit,
                                        const std::vector<std::pair<std::string, std::string>>& tags = {}) {
    Result<std::vector<std::string>> lines = Rules::engine_position(start, moves);
    if (!lines) return lines.error();
    if constexpr (HasEngineSettings<Rules>)
        for (std::string& s : Rules::engine_settings(tags)) lines->push_back(std::move(s));
    typename Rules::Position now = start;
    for (const auto& m : moves) Rules::play(now, m);
    const std::string_view side = Rules::side_to_move(now);
    Result<Analysis> analysis = engine.analyse(*lines, side, limit);
    if (!analysis) return analysis.error();

    Verdict<Rules> verdict;
    const formats::GameInfo* info = formats::game_named(Rules::game);
    verdict.first_to_move = !info || side == info->first_colour;
    for (Info& reported : analysis->lines) {
        std::string why;
        verdict.lines.push_back(read_line<Rules>(now, std::move(reported), why));
        if (!why.empty()) verdict.warnings.push_back(fmt::format("engine '{}': {}", engine.name(), why));
    }
    if (!analysis->best_move.empty()) {
        Result<typename Rules::Move> m = Rules::parse_move(now, analysis->best_move);
        if (m && !is_listed<Rules>(now, *m))
            m = Error{ErrorCode::illegal_move, "not a move the position lists"};
        if (m)
            verdict.best_move = *m;
        else
            verdict.warnings.push_back(
                fmt::format("engine '{}': its best move '{}' is no legal move here ({})", engine.name(),
                            analysis->best_move, m.error().message));
    }
    return verdict;
}

// The score of a verdict's best line from the first player's view: pawns (chess, xiangqi:
// centipawns / 100), Go's points, or a mate as +-moves with `mate` set; nullopt when the
// engine gave none.
struct FirstPlayerEval {
    double value = 0;
    bool mate = false;  // value: moves to mate, positive when the first player mates
    bool points = false;
};
inline std::optional<FirstPlayerEval> first_player_eval(const Score& s, bool first_to_move) {
    const double sign = first_to_move ? 1 : -1;
    switch (s.kind) {
        case Score::Kind::centipawns:
            return FirstPlayerEval{sign * s.value / 100.0, false, false};
        case Score::Kind::mate:
            if (s.value == 0) return std::nullopt;  // mated now: the game is over, nothing to weigh
            return FirstPlayerEval{sign * s.value, true, false};
        case Score::Kind::points:
            return FirstPlayerEval{sign * s.value, false, true};
        case Score::Kind::none:
            break;
    }
    return std::nullopt;
}
template <GameRules Rules>
std::optional<FirstPlayerEval> first_player_eval(const Verdict<Rules>& verdict) {
    if (verdict.lines.empty()) return std::nullopt;
    return first_player_eval(verdict.lines.front().info.score, verdict.first_to_move);
}

// What analyse_game found at one node: a verdict, or the error of its position.
template <GameRules Rules>
struct NodeVerdict {
    NodeId node = 0;
    std::optional<Verdict<Rules>> verdict;
    std::optional<Error> error;
};

// Every position of the main line after a move (with `all_lines`, of every line), each node
// its own search; the root too when `with_root`. A position that fails gets its error, the
// engine is restarted, and the next goes on; an engine that cannot be restarted ends it (the
// error is the last node's, and the rest are not analysed).
template <GameRules Rules>
std::vector<NodeVerdict<Rules>> analyse_game(Engine& engine, const GameTree<Rules>& tree, const Limit& limit,
                                             bool all_lines, bool with_root = false) {
    std::vector<NodeVerdict<Rules>> out;
    std::vector<NodeId> nodes;
    if (with_root) nodes.push_back(GameTree<Rules>::kRoot);
    if (all_lines) {
        for (NodeId id = 1; id < tree.size(); ++id) nodes.push_back(id);
    } else {
        for (const NodeId id : tree.main_line()) nodes.push_back(id);
    }
    if (Result<void> r = engine.new_game(); !r)
        if (Result<void> again = engine.restart(); !again) {
            out.push_back({GameTree<Rules>::kRoot, std::nullopt, again.error()});
            return out;
        }
    std::vector<typename Rules::Move> moves;
    NodeId last = GameTree<Rules>::kRoot;
    for (const NodeId id : nodes) {
        // Down a line, one more move; elsewhere (a variation's start), the path from the root.
        if (id != GameTree<Rules>::kRoot && tree.node(id).parent == last) {
            moves.push_back(tree.node(id).move);
        } else {
            moves.clear();
            for (const NodeId step : tree.path_to(id)) moves.push_back(tree.node(step).move);
        }
        last = id;
        Result<Verdict<Rules>> v = analyse_position<Rules>(engine, tree.start, moves, limit, tree.tags);
        if (v) {
            out.push_back({id, std::move(*v), std::nullopt});
            continue;
        }
        out.push_back({id, std::nullopt, v.error()});
        if (!engine.running())
            if (Result<void> again = engine.restart(); !again) {
                out.back().error->message += "; it could not be started again: " + again.error().message;
                break;
            }
    }
    return out;
}

}  // namespace kifu::engine
