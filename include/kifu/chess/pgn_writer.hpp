#pragma once
// Writing games: PGN in the standard's export format, and JSON Lines.

#include <memory>
#include <string>

#include "kifu/chess/game.hpp"

namespace kifu::chess {

struct PgnWriteOptions {
    bool comments = true;
    bool nags = true;
    bool variations = true;
    std::size_t line_width = 79;  // movetext lines stay shorter than 80 characters
};

// The PGN writer, as a visitor: fed by the reader (read_pgn_game: a game is written as it
// is read, no tree built) or by a tree (accept). It appends each game to `out`. With
// `drop_broken`, a game that has an error is taken back out of `out` whole.
class PgnExporter : public PgnVisitor {
  public:
    explicit PgnExporter(std::string& out, const PgnWriteOptions& options = {}, bool drop_broken = false);
    ~PgnExporter() override;
    bool begin_game(const PgnGameText&) override;
    void tag(std::string_view name, std::string_view value) override;
    bool begin_movetext(const Position& start) override;
    void move(const Position& before, Move move, std::string_view san) override;
    void comment(std::string_view text, CommentKind kind) override;
    void nag(int nag) override;
    bool begin_variation() override;
    void end_variation() override;
    void result(std::string_view marker) override;
    void error(const Error&) override;
    void end_game(const Position& final_position) override;

  private:
    struct State;
    std::unique_ptr<State> state_;
};

struct JsonWriteOptions {
    bool positions = false;  // each move's "fen": the position after it
};

// The JSON Lines writer, the same way (docs/pgn.md has the fields).
class JsonExporter : public PgnVisitor {
  public:
    explicit JsonExporter(std::string& out, bool drop_broken = false, const JsonWriteOptions& options = {});
    ~JsonExporter() override;
    bool begin_game(const PgnGameText&) override;
    void tag(std::string_view name, std::string_view value) override;
    bool begin_movetext(const Position& start) override;
    void move(const Position& before, Move move, std::string_view san) override;
    void comment(std::string_view text, CommentKind kind) override;
    void nag(int nag) override;
    bool begin_variation() override;
    void end_variation() override;
    void result(std::string_view marker) override;
    void error(const Error&) override;
    void warning(const Error&) override;
    void end_game(const Position& final_position) override;

  private:
    struct State;
    std::unique_ptr<State> state_;
};

// The Seven Tag Roster first, in its order (a missing one as the standard fills it:
// "?", "????.??.??"; Result: the tag when it is an outcome, else the termination), then
// the other tags in the game's order (SetUp "1" before a FEN that lacks it); movetext
// with SAN written anew from the moves, "N..." where a black move follows a comment
// or a variation, and the termination marker. Ends with a blank line.
std::string write_pgn(const Game& game, const PgnWriteOptions& options = {});
void append_pgn(std::string& out, const Game& game, const PgnWriteOptions& options = {});

// One JSON object on one line, with a '\n' (docs/pgn.md has the fields).
void append_game_json(std::string& out, const Game& game, const JsonWriteOptions& options = {});

}  // namespace kifu::chess
