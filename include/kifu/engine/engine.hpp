#pragma once
// One engine over a child process, for every protocol: started and handshaken, its options
// checked against what it declares and set, put at a position and asked for its analysis.
// What a position is in the engine's protocol comes from the game's traits
// (engine_position); analysis.hpp reads the answers as moves of the game.
//
// Decisions (docs/analyse.md):
// - Handshake: UCI "uci"/"uciok", USI "usi"/"usiok", UCCI "ucci"/"ucciok", each then
//   "isready"/"readyok"; GTP "protocol_version" and "list_commands". Within
//   handshake_timeout, else the engine is ended and the error says what it last said.
// - An option given must be one the engine declares (names compared without case, as UCI
//   has them); a spin must be a whole number within its bounds, a check true or false, a
//   combo one of its values. GTP engines declare none: options are refused.
// - A search that does not end by its deadline (search_timeout, or twice the move time
//   and five seconds) is stopped ("stop"); an engine that then gives no best move within
//   a second is ended: the position's error says it hung. restart() starts it afresh.
// - A position's lines may set options ("setoption name UCI_Chess960 value true": chess's
//   traits for a Chess960 position): they are set while it is searched (an engine that does
//   not declare one cannot analyse it: unsupported) and set back to the engine's default
//   for a later position that does not set them.
// - The report of a line is the latest the engine gave, except that a bound (lowerbound,
//   upperbound: a search cut short) does not replace an exact score.
// - GTP: the position is set by its commands; the best moves are GNU Go's top_moves_COLOUR
//   (each its own line, best first) where the engine lists it, else reg_genmove, else
//   genmove; the score is estimate_score's lead, from the side to move's view. Lines of the
//   position that begin with '#' are GTP comments: not sent (Go's traits mark the start's
//   stones "# stones" and the moves "# moves" so).
// - KataGo's JSON analysis engine ("katago analysis -config C -model M"): one query a
//   position, made from the GTP lines (boardsize, komi, the start's stones as initialStones,
//   the moves as moves); the handshake is query_version (within 120 s at least: a network
//   loads first). Its values are from the perspective its config names, so kifu runs it
//   with "-override-config reportAnalysisWinratesAs=SIDETOMOVE" (added to one the command
//   has); a command that sets another perspective is refused. --nodes is maxVisits,
//   --movetime overrideSettings' maxTime; it has no depth. Options: "rules" is the query's
//   rules (default tromp-taylor, KataGo's own default), any other an overrideSettings
//   entry (a number, true/false, else a string). A search past its deadline is terminated;
//   an "error" answer is that position's error, the engine going on.

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/engine/process.hpp"
#include "kifu/engine/protocol.hpp"

namespace kifu::engine {

struct EngineSpec {
    std::vector<std::string> command;                          // the program and its arguments
    Protocol protocol = Protocol::uci;                         // how to speak to it
    std::vector<std::pair<std::string, std::string>> options;  // set after the handshake
    std::chrono::milliseconds handshake_timeout{10'000};
    std::chrono::milliseconds search_timeout{0};  // 0: 120 s, or twice the move time and 5 s
};

// An option as the engine declares it.
struct OptionDeclaration {
    std::string name;
    std::string type;  // check, spin, combo, string, button, filename, ...
    std::string default_value;
    std::optional<long long> min, max;
    std::vector<std::string> values;  // a combo's
};

struct Analysis {
    std::vector<Info> lines;  // multipv 1 first
    std::string best_move;    // protocol form; "" when the engine has none (mated, resigns)
    std::string ponder;
};

class Engine {
  public:
    // Starts the engine, handshakes and sets the options. Errors: io_error (it cannot be
    // started, died, hung, or does not speak the protocol), unsupported (an option it does
    // not declare, or a value its declaration refuses).
    static Result<Engine> start(EngineSpec spec);

    Engine(Engine&&) noexcept = default;
    Engine& operator=(Engine&&) noexcept = default;
    ~Engine();

    // Before the positions of another game (UCI's ucinewgame, USI's usinewgame).
    Result<void> new_game();
    // Searches the position that `position_lines` set (the traits' engine_position) within
    // `limit`; `side_to_move` is its colour word (GTP asks for the moves of a colour).
    Result<Analysis> analyse(const std::vector<std::string>& position_lines, std::string_view side_to_move,
                             const Limit& limit);
    // Ends the process and starts it again, with the same options.
    Result<void> restart();
    // "quit", then the process is ended and waited for.
    void quit();

    const std::string& name() const noexcept { return name_; }  // its id name, else its program
    Protocol protocol() const noexcept { return spec_.protocol; }
    const std::vector<OptionDeclaration>& declared_options() const noexcept { return declared_; }
    const OptionDeclaration* declared(std::string_view option) const noexcept;
    bool running() const noexcept { return process_.running(); }
    pid_t pid() const noexcept { return process_.pid(); }

  private:
    Engine(EngineSpec spec, ChildProcess process);
    Result<void> handshake();
    Result<void> set_option(std::string_view name, std::string_view value);
    Result<void> send(std::string_view line);
    // Reads until a line `done` accepts; every line goes to `each` first.
    Result<void> read_until(Clock::time_point deadline, std::string_view waiting_for,
                            const std::function<void(std::string_view)>& each,
                            const std::function<bool(std::string_view)>& done);
    Result<void> ready(Clock::time_point deadline);
    Result<std::string> gtp(std::string_view command, Clock::time_point deadline);
    Result<Analysis> analyse_gtp(const std::vector<std::string>& position_lines,
                                 std::string_view side_to_move, const Limit& limit);
    Result<void> handshake_katago(Clock::time_point deadline);  // katago.cpp
    Result<Analysis> analyse_katago(const std::vector<std::string>& position_lines,
                                    std::string_view side_to_move, const Limit& limit);
    std::chrono::milliseconds search_timeout(const Limit& limit) const;
    Error fault(std::string what);  // ends the process; the message names the engine and its last words

    EngineSpec spec_;
    ChildProcess process_;
    std::string name_;
    std::vector<OptionDeclaration> declared_;
    std::vector<std::string> gtp_commands_;
    std::vector<std::string> last_lines_;  // the last few lines it said, for messages
    int multipv_ = 1;
    std::map<std::string, std::string> position_options_;  // set by the last position's lines
    std::uint64_t queries_ = 0;                            // KataGo's query ids
};

// One line of KataGo's analysis engine, read as the answer to query `id` (its best
// `multipv` moves as lines): nullopt when it is none (a log line, a warning, a report during
// the search, another query's answer).
struct KataGoAnswer {
    Analysis analysis;
    std::string error;        // its "error" (and the field it names)
    bool no_results = false;  // terminated before it searched
};
std::optional<KataGoAnswer> read_katago_answer(std::string_view line, std::string_view id, int multipv);

// The command a KataGo analysis engine is run with: `command` with
// "-override-config reportAnalysisWinratesAs=SIDETOMOVE" added (to the one it has, if any).
// Errors: unsupported, when the command sets another perspective.
Result<std::vector<std::string>> katago_command(std::vector<std::string> command);

}  // namespace kifu::engine
