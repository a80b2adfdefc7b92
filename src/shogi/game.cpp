#include "kifu/shogi/game.hpp"

#include "kifu/core/text_position.hpp"
#include "kifu/shogi/status.hpp"

namespace kifu::shogi {
namespace {

bool is_move_number(std::string_view token) {
    if (token.empty()) return false;
    std::size_t digits = 0;
    while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9') ++digits;
    return digits > 0 && (digits == token.size() || (digits + 1 == token.size() && token.back() == '.'));
}

std::string_view without_side_mark(std::string_view t) {
    for (const std::string_view mark : {"☗", "▲", "☖", "△"})
        if (t.starts_with(mark)) return t.substr(mark.size());
    return t;
}

bool is_separator(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

}  // namespace

std::uint64_t GameTraits::key(const Position& position) {
    return repetition_key(position);
}

std::string GameTraits::write_move(const Position& before, Move move) {
    return shogi::write_move(before, move, Notation::usi);
}

Result<Game> read_move_list(std::string_view text, Notation notation, const Position& start) {
    Game game(start);
    Position pos = start;
    Square previous = kNoSquare;
    NodeId last = Game::kRoot;
    std::size_t i = 0;
    while (i < text.size()) {
        // Moves are separated by ASCII blanks or line ends ("同　歩" keeps its wide space).
        while (i < text.size() && is_separator(text[i])) ++i;
        if (i >= text.size()) break;
        std::size_t end = i;
        while (end < text.size() && !is_separator(text[end])) ++end;
        std::string_view token = text.substr(i, end - i);
        const std::size_t at = i;
        i = end;
        if (is_move_number(token)) continue;
        if (token == "1-0" || token == "0-1" || token == "½-½" || token == "1/2-1/2") {
            game.result = std::string(token);
            break;  // a result ends the list
        }
        if (notation != Notation::japanese && notation != Notation::sassersson)
            token = without_side_mark(token);
        Result<Move> m = parse_move(pos, token, notation, previous);
        if (!m) return error_at(text, at, m.error().code, m.error().message);
        last = game.add_move(last, *m, std::string(token));
        previous = m->to();
        pos.play(*m);
    }
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

}  // namespace kifu::shogi
