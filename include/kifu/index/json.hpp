#pragma once
// The index's answers as JSON: what kifu search and explore print with --json, and what any
// other front end sends on. One object each, compact, without a line end.
//
//   game:    {"file","game" (1-based in its file),"ply","offset","id",<first>,<second>,
//             "date","event","result","plies"[,"symmetry" (Go)]}; the players' keys are
//             the game's own words (white/black, black/white, sente/gote, red/black)
//   search:  {"count","games":[game...]}
//   pattern: {"count","games":[game...],"continuations":[{"move","count","black","white",
//             "other"}...],"replayed"}
//   explore: {"games","ended","moves":[{"move","count","first","draws","second","unknown",
//             "score" (4 decimals)[,"rating","performance","first_year","last_year" (where
//             known)],"games":[game...]}...]}
//   duplicates: {"count" (sets),"duplicates" (games beside the first of each),"groups":
//             [{"kept":game,"games":[game...]}...]}; a copy the index did not store again
//             has "id" 0 and "offset" 0

#include <string>

#include "kifu/core/json.hpp"
#include "kifu/index/index.hpp"
#include "kifu/index/pattern.hpp"

namespace kifu::index {

void write_json(JsonWriter& j, const GameSummary& game);
std::string to_json(const SearchResult& result);
std::string to_json(const PatternResult& result);
std::string to_json(const ExploreResult& result);
std::string to_json(const std::vector<DuplicateGroup>& groups);

}  // namespace kifu::index
