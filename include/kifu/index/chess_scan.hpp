#pragma once
// Chess queries a key cannot answer, scoutfish's kinds, answered by replaying the stored
// games on several threads: material ("KQRvKR": White's pieces, 'v', Black's; exactly
// those) and sub-FEN (a FEN board whose pieces must all stand where it shows them; its
// empty squares may hold anything). Each game is listed at the first ply that matches.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "kifu/chess/position.hpp"
#include "kifu/index/index.hpp"

namespace kifu::index {

struct ChessScan {
    // Counts by colour (white, black) and piece type (pawn .. king).
    std::optional<std::array<std::array<std::uint8_t, 6>, 2>> material;
    // The pieces that must stand on each square (PieceType::none: anything).
    std::optional<std::array<chess::Piece, 64>> sub_fen;
};

// Reads the two query texts (either may be empty, not both). Errors point into the text.
Result<ChessScan> chess_scan(std::string_view material, std::string_view sub_fen);
bool matches(const ChessScan& scan, const chess::Position& position) noexcept;

Result<SearchResult> search_chess_scan(Database& db, const ChessScan& scan, const Filter& filter,
                                       std::size_t offset, std::size_t limit, unsigned threads = 1);

}  // namespace kifu::index
