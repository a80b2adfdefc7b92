#include "kifu/shogi/game.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <optional>

#include "../core/move_words.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/shogi/handicap.hpp"
#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/record.hpp"
#include "kifu/shogi/sfen.hpp"
#include "kifu/shogi/status.hpp"

namespace kifu::shogi {
namespace {

std::string_view without_side_mark(std::string_view t) {
    for (const std::string_view mark : {"☗", "▲", "☖", "△"})
        if (t.starts_with(mark)) return t.substr(mark.size());
    return t;
}

}  // namespace

std::uint64_t GameTraits::key(const Position& position) {
    return repetition_key(position);
}

std::string GameTraits::display_move(const Position& before, Move move) {
    return kif_move(before, move);
}

std::string GameTraits::write_move(const Position& before, Move move) {
    return shogi::write_move(before, move, Notation::usi);
}

Result<Game> read_move_list(std::string_view text, Notation notation, const Position& start) {
    Game game(start);
    Position pos = start;
    Square previous = kNoSquare;
    NodeId last = Game::kRoot;
    Error error;
    const bool read = for_each_move_word(text, [&](const MoveWord& w) {
        if (w.result) {
            if (w.text != "*") game.result = std::string(w.text);
            return true;
        }
        std::string_view token = w.text;
        if (notation != Notation::japanese && notation != Notation::sassersson)
            token = without_side_mark(token);
        Result<Move> m = parse_move(pos, token, notation, previous);
        if (!m) {
            error = error_at(text, w.offset, m.error().code, m.error().message);
            return false;
        }
        last = game.add_move(last, *m, std::string(token));
        previous = m->to();
        pos.play(*m);
        return true;
    });
    if (!read) return error;
    return game;
}

std::string write_move_list(const Game& game, Notation notation) {
    std::string out;
    Position pos = game.start;
    Square previous = kNoSquare;
    for (const NodeId id : game.main_line()) {
        const Move m = game.node(id).move;
        out += write_move(pos, m, notation, previous);
        out += '\n';
        previous = m.to();
        pos.play(m);
    }
    return out;
}

MoveList GameTraits::legal_moves(const Position& position) {
    return shogi::legal_moves(position);
}

// USI first, then the others, the most telling error kept.
Result<Move> GameTraits::parse_move(const Position& before, std::string_view text) {
    constexpr std::array kOrder{Notation::usi,          Notation::csa,      Notation::hosking,
                                Notation::hodges,       Notation::japanese, Notation::sassersson,
                                Notation::hodges_number};
    return parse_in_any<Move>(kOrder, [&](Notation n) { return shogi::parse_move(before, text, n); });
}

bool GameTraits::in_check(const Position& position) {
    return shogi::in_check(position, position.side_to_move());
}

bool GameTraits::useless_interposition(const Position& before, Move move) {
    const Color defender = before.side_to_move();
    const Square king = before.king(defender);
    if (!move.is_drop() || king == kNoSquare || !shogi::in_check(before, defender)) return false;
    // A legal drop that answers a check stands between the king and a far checker, which
    // would take it and check again from nearer. It is useless when nothing of the
    // defender's but the king guards its square, and the king could not take the checker
    // back there either: the square is not next to it, or another attacker guards it.
    const int ranks = rank_of(move.to()) - rank_of(king), columns = column_of(move.to()) - column_of(king);
    Position after = before;
    after.play(move);
    Position kingless = after;
    kingless.remove(king);
    if (attacked(kingless, move.to(), defender)) return false;
    if (std::max(std::abs(ranks), std::abs(columns)) >= 2) return true;
    // Next to the king: the checker is the first piece beyond the square, away from the king.
    const int step_rank = (ranks > 0) - (ranks < 0), step_column = (columns > 0) - (columns < 0);
    int rank = rank_of(move.to()) + step_rank, column = column_of(move.to()) + step_column;
    while (rank >= 0 && rank < 9 && column >= 0 && column < 9 &&
           after.piece_on(static_cast<Square>(9 * rank + column)).empty()) {
        rank += step_rank;
        column += step_column;
    }
    if (rank < 0 || rank >= 9 || column < 0 || column >= 9) return false;
    Position without_checker = after;
    without_checker.remove(static_cast<Square>(9 * rank + column));
    return attacked(without_checker, move.to(), ~defender);
}

PositionStatus GameTraits::status(const Position& position) {
    const GameStatus s = game_status(position);
    switch (s.outcome) {
        case Outcome::checkmate:
            return {"checkmate", s.check};
        case Outcome::no_legal_move:
            return {"no_legal_move", s.check};
        case Outcome::sennichite:
            return {"sennichite", s.check};
        case Outcome::perpetual_check:
            return {"perpetual_check", s.check};
        default:
            return {"ongoing", s.check};
    }
}

std::uint64_t GameTraits::perft(const Position& position, int depth) {
    return shogi::perft(position, depth);
}

Result<std::vector<std::string>> GameTraits::engine_position(const Position& before,
                                                             std::span<const Move> moves) {
    const std::string sfen = write_sfen(before);
    return std::vector<std::string>{engine_position_line<GameTraits>(
        sfen == write_sfen(Position::start()) ? std::string("position startpos") : "position sfen " + sfen,
        before, moves)};
}

Result<Position> GameTraits::read_position(std::string_view text) {
    return read_start_position(text);
}

std::string GameTraits::write_position(const Position& position) {
    return write_sfen(position);
}

std::string_view GameTraits::side_to_move(const Position& position) {
    return position.side_to_move() == Color::black ? "black" : "white";
}

std::string GameTraits::line_text(const Position& before, std::span<const Move> line,
                                  std::string_view notation) {
    const bool kif = notation == "kif";
    std::string out;
    Position p = before;
    Square previous = kNoSquare;
    for (const Move m : line) {
        if (!out.empty()) out += ' ';
        if (kif) {
            out += p.side_to_move() == Color::black ? "▲" : "△";
            out += kif_move(p, m, previous);
        } else {
            out += shogi::write_move(p, m, Notation::csa);
        }
        previous = m.to();
        p.play(m);
    }
    return out;
}

NodeReadings GameTraits::readings(const std::vector<std::string>& comments) {
    NodeReadings out;
    // The number after `at` in `c`, up to a blank or an arrow (ShogiGUI's bound marks).
    const auto value_at = [](std::string_view c, std::size_t at) -> std::optional<double> {
        std::size_t end = at;
        while (end < c.size() && (c[end] == '-' || c[end] == '+' || (c[end] >= '0' && c[end] <= '9'))) ++end;
        if (at < end && c[at] == '+') ++at;
        long long v = 0;
        const auto [stop, ec] = std::from_chars(c.data() + at, c.data() + end, v);
        if (ec != std::errc{} || stop != c.data() + end || at == end) return std::nullopt;
        if (v >= 30000 || v <= -30000) return v > 0 ? 1000.0 : -1000.0;
        return static_cast<double>(v) / 100.0;
    };
    for (const std::string& text : comments) {
        const std::string_view c = text;
        std::optional<double> v;
        if (c.starts_with("*解析 ") || c.starts_with("*対局 ")) {
            if (const std::size_t at = c.find(" 評価値 "); at != std::string_view::npos)
                v = value_at(c, at + std::string_view(" 評価値 ").size());
        } else if (c.starts_with("*評価値=") || c.starts_with("#評価値=")) {
            v = value_at(c, std::string_view("*評価値=").size());
        } else if (c.starts_with("* ")) {
            v = value_at(c, 2);
        }
        if (v && !out.eval) out.eval = v;
    }
    return out;
}

std::string GameTraits::move_notations(const Position&, Move move) {
    return write_usi(move);
}

GameOutcome GameTraits::outcome(const Game& tree) {
    const NodeId last = tree.main_line_end();
    return outcome_of_ending(tree.nodes[last].ending,
                             tree.position_after(last).side_to_move() == Color::black);
}

std::string GameTraits::status_note(const Position&) {
    return {};
}

}  // namespace kifu::shogi
