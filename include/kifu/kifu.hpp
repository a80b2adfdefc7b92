#pragma once
// kifu's front door: the headers most programs start from. A program that reads, converts
// and writes any notation, plays moves on any game's position and looks up a game's words
// needs only this; the rest (a game's own types and notations, the walk over a game tree,
// images, the index, the service) is under kifu/<area>/.
//
//   kifu/version.hpp            the version (kifu::version)
//   kifu/core/error.hpp         the error model: Error with line and column, Result
//   kifu/formats/registry.hpp   every format: detect, read, write; Document; position_at
//   kifu/formats/options.hpp    the read options as data (charset, rules, ...)
//   kifu/formats/games.hpp      the games table (names, players, outcome words)
//   kifu/formats/play.hpp       moves on any game's position: legal moves, play, status
//   kifu/formats/game_rules.hpp the game interface (core/game_rules.hpp) and its dispatch

#include "kifu/core/error.hpp"
#include "kifu/core/result.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/formats/games.hpp"
#include "kifu/formats/options.hpp"
#include "kifu/formats/play.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/version.hpp"
