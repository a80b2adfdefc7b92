// kifu index, kifu search, kifu explore: the position index over collections
// (kifu/index/index.hpp, docs/index.md).

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <limits>
#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "filter_options.hpp"
#include "formats.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/index/chess_scan.hpp"
#include "kifu/index/export.hpp"
#include "kifu/index/index.hpp"
#include "kifu/index/json.hpp"
#include "kifu/index/pattern.hpp"

namespace kifu::cli {
namespace {

using index::Outcome;

// Opens an index or exits 3.
index::Database open_index(const std::string& path, bool create) {
    Result<index::Database> db = index::Database::open(path, create);
    if (!db) fail(kIoError, db.error().message);
    return std::move(*db);
}

// --- kifu search / explore: the query and its filters ---------------------------------------

struct QueryOptions {
    std::string db;
    std::vector<std::string> paths;
    std::optional<std::string> position;
    std::string from;
    std::optional<std::size_t> ply;
    std::string node;
    std::optional<std::size_t> game_index;
    std::string colours = "same";
    bool colours_given = false;
    FilterOptions filters;  // --where, --date, --result, --player, --rating
    bool unique = false;
    bool json = false;
    OutputOptions output;

    void add_to(CLI::App& command) {
        command.add_option("DB", db, "the index (made by 'kifu index')")->required();
        command.add_option("INPUT", paths, "a record or position file ('-': standard input)");
        command
            .add_option("--position", position,
                        "the position inline: FEN, HEN, SFEN, xiangqi FEN, FEEN, or a record (with --ply)")
            ->option_text("NOTATION");
        command.add_option("--from", from,
                           "the notation's format (detected when omitted; see 'kifu formats')");
        command
            .add_option("--ply", ply,
                        "a record: the position after N plies of the main line (default: its end)")
            ->check(at_least(0))
            ->option_text("N")
            ->excludes(command.add_option(
                "--node", node, "a record: the position at a node path (as 'kifu tree' prints them)"));
        command.add_option("--game-index", game_index, "a collection: which game, counting from 1")
            ->check(CLI::PositiveNumber)
            ->option_text("N");
        command.add_option("--colours", colours, "Go: 'same' (default) or 'any' (colours swapped too)")
            ->check(CLI::IsMember({"same", "any"}))
            ->each([this](const std::string&) { colours_given = true; });
        filters.add_to(command);
        command.add_flag("--unique", unique,
                         "one game of each set of duplicates (the same moves; Go up to symmetry and colours: "
                         "what kifu dedupe keeps), the first indexed");
        command.add_flag("--json", json, "one JSON object instead of text");
        output.add_to(command);
    }
    // The first option given that names a position or a place in a record, or nullptr.
    const char* position_option() const {
        if (position) return "--position";
        if (!paths.empty()) return "INPUT";
        if (ply) return "--ply";
        if (!node.empty()) return "--node";
        if (game_index) return "--game-index";
        if (!from.empty()) return "--from";
        return nullptr;
    }
    // Refuses (exit 3) an -o FILE that is the index or the query's record.
    void check_output() const {
        if (output.path.empty() || output.path == "-") return;
        check_not_an_input("-o", output.path, std::span(&db, 1), "the index");
        check_not_an_input("-o", output.path, paths);
    }
};

index::Filter parse_filter(const QueryOptions& o) {
    index::Filter f;
    static_cast<formats::GameFilter&>(f) = o.filters.filter();
    f.unique = o.unique;
    return f;
}

constexpr std::string_view kNothingToSearch =
    "nothing to search for: give a position (--position, INPUT or standard input), --pattern, --material "
    "or --sub-fen, or filters (--where, --date, --result, --player, --rating, --unique)";
constexpr std::string_view kNoPositionToExplore =
    "no position: give --position NOTATION, INPUT or a position on standard input (run 'kifu explore "
    "--help')";

// The position the query names, read as every command reads a notation: a text every game
// reads alike ("startpos") is read as the index's game when it holds one.
index::PositionQuery read_query(const QueryOptions& o, index::Database& db, std::string_view no_position) {
    SourceOptions source;
    source.from = o.from;
    source.ply = o.ply;
    source.node = o.node;
    source.game_index = o.game_index;
    if (o.position) {
        if (!o.paths.empty()) fail(kUsage, "give the position with --position or as INPUT, not both");
        source.input.text = *o.position;
        source.input.text_given = true;
    } else {
        if (o.paths.empty() && isatty(STDIN_FILENO)) fail(kUsage, no_position);
        if (o.paths.size() > 1) fail(kUsage, "one position at a time: give one INPUT");
        source.input.paths = o.paths;
    }
    const std::vector<std::string> sources = source.input.sources();
    Input in = read_input(source.input, sources.front());
    if (o.position) in.source = "<position>";
    if (!o.position && o.paths.empty() && in.text.find_first_not_of(" \t\r\n") == std::string::npos)
        fail(kUsage, no_position);
    const Result<std::vector<formats::Game>> held = db.games_held();
    const formats::Game game = held && held->size() == 1 ? held->front() : formats::Game::any;
    const formats::Format& from = input_format(in, source, game);
    Result<formats::Document> document = from.read(in.text, source.read_options());
    if (!document) {
        report(document.error(), in.source);
        throw Exit{kInvalidInput};
    }
    if (formats::is_record(*document)) {
        Result<formats::Document> at =
            formats::position_at(std::move(*document), source.choice(), source.read_options());
        if (!at) {
            report(at.error(), in.source);
            throw Exit{kInvalidInput};
        }
        document = std::move(at);
    } else if (source.chooses_node()) {
        not_applicable(o.ply             ? "--ply"
                       : !o.node.empty() ? "--node"
                                         : "--game-index",
                       fmt::format("the input is a position ({}), not a record", from.name));
    }
    Result<index::PositionQuery> q = index::position_query(std::move(*document));
    if (!q) {
        report(q.error(), in.source);
        throw Exit{kInvalidInput};
    }
    if (o.colours_given && !formats::symmetric_keys(q->game))
        not_applicable("--colours",
                       "it is for Go positions (chess, shogi and xiangqi colours are part of the position)");
    q->any_colours = o.colours == "any";
    q->filter = parse_filter(o);
    return std::move(*q);
}

std::string game_line(const index::GameSummary& g) {
    std::string players =
        g.first.empty() && g.second.empty() ? "?" : fmt::format("{} - {}", g.first, g.second);
    std::string line = g.at_position
                           ? fmt::format("{} game {} (ply {}): {}", g.file, g.number, g.ply, players)
                           : fmt::format("{} game {} ({} plies): {}", g.file, g.number, g.plies, players);
    for (const std::string* part : {&g.date, &g.event, &g.result, &g.opening})
        if (!part->empty() && *part != "?") line += ", " + *part;
    if (formats::symmetric_keys(g.game) && g.symmetry != 0)
        line += fmt::format(" [symmetry {}{}]", g.symmetry & 7,
                            index::swaps_colours(g.symmetry) ? ", colours swapped" : "");
    return line;
}

void query_io_error(const Error& e) {
    fail(kIoError, e.message);
}

}  // namespace

Run add_index_command(CLI::App& app) {
    struct Options {
        std::string db;
        std::vector<std::string> files;
        unsigned threads = 1;
        bool merge = false;
        bool check = false;
        std::size_t max_postings_m = 8;
        OpeningsOption openings;
    };
    auto o = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "index", "Build or extend a position index (SQLite) over collections of records, of every game");
    // The formats it reads, from the registry: every record format that reads.
    std::string records;
    for (const formats::Format& f : formats::all_formats())
        if (f.kind == formats::Kind::record && f.can_read())
            records +=
                fmt::format("{}{} ({})", records.empty() ? "" : ", ", f.name, formats::to_string(f.game));
    command->footer(fmt::format(
        "Reads records of these formats: {}; compressed or not (gzip, zstd, bzip2, xz), directories of them "
        "and "
        "tar or zip archives. Games already in the index are not added again; copies of indexed games are "
        "reported.\nExamples:\n  kifu index games.db twic1500.pgn.gz\n  kifu index go.db pro-games/ "
        "--threads "
        "2\n  kifu index --merge all.db part1.db part2.db",
        records));
    command->add_option("DB", o->db, "the index (created when missing; with --merge: the new index)")
        ->required();
    CLI::Option* files =
        command->add_option("FILE", o->files, "records, directories or archives (with --merge: the indexes)");
    command->add_option("--threads", o->threads, "threads reading games (default 1)")
        ->check(CLI::Range(1u, 256u))
        ->option_text("N");
    command->add_flag("--merge", o->merge,
                      "merge indexes built apart into a new index DB, in the order given");
    command
        ->add_flag(
            "--check", o->check,
            "check the index DB (SQLite's integrity check, its tables): 'ok', or each problem (exit 1)")
        ->excludes(files)
        ->excludes("--merge");
    command
        ->add_option("--memory", o->max_postings_m, "millions of postings held before a chunk is written (8)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1024}))
        ->option_text("M");
    o->openings.add_to(*command);
    return [command, o]() -> int {
        if (!command->parsed()) return -1;
        if (o->check) {
            Result<std::vector<std::string>> problems = index::check(o->db);
            if (!problems) fail(kIoError, problems.error().message);
            if (problems->empty()) std::fputs(for_terminal(stdout, o->db + ": ok\n").c_str(), stdout);
            for (const std::string& p : *problems)
                fmt::print(stderr, "{}\n", visible_text(fmt::format("{}: error: {}", o->db, p)));
            return problems->empty() ? kOk : kInvalidInput;
        }
        if (o->files.empty()) fail(kUsage, "FILE is required: the records to index (or --check DB)");
        index::IndexOptions options;
        options.threads = o->threads;
        options.max_postings = o->max_postings_m << 20;
        if (o->merge && o->openings.given())
            not_applicable("--openings", "merging copies indexes; it reads no games");
        options.openings = o->openings.books();
        const bool progress = isatty(STDERR_FILENO) != 0;
        auto last = std::chrono::steady_clock::now();
        if (progress)
            options.progress = [&](const index::Progress& p) {
                // A stage (writing, once the inputs are read) shows at once; reading, now and then.
                if (p.stage.empty() &&
                    std::chrono::steady_clock::now() - last < std::chrono::milliseconds(300))
                    return;
                last = std::chrono::steady_clock::now();
                if (!p.stage.empty())
                    show_progress(fmt::format("{}: {}", counted(p.games, "game"), p.stage));
                else
                    show_progress(fmt::format("{}, {:.1f} MB: {}", counted(p.games, "game"),
                                              static_cast<double>(p.bytes) / 1e6, visible_text(p.file)));
            };
        check_not_an_input(o->merge ? "--merge" : "DB", o->db, o->files);
        const auto started = std::chrono::steady_clock::now();
        Result<index::IndexReport> report = [&]() -> Result<index::IndexReport> {
            if (o->merge) {
                if (o->threads != 1) not_applicable("--threads", "merging copies indexes; it reads no games");
                return index::merge(o->db, o->files, options);
            }
            index::Database db = open_index(o->db, true);
            return db.add(o->files, options);
        }();
        clear_progress();
        if (!report) fail(kIoError, report.error().message);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::string messages;
        for (const std::string& m : report->messages) messages += m + '\n';
        report_lines(o->db, messages);
        index::Database db = open_index(o->db, false);
        Result<index::DatabaseStats> stats = db.stats();
        if (!stats) query_io_error(stats.error());
        std::string summary =
            o->merge ? fmt::format("merged {} {}: {} added, {} left out\n", thousands(report->files),
                                   report->files == 1 ? "index" : "indexes", counted(report->added, "game"),
                                   counted(report->duplicates, "copy"))
                     : fmt::format(
                           "read {} ({} plies added) from {}, {:.1f} MB in {:.2f} s: {} added, {} already "
                           "indexed, "
                           "{} copies, {} broken\n",
                           counted(report->games, "game"), thousands(report->plies),
                           counted(report->files, "file"), static_cast<double>(report->bytes) / 1e6, seconds,
                           thousands(report->added), thousands(report->known), thousands(report->duplicates),
                           thousands(report->broken));
        summary += fmt::format("{}: {} games, {} positions indexed, {:.1f} MB ({} bytes a game)\n", o->db,
                               thousands(stats->games), thousands(stats->postings),
                               static_cast<double>(stats->bytes) / 1e6,
                               stats->games ? thousands(stats->bytes / stats->games) : "0");
        std::fputs(for_terminal(stdout, summary).c_str(), stdout);
        if (std::fflush(stdout) != 0) return errno == EPIPE ? kOk : kIoError;
        return report->broken > 0 ? kInvalidInput : kOk;
    };
}

std::string search_text(const index::SearchResult& r, std::size_t offset) {
    std::string text = counted(r.count, "game") + "\n";
    for (const index::GameSummary& g : r.games) text += "  " + game_line(g) + "\n";
    if (r.count > offset + r.games.size())
        text += fmt::format("  ... {} more (--offset {})\n", thousands(r.count - offset - r.games.size()),
                            offset + r.games.size());
    return text;
}

// --export's FORMAT: a text format kifu writes (a stream of games cannot be binary).
const formats::Format& export_format(std::string_view name) {
    const formats::Format* f = formats::find_format(name);
    std::vector<std::string_view> names{"source"};
    for (const formats::Format& each : formats::all_formats())
        if (each.can_write() && !each.takes(formats::kBinary)) names.push_back(each.name);
    if (!f || !f->can_write() || f->takes(formats::kBinary)) {
        const std::string_view near = formats::nearest_name(name, names);
        fail(kUsage, fmt::format("--export {}: {}{}; give one of {}", name,
                                 !f                ? "no such format"
                                 : !f->can_write() ? "kifu reads this format but does not write it"
                                                   : "a binary format holds one game a file",
                                 near.empty() || near == name ? std::string{}
                                                              : fmt::format(" (did you mean {}?)", near),
                                 fmt::join(names, ", ")));
    }
    return *f;
}

// Writes the games found (index/export.hpp) to the output; a game that cannot be read again
// or written is reported with its file and number, and the others are written (exit 1).
int export_found(const index::SearchResult& found, const formats::Format* to, const OutputOptions& output) {
    const std::string* checked = nullptr;  // the file asked last: a file's games mostly come together
    for (const index::GameSummary& g : found.games) {
        if (output.path.empty() || output.path == "-" || g.file == "<stdin>" ||
            (checked && *checked == g.file))
            continue;
        checked = &g.file;
        if (same_file(output.path, g.file))
            fail(kIoError, fmt::format("-o {} is {}, a file of the games found: it is not overwritten",
                                       output.path, g.file));
    }
    Output out(output);
    int status = kOk;
    std::size_t written = 0;
    const Result<void> done =
        index::export_games(found.games, to, {}, [&](index::ExportedGame&& game) -> Result<void> {
            const std::string source = fmt::format("{} (game {})", game.summary->file, game.summary->number);
            if (game.written.error) {
                report(*game.written.error, source);
                status = kInvalidInput;
                return {};
            }
            if (!to && game.format && game.source_format && game.format != game.source_format)
                note(source,
                     fmt::format("written as {}: {}", game.format->name,
                                 game.source_format->can_write()
                                     ? fmt::format("{} is binary, a game a file", game.source_format->name)
                                     : fmt::format("kifu does not write {}", game.source_format->name)));
            for (const std::string& n : game.written.notes)
                note(source, fmt::format("{} cannot be written in {}: dropped", n, game.format->name));
            out.write(game.written.text);
            ++written;
            return {};
        });
    if (!done) {
        report(done.error(), "kifu search");
        throw Exit{done.error().code == ErrorCode::io_error ? kIoError : kInvalidInput};
    }
    out.close();
    if (written < found.games.size() || isatty(STDERR_FILENO))
        note("kifu search",
             fmt::format("{} of {} written", counted(written, "game"), thousands(found.games.size())));
    return status;
}

// kifu search --duplicate-groups: the sets of duplicates among the games the filters pass,
// as text (the first game, then "= " and each other) or JSON (index/json.hpp).
template <class Options>
int duplicate_groups(Options& o, const QueryOptions& q) {
    const char* query = !o.pattern.empty()               ? "--pattern"
                        : !o.material.empty()            ? "--material"
                        : !o.sub_fen.empty()             ? "--sub-fen"
                        : !o.export_as.empty()           ? "--export"
                        : q.position_option()            ? q.position_option()
                        : q.position || !q.paths.empty() ? "INPUT"
                                                         : nullptr;
    if (query) fail(kUsage, fmt::format("{} and --duplicate-groups are two queries: give one", query));
    if (o.threads_given) not_applicable("--threads", "it is for --pattern, --material and --sub-fen");
    if (q.colours_given) not_applicable("--colours", "it is about a position");
    const index::Filter filter = parse_filter(q);
    if (filter.unique) not_applicable("--unique", "--duplicate-groups lists the duplicates it passes over");
    formats::DuplicateRule rule;
    if (!o.rule.empty()) {
        const Result<formats::DuplicateRule> r = formats::parse_duplicate_rule(o.rule);
        if (!r) {
            report(r.error(), "--by");
            throw Exit{kUsage};
        }
        rule = *r;
    }
    q.check_output();
    index::Database db = open_index(q.db, false);
    Result<std::vector<index::DuplicateGroup>> groups = db.duplicate_groups(filter, rule);
    if (!groups) query_io_error(groups.error());
    const std::size_t from = std::min(o.offset, groups->size());
    const std::size_t to = o.limit_given ? std::min(groups->size(), from + o.limit) : groups->size();
    std::string text;
    if (q.json) {
        std::vector<index::DuplicateGroup> page(
            std::make_move_iterator(groups->begin() + static_cast<std::ptrdiff_t>(from)),
            std::make_move_iterator(groups->begin() + static_cast<std::ptrdiff_t>(to)));
        text = index::to_json(page) + "\n";
    } else {
        std::uint64_t others = 0;
        for (const index::DuplicateGroup& g : *groups) others += g.duplicates.size();
        text = fmt::format("{} {} of duplicates ({}): {} beside the first of each\n",
                           thousands(groups->size()), groups->size() == 1 ? "set" : "sets",
                           formats::to_string(rule), counted(others, "game"));
        for (std::size_t i = from; i < to; ++i) {
            text += "  " + game_line((*groups)[i].kept) + "\n";
            for (const index::GameSummary& d : (*groups)[i].duplicates)
                text += "    = " + game_line(d) + "\n";
        }
        if (to < groups->size())
            text += fmt::format("  ... {} more (--offset {})\n", thousands(groups->size() - to), to);
    }
    Output out(q.output);
    out.write(text);
    out.close();
    return kOk;
}

Run add_search_command(CLI::App& app) {
    struct Options {
        QueryOptions query;
        std::size_t limit = 20, offset = 0;
        bool limit_given = false;
        std::string pattern, region, material, sub_fen, export_as, rule;
        unsigned threads = 1;
        bool threads_given = false, duplicate_groups = false;
    };
    auto o = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "search", "Find the games of an index that reach a position, hold a pattern, or pass filters");
    command->footer(
        "A position is found by its key: Go positions in any of the board's orientations (with --colours "
        "any, with colours swapped too). Filters alone (--where, --date, --result, --player, --rating, "
        "--unique) select games without a position. Go patterns (--pattern with --region) and chess material "
        "and sub-FEN are "
        "found by replaying the stored games, on --threads threads.\n"
        "Examples:\n  kifu search games.db --position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq "
        "- 0 1'\n"
        "  kifu search games.db game.pgn --ply 12 --where White=Carlsen --date 2015..\n"
        "  kifu search go.db --pattern '.19x19_..._19' --region D4-A1 --colours any\n"
        "  kifu search games.db --material KRvKR --sub-fen 8/8/8/8/8/8/8/4K3\n"
        "  kifu search games.db --where ECO=B90 --result 1-0\n"
        "  kifu search games.db --player Carlsen --rating 2700.. --unique\n"
        "  kifu search games.db --duplicate-groups --by depth:20 --json");
    o->query.add_to(*command);
    command->add_option("--limit", o->limit, "games listed (default 20; the count is of all)")
        ->option_text("N")
        ->each([o](const std::string&) { o->limit_given = true; });
    command
        ->add_option("--export", o->export_as,
                     "write the games found, read again from their files, as FORMAT ('source': as "
                     "their files hold them) to -o or standard output; every game unless --limit")
        ->option_text("FORMAT");
    command->add_option("--offset", o->offset, "games passed over before the list starts")->option_text("N");
    command
        ->add_option("--pattern", o->pattern,
                     "Go: a HEN position holding a local pattern (marked points: anything); with --region")
        ->option_text("HEN");
    command->add_option("--region", o->region, "Go: the pattern's rectangle in --pattern, two corners: D4-A1")
        ->option_text("A1-D4");
    command->add_option("--material", o->material, "chess: exactly these pieces, White's 'v' Black's: KQRvKR")
        ->option_text("PIECES");
    command
        ->add_option("--sub-fen", o->sub_fen,
                     "chess: a FEN board whose pieces must stand where it shows them")
        ->option_text("BOARD");
    command->add_flag("--duplicate-groups", o->duplicate_groups,
                      "list the sets of duplicates across the index's collections among the games that pass "
                      "the filters: the first game of each, then the others (every set unless --limit)");
    command
        ->add_option("--by", o->rule,
                     "with --duplicate-groups, what makes games duplicates: moves (default), position, "
                     "depth:N (as kifu dedupe --by)")
        ->option_text("RULE");
    command
        ->add_option("--threads", o->threads, "threads replaying games for --pattern, --material, --sub-fen")
        ->check(CLI::Range(1u, 256u))
        ->option_text("N")
        ->each([o](const std::string&) { o->threads_given = true; });
    return [command, o]() -> int {
        if (!command->parsed()) return -1;
        const QueryOptions& q = o->query;
        const bool scan = !o->material.empty() || !o->sub_fen.empty();
        const bool pattern = !o->pattern.empty();
        if (!o->region.empty() && !pattern)
            not_applicable("--region", "it gives the rectangle of a --pattern");
        if (pattern && o->region.empty())
            fail(kUsage, "--pattern needs --region: the rectangle that is the pattern, as D4-A1");
        if (pattern && scan)
            fail(kUsage, "--pattern is Go, --material and --sub-fen chess: give one kind of query");
        if ((pattern || scan) && q.position_option())
            fail(kUsage,
                 "a position (--position or INPUT) and a pattern or material are two queries: give one");
        if (!o->rule.empty() && !o->duplicate_groups)
            not_applicable("--by", "it says what --duplicate-groups takes for duplicates");
        if (o->duplicate_groups) return duplicate_groups(*o, q);
        // No position, pattern or material: the filters alone choose the games (none at all
        // is a usage error, unless the position comes on standard input).
        const index::Filter filter = parse_filter(q);
        const bool position_given = q.position || !q.paths.empty();
        const bool filter_only = !pattern && !scan && !position_given && !filter.empty();
        if (filter_only && (q.position_option() || q.colours_given))
            not_applicable(q.position_option() ? q.position_option() : "--colours",
                           "it is about a position, and the search has none (only filters)");
        if (!pattern && !scan && !position_given && filter.empty() && isatty(STDIN_FILENO))
            fail(kUsage, kNothingToSearch);
        if (o->threads_given && !pattern && !scan)
            not_applicable("--threads",
                           "a position is looked up by its key; threads replay games for --pattern, "
                           "--material and --sub-fen");
        q.check_output();
        const bool exporting = !o->export_as.empty();
        const formats::Format* export_to = nullptr;
        if (exporting) {
            if (q.json) not_applicable("--json", "--export writes the games found, not their list");
            if (o->export_as != "source") export_to = &export_format(o->export_as);
            if (!o->limit_given) o->limit = std::numeric_limits<std::size_t>::max();
        }
        index::Database db = open_index(q.db, false);
        std::string text;
        index::SearchResult found;  // what --export writes
        if (pattern) {
            Result<go::Position> p = go::parse_hen(o->pattern);
            if (!p) {
                report(p.error(), "<pattern>");
                throw Exit{kInvalidInput};
            }
            Result<index::GoPattern> gp = index::go_pattern(*p, o->region);
            if (!gp) {
                report(gp.error(), "<region>");
                throw Exit{kInvalidInput};
            }
            Result<index::PatternResult> r =
                index::search_pattern(db, *gp, filter, q.colours == "any", o->offset, o->limit, o->threads);
            if (!r) query_io_error(r.error());
            index::SearchResult games{r->count, r->games};
            if (exporting) {
                found = std::move(games);
            } else if (q.json) {
                text = index::to_json(*r) + "\n";
            } else {
                text = search_text(games, o->offset);
                text += fmt::format("  {:<10} {:>9} {:>7} {:>7}\n", "next", "games", "B+", "W+");
                for (const index::Continuation& c : r->continuations)
                    text += fmt::format("  {:<10} {:>9} {:>7} {:>7}\n", c.move, thousands(c.count),
                                        thousands(c.black), thousands(c.white));
                text += counted(r->replayed, "game") + " replayed; the prefilters ruled out the others\n";
            }
        } else if (scan) {
            if (q.colours_given) not_applicable("--colours", "it is for Go");
            Result<index::ChessScan> cs = index::chess_scan(o->material, o->sub_fen);
            if (!cs) {
                report(cs.error(), o->material.empty() ? "<sub-fen>" : "<material>");
                throw Exit{kInvalidInput};
            }
            Result<index::SearchResult> r =
                index::search_chess_scan(db, *cs, filter, o->offset, o->limit, o->threads);
            if (!r) query_io_error(r.error());
            found = std::move(*r);
        } else if (filter_only) {
            Result<index::SearchResult> r = db.select(filter, o->offset, o->limit);
            if (!r) query_io_error(r.error());
            found = std::move(*r);
        } else {
            const index::PositionQuery pq = read_query(q, db, kNothingToSearch);
            Result<index::SearchResult> r = db.search(pq, o->offset, o->limit);
            if (!r) query_io_error(r.error());
            found = std::move(*r);
        }
        if (exporting) return export_found(found, export_to, q.output);
        if (!pattern) text = q.json ? index::to_json(found) + "\n" : search_text(found, o->offset);
        Output out(q.output);
        out.write(text);
        out.close();
        return kOk;
    };
}

Run add_explore_command(CLI::App& app) {
    struct Options {
        QueryOptions query;
        std::size_t games = 3;
        OpeningsOption openings;
    };
    auto o = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "explore", "Every move played from a position in an index: how often, how it scored, which games");
    command->footer(
        "Examples:\n  kifu explore games.db --position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "
        "0 1'\n"
        "  kifu explore go.db --position '.19x19_...' --json");
    o->query.add_to(*command);
    command->add_option("--games", o->games, "games listed for each move (default 3)")->option_text("N");
    o->openings.add_to(*command);
    return [command, o]() -> int {
        if (!command->parsed()) return -1;
        o->query.check_output();
        index::Database db = open_index(o->query.db, false);
        const index::PositionQuery q = read_query(o->query, db, kNoPositionToExplore);
        Result<index::ExploreResult> r = db.explore(q, o->games);
        if (!r) query_io_error(r.error());
        if (const formats::OpeningBook* book = o->openings.book(q.game)) index::name_openings(*r, q, *book);
        std::string text;
        if (o->query.json) {
            text = index::to_json(*r) + "\n";
        } else {
            if (!r->opening.empty()) text = fmt::format("opening: {}\n", r->opening);
            text += fmt::format("{} through the position; {} end there\n", counted(r->games, "game"),
                                thousands(r->ended));
            // Scid's tree columns: the mover's average rating and performance, the years.
            const auto known = [](std::uint32_t v) { return v ? std::to_string(v) : std::string("-"); };
            const auto years = [](const index::MoveStats& m) {
                if (m.first_year == 0) return std::string("-");
                return m.first_year == m.last_year ? std::to_string(m.first_year)
                                                   : fmt::format("{}-{}", m.first_year, m.last_year);
            };
            text += fmt::format("  {:<10} {:>9} {:>7} {:>7} {:>7} {:>6} {:>6} {:>6} {:>9}\n", "move", "games",
                                index::to_string(index::Outcome::first, q.game), "draws",
                                index::to_string(index::Outcome::second, q.game), "score", "rating", "perf",
                                "years");
            for (const index::MoveStats& m : r->moves) {
                text += fmt::format("  {:<10} {:>9} {:>7} {:>7} {:>7} {:>5.1f}% {:>6} {:>6} {:>9}{}\n",
                                    m.move, thousands(m.count), thousands(m.first), thousands(m.draws),
                                    thousands(m.second), m.score * 100, known(m.rating), known(m.performance),
                                    years(m), m.opening.empty() ? std::string() : "  " + m.opening);
                for (const index::GameSummary& g : m.games) text += "      " + game_line(g) + "\n";
            }
        }
        Output out(o->query.output);
        out.write(text);
        out.close();
        return kOk;
    };
}

}  // namespace kifu::cli
