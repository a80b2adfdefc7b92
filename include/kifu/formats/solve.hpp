#pragma once
// Mate problems of every game with checkmate: a shogi tsume, a chess or xiangqi mate in N,
// solved by the mate search (formats/mate_search.hpp) and checked as a problem's composer
// checks it. Go's problems (life and death) are no mate: unsupported.
//
// Decisions (docs/problems.md):
// - The solution is the attacker's shortest mate against the defender's longest defence,
//   each counted in plies; where two defences last as long, the first the generator gives.
// - Keys: every first move that mates as soon as the solution (a sound problem has one; the
//   others are cooks). Alternatives: at each later attacking move of the solution, the other
//   moves that mate as soon (余詰; at the last ply, the other mating moves, which tsume
//   convention tolerates).
// - Shogi follows tsume's rules: checks only, useless interpositions no defence.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::formats {

struct SolveOptions {
    int max_plies = 0;  // a mate within these plies; 0: of any length (df-pn first)
    std::uint64_t max_nodes = 20'000'000;
};

struct MateAlternatives {
    int ply = 0;                     // of the solution's move they stand beside, from 1
    std::vector<std::string> moves;  // in the game's plain notation
};

struct Solution {
    // "mate"; "no_mate" (within max_plies when it is set); "unknown": the node limit came
    // first (nodes says how many were searched).
    std::string_view verdict = "unknown";
    int plies = 0;                  // of the mate
    std::vector<std::string> line;  // the solution, in the game's plain notation
    std::vector<std::string> keys;  // every first move that mates in `plies`, line[0] first
    std::vector<MateAlternatives> alternatives;
    std::uint64_t nodes = 0;
    int record_plies = -1;          // the main line of the record the problem came from; -1 for a position
    bool record_mates = false;      // that main line ends in checkmate
    std::string record_key;         // its first move, in the game's plain notation
    std::uint32_t source_line = 1;  // where the problem starts in its input (a record's game)
    Document record;                // the problem's position and the solution: a record of its game
};

// Solves the position of a position document, or the start of game `index` of a record
// (its main line taken as the solution it gives: record_plies). Errors: unsupported for Go
// and for a document of no game with moves.
Result<Solution> solve(const Document& problem, std::size_t index = 0, const SolveOptions& options = {});

}  // namespace kifu::formats
