#include "pgn_commands.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "dedupe.hpp"
#include "kifu/chess/diagram.hpp"
#include "kifu/chess/epd.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/pgn_batch.hpp"
#include "kifu/chess/pgn_retag.hpp"
#include "kifu/chess/pgn_tee.hpp"
#include "kifu/chess/pgn_writer.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/core/ordered_pipeline.hpp"
#include "kifu/formats/collection.hpp"
#include "kifu/formats/duplicates.hpp"
#include "kifu/formats/filter.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::cli {
namespace {

using chess::PgnGameText;

// A batch of games, their bytes copied out of the splitter's buffer.
using chess::PgnBatch;

struct Totals {
    std::uint64_t games = 0, plies = 0, variations = 0, comments = 0, nags = 0, errors = 0, broken = 0;
    std::uint64_t warnings = 0, written = 0, left_out = 0;  // left out: no position at the chosen ply
    std::uint64_t write_errors = 0;                         // documents the target format cannot hold
    std::uint64_t oversized = 0;                            // games over --max-input, never held
    std::uint64_t filtered_out = 0;                         // games the filters left out (not read)
    std::array<std::uint64_t, 5> results{};                 // 1-0, 0-1, 1/2-1/2, *, none
    void add(const Totals& o) {
        games += o.games, plies += o.plies, variations += o.variations, comments += o.comments,
            nags += o.nags;
        errors += o.errors, broken += o.broken, warnings += o.warnings, written += o.written,
            left_out += o.left_out, write_errors += o.write_errors, oversized += o.oversized,
            filtered_out += o.filtered_out;
        for (std::size_t i = 0; i < results.size(); ++i) results[i] += o.results[i];
    }
};

// A game's output within BatchOutput::text, and its key, where duplicates are looked for:
// the emitter decides, in input order, whether it is written or is a duplicate.
struct KeyedGame {
    std::optional<std::uint64_t> key;  // none: a game that could not be read (kept)
    std::size_t begin = 0, end = 0;
    std::uint32_t game = 0, line = 0;  // its number in the input (from 1) and first line
};

struct BatchOutput {
    std::string text;
    std::vector<KeyedGame> games;  // with --unique / dedupe: each game's part of `text`
    std::vector<std::string> notes;
    std::string messages;  // error and warning lines for stderr
    std::string broken;    // texts of games with errors
    std::vector<std::string> write_errors;
    Totals totals;
};

enum class Job { stats, validate, convert, dedupe };

struct Settings {
    Job job = Job::stats;
    const formats::Format* to = nullptr;
    formats::NodeChoice choice;
    formats::WriteOptions write;
    const PgnOptions* options = nullptr;
    std::string source;
    chess::PgnReadOptions read;
    std::size_t max_game_bytes = chess::PgnSplitter::kMaxGameBytes;  // --max-input
    const formats::OpeningBook* openings = nullptr;                  // --openings
    Deduplication* dedupe = nullptr;                                 // dedupe, --unique
    const formats::GameFilter* filter = nullptr;                     // --where, --date, ...
};

std::size_t max_game_bytes(const SourceOptions& source) {
    return source.input.max_input_mib ? *source.input.max_input_mib << 20 : chess::PgnSplitter::kMaxGameBytes;
}

// "SOURCE:LINE:COL: error: game N: MESSAGE", or with "warning".
void report_game(BatchOutput& out, const Settings& s, std::size_t index, const Error& e,
                 std::string_view severity) {
    Error shown = e;
    shown.message = fmt::format("game {}: {}", index + 1, e.message);
    out.messages += shown.format(s.source, severity);
    out.messages += '\n';
}

// A game's errors and warnings, in the order of their places in the input.
void report_in_order(BatchOutput& out, const Settings& s, std::size_t index, const std::vector<Error>& errors,
                     const std::vector<Error>& warnings) {
    std::size_t e = 0, w = 0;
    while (e < errors.size() || w < warnings.size()) {
        if (w == warnings.size() || (e < errors.size() && errors[e].offset < warnings[w].offset))
            report_game(out, s, index, errors[e++], "error");
        else
            report_game(out, s, index, warnings[w++], "warning");
    }
}

// Counts a game without building it, reports its errors and warnings (validate, convert),
// and hands every event on to `inner` (a writer) when there is one.
class CountingVisitor : public chess::PgnVisitor {
  public:
    CountingVisitor(BatchOutput& out, const Settings& s, chess::PgnVisitor* inner = nullptr)
        : out_(out), settings_(s), inner_(inner) {}
    bool begin_game(const PgnGameText& game) override {
        depth_ = 0;
        result_ = 4;
        index_ = game.index;
        ++out_.totals.games;
        return inner_ ? inner_->begin_game(game) : true;
    }
    void tag(std::string_view name, std::string_view value) override {
        if (inner_) inner_->tag(name, value);
    }
    bool begin_movetext(const chess::Position& start) override {
        return inner_ ? inner_->begin_movetext(start) : true;
    }
    void move(const chess::Position& before, chess::Move m, std::string_view san) override {
        out_.totals.plies += depth_ == 0;
        if (inner_) inner_->move(before, m, san);
    }
    void comment(std::string_view text, chess::CommentKind kind) override {
        ++out_.totals.comments;
        if (inner_) inner_->comment(text, kind);
    }
    void nag(int n) override {
        ++out_.totals.nags;
        if (inner_) inner_->nag(n);
    }
    bool begin_variation() override {
        ++depth_;
        ++out_.totals.variations;
        if (inner_) inner_->begin_variation();  // every variation is read: its moves are checked
        return true;
    }
    void end_variation() override {
        --depth_;
        if (inner_) inner_->end_variation();
    }
    void result(std::string_view r) override {
        result_ = r == "1-0" ? 0 : r == "0-1" ? 1 : r == "1/2-1/2" ? 2 : 3;
        if (inner_) inner_->result(r);
    }
    void end_game(const chess::Position& final_position) override {
        ++out_.totals.results[static_cast<std::size_t>(result_)];
        if (inner_) inner_->end_game(final_position);
    }
    void error(const Error& e) override {
        ++out_.totals.errors;
        if (settings_.job != Job::stats) report_game(out_, settings_, index_, e, "error");
        if (inner_) inner_->error(e);
    }
    void warning(const Error& e) override {
        ++out_.totals.warnings;
        if (settings_.job != Job::stats) report_game(out_, settings_, index_, e, "warning");
        if (inner_) inner_->warning(e);
    }

  private:
    BatchOutput& out_;
    const Settings& settings_;
    chess::PgnVisitor* inner_;
    std::size_t index_ = 0;
    int depth_ = 0;
    int result_ = 4;
};

// dedupe: a game's key read (its main line only; a depth rule stops at its ply), its errors
// reported and counted.
class KeyingVisitor final : public formats::PgnDuplicateKeyer {
  public:
    KeyingVisitor(BatchOutput& out, const Settings& s)
        : formats::PgnDuplicateKeyer(s.dedupe->rule()), out_(out), settings_(s) {}
    bool begin_game(const PgnGameText& game) override {
        index_ = game.index;
        ++out_.totals.games;
        return formats::PgnDuplicateKeyer::begin_game(game);
    }
    void error(const Error& e) override {
        ++out_.totals.errors;
        report_game(out_, settings_, index_, e, "error");
        formats::PgnDuplicateKeyer::error(e);
    }
    void warning(const Error& e) override {
        ++out_.totals.warnings;
        report_game(out_, settings_, index_, e, "warning");
    }

  private:
    BatchOutput& out_;
    const Settings& settings_;
    std::size_t index_ = 0;
};

// One game (read without errors) written in the target format: a record as it is, a
// position at the chosen ply or node. A game without that ply is left out with a warning;
// notes (what the format drops) go to `notes`.
void write_game(chess::Game game, std::size_t index, const Settings& s, BatchOutput& out) {
    formats::Document d{formats::Value{std::vector<chess::Game>{}}, {}};
    std::get<std::vector<chess::Game>>(d.value).push_back(std::move(game));
    if (s.to->kind == formats::Kind::position) {
        formats::NodeChoice choice = s.choice;
        choice.game_index = 0;
        Result<formats::Document> p = formats::position_at(std::move(d), choice);
        if (!p) {
            Error e = p.error();
            e.message += ": the game is left out";
            report_game(out, s, index, e, "warning");
            ++out.totals.left_out;
            return;
        }
        d = std::move(*p);
    }
    if (s.to->append) {  // straight into the batch's buffer
        if (Result<void> ok = s.to->append(out.text, d, s.write, out.notes); !ok) {
            out.write_errors.push_back(ok.error().format(s.source));
            ++out.totals.write_errors;
            return;
        }
        ++out.totals.written;
        return;
    }
    Result<std::string> text = s.to->write(d, s.write, out.notes);
    if (!text) {  // the format cannot hold the document: the same for every game, said once
        out.write_errors.push_back(text.error().format(s.source));
        ++out.totals.write_errors;
        return;
    }
    out.text += *text;
    if (!text->empty() && text->back() != '\n') out.text += '\n';
    ++out.totals.written;
}

// `buffer`: a string whose room is reused for the output (a batch of JSON is several
// megabytes: fresh pages for each would cost more than writing them).
BatchOutput run_batch(const PgnBatch& batch, const Settings& s, std::string buffer) {
    BatchOutput out;
    buffer.clear();
    out.text = std::move(buffer);
    const PgnOptions& o = *s.options;
    chess::GameBuilder builder;
    // Records are written as they are read, without a tree (a game with an error is taken
    // back out by the writer); positions at a ply come from the tree.
    std::unique_ptr<chess::PgnVisitor> writer;
    if (s.job == Job::convert && s.to->kind == formats::Kind::record)
        writer = formats::pgn_game_writer(*s.to, out.text, s.write);
    CountingVisitor counter(out, s, writer.get());
    std::optional<KeyingVisitor> keying;
    std::optional<formats::PgnDuplicateKeyer> keyer;
    if (s.job == Job::dedupe) keying.emplace(out, s);
    if (s.job == Job::convert && s.dedupe) keyer.emplace(s.dedupe->rule());
    // With a book, one finder for the batch (it starts afresh at each game), fed in the same
    // read as a keyer where both are wanted.
    std::optional<formats::PgnOpeningFinder> finder;
    if (s.openings) finder.emplace(*s.openings);
    const auto read_named = [&](const PgnGameText& g, chess::PgnVisitor& keying_visitor) {
        chess::PgnMainLineTee both(*finder, keying_visitor);
        chess::read_pgn_game(g, both, s.read);
        return finder->match().opening;
    };
    for (const PgnGameText& g : batch.games) {
        // The game's opening first where the output or the filters need it (the filters see
        // the tags the game is written with).
        const formats::Opening* opening = nullptr;
        std::optional<std::uint64_t> key;
        bool keyed = false;  // the key found with the opening, in the same read
        if (finder && (writer || s.filter)) {
            if (keyer && writer) {
                opening = read_named(g, *keyer);
                key = keyer->key();
                keyed = true;
            } else {
                chess::read_pgn_game(g, *finder, s.read);
                opening = finder->match().opening;
            }
        }
        if (s.filter && !formats::pgn_game_passes(g, *s.filter, s.read, s.openings, opening)) {
            ++out.totals.games;
            ++out.totals.filtered_out;
            continue;
        }
        const std::uint64_t errors_before = out.totals.errors;
        const std::size_t begin = out.text.size();
        if (keyer && writer && !keyed) {
            chess::read_pgn_game(g, *keyer, s.read);  // the main line alone first, for its key
            key = keyer->key();
        }
        if (keying) {
            // The game as its source has it: its text, keyed (one that cannot be read is kept
            // as it is, unless --keep-broken takes it). With a book, the same read finds its
            // opening, whose tags replace the game's own in that text.
            const formats::Opening* named = nullptr;
            if (finder)
                named = read_named(g, *keying);
            else
                chess::read_pgn_game(g, *keying, s.read);
            key = keying->key();
            if (key || o.keep_broken.empty()) {
                if (named && !g.oversized)
                    chess::append_retagged(out.text, g.text, s.openings->tag_names(), named->tags);
                else
                    out.text.append(g.oversized ? std::string_view() : g.text);
                out.text += "\n\n";
            }
        } else if (writer && s.openings) {
            // The game written with the tags of its opening (found above from its main line).
            formats::PgnOpeningTagger tagger(counter, *s.openings, opening);
            chess::read_pgn_game(g, tagger, s.read);
            out.totals.written += out.totals.errors == errors_before;
        } else if (writer) {
            chess::read_pgn_game(g, counter, s.read);
            out.totals.written += out.totals.errors == errors_before;
        } else if (s.job != Job::convert) {
            // stats and validate read with the visitor alone: every move (variations too) is
            // checked, and no tree is built.
            chess::read_pgn_game(g, counter, s.read);
        } else {
            chess::read_pgn_game(g, builder, s.read);
            chess::Game game = builder.take();
            ++out.totals.games;
            out.totals.errors += game.errors.size();
            out.totals.warnings += game.warnings.size();
            report_in_order(out, s, g.index, game.errors, game.warnings);
            // A game with an error is not written: the output holds only games as their
            // source has them (the broken ones go to --keep-broken, unchanged).
            if (game.errors.empty()) {
                if (const formats::OpeningMatch m =
                        s.openings ? formats::find_opening(game, *s.openings) : formats::OpeningMatch{};
                    m.opening)
                    formats::set_opening_tags(game, *s.openings, *m.opening);
                if (s.dedupe) key = formats::duplicate_key(game, s.dedupe->rule());
                write_game(std::move(game), g.index, s, out);
            }
        }
        if (s.dedupe && out.text.size() != begin)
            out.games.push_back(
                {key, begin, out.text.size(), static_cast<std::uint32_t>(g.index + 1), g.line});
        if (out.totals.errors != errors_before) {
            ++out.totals.broken;
            out.totals.oversized += g.oversized != 0;
            if (!o.keep_broken.empty() && !g.oversized) {  // an oversized game's bytes were never held
                out.broken.append(g.text);
                out.broken += "\n\n";
            }
        }
    }
    return out;
}

Totals run(const std::string& path, const std::string* text, const Settings& s, Output& out) {
    std::unique_ptr<ByteSource> source;
    if (text) {
        source = memory_byte_source(*text);
    } else {
        if (path == "-" && isatty(STDIN_FILENO))
            fail(kUsage, "no input: give INPUT (a file or '-' for standard input) or --text (see --help)");
        auto opened = open_byte_source(path);
        if (!opened) {
            fmt::print(stderr, "{}: error: {}\n", s.source, opened.error().message);
            throw Exit{kIoError};
        }
        source = std::move(*opened);
    }
    std::unique_ptr<Output> broken;
    if (!s.options->keep_broken.empty())
        broken = std::make_unique<Output>(OutputOptions{s.options->keep_broken});
    std::vector<std::string> notes, write_errors;
    chess::PgnSplitter splitter(std::move(source), s.max_game_bytes);
    const std::size_t threads = static_cast<std::size_t>(std::max(1, s.options->threads));
    const bool progress = isatty(STDERR_FILENO) != 0;
    // The first batch shows the line at once; then every half second.
    auto last_progress = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    Totals totals;
    std::vector<std::string> buffers;  // output buffers written and free for the next batch
    const auto take_buffer = [&buffers] {
        std::string b;
        if (!buffers.empty()) {
            b = std::move(buffers.back());
            buffers.pop_back();
        }
        return b;
    };
    const auto emit = [&](BatchOutput b) {
        if (s.dedupe) {
            // The kept games of a batch lie side by side in its text: a run of them is
            // written at once.
            std::size_t run_begin = 0, run_end = 0;
            for (const KeyedGame& g : b.games) {
                const std::string_view game_text = std::string_view(b.text).substr(g.begin, g.end - g.begin);
                if (!g.key)
                    s.dedupe->keep_unread(g.game, g.line);
                else if (!s.dedupe->keep(*g.key, g.game, g.line)) {
                    s.dedupe->write_duplicate(game_text);
                    continue;
                }
                if (g.begin != run_end) {
                    out.write(std::string_view(b.text).substr(run_begin, run_end - run_begin));
                    run_begin = g.begin;
                }
                run_end = g.end;
            }
            out.write(std::string_view(b.text).substr(run_begin, run_end - run_begin));
        } else {
            out.write(b.text);
        }
        buffers.push_back(std::move(b.text));
        report_lines(s.source, b.messages);
        if (broken) broken->write(b.broken);
        for (std::string& n : b.notes)
            if (std::find(notes.begin(), notes.end(), n) == notes.end()) notes.push_back(std::move(n));
        for (std::string& e : b.write_errors)
            if (std::find(write_errors.begin(), write_errors.end(), e) == write_errors.end()) {
                clear_progress();
                fmt::print(stderr, "{}\n", e);
                write_errors.push_back(std::move(e));
            }
        totals.add(b.totals);
        if (progress && std::chrono::steady_clock::now() - last_progress > std::chrono::milliseconds(500)) {
            show_progress(counted(totals.games, "game") + "...");
            last_progress = std::chrono::steady_clock::now();
        }
    };
    // Read ahead at most this much, however many threads there are: a file of large games
    // holds a few of them at a time, not one a thread (a batch always runs).
    constexpr std::size_t kInFlightBytes = std::size_t{64} << 20;
    chess::PgnBatchPool batches;  // outlives the pipeline, which holds its batches
    OrderedPipeline<BatchOutput, decltype(emit)> pipeline(threads, emit, 0, kInFlightBytes);
    const auto dispatch = [&](std::shared_ptr<PgnBatch> batch) {
        batch->finish();
        const std::size_t bytes = batch->bytes.size();
        (void)pipeline.submit(
            [batch, &s, buffer = take_buffer()]() mutable { return run_batch(*batch, s, std::move(buffer)); },
            bytes);
    };
    auto batch = batches.take();
    while (const std::optional<PgnGameText> g = splitter.next()) {
        if (threads == 1 && g->text.size() >= PgnBatch::kFullBytes) {
            // A large game is read where the splitter holds it, not copied.
            if (!batch->games.empty()) {
                dispatch(std::move(batch));
                batch = batches.take();
            }
            PgnBatch alone;
            alone.games.push_back(*g);
            emit(run_batch(alone, s, take_buffer()));
            continue;
        }
        batch->add(*g);
        if (batch->full()) {
            dispatch(std::move(batch));
            batch = batches.take();
        }
    }
    if (!batch->games.empty()) dispatch(std::move(batch));
    (void)pipeline.drain();
    end_messages();
    clear_progress();
    if (broken) broken->close();
    for (const std::string& n : notes)
        note(s.source, fmt::format("{} cannot be written in {}: dropped", n, s.to ? s.to->name : "pgn"));
    if (splitter.error()) {
        fmt::print(stderr, "{}\n", splitter.error()->format(s.source));
        throw Exit{kIoError};
    }
    return totals;
}

// The name errors give the input: a file read whole first (its content said PGN) is still
// the file.
std::string source_name(const std::string& path, const SourceOptions& source) {
    if (source.input.text_given) return "<text>";
    if (path.empty() || path == "-") return "<stdin>";
    return path;
}

}  // namespace

void PgnOptions::add_to(CLI::App& command) {
    command.add_option("--threads", threads, "PGN: read games on N threads (output keeps the input order)")
        ->check(CLI::Range(1, 64))
        ->option_text("N");
    command
        .add_option("--keep-broken", keep_broken,
                    "PGN: write the unchanged text of every game with an error to FILE (such games are "
                    "never in the output)")
        ->option_text("FILE");
    command.add_flag("--strict-results", strict_results,
                     "PGN: a result against mate or stalemate on the board, or against the Result tag, "
                     "is an error (by default a warning)");
}

namespace {

// What every PGN job starts from: the source's name, how it is read, the largest game.
Settings settings_of(Job job, const SourceOptions& source, const std::string& path,
                     const PgnOptions& options) {
    Settings s;
    s.job = job;
    s.options = &options;
    s.source = source_name(path, source);
    s.read = {.strict_results = options.strict_results, .charset = source.read_options().charset};
    s.max_game_bytes = max_game_bytes(source);
    return s;
}

// What happened to the broken games, and the games without the chosen position.
void summarize(const Settings& s, const Totals& t) {
    if (t.broken)
        fmt::print(
            stderr, "{}: {} of {} games have errors ({} errors){}\n", s.source, t.broken, t.games, t.errors,
            s.job != Job::convert && s.job != Job::dedupe ? ""
            : s.options->keep_broken.empty()
                ? (s.job == Job::dedupe ? ": written as they are, never taken for duplicates"
                                        : ": left out of the output")
                : fmt::format(": left out of the output, their text in {}{}", s.options->keep_broken,
                              t.oversized ? fmt::format(" (but for the {} over the size limit)", t.oversized)
                                          : std::string{}));
    if (t.left_out)
        fmt::print(stderr, "{}: {} {} of {} games have no position at the chosen ply or node: left out\n",
                   s.source, t.written == 0 ? "error:" : "warning:", t.left_out, t.games);
    if (s.filter)
        fmt::print(stderr, "{}: {} of {} games pass the filters\n", s.source, t.games - t.filtered_out,
                   t.games);
}

}  // namespace

int convert_pgn(const SourceOptions& source, const std::string& path, const std::string* text,
                const formats::Format& to, const formats::WriteOptions& write, const PgnOptions& options,
                const formats::OpeningBook* openings, Deduplication* dedupe,
                const formats::GameFilter* filter, Output& out) {
    Settings s = settings_of(Job::convert, source, path, options);
    s.filter = filter;
    s.to = &to;
    s.choice = source.choice();
    s.write = write;
    s.openings = openings;
    s.dedupe = dedupe;
    if (dedupe) dedupe->begin_input(s.source);
    const Totals totals = run(path, text, s, out);
    if (totals.games == 0) {
        fmt::print(stderr, "{}: error: no PGN game in the input\n", s.source);
        return kInvalidInput;
    }
    summarize(s, totals);
    // Games without the chosen ply are warnings while some game has it: a collection of
    // games of every length at --ply 20 is a normal request. Filters that pass no game are
    // an answer, not an error.
    const bool none_written = totals.written == 0 && totals.filtered_out < totals.games;
    return totals.errors || totals.write_errors || none_written ? kInvalidInput : kOk;
}

int dedupe_pgn(const SourceOptions& source, const std::string& path, const std::string* text,
               const PgnOptions& options, const formats::OpeningBook* openings, Deduplication& dedupe,
               Output& out) {
    Settings s = settings_of(Job::dedupe, source, path, options);
    s.dedupe = &dedupe;
    s.openings = openings;
    dedupe.begin_input(s.source);
    const Totals totals = run(path, text, s, out);
    if (totals.games == 0) {
        fmt::print(stderr, "{}: error: no PGN game in the input\n", s.source);
        return kInvalidInput;
    }
    summarize(s, totals);
    return totals.errors ? kInvalidInput : kOk;
}

int validate_pgn(const SourceOptions& source, const std::string& path, const std::string* text,
                 const PgnOptions& options, Output& out, bool name_source) {
    const Settings s = settings_of(Job::validate, source, path, options);
    const Totals totals = run(path, text, s, out);
    if (totals.errors) {
        summarize(s, totals);
        return kInvalidInput;
    }
    if (totals.games == 0) {
        fmt::print(stderr, "{}: error: no PGN game in the input\n", s.source);
        return kInvalidInput;
    }
    out.write(fmt::format("{}ok: {} games{}\n", name_source ? s.source + ": " : "", totals.games,
                          totals.warnings ? fmt::format(" ({} warnings)", totals.warnings) : ""));
    return kOk;
}

Run add_pgn_command(CLI::App& app) {
    struct Options {
        SourceOptions source;
        PgnOptions pgn;
        OutputOptions output;
    };
    auto options = std::make_shared<Options>();
    CLI::App* pgn = app.add_subcommand("pgn", "PGN databases: 'kifu pgn stats FILE'");
    pgn->require_subcommand(1);
    CLI::App* stats =
        pgn->add_subcommand("stats", "Count games, plies, results, comments, variations and errors");
    stats->footer(
        "INPUT may be gzip- or zstd-compressed.\nExample:\n  kifu pgn stats --threads 2 games.pgn.zst");
    options->source.input.add_to(*stats, "the PGN", false);
    options->source.add_read_options(*stats);
    options->pgn.add_to(*stats);
    options->output.add_to(*stats);
    return [stats, options]() -> int {
        if (!stats->parsed()) return -1;
        const SourceOptions& in = options->source;
        check_read_options(*formats::find_format("pgn"), in);
        const std::string* text = in.input.text_given ? &in.input.text : nullptr;
        const std::string path = in.input.paths.empty() ? "-" : in.input.paths.front();
        const Settings s = settings_of(Job::stats, in, path, options->pgn);
        check_output_is_not_input(options->output, in.input);
        options->pgn.check_keep_broken(options->output, in.input);
        Output out(options->output);
        const Totals t = run(path, text, s, out);
        out.write(
            fmt::format("games: {}\nplies: {} (main lines)\nvariations: {}\ncomments: {}\nnags: {}\n"
                        "results: 1-0 {}, 0-1 {}, 1/2-1/2 {}, * {}, none {}\nerrors: {} in {} games\n"
                        "warnings: {}\n",
                        t.games, t.plies, t.variations, t.comments, t.nags, t.results[0], t.results[1],
                        t.results[2], t.results[3], t.results[4], t.errors, t.broken, t.warnings));
        out.close();
        return t.errors ? kInvalidInput : kOk;
    };
}

}  // namespace kifu::cli
