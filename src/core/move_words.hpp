#pragma once
// The words of a move list, for every game's move-list reader: moves separated by ASCII
// blanks or line ends (a wide space stays inside a word: "同　歩"), move numbers ("12",
// "12.", "12...") passed over, and a result ("1-0", "0-1", "1/2-1/2", "½-½", "*") that
// ends the list.

#include <cstddef>
#include <string_view>

namespace kifu {

struct MoveWord {
    std::string_view text;
    std::size_t offset = 0;  // in the whole text
    bool result = false;     // the closing result (the last word given)
};

// Calls each(word) for every move word and the result; stops when each returns false.
// Returns false when each stopped it.
template <class Each>
bool for_each_move_word(std::string_view text, Each&& each) {
    const auto separator = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    for (std::size_t i = 0; i < text.size();) {
        while (i < text.size() && separator(text[i])) ++i;
        if (i >= text.size()) break;
        std::size_t end = i;
        while (end < text.size() && !separator(text[end])) ++end;
        const std::string_view word = text.substr(i, end - i);
        const std::size_t at = i;
        i = end;
        std::size_t digits = 0;
        while (digits < word.size() && word[digits] >= '0' && word[digits] <= '9') ++digits;
        if (digits > 0 && word.find_first_not_of('.', digits) == std::string_view::npos) continue;
        const bool result =
            word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "½-½" || word == "*";
        if (!each(MoveWord{word, at, result})) return false;
        if (result) break;
    }
    return true;
}

}  // namespace kifu
