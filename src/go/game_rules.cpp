// Go behind the game interface (go/game.hpp's GameTraits): legal moves, the move word,
// positions as HEN, the key. The tree's own calls (play, write_move) are in game.cpp.
#include <algorithm>
#include <cctype>
#include <cstdlib>

#include <fmt/format.h>

#include "kifu/go/coordinates.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/hen.hpp"

namespace kifu::go {
namespace {

constexpr std::uint16_t kNoSingleMove = 0xFFFF;
constexpr std::uint16_t kPassPoint = 0xFFF;

// The ko point when it binds the player to move.
std::optional<Point> binding_ko(const GameState& state) noexcept {
    const std::optional<Point> ko = state.board.ko_point();
    const Stone binds = state.board.ko_binds();
    if (ko && (binds == Stone::none || binds == GameTraits::mover(state))) return ko;
    return std::nullopt;
}

std::string point_name(BoardSize size, Point p) {
    if (Result<std::string> human = to_human(size, p)) return *human;
    Result<std::string> sgf = to_sgf(size, p);
    return sgf ? *sgf : std::string("?");
}

// One move of `stone` as a node's action.
NodeAction single(Stone stone, Move move) {
    NodeAction action;
    action.moves.push_back(LastMove{stone, move});
    return action;
}

bool is_single_move(const NodeAction& action) noexcept {
    return !action.has_setup && action.setup.empty() && action.moves.size() == 1 && !action.to_play;
}

// splitmix64's finaliser: the player to move and the ko point folded into the stones' hash.
std::uint64_t mix(std::uint64_t x) noexcept {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

}  // namespace

Stone GameTraits::mover(const GameState& state) noexcept {
    if (state.to_move) return *state.to_move;
    if (state.last_move) return state.order.after(state.last_move->stone);
    return state.order[0];
}

GameState state_of(const Position& position) {
    GameState state{Board(position.size), position.last_move, position.turn, 0, position.order};
    for (std::uint8_t row = 0; row < position.size.height; ++row)
        for (std::uint8_t col = 0; col < position.size.width; ++col) {
            const Point point{col, row};
            if (const Stone s = position.at(point); s != Stone::none) state.board.set(point, s);
        }
    if (position.ko) state.board.set_ko(*position.ko, GameTraits::mover(state));
    return state;
}

std::uint64_t GameTraits::key(const GameState& state) {
    std::uint64_t key = state.board.hash() ^ mix(static_cast<std::uint64_t>(mover(state)));
    if (const std::optional<Point> ko = binding_ko(state))
        key ^= mix(0x100u + static_cast<std::uint64_t>(ko->index(state.board.size())));
    return key;
}

std::string GameTraits::engine_move(const GameState& before, const NodeAction& action) {
    if (!is_single_move(action)) return write_move(before, action);
    const go::Move move = action.moves[0].move;
    return move.is_pass ? std::string("pass") : point_name(before.board.size(), move.point);
}

std::string GameTraits::list_move(const GameState& before, const NodeAction& action) {
    if (action.moves.size() != 1 || action.has_setup || !action.setup.empty()) return "-";
    const std::string vertex = engine_move(before, single(action.moves[0].stone, action.moves[0].move));
    if (action.moves[0].stone == mover(before)) return vertex;
    return std::string(action.moves[0].stone == Stone::black ? "B:" : "W:") + vertex;
}

std::vector<NodeAction> GameTraits::legal_moves(const GameState& state) {
    Board board = state.board;  // allows() searches groups with the board's scratch space
    const Stone stone = mover(state);
    const BoardSize size = board.size();
    std::vector<NodeAction> moves;
    for (std::uint8_t row = 0; row < size.height; ++row)
        for (std::uint8_t col = 0; col < size.width; ++col)
            if (board.allows(stone, Point{col, row}))
                moves.push_back(single(stone, go::Move::at(Point{col, row})));
    moves.push_back(single(stone, go::Move::pass()));
    return moves;
}

std::uint64_t GameTraits::perft(const GameState& state, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) {
        Board board = state.board;
        const Stone stone = mover(state);
        std::uint64_t count = 1;  // the pass
        for (std::uint8_t row = 0; row < board.size().height; ++row)
            for (std::uint8_t col = 0; col < board.size().width; ++col)
                count += board.allows(stone, Point{col, row});
        return count;
    }
    std::uint64_t nodes = 0;
    for (const NodeAction& m : legal_moves(state)) {
        GameState next = state;
        play(next, m);
        nodes += perft(next, depth - 1);
    }
    return nodes;
}

std::uint16_t GameTraits::move_word(const NodeAction& action) noexcept {
    if (!is_single_move(action) || action.moves[0].stone == Stone::none) return kNoSingleMove;
    const LastMove& m = action.moves[0];
    const auto colour = static_cast<std::uint16_t>((static_cast<unsigned>(m.stone) - 1) << 12);
    if (m.move.is_pass) return colour | kPassPoint;
    return colour | static_cast<std::uint16_t>(m.move.point.col | (m.move.point.row << 6));
}

NodeAction GameTraits::move_of_word(std::uint16_t word) {
    if (word == kNoSingleMove) return {};
    const auto stone = static_cast<Stone>(((word >> 12) & 7) + 1);
    if ((word & kPassPoint) == kPassPoint) return single(stone, go::Move::pass());
    return single(stone, go::Move::at(Point{static_cast<std::uint8_t>(word & 63),
                                            static_cast<std::uint8_t>((word >> 6) & 63)}));
}

Result<GameState> GameTraits::read_position(std::string_view text) {
    if (text == "startpos") return GameState{Board(BoardSize{19, 19}), {}, {}, 0, {}};
    Result<go::Position> position = parse_hen(text);
    if (!position) return position.error();
    return state_of(*position);
}

std::string GameTraits::write_position(const GameState& state) {
    go::Position position = position_of(state);
    if (position.last_move_gone()) {
        // HEN cannot show a suicide's last move (its stone is gone): the position without
        // it, its player to move kept.
        position.turn = mover(state);
        position.last_move.reset();
    }
    Result<std::string> hen = write_hen(position);
    return hen ? *hen : std::string{};
}

Result<std::vector<std::string>> GameTraits::engine_position(const GameState& before,
                                                             std::span<const NodeAction> moves) {
    const BoardSize size = before.board.size();
    if (!size.is_square() || size.width > 25)
        return Error{ErrorCode::unsupported,
                     fmt::format("GTP engines play on square boards of up to 25x25, not {}x{}", size.width,
                                 size.height)};
    std::vector<std::string> lines = {fmt::format("boardsize {}", size.width), "clear_board"};
    const auto play = [&](Stone stone, Point p) {
        if (stone == Stone::black || stone == Stone::white)
            lines.push_back(fmt::format("play {} {}", stone_name(stone), point_name(size, p)));
    };
    // GTP comments (engine.hpp): what is the start's stones and what its moves, which
    // KataGo's analysis engine takes apart.
    const auto play_stones = [&](const Board& board) {
        lines.emplace_back("# stones");
        for (const Stone colour : {Stone::black, Stone::white})
            for (std::uint8_t row = 0; row < size.height; ++row)
                for (std::uint8_t col = 0; col < size.width; ++col)
                    if (board.at(Point{col, row}) == colour) play(colour, Point{col, row});
    };
    const bool setup_later = std::any_of(moves.begin(), moves.end(),
                                         [](const NodeAction& a) { return a.has_setup || !a.setup.empty(); });
    if (setup_later) {  // GTP cannot take stones away: the last position's stones
        GameState now = before;
        for (const NodeAction& a : moves) GameTraits::play(now, a);
        play_stones(now.board);
        return lines;
    }
    play_stones(before.board);
    lines.emplace_back("# moves");
    for (const NodeAction& a : moves)
        for (const LastMove& m : a.moves)
            lines.push_back(
                fmt::format("play {} {}", stone_name(m.stone),
                            m.move.is_pass ? std::string("pass") : point_name(size, m.move.point)));
    return lines;
}

std::vector<std::string> GameTraits::engine_settings(
    const std::vector<std::pair<std::string, std::string>>& tags) {
    for (const auto& [name, value] : tags) {
        if (name != "KM") continue;
        char* end = nullptr;
        const double komi = std::strtod(value.c_str(), &end);
        if (end != value.c_str()) return {fmt::format("komi {}", komi)};
    }
    return {};
}

std::string_view GameTraits::side_to_move(const GameState& state) {
    return stone_name(mover(state));
}

Result<NodeAction> GameTraits::parse_move(const GameState& before, std::string_view text) {
    if (text == "-") return NodeAction{};
    Stone stone = mover(before);
    if (text.size() > 2 && text[1] == ':' && (text[0] == 'B' || text[0] == 'W')) {
        stone = text[0] == 'B' ? Stone::black : Stone::white;
        text.remove_prefix(2);
    }
    const BoardSize size = before.board.size();
    Result<go::Move> move = human_move(size, text);
    // SGF's point: lower-case letters, or any letters on a board wider than human
    // coordinates go (SGF takes A-Z past z; list_move writes those there).
    const bool wide = size.width > 25 || size.height > 25;
    const auto letter = [&](char c) {
        return wide ? std::isalpha(static_cast<unsigned char>(c)) != 0
                    : std::islower(static_cast<unsigned char>(c)) != 0;
    };
    const bool sgf_like = text.size() == 2 && letter(text[0]) && letter(text[1]);
    if (!move && sgf_like) move = sgf_move(size, text);
    if (!move) return move.error();
    if (!move->is_pass) {
        Board board = before.board;
        if (!board.allows(stone, move->point)) {
            const char* why = board.at(move->point) != Stone::none ? "the point is taken"
                              : binding_ko(before) == move->point  ? "it retakes the ko at once"
                                                                   : "it is suicide";
            return Error{ErrorCode::illegal_move,
                         {0, 1, 1},
                         fmt::format("expected a legal move, found {}: {}", text, why)};
        }
    }
    return single(stone, *move);
}

PositionStatus GameTraits::status(const GameState&) {
    return {};
}

std::string GameTraits::move_notations(const GameState& before, const NodeAction& action) {
    if (!is_single_move(action)) return write_move(before, action);
    const go::Move move = action.moves[0].move;
    if (move.is_pass) return "pass";
    const Result<std::string> sgf = to_sgf(before.board.size(), move.point);
    return point_name(before.board.size(), move.point) + " " + (sgf ? *sgf : std::string("?"));
}

GameOutcome GameTraits::outcome(const GameTree<GameTraits>& tree) {
    const std::string_view re = tree.tag("RE").value_or("");
    if (re.starts_with("B+")) return GameOutcome::first;
    if (re.starts_with("W+")) return GameOutcome::second;
    if (re == "0" || re == "Draw" || re == "draw" || re == "Jigo" || re == "jigo") return GameOutcome::draw;
    return GameOutcome::unknown;
}

std::string GameTraits::status_note(const GameState& state) {
    const std::optional<Point> ko = binding_ko(state);
    return ko ? "ko at " + point_name(state.board.size(), *ko) : std::string{};
}

}  // namespace kifu::go
