#pragma once
// Problem collections as documents: Go's problems (go/problems.hpp) from any record format
// Go's games are read from (SGF, and GIB, NGF, UGF read as SGF). Mate problems of the games
// with checkmate are solved instead (formats/solve.hpp).

#include "kifu/core/result.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/go/problems.hpp"
#include "kifu/go/record.hpp"

namespace kifu::formats {

// The Go collection a document holds. Errors: unsupported for anything else, saying that
// a shogi tsume or a chess mate is solved by `kifu solve`.
Result<const go::Record*> problem_collection(const Document& document);

}  // namespace kifu::formats
