#pragma once
// The messages of a list of validity problems, for tests that compare the words.

#include <string>
#include <vector>

#include "kifu/core/problem.hpp"

namespace kifu::test {

template <class Kind>
std::vector<std::string> messages(const std::vector<Problem<Kind>>& problems) {
    std::vector<std::string> out;
    for (const Problem<Kind>& p : problems) out.push_back(p.message);
    return out;
}

}  // namespace kifu::test
