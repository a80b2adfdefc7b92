// Shogi records, format by format: what each reads into the tree (branches, comments,
// bookmarks, times, endings, start positions), the errors with their places, and writing.

#include <gtest/gtest.h>

#include "kifu/shogi/record.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::shogi {
namespace {

}  // namespace
}  // namespace kifu::shogi
