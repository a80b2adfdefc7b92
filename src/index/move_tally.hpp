#pragma once
// The explorer's counts for one position: each move played from it (or the game ending
// there), in how many games, how they ended, and the first few of them. The index keeps
// them as the `moves` table for every position reached by at least kTallyGames games of a
// chunk, so the explorer of a popular position reads a few rows instead of every posting;
// below that it counts the postings the same way, here.
//
// A game counts once, at its first entry (a position repeated in a game is one game). Go
// positions are stored up to symmetry and colour swap: games whose board was swapped onto
// the canonical one are tallied apart (`swapped`), since their winner is the other colour
// of the query's; a game that reaches a position both ways has no single answer for
// "which colour", so such a position keeps no tallies (counted from postings instead).

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/index/index.hpp"
#include "postings.hpp"

namespace kifu::index::detail {

inline constexpr std::uint64_t kTallyGames = 32;
inline constexpr std::size_t kTallyExamples = 3;  // the explorer's default games a move

// What a tally counts of a game beside the move it played: how it ended, the players'
// ratings and its year (0: not known), as the games table keeps them.
struct TallyGame {
    Outcome outcome = Outcome::unknown;
    std::array<std::uint16_t, 2> ratings{};  // the first player's, the second's
    std::uint16_t year = 0;
};

struct MoveTally {
    std::uint32_t move = 0;  // next move + 1, as Posting::code has it; 0: the game ended there
    bool swapped = false;    // Go: colours swapped onto the canonical board
    std::uint64_t games = 0, first = 0, draws = 0, second = 0, unknown = 0;
    // Scid's tree columns: games with each player's rating and the ratings' sum; the years.
    std::array<std::uint64_t, 2> rated{}, rating_sum{};
    std::uint16_t first_year = 0, last_year = 0;  // 0: no game with a year
    std::vector<Entry> examples;                  // the first games, in game order (at most kTallyExamples)

    void count(const TallyGame& g) {
        ++games;
        switch (g.outcome) {
            case Outcome::first:
                ++first;
                break;
            case Outcome::second:
                ++second;
                break;
            case Outcome::draw:
                ++draws;
                break;
            default:
                ++unknown;
                break;
        }
        for (std::size_t side = 0; side < 2; ++side)
            if (g.ratings[side] != 0) ++rated[side], rating_sum[side] += g.ratings[side];
        if (g.year != 0) {
            if (first_year == 0 || g.year < first_year) first_year = g.year;
            if (g.year > last_year) last_year = g.year;
        }
    }
};

// Tallies entries (sorted by game, then ply) into `out`, a game once: at its first entry
// within its colour class, or with `one_class`, at its first entry whatever the class.
// `game_of_id(game)` gives a game's TallyGame. Returns false when, without `one_class`, some
// game has entries in both classes (`out` is then incomplete).
template <class E, class GameOfId>
bool tally_moves(std::span<const E> entries, GameOfId&& game_of_id, bool one_class,
                 std::vector<MoveTally>& out, std::size_t examples = kTallyExamples) {
    std::uint32_t last_game[2] = {0, 0};
    bool seen[2] = {false, false};
    for (const E& e : entries) {
        const std::uint32_t game = game_of(e), code = code_of(e);
        const bool swapped = swaps_colours(symmetry_of(code));
        const int cls = one_class ? 0 : swapped;
        if (seen[cls] && last_game[cls] == game) continue;
        if (!one_class && seen[!cls] && last_game[!cls] == game) return false;
        seen[cls] = true;
        last_game[cls] = game;
        const std::uint32_t move = next_move_of(code);
        MoveTally* t = nullptr;
        for (MoveTally& x : out)
            if (x.move == move && x.swapped == swapped) {
                t = &x;
                break;
            }
        if (!t) {
            out.push_back({});
            t = &out.back();
            t->move = move;
            t->swapped = swapped;
        }
        t->count(game_of_id(game));
        if (t->examples.size() < examples) t->examples.push_back({game, ply_of(e), code});
    }
    return true;
}

// How many games the entries hold (entries sorted by game).
template <class E>
std::uint64_t distinct_games(std::span<const E> entries) {
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < entries.size(); ++i)
        n += i == 0 || game_of(entries[i]) != game_of(entries[i - 1]);
    return n;
}

// A tally's examples as stored in the moves table, and back.
std::string encode_examples(std::span<const Entry> examples);
bool decode_examples(std::string_view bytes, std::vector<Entry>& out);

}  // namespace kifu::index::detail
