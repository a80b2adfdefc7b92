#pragma once
// Japanese move notation: the writer and reader behind Notation::japanese.

#include <string>
#include <string_view>

#include "kifu/core/result.hpp"
#include "kifu/shogi/movegen.hpp"

namespace kifu::shogi::japanese {

// The modifiers of a board move or drop: "", "打", "上", "左", "直", "右引", ...
std::string disambiguation(const Position& position, Move move, const MoveList& legal);
std::string write(const Position& position, Move move, Square previous, bool side_mark);
Result<Move> read(const Position& position, std::string_view text, Square previous);

}  // namespace kifu::shogi::japanese
