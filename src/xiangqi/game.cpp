#include "kifu/xiangqi/game.hpp"

#include <array>
#include <optional>

#include <fmt/format.h>

#include "../core/move_words.hpp"
#include "kifu/chess/comment_commands.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/walk.hpp"

namespace kifu::xiangqi {
namespace {

// splitmix64 over a counter: fixed keys, the same on every machine and run.
constexpr std::uint64_t mix(std::uint64_t x) noexcept {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

struct ZobristKeys {
    std::array<std::array<std::uint64_t, 14>, kSquares> piece{};  // [square][type + 7 * color]
    std::uint64_t black_to_move = 0;
};

constexpr ZobristKeys build_keys() {
    ZobristKeys k;
    std::uint64_t n = 0x5851F42D4C957F2Dull;  // the seed: any fixed number
    for (auto& square : k.piece)
        for (auto& key : square) key = mix(n++);
    k.black_to_move = mix(n);
    return k;
}

constexpr ZobristKeys kKeys = build_keys();

}  // namespace

std::uint64_t position_key(const Position& position) noexcept {
    std::uint64_t key = position.side_to_move == Color::black ? kKeys.black_to_move : 0;
    for (std::size_t s = 0; s < kSquares; ++s) {
        const Piece p = position.board[s];
        if (!p.empty())
            key ^= kKeys.piece[s][static_cast<std::size_t>(p.type) + 7 * static_cast<std::size_t>(p.color)];
    }
    return key;
}

Result<Game> read_move_list(std::string_view text, Notation notation, const Position& start) {
    Game game(start);
    Position pos = start;
    NodeId last = Game::kRoot;
    Error error;
    const bool read = for_each_move_word(text, [&](const MoveWord& w) {
        if (w.result) {
            game.result = std::string(w.text);
            return true;
        }
        Result<Move> m = parse_move(pos, w.text, notation);
        if (!m) {
            error = error_at(text, w.offset + m.error().offset, m.error().code, m.error().message);
            return false;
        }
        last = game.add_move(last, *m, std::string(w.text));
        pos.play(*m);
        return true;
    });
    if (!read) return error;
    return game;
}

std::string write_move_list(const Game& game, Notation notation) {
    std::string out;
    Position pos = game.start;
    bool first = true;
    for (const NodeId id : game.main_line()) {
        if (!out.empty()) out += ' ';
        if (pos.side_to_move == Color::red)
            out += fmt::format("{}. ", pos.fullmove_number);
        else if (first)
            out += fmt::format("{}... ", pos.fullmove_number);
        first = false;
        out += write_move(pos, game.node(id).move, notation);
        pos.play(game.node(id).move);
    }
    if (!game.result.empty()) out += (out.empty() ? "" : " ") + game.result;
    return out;
}

std::vector<Repetition> repetitions(const Game& game) {
    // Per node: the key of the position after it, whether that position is check, and
    // whether the move captured (no position before a capture can come back).
    struct Seen {
        std::uint64_t key = 0;
        bool check = false;
        bool capture = false;
        bool reported = false;  // this line has had its repetition
    };
    std::vector<Seen> seen(game.size());
    std::vector<Repetition> out;
    walk(game, [&](NodeId id, const Position& pos) {
        Seen& s = seen[id];
        s.key = position_key(pos);
        s.check = xiangqi::in_check(pos, pos.side_to_move);
        if (id == Game::kRoot) return true;
        const Game::Node& node = game.node(id);
        s.capture = pos.halfmove_clock == 0;
        s.reported = seen[node.parent].reported;
        if (s.reported) return true;
        int count = 1;
        NodeId first = id;
        // Back along the line, two plies at a time (the same side to move), to the last capture.
        bool checks[2] = {true, true};  // every move of the cycle by Red / Black gave check
        std::size_t ply = game.depth(id);
        for (NodeId at = id; at != Game::kRoot && !seen[at].capture;) {
            const int mover =
                static_cast<int>((ply + (game.start.side_to_move == Color::black ? 1 : 0) + 1) % 2);
            checks[mover] = checks[mover] && seen[at].check;
            at = game.node(at).parent;
            --ply;
            if (seen[at].key == s.key) {
                ++count;
                first = at;
                if (count == 3) break;
            }
        }
        if (count < 3) return true;
        s.reported = true;
        Repetition r;
        r.node = id;
        r.first = first;
        r.checking = checks[0] && !checks[1] ? 0 : checks[1] && !checks[0] ? 1 : -1;
        const std::size_t plies = game.depth(id);
        r.message = fmt::format("repetition after ply {}: the position stands for the third time", plies);
        if (r.checking >= 0)
            r.message +=
                fmt::format(" ({} gives perpetual check, which loses)", r.checking == 0 ? "Red" : "Black");
        out.push_back(std::move(r));
        return true;
    });
    return out;
}

MoveList GameTraits::legal_moves(const Position& position) {
    return xiangqi::legal_moves(position);
}

// ICCS first, then WXF, Chinese, SAN and UCI, the most telling error kept.
Result<Move> GameTraits::parse_move(const Position& before, std::string_view text) {
    constexpr std::array kOrder{Notation::iccs, Notation::wxf, Notation::chinese, Notation::san,
                                Notation::uci};
    return parse_in_any<Move>(kOrder, [&](Notation n) { return xiangqi::parse_move(before, text, n); });
}

PositionStatus GameTraits::status(const Position& position) {
    return {to_string(xiangqi::status(position)), xiangqi::in_check(position, position.side_to_move)};
}

std::uint64_t GameTraits::perft(const Position& position, int depth) {
    return xiangqi::perft(position, depth);
}

Result<std::vector<std::string>> GameTraits::engine_position(const Position& before,
                                                             std::span<const Move> moves) {
    return std::vector<std::string>{
        engine_position_line<GameTraits>("position fen " + write_fen(before), before, moves)};
}

Result<Position> GameTraits::read_position(std::string_view text) {
    text = trim_blanks(text);
    if (text == "startpos") return Position::start();
    return parse_fen(text);
}

std::string GameTraits::write_position(const Position& position) {
    return write_fen(position);
}

std::string_view GameTraits::side_to_move(const Position& position) {
    return position.side_to_move == Color::red ? "red" : "black";
}

std::string GameTraits::move_notations(const Position& before, Move move) {
    return fmt::format("{} {} {} {}", xiangqi::write_move(before, move, Notation::iccs),
                       xiangqi::write_move(before, move, Notation::wxf),
                       xiangqi::write_move(before, move, Notation::chinese),
                       xiangqi::write_move(before, move, Notation::san));
}

GameOutcome GameTraits::outcome(const Game& tree) {
    return outcome_of_score(!tree.result.empty() ? std::string_view(tree.result)
                                                 : tree.tag("Result").value_or(std::string_view()));
}

std::string GameTraits::status_note(const Position& position) {
    if (xiangqi::legal_moves(position).size() != 0) return {};
    return fmt::format("no legal moves: {}, {} loses", to_string(xiangqi::status(position)),
                       position.side_to_move == Color::red ? "Red" : "Black");
}

NodeReadings GameTraits::readings(const std::vector<std::string>& comments) {
    return chess::comment_readings(comments);
}

}  // namespace kifu::xiangqi
