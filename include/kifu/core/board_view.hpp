#pragma once
// A game-neutral view of a position, for diagrams and images: what stands on each cell,
// the hands, the last move, marks and labels, and whose turn it is. Every game's
// position gives one (chess::board_view, go::board_view, shogi::board_view,
// xiangqi::board_view, feen::board_view); render_text draws any of them.
//
// Cells are row-major from the top left as the first player sees the board (Go: the top
// row, chess: a8, shogi: 9a, xiangqi: a10), `width` cells a row.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kifu/core/game_tree.hpp"

namespace kifu {

struct BoardView {
    static constexpr std::uint8_t kNoSide = 0xFF;

    struct Cell {
        std::string piece;            // "" for an empty cell; else a letter, a kanji or a stone name
        std::uint8_t side = kNoSide;  // 0 the first player (Black in Go and shogi, White in chess,
                                      // Red in xiangqi), 1 the second, 2-6 Go's other colours
        bool promoted = false;        // shogi's promoted pieces, FEEN's enhanced ones
        bool operator==(const Cell&) const = default;
    };
    struct HandPiece {
        std::string piece;
        int count = 0;
        bool operator==(const HandPiece&) const = default;
    };
    struct Hand {
        std::uint8_t side = 0;
        std::vector<HandPiece> pieces;
        bool operator==(const Hand&) const = default;
    };
    struct LastMove {
        int from = -1;     // -1 for a drop or a Go move
        int to = -1;       // -1 for a pass
        std::string text;  // the move in the game's notation, for a caption
        bool operator==(const LastMove&) const = default;
    };

    std::string game;  // "go", "chess", "shogi", "xiangqi", "feen"
    int width = 0;
    int height = 0;
    int layers = 1;           // a 3D FEEN board: `height` rows are `layers` layers one under another
    std::vector<Cell> cells;  // width * height
    std::vector<std::string> file_names;  // left to right, as the game names its columns
    std::vector<std::string> rank_names;  // top to bottom
    std::vector<Hand> hands;              // shogi and FEEN: pieces in hand, per side
    std::vector<std::string> side_names;  // "black", "white"; "first", "second"
    std::uint8_t side_to_move = kNoSide;
    std::optional<LastMove> last_move;
    std::vector<NodeMark> marks;     // marks, labels, the ko point, a king in check
    std::vector<std::string> notes;  // one line each: "in check", "ko at D3", "move 12"

    const Cell& at(int column, int row) const {
        return cells[static_cast<std::size_t>(row * width + column)];
    }
    bool operator==(const BoardView&) const = default;
};

// A text diagram of any view: the board with its coordinates (upper case for the first
// player, lower case for the second, '+' before a promoted piece; Go stones as X and O),
// then the side to move, the hands, the last move and the notes.
std::string render_text(const BoardView& view);

}  // namespace kifu
