#include "kifu/shogi/game.hpp"

#include "kifu/core/move_words.hpp"
#include "kifu/core/text_position.hpp"
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

}  // namespace kifu::shogi
