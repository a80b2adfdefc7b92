#pragma once
// Xiangqi games in PGN, as xiangqi programs write them:
//
//   [Game "Chinese Chess"]            or [Variant "xiangqi"] (Fairy-Stockfish, pychess)
//   [Red "..."] [Black "..."] [Result "1-0"]
//   [FEN "rnbakabnr/9/... w - - 0 1"] a start other than the standard one
//   [Format "ICCS"]                   the notation of the moves: ICCS, WXF or Chinese;
//                                     without it, SAN (Fairy-Stockfish's, ranks 1-10)
//   1. C2.5 H8+7 2. H2+3 {a comment} (2. H8+7) R9.8 1-0
//
// Reading: every game of a text (chess::PgnSplitter finds where games end), tags, comments
// in braces and to the end of the line, NAGs and !/? suffixes, variations nested to 255
// levels, move numbers, the result; every move checked against the position. Without a
// Format tag each game's first move decides its notation (SAN, ICCS, WXF, Chinese, in that
// order of trial). Writing: the notation asked for, or the game's own (its Format tag,
// else SAN); the Format tag is set to match, a FEN tag written for another start.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/xiangqi/game.hpp"

namespace kifu::xiangqi {

// Whether the text's first tag section is a xiangqi game's (a Game, Variant or Format tag
// that says so); what the registry's detector asks.
bool looks_like_xiangqi_pgn(std::string_view text) noexcept;

// Errors carry the line and column of the move or token in `text`; the first game with an
// error stops the reading.
Result<std::vector<Game>> read_pgn(std::string_view text);

// The notation a game's Format tag names (nullopt: none, or SAN).
std::optional<Notation> notation_of(const Game& game);

std::string write_pgn(const Game& game, std::optional<Notation> notation = std::nullopt);

}  // namespace kifu::xiangqi
