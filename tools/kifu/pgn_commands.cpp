#include "pgn_commands.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <deque>
#include <future>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "kifu/chess/diagram.hpp"
#include "kifu/chess/epd.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/pgn_writer.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::cli {
namespace {

using chess::PgnGameText;

// A batch of games, their bytes copied out of the splitter's buffer.
struct Batch {
    std::string bytes;
    std::vector<PgnGameText> games;  // text fields point into `bytes` after finish()
    std::vector<std::size_t> starts;
    void add(const PgnGameText& g) {
        starts.push_back(bytes.size());
        bytes.append(g.text);
        games.push_back(g);
    }
    void finish() {
        for (std::size_t i = 0; i < games.size(); ++i)
            games[i].text = std::string_view(bytes).substr(starts[i], games[i].text.size());
    }
};

struct Totals {
    std::uint64_t games = 0, plies = 0, variations = 0, comments = 0, nags = 0, errors = 0, broken = 0;
    std::array<std::uint64_t, 5> results{};  // 1-0, 0-1, 1/2-1/2, *, none
    void add(const Totals& o) {
        games += o.games, plies += o.plies, variations += o.variations, comments += o.comments,
            nags += o.nags;
        errors += o.errors, broken += o.broken;
        for (std::size_t i = 0; i < results.size(); ++i) results[i] += o.results[i];
    }
};

struct BatchOutput {
    std::string text;
    std::vector<std::string> notes;
    std::string errors;  // lines for stderr
    std::string broken;  // texts of games with errors
    Totals totals;
};

// Counts a game without building it.
class CountingVisitor : public chess::PgnVisitor {
  public:
    explicit CountingVisitor(Totals& totals) : totals_(totals) {}
    bool begin_game(const PgnGameText&) override {
        depth_ = 0;
        result_ = 4;
        ++totals_.games;
        return true;
    }
    void move(const chess::Position&, chess::Move, std::string_view) override {
        totals_.plies += depth_ == 0;
    }
    void comment(std::string_view, chess::CommentKind) override { ++totals_.comments; }
    void nag(int) override { ++totals_.nags; }
    bool begin_variation() override {
        ++depth_;
        ++totals_.variations;
        return true;
    }
    void end_variation() override { --depth_; }
    void result(std::string_view r) override {
        result_ = r == "1-0" ? 0 : r == "0-1" ? 1 : r == "1/2-1/2" ? 2 : 3;
    }
    void end_game(const chess::Position&) override { ++totals_.results[static_cast<std::size_t>(result_)]; }
    void error(const Error&) override { ++totals_.errors; }

  private:
    Totals& totals_;
    int depth_ = 0;
    int result_ = 4;
};

enum class Job { stats, validate, convert };

struct Settings {
    Job job = Job::stats;
    const formats::Format* to = nullptr;
    formats::NodeChoice choice;
    formats::WriteOptions write;
    const PgnOptions* options = nullptr;
    std::string source;
};

// One game written in the target format: a record as it is, a position at the chosen ply
// or node. Errors (a ply past the end) go to `errors`; notes (what the format drops) to `notes`.
void write_game(chess::Game game, std::size_t index, const Settings& s, BatchOutput& out) {
    formats::Document d{formats::Value{std::vector<chess::Game>{}}, {}};
    std::get<std::vector<chess::Game>>(d.value).push_back(std::move(game));
    if (s.to->kind == formats::Kind::position) {
        formats::NodeChoice choice = s.choice;
        choice.game_index = 0;
        Result<formats::Document> p = formats::position_at(std::move(d), choice);
        if (!p) {
            Error e = p.error();
            e.message = fmt::format("game {}: {}", index + 1, e.message);
            out.errors += e.format(s.source) + "\n";
            ++out.totals.errors;
            return;
        }
        d = std::move(*p);
    }
    if (s.to->append) {  // straight into the batch's buffer
        if (Result<void> ok = s.to->append(out.text, d, s.write, out.notes); !ok) {
            out.errors += ok.error().format(s.source) + "\n";
            ++out.totals.errors;
        }
        return;
    }
    Result<std::string> text = s.to->write(d, s.write, out.notes);
    if (!text) {
        out.errors += text.error().format(s.source) + "\n";
        ++out.totals.errors;
        return;
    }
    out.text += *text;
    if (!text->empty() && text->back() != '\n') out.text += '\n';
}

BatchOutput run_batch(const Batch& batch, const Settings& s) {
    BatchOutput out;
    const PgnOptions& o = *s.options;
    chess::GameBuilder builder;
    CountingVisitor counter(out.totals);
    for (const PgnGameText& g : batch.games) {
        const std::uint64_t errors_before = out.totals.errors;
        if (s.job == Job::stats) {
            chess::read_pgn_game(g, counter);
        } else {
            chess::read_pgn_game(g, builder);
            chess::Game game = builder.take();
            ++out.totals.games;  // convert and validate need only the games and their errors
            out.totals.errors += game.errors.size();
            for (const Error& e : game.errors) {
                Error shown = e;
                shown.message = fmt::format("game {}: {}", g.index + 1, e.message);
                out.errors += shown.format(s.source);
                out.errors += '\n';
            }
            if (s.job == Job::convert) {
                write_game(std::move(game), g.index, s, out);
            }
        }
        if (out.totals.errors != errors_before) {
            ++out.totals.broken;
            if (!o.keep_broken.empty()) {
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
    std::vector<std::string> notes;
    chess::PgnSplitter splitter(std::move(source));
    const std::size_t threads = static_cast<std::size_t>(std::max(1, s.options->threads));
    const bool progress = isatty(STDERR_FILENO) != 0;
    auto last_progress = std::chrono::steady_clock::now();
    Totals totals;
    std::deque<std::future<BatchOutput>> running;
    const auto emit = [&](BatchOutput b) {
        out.write(b.text);
        if (!b.errors.empty()) std::fputs(b.errors.c_str(), stderr);
        if (broken) broken->write(b.broken);
        for (std::string& n : b.notes)
            if (std::find(notes.begin(), notes.end(), n) == notes.end()) notes.push_back(std::move(n));
        totals.add(b.totals);
        if (progress && std::chrono::steady_clock::now() - last_progress > std::chrono::milliseconds(500)) {
            fmt::print(stderr, "\r{} games...", totals.games);
            last_progress = std::chrono::steady_clock::now();
        }
    };
    constexpr std::size_t kBatchBytes = 1 << 20;
    for (;;) {
        auto batch = std::make_shared<Batch>();
        while (batch->bytes.size() < kBatchBytes) {
            const std::optional<PgnGameText> g = splitter.next();
            if (!g) break;
            batch->add(*g);
        }
        if (batch->games.empty()) break;
        batch->finish();
        if (threads == 1) {
            emit(run_batch(*batch, s));
            continue;
        }
        running.push_back(std::async(std::launch::async, [batch, &s] { return run_batch(*batch, s); }));
        if (running.size() >= threads) {
            emit(running.front().get());
            running.pop_front();
        }
    }
    while (!running.empty()) {
        emit(running.front().get());
        running.pop_front();
    }
    if (progress && totals.games > 0) fmt::print(stderr, "\r");
    if (broken) broken->close();
    for (const std::string& n : notes)
        note(s.source, fmt::format("{} cannot be written in {}: dropped", n, s.to ? s.to->name : "pgn"));
    if (splitter.error()) {
        fmt::print(stderr, "{}\n", splitter.error()->format(s.source));
        throw Exit{kIoError};
    }
    return totals;
}

std::string source_name(const std::string& path, const std::string* text, const SourceOptions& source) {
    if (source.input.text_given) return "<text>";
    if (text || path.empty() || path == "-") return "<stdin>";
    return path;
}

}  // namespace

void PgnOptions::add_to(CLI::App& command, bool for_convert) {
    command.add_option("--threads", threads, "PGN: read games on N threads (output keeps the input order)")
        ->check(CLI::Range(1, 64))
        ->option_text("N");
    command
        .add_option("--keep-broken", keep_broken, "PGN: write the text of every game with an error to FILE")
        ->option_text("FILE");
    if (!for_convert) return;
    command.add_flag("--no-comments", no_comments, "PGN output: drop comments");
    command.add_flag("--no-nags", no_nags, "PGN output: drop NAGs");
    command.add_flag("--no-variations", no_variations, "PGN output: drop variations");
}

int convert_pgn(const SourceOptions& source, const std::string& path, const std::string* text,
                const formats::Format& to, const formats::WriteOptions& write, const PgnOptions& options,
                Output& out) {
    Settings s{Job::convert, &to, source.choice(), write, &options, source_name(path, text, source)};
    const Totals totals = run(path, text, s, out);
    if (totals.games == 0) {
        fmt::print(stderr, "{}: error: no PGN game in the input\n", s.source);
        return kInvalidInput;
    }
    return totals.errors ? kInvalidInput : kOk;
}

int validate_pgn(const SourceOptions& source, const std::string& path, const std::string* text,
                 const PgnOptions& options, Output& out, bool name_source) {
    const Settings s{Job::validate, nullptr, {}, {}, &options, source_name(path, text, source)};
    const Totals totals = run(path, text, s, out);
    if (totals.errors) {
        fmt::print(stderr, "{}: {} of {} games have errors ({} errors)\n", s.source, totals.broken,
                   totals.games, totals.errors);
        return kInvalidInput;
    }
    if (totals.games == 0) {
        fmt::print(stderr, "{}: error: no PGN game in the input\n", s.source);
        return kInvalidInput;
    }
    out.write(fmt::format("{}ok: {} games\n", name_source ? s.source + ": " : "", totals.games));
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
    options->pgn.add_to(*stats, false);
    options->output.add_to(*stats);
    return [stats, options]() -> int {
        if (!stats->parsed()) return -1;
        const SourceOptions& in = options->source;
        const std::string* text = in.input.text_given ? &in.input.text : nullptr;
        const std::string path = in.input.paths.empty() ? "-" : in.input.paths.front();
        const Settings s{Job::stats, nullptr, {}, {}, &options->pgn, source_name(path, text, in)};
        check_output_is_not_input(options->output, in.input);
        Output out(options->output);
        const Totals t = run(path, text, s, out);
        out.write(
            fmt::format("games: {}\nplies: {} (main lines)\nvariations: {}\ncomments: {}\nnags: {}\n"
                        "results: 1-0 {}, 0-1 {}, 1/2-1/2 {}, * {}, none {}\nerrors: {} in {} games\n",
                        t.games, t.plies, t.variations, t.comments, t.nags, t.results[0], t.results[1],
                        t.results[2], t.results[3], t.results[4], t.errors, t.broken));
        out.close();
        return t.errors ? kInvalidInput : kOk;
    };
}

}  // namespace kifu::cli
