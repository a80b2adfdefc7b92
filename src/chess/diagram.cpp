#include "kifu/chess/diagram.hpp"

#include <vector>

#include <fmt/format.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/movegen.hpp"
#include "kifu/chess/polyglot.hpp"
#include "kifu/chess/status.hpp"

namespace kifu::chess {

std::string render_diagram(const Position& pos) {
    const std::string fen = write_fen(pos, {.en_passant = EnPassantField::after_double_push});
    // The fields after the placement: side, castling, en passant, clocks.
    std::vector<std::string> fields;
    for (std::size_t start = fen.find(' ') + 1, end; start <= fen.size(); start = end + 1) {
        end = std::min(fen.find(' ', start), fen.size());
        fields.push_back(fen.substr(start, end - start));
    }
    const std::string status = describe(game_status(pos));  // checkmate, stalemate, check, draws
    std::vector<std::string> notes{
        fmt::format("to move: {}{}", pos.side_to_move() == Color::white ? "white" : "black",
                    status.empty() ? "" : " (" + status + ")"),
        fmt::format("castling: {}", fields.size() > 1 ? fields[1] : "-"),
        fmt::format("en passant: {}", fields.size() > 2 ? fields[2] : "-"),
        fmt::format("halfmove clock: {}, move {}", pos.halfmove_clock(), pos.fullmove_number()),
        fmt::format("polyglot key: {:016x}", polyglot_key(pos)),
    };
    std::string out = "  a b c d e f g h\n";
    for (int rank = 7; rank >= 0; --rank) {
        out += static_cast<char>('1' + rank);
        for (int file = 0; file < 8; ++file) {
            const Piece p = pos.piece_on(make_square(file, rank));
            out += ' ';
            out += p.empty() ? '.' : piece_letter(p);
        }
        out += fmt::format(" {}", rank + 1);
        const std::size_t note = static_cast<std::size_t>(7 - rank);
        if (note < notes.size()) out += "     " + notes[note];
        out += '\n';
    }
    out += "  a b c d e f g h\n";
    return out;
}

}  // namespace kifu::chess
