#pragma once
// Validity problems: what is wrong with a position that reads well (a side with two
// kings, a pawn on the last rank, a general outside its palace). Each game names its
// kinds in an enum (chess::ProblemKind, shogi::ProblemKind, xiangqi::ProblemKind, like
// go::SgfIssue for SGF); a problem says which kind, on which cell when it is about one,
// and what is wrong in words. problem_error turns one into an Error with no text
// position, the one way such errors are made.

#include <string>
#include <string_view>

#include "kifu/core/error.hpp"

namespace kifu {

template <class Kind>
struct Problem {
    Kind kind{};
    int cell = -1;  // the board view's cell (board_view.hpp) it is about, or -1
    std::string message;
    bool operator==(const Problem&) const = default;
};

// An error that belongs to no place in a text (line and column 0): a validity problem,
// an option that does not apply, a conversion that cannot hold the value.
inline Error unplaced_error(ErrorCode code, std::string message) {
    return Error{code, std::move(message)};
}

template <class Kind>
Error problem_error(const Problem<Kind>& p) {
    return unplaced_error(ErrorCode::conflict, p.message);
}

}  // namespace kifu
