#pragma once
// Xiangqi move notations, always through the position: text -> legal move -> text.
//
//   iccs     h2e2 (ICCS/UCCI: files a-i from Red's left, ranks 0-9 from Red's side);
//            H2-E2 and upper case read too
//   uci      h3e3 (Fairy-Stockfish's UCI: the same with ranks 1-10)
//   wxf      C2.5, H2+3, R1+1 (WXF: the piece, its file counted from the mover's right,
//            + forward, - back, . sideways, then the file reached (advisor, elephant,
//            horse, any sideways move) or the ranks moved); two like pieces on a file are
//            R+ (front) and R- (rear); soldiers: three on a file P+ P3 P-, four or five
//            ++ P+ (P3) P- --, and where two files hold tandem soldiers the file comes first:
//            3+ 33 3- (the WXF page's forms, which kifu writes)
//   chinese  炮二平五, 馬８進７, 前車進一, 後炮平五, 中兵平四: Red's files and counts in Chinese
//            numerals, Black's in full-width digits (ASCII digits read too); traditional
//            characters written, simplified read
//   san      Hg3, Cxh10, Rxe9+, Ri10#, Hce2 (the algebraic form of Fairy-Stockfish: ranks 1-10,
//            the piece letter always, the file, rank or square of origin when another like
//            piece could reach the same square)
//
// Reading is lenient where it costs nothing: WXF's '=' for '.', Fairy-Stockfish's forms of
// tandem soldiers (15=6: the first soldier from the front on file 5), a file number for a
// tandem piece when only one of them can make the move (an advisor or elephant never needs
// more: kifu writes A6+5 even with both advisors on file 6, as the Chinese rules do), B/N
// for E/H, and a missing capture or check mark in SAN. docs/xiangqi.md has the decisions.

#include <string>
#include <string_view>

#include "kifu/core/result.hpp"
#include "kifu/xiangqi/movegen.hpp"

namespace kifu::xiangqi {

enum class Notation : std::uint8_t { iccs, uci, wxf, chinese, san };

// `move` must be legal in `position`.
std::string write_move(const Position& position, Move move, Notation notation);

// Errors: unexpected_character (not a move in that notation), illegal_move (a move of
// that form, but no legal move fits), ambiguous_move (several legal moves fit).
Result<Move> parse_move(const Position& position, std::string_view text, Notation notation);

// The notation's name ("iccs", "uci", "wxf", "chinese", "san"), and back.
std::string_view to_string(Notation notation) noexcept;
bool notation_from_name(std::string_view name, Notation& out) noexcept;

}  // namespace kifu::xiangqi
