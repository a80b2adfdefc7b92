// kifu analyse: an engine's verdict on every position of each game, written into the records
// (PGN's [%eval]) or as JSON Lines; kifu bestmove: one position's best move. The protocol
// work is the library's (kifu/engine/), the writing of verdicts too (formats/evaluations.hpp).

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <type_traits>

#include <sys/resource.h>
#include <unistd.h>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "kifu/core/ordered_pipeline.hpp"
#include "kifu/engine/analysis.hpp"
#include "kifu/engine/process.hpp"
#include "kifu/formats/evaluations.hpp"
#include "kifu/formats/game_rules.hpp"

namespace kifu::cli {
namespace {

// What every engine command takes: the engine, its protocol and options, the search limit.
struct EngineOptions {
    std::string command;
    std::string protocol;
    std::vector<std::string> options;
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<int> movetime;
    int multipv = 1;
    int timeout_s = 0;

    void add_to(CLI::App& app) {
        app.add_option(
               "--engine", command,
               "the engine to run, with its arguments: 'stockfish', 'fairy-stockfish', 'gnugo --mode gtp'")
            ->required()
            ->option_text("CMD");
        app.add_option("--protocol", protocol,
                       "how to speak to it: uci, usi, ucci, gtp, or katago for KataGo's JSON analysis engine "
                       "(default: the game's: chess uci, shogi usi, xiangqi ucci, Go gtp)")
            ->check(CLI::IsMember({"uci", "usi", "ucci", "gtp", "katago"}))
            ->option_text("NAME");
        app.add_option("--option", options,
                       "an engine option, checked against those it declares (repeatable)")
            ->option_text("NAME=VALUE");
        app.add_option("--depth", depth, "search each position to depth N")
            ->check(CLI::Range(1, 1000))
            ->option_text("N");
        app.add_option("--nodes", nodes, "search each position for N nodes")
            ->check(CLI::PositiveNumber)
            ->option_text("N");
        app.add_option("--movetime", movetime, "search each position for MS milliseconds")
            ->check(CLI::Range(1, 86'400'000))
            ->option_text("MS");
        app.add_option("--multipv", multipv, "the best K lines of each position (default 1)")
            ->check(CLI::Range(1, 500))
            ->option_text("K");
        app.add_option(
               "--timeout", timeout_s,
               "give up on a position after S seconds (default: twice --movetime and 5 s, else 120 s)")
            ->check(CLI::Range(1, 86'400))
            ->option_text("S");
    }

    engine::Limit limit() const {
        if (!depth && !nodes && !movetime)
            fail(kUsage, "give a search limit: --depth, --nodes or --movetime");
        return engine::Limit{depth, nodes, movetime, multipv};
    }

    engine::EngineSpec spec(formats::Game game) const {
        engine::EngineSpec s;
        for (const std::string_view w : engine::words(command)) s.command.emplace_back(w);
        if (s.command.empty()) fail(kUsage, "--engine names no program");
        std::string_view own;
        formats::visit_game_rules(game, [&](auto rules) { own = decltype(rules)::type::engine_protocol; });
        const std::string_view name = protocol.empty() ? own : std::string_view(protocol);
        if (name.empty()) fail(kUsage, "give --protocol: the input's game has no engines");
        s.protocol = *engine::protocol_named(name);
        // KataGo's queries are made from GTP's lines: Go's.
        if (s.protocol == engine::Protocol::katago && own != "gtp")
            fail(kUsage, fmt::format("--protocol katago analyses Go, not {}", formats::to_string(game)));
        if (s.protocol == engine::Protocol::katago && depth && !nodes && !movetime)
            fail(kUsage, "KataGo searches by visits (--nodes) or by time (--movetime), not by --depth");
        for (const std::string& o : options) {
            const std::size_t eq = o.find('=');
            if (eq == std::string::npos || eq == 0)
                fail(kUsage, fmt::format("--option takes NAME=VALUE, not '{}'", o));
            s.options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
        }
        if (timeout_s > 0) s.search_timeout = std::chrono::seconds(timeout_s);
        return s;
    }
};

// Up to `size` engines of one spec, started when first wanted, each used by one job at a time.
class EnginePool {
  public:
    EnginePool(engine::EngineSpec spec, std::size_t size) : spec_(std::move(spec)), size_(size) {}

    // The first engine, started here so that a command that cannot start it fails at once.
    void start_first() {
        Result<engine::Engine> e = engine::Engine::start(spec_);
        if (!e) fail(e.error().code == ErrorCode::unsupported ? kUsage : kIoError, e.error().message);
        idle_.push_back(std::make_unique<engine::Engine>(std::move(*e)));
        started_ = 1;
    }

    Result<std::unique_ptr<engine::Engine>> take() {
        std::unique_lock lock(mutex_);
        freed_.wait(lock, [&] { return !idle_.empty() || started_ < size_; });
        if (!idle_.empty()) {
            std::unique_ptr<engine::Engine> e = std::move(idle_.back());
            idle_.pop_back();
            return e;
        }
        ++started_;
        lock.unlock();
        Result<engine::Engine> e = engine::Engine::start(spec_);
        if (!e) {
            std::lock_guard again(mutex_);
            --started_;
            return e.error();
        }
        return std::make_unique<engine::Engine>(std::move(*e));
    }

    void give(std::unique_ptr<engine::Engine> e) {
        {
            std::lock_guard lock(mutex_);
            idle_.push_back(std::move(e));
        }
        freed_.notify_one();
    }

    void quit_all() {
        std::lock_guard lock(mutex_);
        for (auto& e : idle_) e->quit();
        idle_.clear();
    }

  private:
    engine::EngineSpec spec_;
    std::size_t size_;
    std::size_t started_ = 0;
    std::vector<std::unique_ptr<engine::Engine>> idle_;
    std::mutex mutex_;
    std::condition_variable freed_;
};

// Where kifu analyse writes: standard output (through Output), or -o FILE written game by
// game from the first game on, each flushed as it is done, with FILE.kifu-resume beside it saying how many
// games and bytes are whole (written anew, then renamed over, after each game). --resume goes on from there:
// FILE cut back to its whole games, the games already in it skipped. The side file is removed when the run
// ends; a run that is killed leaves both for --resume.
class GameByGameOutput {
  public:
    GameByGameOutput(const OutputOptions& options, bool resume) : path_(options.path) {
        if (path_.empty() || path_ == "-") {
            if (resume) fail(kUsage, "--resume needs -o FILE: the output it goes on with");
            stdout_ = std::make_unique<Output>(options);
            return;
        }
        progress_ = path_ + ".kifu-resume";
        resuming_ = resume && std::filesystem::exists(path_);
        if (resuming_) {
            std::ifstream in(progress_);
            if (!(in >> done_ >> bytes_))
                fail(kUsage, fmt::format("--resume: {} has no {} beside it (a run that ended, or not kifu "
                                         "analyse's): nothing to go on with; remove it to start again",
                                         path_, progress_));
        }
    }
    GameByGameOutput(const GameByGameOutput&) = delete;
    GameByGameOutput& operator=(const GameByGameOutput&) = delete;
    ~GameByGameOutput() {
        if (file_) std::fclose(file_);
    }

    std::size_t done() const noexcept { return done_; }

    void write_game(std::string_view text) {
        if (stdout_) {
            stdout_->write(text);
            return;
        }
        open();
        if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0)
            fail(kIoError, fmt::format("cannot write {}: {}", path_, std::strerror(errno)));
        bytes_ += text.size();
        ++done_;
        save_progress();
    }

    void close() {
        if (stdout_) {
            stdout_->close();
            return;
        }
        if (resuming_) open();  // nothing left to analyse: still cut back to the whole games
        if (!file_) return;     // no game: no file, as kifu's other outputs
        if (std::fclose(std::exchange(file_, nullptr)) != 0)
            fail(kIoError, fmt::format("cannot write {}: {}", path_, std::strerror(errno)));
        std::error_code ec;
        std::filesystem::remove(progress_, ec);
    }

  private:
    // Opened at the first game, not before: a run that fails to start (an engine that is not
    // there, a usage error) leaves FILE and its side file as they were.
    void open() {
        if (file_) return;
        if (resuming_) {
            std::error_code ec;
            std::filesystem::resize_file(path_, bytes_, ec);  // a game cut off by the end of the run goes
            if (ec)
                fail(kIoError, fmt::format("cannot cut {} back to its whole games: {}", path_, ec.message()));
        }
        file_ = std::fopen(path_.c_str(), resuming_ ? "ab" : "wb");
        if (!file_) fail(kIoError, fmt::format("cannot write {}: {}", path_, std::strerror(errno)));
    }

    void save_progress() {
        const std::string partial = progress_ + ".new";
        {
            std::ofstream out(partial, std::ios::trunc);
            out << done_ << ' ' << bytes_ << '\n';
            if (!out.flush()) fail(kIoError, fmt::format("cannot write {}", partial));
        }
        std::error_code ec;
        std::filesystem::rename(partial, progress_, ec);
        if (ec) fail(kIoError, fmt::format("cannot write {}: {}", progress_, ec.message()));
    }

    std::string path_;
    std::string progress_;
    std::unique_ptr<Output> stdout_;
    std::FILE* file_ = nullptr;
    bool resuming_ = false;
    std::size_t done_ = 0;
    std::size_t bytes_ = 0;
};

struct GameOutput {
    std::string text;                // the game as written (the record, or its JSON line)
    std::vector<Error> errors;       // of positions the engine could not analyse
    std::vector<std::string> notes;  // warnings: dropped lines
    std::size_t positions = 0;
};

}  // namespace

Run add_analyse_command(CLI::App& app) {
    struct Options {
        SourceOptions source;
        OutputOptions output;
        EngineOptions engine;
        int engines = 1;
        bool all_lines = false;
        bool json = false;
        bool stats = false;
        bool annotate = false;
        bool resume = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "analyse",
        "An engine's evaluation of every position of each game, written into the records or as JSON Lines");
    command->alias("analyze");
    command->footer(
        "Examples:\n"
        "  kifu analyse --engine stockfish --depth 12 games.pgn -o analysed.pgn\n"
        "  kifu analyse --engine fairy-stockfish --movetime 200 --json game.kif\n"
        "  kifu analyse --engine 'gnugo --mode gtp' --depth 1 --json game.sgf\n"
        "The verdicts go into the records as each format's readers expect them: PGN (chess and\n"
        "xiangqi) lichess's [%eval 0.17,20]; KIF, KI2 and JKF ShogiGUI's '**解析 0 ... 評価値 35 読み筋 "
        "...';\n"
        "CSA Floodgate's \"'** 35 +7776FU\"; SGF Sabaki's SBKV/SBKS. --json writes them as JSON Lines\n"
        "for any record (one object a game: every position's lines, scores, depth).");
    options->source.add_to(*command, false);
    options->output.add_to(*command);
    options->engine.add_to(*command);
    command->add_option("--engines", options->engines, "run J engines at once over a collection (default 1)")
        ->check(CLI::Range(1, 64))
        ->option_text("J");
    command->add_flag("--all-lines", options->all_lines,
                      "every position of every line, not only the main line");
    command->add_flag("--json", options->json, "write the verdicts as JSON Lines, one object a game");
    command->add_flag("--annotate", options->annotate,
                      "PGN: mark inaccuracies, mistakes and blunders ($6 ?!, $2 ?, $4 ?\?) by the engine's "
                      "verdicts, with its "
                      "best line as a variation (lichess's thresholds)");
    command->add_flag("--resume", options->resume,
                      "go on with a run that was stopped: the games already in -o FILE are kept and skipped");
    command->add_flag("--stats", options->stats,
                      "at the end, on stderr: the positions analysed, kifu's own CPU time and the engines'");

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        check_output_is_not_input(options->output, options->source.input);
        const engine::Limit limit = options->engine.limit();
        if (options->annotate && options->json)
            not_applicable("--annotate", "it marks moves in a record; --json writes none");
        engine::end_children_on_signals();
        GameByGameOutput out(options->output, options->resume);
        std::size_t game_number = 0;  // over every input, for --resume
        const bool progress = isatty(STDERR_FILENO) != 0;
        std::unique_ptr<EnginePool> pool;
        formats::Game pool_game = formats::Game::any;
        bool engine_failed = false;
        std::size_t positions = 0;
        const int status = for_each_document(options->source, [&](const Input& in,
                                                                  const formats::Format& from,
                                                                  formats::Document& d, int& code) {
            if (from.kind != formats::Kind::record)
                fail(kUsage, fmt::format("{}: {} is a position format; analyse reads records (for one "
                                         "position: kifu bestmove)",
                                         in.source, from.name));
            if (!options->json && from.eval_notes == formats::EvalNotes::none)
                fail(kUsage, fmt::format("{}: kifu writes no evaluations into {} records: give --json",
                                         in.source, from.name));
            if (options->annotate && from.eval_notes != formats::EvalNotes::pgn_eval)
                fail(kUsage, fmt::format("{}: --annotate marks moves in PGN records, not in {} ones",
                                         in.source, from.name));
            const formats::Game game = formats::game_of(d);
            if (!pool) {
                pool = std::make_unique<EnginePool>(options->engine.spec(game),
                                                    static_cast<std::size_t>(options->engines));
                pool->start_first();
                pool_game = game;
            } else if (game != pool_game) {
                fail(kUsage, fmt::format("{}: a {} record, where the engine was started for {}", in.source,
                                         formats::to_string(game), formats::to_string(pool_game)));
            }
            std::size_t done_games = 0;
            const auto take = [&](GameOutput o) {
                for (const Error& e : o.errors) {
                    report(e, in.source);
                    engine_failed = true;
                }
                for (const std::string& n : o.notes) note(in.source, n);
                out.write_game(o.text);
                ++done_games;
                positions += o.positions;
                if (progress)
                    show_progress(fmt::format("{}: {} analysed", in.source, counted(done_games, "game")));
            };
            OrderedPipeline<GameOutput, decltype(take)> pipeline(static_cast<std::size_t>(options->engines),
                                                                 take);
            // `also(verdicts)`: what a record written from another layer than the tree does
            // with them (SGF's raw layer).
            const auto analyse_one = [&](auto& tree, std::size_t index, auto&& also) -> GameOutput {
                using Rules = typename std::remove_cvref_t<decltype(tree)>::GameTraits;
                GameOutput o;
                Result<std::unique_ptr<engine::Engine>> e = pool->take();
                if (!e) {
                    o.errors.push_back(e.error());
                    return o;
                }
                std::vector<engine::NodeVerdict<Rules>> verdicts =
                    engine::analyse_game<Rules>(**e, tree, limit, options->all_lines, options->annotate);
                pool->give(std::move(*e));
                for (const auto& v : verdicts) {
                    if (v.error) {
                        Error err = *v.error;
                        err.message =
                            fmt::format("game {}, move {}: {}", index + 1, tree.depth(v.node), err.message);
                        o.errors.push_back(std::move(err));
                    }
                    if (v.verdict)
                        for (const std::string& w : v.verdict->warnings)
                            o.notes.push_back(
                                fmt::format("game {}, move {}: {}", index + 1, tree.depth(v.node), w));
                }
                o.positions = verdicts.size();
                if (options->json) {
                    o.text = formats::verdicts_json<Rules>(tree, index, verdicts, in.source) + "\n";
                } else {
                    formats::note_verdicts<Rules>(from.eval_notes, tree, verdicts, options->annotate);
                    also(std::span<const engine::NodeVerdict<Rules>>(verdicts));
                }
                return o;
            };
            std::visit(
                [&](auto& value) {
                    using V = std::remove_cvref_t<decltype(value)>;
                    if constexpr (requires { value.front().nodes; }) {
                        for (std::size_t i = 0; i < value.size(); ++i) {
                            if (game_number++ < out.done()) continue;  // written by the run resumed
                            auto& tree = value[i];
                            if (!tree.errors.empty()) {  // reported by for_each_document: copied through
                                code = kInvalidInput;
                                GameOutput o;
                                if (options->json) {
                                    o.text = fmt::format("{{\"game\":{},\"positions\":[]}}\n", i + 1);
                                } else {
                                    formats::Document alone = formats::game_alone(d, i);
                                    std::vector<std::string> notes;
                                    Result<std::string> text = from.write(alone, {}, notes);
                                    if (text) o.text = *text;
                                }
                                (void)pipeline.submit([o] { return o; });
                                continue;
                            }
                            (void)pipeline.submit([&, i] {
                                GameOutput o = analyse_one(value[i], i, [](auto) {});
                                if (!options->json) {
                                    formats::Document alone = formats::game_alone(d, i);
                                    std::vector<std::string> notes;
                                    Result<std::string> text = from.write(alone, {}, notes);
                                    if (text) o.text = *text;
                                }
                                return o;
                            });
                        }
                    } else if constexpr (std::is_same_v<V, go::Record>) {
                        // SGF is written from its raw layer: each game is copied alone, its
                        // verdicts are written into the copy's raw nodes (Sabaki's SBKV and
                        // SBKS), and the copy is written.
                        for (std::size_t i = 0; i < value.size(); ++i) {
                            if (game_number++ < out.done()) continue;
                            (void)pipeline.submit([&, i] {
                                formats::Document alone;
                                go::Record copy;
                                go::append_game(value, i, copy);
                                go::Game tree = copy.game(0);
                                GameOutput o = analyse_one(tree, i, [&](auto verdicts) {
                                    (void)formats::note_verdicts(copy, 0, verdicts);
                                });
                                if (!options->json) {
                                    alone.value = std::move(copy);
                                    std::vector<std::string> notes;
                                    Result<std::string> text = from.write(alone, {}, notes);
                                    if (text) o.text = *text;
                                }
                                return o;
                            });
                        }
                    }
                },
                d.value);
            (void)pipeline.drain();
        });
        clear_progress();
        if (pool) pool->quit_all();
        out.close();
        if (options->stats) {
            // The engines have been waited for: their CPU is the children's.
            const auto cpu = [](int who) {
                rusage u{};
                getrusage(who, &u);
                return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
                       static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
            };
            const double own = cpu(RUSAGE_SELF);
            const double engines = cpu(RUSAGE_CHILDREN);
            fmt::print(
                stderr,
                "kifu analyse: {} positions; CPU: kifu {:.3f} s ({:.1f} us a position), engines {:.3f} s; "
                "kifu's share {:.2f}%\n",
                positions, own, positions ? own * 1e6 / static_cast<double>(positions) : 0.0, engines,
                own + engines > 0 ? 100.0 * own / (own + engines) : 0.0);
        }
        if (status == kOk && engine_failed) return kIoError;
        return status;
    };
}

Run add_bestmove_command(CLI::App& app) {
    struct Options {
        SourceOptions source;
        OutputOptions output;
        EngineOptions engine;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "bestmove", "An engine's best move and score for one position of any notation (or a record's node)");
    command->footer(
        "Examples:\n"
        "  kifu bestmove --engine stockfish --depth 15 --text "
        "'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'\n"
        "  kifu bestmove --engine fairy-stockfish --movetime 500 --text startpos --game shogi\n"
        "  kifu bestmove --engine stockfish --depth 10 --ply 20 game.pgn");
    options->source.add_to(*command, true);
    options->output.add_to(*command);
    options->engine.add_to(*command);
    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        check_output_is_not_input(options->output, options->source.input);
        const engine::Limit limit = options->engine.limit();
        engine::end_children_on_signals();
        Output out(options->output);
        int result = kOk;
        const int status = for_each_document(options->source, [&](const Input& in, const formats::Format&,
                                                                  formats::Document& d, int& code) {
            Result<formats::Document> position =
                formats::is_record(d)
                    ? formats::position_in(d, options->source.choice(), options->source.read_options())
                    : Result<formats::Document>(std::move(d));
            if (!position) {
                report(position.error(), in.source);
                code = kInvalidInput;
                return;
            }
            const bool known = formats::visit_position_rules(*position, [&](auto rules, const auto& p) {
                using Rules = typename decltype(rules)::type;
                Result<engine::Engine> e =
                    engine::Engine::start(options->engine.spec(formats::game_of(*position)));
                if (!e) fail(e.error().code == ErrorCode::unsupported ? kUsage : kIoError, e.error().message);
                Result<engine::Verdict<Rules>> v =
                    engine::analyse_position<Rules>(*e, p, std::span<const typename Rules::Move>{}, limit);
                e->quit();
                if (!v) {
                    report(v.error(), in.source);
                    result = kIoError;
                    return;
                }
                for (const std::string& w : v->warnings) note(in.source, w);
                std::string text =
                    v->best_move ? listed_move<Rules>(p, *v->best_move) : std::string("(none)");
                if (v->best_move) text += " " + Rules::engine_move(p, *v->best_move);
                for (const engine::Line<Rules>& line : v->lines) {
                    const engine::Score& s = line.info.score;
                    const std::string score = s.kind == engine::Score::Kind::none
                                                  ? std::string{}
                                                  : fmt::format("{} {}", engine::score_key(s.kind), s.value);
                    std::string pv;
                    typename Rules::Position at = p;
                    for (const auto& m : line.pv) {
                        pv += (pv.empty() ? "" : " ") + listed_move<Rules>(at, m);
                        Rules::play(at, m);
                    }
                    text += fmt::format("\n{} {}{}{}{}", line.info.multipv, score.empty() ? "-" : score,
                                        s.winrate ? fmt::format(" winrate {}", *s.winrate) : "",
                                        line.info.depth ? fmt::format(" depth {}", *line.info.depth) : "",
                                        pv.empty() ? "" : " pv " + pv);
                }
                out.write(text + "\n");
            });
            if (!known) {
                report(Error{ErrorCode::unsupported, "this position is no game's that engines play"},
                       in.source);
                code = kInvalidInput;
            }
        });
        out.close();
        return status != kOk ? status : result;
    };
}

}  // namespace kifu::cli
