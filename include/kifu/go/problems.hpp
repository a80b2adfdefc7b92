#pragma once
// Go problems (tsumego) as collections keep them: an SGF game whose start is the problem's
// position and whose variations are the answers, right and wrong. Collections mark which
// answers are right in incompatible ways; this reads each of them, checks the problem as
// an editor would, and writes one marking back (docs/problems.md, "Go problems").
//
// The conventions (each named as `--convention` takes it):
//   goproblems  a line is right when a node of it has RIGHT in its comment, in capitals and
//               anywhere ("sekiRIGHT", as goproblems.com reads it); every other line is wrong
//   many-faces  a line is right when a node of it carries TE (Many Faces of Go's TE[2]), and
//               none carries BM; every other line is wrong
//   uligo       a line is wrong when a node of it carries WV or TR (uliGo); every other
//               line is right
//   easygo      the main line is right, and so is a line whose last comment says "right" or
//               "correct" (EasyGo); every other line is wrong
//   main-line   the main line is right, every other line wrong
//
// Decisions:
// - The problem starts after the root and the setup that follows it on the main line: the
//   first node with moves below it, or with more than one child, ends the setup (a file that
//   puts its stones in the second node, as goproblems' own examples do, starts there).
// - The player is PL of the start, else the colour of the first answer's move, else black.
// - A line is a path from the start to a leaf; a node is right when some right line passes
//   through it. Nodes without a move (a comment, a pass) are part of the lines like others.
// - Detection, in this order: RIGHT in a comment (goproblems), a TE or BM (many-faces), a
//   WV (uligo; TR alone is ordinary markup and detects nothing), "right" or "correct" in a
//   leaf's comment (easygo), else main-line. A file marked in two ways is read in the first
//   and the other marks are an issue (other_marks): the reader cannot tell which it meant.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/record.hpp"

namespace kifu::go {

enum class ProblemConvention : std::uint8_t { goproblems, many_faces, uligo, easygo, main_line };
inline constexpr ProblemConvention kProblemConventions[] = {
    ProblemConvention::goproblems, ProblemConvention::many_faces, ProblemConvention::uligo,
    ProblemConvention::easygo, ProblemConvention::main_line};

std::string_view to_string(ProblemConvention convention) noexcept;  // "goproblems", "many-faces", ...
std::optional<ProblemConvention> problem_convention_named(std::string_view name) noexcept;
std::string problem_convention_names();  // "goproblems, many-faces, ...": for messages and help

// What a check finds wrong with a problem (each with the node path it is about).
enum class ProblemIssue : std::uint8_t {
    no_right_answer,        // no line is right
    right_ends_with_reply,  // a right line's last move is the opponent's: the player has no move left to find
    mark_before_end,  // a right mark stands before the line's end (viewers that judge the last node call it
                      // wrong)
    wrong_unrefuted,  // a wrong move of the player with no reply of the opponent
    illegal_move,     // a move onto a stone, into ko or suicide
    out_of_turn,      // a move of the colour that has just moved (or the opponent's, first)
    setup_in_answer,  // stones set up among the moves
    other_marks,      // marks of another convention: answers the convention read cannot express
    duplicate,        // the same problem as an earlier one, up to symmetry and colour swap
};
std::string_view to_string(ProblemIssue issue) noexcept;  // "no-right-answer", ...

struct ProblemFinding {
    ProblemIssue issue{};
    std::string path;  // the node path (core/walk.hpp) it is about; "0" for the problem itself
    Error error;       // the message, at the line and column of the node it is about
};

// What a node of the answer tree is: right (a right line passes through it) or wrong.
enum class AnswerMark : std::uint8_t { wrong, right };

struct Problem {
    std::size_t game = 0;  // in its collection
    ProblemConvention convention{};
    bool detected = false;  // the convention was read off the file (not given)
    NodeId start = 0;       // the node of the problem's position
    Stone player = Stone::black;
    GameState position;                            // at `start`
    std::string statement;                         // the start's comment ("Black to play and live")
    std::vector<AnswerMark> marks;                 // by tree node; the start and the setup before it: right
    std::vector<NodeId> right_first, wrong_first;  // the player's first moves, in the file's order
    std::vector<ProblemFinding> findings;
    // The start position's key up to the board's symmetries and a colour swap (the
    // player swapped with the colours): equal for problems that are one problem.
    std::uint64_t canonical_key = 0;
    std::uint32_t line = 1;  // of the game's start in the source
};

struct ProblemOptions {
    std::optional<ProblemConvention> convention;  // read every problem so; detected when not given
};

// The problem of game `game` of a collection. Errors: the game has no tree (an SZ that is
// no board size).
Result<Problem> read_problem(const Record& record, std::size_t game, const ProblemOptions& options = {});

// Every problem of a collection, with the duplicates among them found (a later copy gets a
// `duplicate` finding naming the first).
Result<std::vector<Problem>> read_problems(const Record& record, const ProblemOptions& options = {});

// Marks duplicates among problems read one at a time (several files of a collection): the
// keys seen so far, by problem name, kept by the caller.
struct ProblemKeys {
    std::vector<std::pair<std::uint64_t, std::string>> seen;
    // A `duplicate` finding on `problem` when its key was seen, else remembers it as `name`.
    void check(Problem& problem, std::string name);
};

// The collection written back in one marking: goproblems' (RIGHT in the comment of each
// right line's last node; every other line wrong), PL set to the player at the start, and
// the other conventions' marks removed (TE, BM, WV; TR where uligo read it as a mark).
// `problems` are `record`'s, in its order.
Record normalised_problems(const Record& record, const std::vector<Problem>& problems);

// A problem as JSON for a web page ("problem mode"): its start as HEN, the player, the
// statement, and the tree of moves below the start, each with its coordinates, comment and
// right/wrong, leaves with their verdict; its findings.
std::string problem_json(const Record& record, const Problem& problem);

// The problem's start as HEN with the player to move (what the index keys; "" when HEN
// cannot hold the board).
std::string problem_start_hen(const Problem& problem);

// A move of the answer tree in human coordinates ("D4", "pass"; "" for a node without one).
std::string answer_move(const Game& tree, NodeId node);

}  // namespace kifu::go
