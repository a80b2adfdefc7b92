#include "pgn_commands.hpp"

#include <unistd.h>

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
    Format to = Format::pgn;
    const PgnOptions* options = nullptr;
    std::string source;
};

std::string position_text(Format to, const chess::Position& p) {
    switch (to) {
        case Format::shredder:
            return chess::write_fen(p, {.castling = chess::CastlingNotation::shredder}) + "\n";
        case Format::epd:
            return chess::write_epd(p, {}) + "\n";
        case Format::txt:
            return chess::render_diagram(p) + "\n";
        default:
            return chess::write_fen(p) + "\n";
    }
}

BatchOutput run_batch(const Batch& batch, const Settings& s) {
    BatchOutput out;
    const PgnOptions& o = *s.options;
    const chess::PgnWriteOptions write{
        .comments = !o.no_comments, .nags = !o.no_nags, .variations = !o.no_variations};
    chess::GameBuilder builder;
    CountingVisitor counter(out.totals);
    for (const PgnGameText& g : batch.games) {
        const std::uint64_t errors_before = out.totals.errors;
        if (s.job == Job::stats) {
            chess::read_pgn_game(g, counter);
        } else {
            chess::read_pgn_game(g, builder);
            const chess::Game game = builder.take();
            ++out.totals.games;  // convert and validate need only the games and their errors
            out.totals.errors += game.errors.size();
            for (const Error& e : game.errors) {
                Error shown = e;
                shown.message = fmt::format("game {}: {}", g.index + 1, e.message);
                out.errors += shown.format(s.source);
                out.errors += '\n';
            }
            if (s.job == Job::convert) {
                if (s.to == Format::pgn) {
                    chess::append_pgn(out.text, game, write);
                } else if (s.to == Format::jsonl) {
                    chess::append_game_json(out.text, game);
                } else {
                    const std::vector<chess::NodeId> line = game.main_line();
                    const std::size_t plies =
                        o.ply < 0 ? line.size()
                                  : std::min<std::size_t>(line.size(), static_cast<std::size_t>(o.ply));
                    out.text +=
                        position_text(s.to, plies == 0 ? game.start : game.position_after(line[plies - 1]));
                }
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

class Output {
  public:
    explicit Output(const std::string& path) {
        if (path.empty() || path == "-") {
            file_ = stdout;
        } else {
            file_ = std::fopen(path.c_str(), "wb");
            owned_ = true;
            if (!file_) fail(kIoError, fmt::format("cannot write {}", path));
        }
        name_ = path;
    }
    ~Output() {
        if (owned_) std::fclose(file_);
    }
    void write(std::string_view text) {
        if (!text.empty() && std::fwrite(text.data(), 1, text.size(), file_) != text.size())
            fail(kIoError, fmt::format("cannot write {}", name_.empty() ? "standard output" : name_));
    }

  private:
    std::FILE* file_ = nullptr;
    bool owned_ = false;
    std::string name_;
};

Totals run(const PositionInputOptions& input, const std::string* text, const Settings& s, Output& out) {
    std::unique_ptr<ByteSource> source;
    if (text) {
        source = memory_byte_source(*text);
    } else {
        const std::string path = input.input.path.empty() ? "-" : input.input.path;
        if (path == "-" && isatty(STDIN_FILENO))
            fail(kUsage, "no input: give INPUT (a file or '-' for standard input) or --text (see --help)");
        auto opened = open_byte_source(path);
        if (!opened) {
            fmt::print(stderr, "{}: error: {}\n", path, opened.error().message);
            throw Exit{kIoError};
        }
        source = std::move(*opened);
    }
    std::unique_ptr<Output> broken;
    if (!s.options->keep_broken.empty()) broken = std::make_unique<Output>(s.options->keep_broken);
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
    if (splitter.error()) {
        fmt::print(stderr, "{}\n", splitter.error()->format(s.source));
        throw Exit{kIoError};
    }
    return totals;
}

std::string source_name(const PositionInputOptions& input, const std::string* text) {
    if (input.input.text_given) return "<text>";
    if (text || input.input.path.empty() || input.input.path == "-") return "<stdin>";
    return input.input.path;
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
    command.add_option("--ply", ply, "PGN to a position: after N plies of the main line (default: its end)")
        ->check(CLI::NonNegativeNumber)
        ->option_text("N");
    command.add_flag("--no-comments", no_comments, "PGN output: drop comments");
    command.add_flag("--no-nags", no_nags, "PGN output: drop NAGs");
    command.add_flag("--no-variations", no_variations, "PGN output: drop variations");
}

bool is_pgn_request(const PositionInputOptions& options) {
    if (options.from == "pgn") return true;
    if (!options.from.empty() || options.input.text_given) return false;
    std::string p = options.input.path;
    for (char& c : p) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string_view name = p;
    return name.ends_with(".pgn") || name.ends_with(".pgn.gz") || name.ends_with(".pgn.zst");
}

int convert_pgn(const PositionInputOptions& input, const std::string* text, Format to,
                const PgnOptions& options, const OutputOptions& output) {
    if (to == Format::hen || to == Format::hen_url || to == Format::sgf) {
        report(Error{ErrorCode::unsupported, 0, 0, 0,
                     "a chess game can be written as pgn, jsonl, fen, xfen, shredder, epd or txt"},
               source_name(input, text));
        return kInvalidInput;
    }
    const Settings s{Job::convert, to, &options, source_name(input, text)};
    Output out(output.path);
    const Totals totals = run(input, text, s, out);
    return totals.errors ? kInvalidInput : kOk;
}

int validate_pgn(const PositionInputOptions& input, const std::string* text, const PgnOptions& options,
                 const OutputOptions& output) {
    const Settings s{Job::validate, Format::pgn, &options, source_name(input, text)};
    Output out(output.path);
    const Totals totals = run(input, text, s, out);
    if (totals.errors) {
        fmt::print(stderr, "{} of {} games have errors ({} errors)\n", totals.broken, totals.games,
                   totals.errors);
        return kInvalidInput;
    }
    out.write(fmt::format("ok: {} games\n", totals.games));
    return kOk;
}

Run add_pgn_command(CLI::App& app) {
    struct Options {
        PositionInputOptions source;
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
    options->source.input.add_to(*stats, "the PGN");
    options->pgn.add_to(*stats, false);
    options->output.add_to(*stats);
    return [stats, options]() -> int {
        if (!stats->parsed()) return -1;
        PositionInputOptions in = options->source;
        const std::string* text = in.input.text_given ? &in.input.text : nullptr;
        const Settings s{Job::stats, Format::pgn, &options->pgn, source_name(in, text)};
        Output out(options->output.path);
        const Totals t = run(in, text, s, out);
        out.write(
            fmt::format("games: {}\nplies: {} (main lines)\nvariations: {}\ncomments: {}\nnags: {}\n"
                        "results: 1-0 {}, 0-1 {}, 1/2-1/2 {}, * {}, none {}\nerrors: {} in {} games\n",
                        t.games, t.plies, t.variations, t.comments, t.nags, t.results[0], t.results[1],
                        t.results[2], t.results[3], t.results[4], t.errors, t.broken));
        return t.errors ? kInvalidInput : kOk;
    };
}

}  // namespace kifu::cli
