// kifu convert: any input format of the registry to any output format that can hold it.

#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "dedupe.hpp"
#include "filter_options.hpp"
#include "formats.hpp"
#include "kifu/formats/duplicates.hpp"
#include "kifu/formats/table.hpp"
#include "kifu/formats/write.hpp"
#include "pgn_commands.hpp"

namespace kifu::cli {
namespace {

struct ConvertOptions {
    SourceOptions source;
    PgnOptions pgn;
    OutputOptions output;
    std::string to;
    OpeningsOption openings;
    DuplicateOptions duplicates;  // --unique, --duplicates, --groups
    FilterOptions filters;        // --where, --date, --result, --player, --rating
    // The write options (formats/options.hpp), one a row of its table, as given.
    OptionValues<formats::WriteOptions> write_values;
};

// The write options given; Shift_JIS too for an -o FILE that is .kif or .ki2 when no
// --encoding is (the files Kifu for Windows writes in Shift_JIS; .kifu and .ki2u are their
// UTF-8 forms).
formats::WriteOptions write_options(const ConvertOptions& o, const formats::Format& to) {
    formats::WriteOptions out = o.write_values.collect(formats::set_write_option);
    const auto given = [&](std::string_view name) {
        for (const auto& v : o.write_values.values)
            if (v.spec->name == name) return v.given();
        return false;
    };
    const std::string& path = o.output.path;
    if (!given("encoding") && to.takes(formats::kEncoding) &&
        (path.ends_with(".kif") || path.ends_with(".ki2")))
        out.shift_jis = true;
    return out;
}

void check_write_options(const formats::Format& to, const ConvertOptions& o) {
    for (const auto& v : o.write_values.values)
        if (v.given() && !to.takes(v.spec->applies))
            not_applicable(formats::cli_flag(v.spec->name, v.spec->kind),
                           fmt::format("it is for {}, and --to is {}", v.spec->applies_to, to.name));
}

// A table format's header (CSV's column names), written once before the first input's games
// and before the first duplicate's; the columns are fixed there, by the first input's game,
// for every input after it (formats/table.hpp).
class TableStart {
  public:
    TableStart(const formats::Format& to, formats::WriteOptions& write) : to_(to), write_(write) {}
    void before(formats::Game game, Output& out, Deduplication* dedupe) {
        if (!to_.header || started_) return;
        started_ = true;
        write_.columns = formats::table_columns(game, write_);
        const std::string header = to_.header(game, write_);
        out.write(header);
        if (dedupe) dedupe->begin_duplicates(header);
    }

  private:
    const formats::Format& to_;
    formats::WriteOptions& write_;
    bool started_ = false;
};

// Refuses (exit 2) the PGN stream's options for an input of another format.
void check_streaming_options(const PgnOptions& pgn, const formats::Format& from) {
    if (!pgn.streaming_given().empty() && !from.takes(formats::kStreams))
        not_applicable(pgn.streaming_given(),
                       fmt::format("it is for PGN input, and the input is {}", from.name));
}

// The games of a record (or a position) written as `to` (formats/write.hpp). Returns the
// exit code.
int write_games(const formats::Document& doc, const formats::Format& to, const SourceOptions& s,
                const formats::WriteOptions& write, const Input& in, Output& out);

// The same, a game that duplicates an earlier one (by `dedupe`'s rule) going to its
// --duplicates instead: the record split in two, each written as a whole (an SGF collection
// stays one collection).
int write_unique_games(const formats::Document& doc, const formats::Format& to, const SourceOptions& s,
                       const formats::WriteOptions& write, const Input& in, Deduplication& dedupe,
                       Output& out) {
    dedupe.begin_input(in.source);
    const std::vector<std::uint64_t> keys = formats::duplicate_keys(doc, dedupe.rule());
    std::optional<formats::Document> kept, duplicates;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        std::optional<formats::Document>& into =
            dedupe.keep(keys[i], static_cast<std::uint32_t>(i + 1), 0) ? kept : duplicates;
        if (into)
            formats::append_game(doc, i, *into);
        else
            into = formats::game_alone(doc, i);
    }
    if (duplicates)
        for (const formats::Written& w :
             formats::write_document(*duplicates, to, s.choice(), s.chooses_node(), true, s.read_options(),
                                     write, formats::LineEnd::added, formats::TableHeader::left_out))
            if (!w.error) dedupe.write_duplicate(w.text);
    return kept ? write_games(*kept, to, s, write, in, out) : kOk;
}

int write_games(const formats::Document& doc, const formats::Format& to, const SourceOptions& s,
                const formats::WriteOptions& write, const Input& in, Output& out) {
    // A record written as a position format shows one of its positions, one a game of a
    // collection unless --game-index picks one (formats/write.hpp).
    const std::vector<formats::Written> written =
        formats::write_document(doc, to, s.choice(), s.chooses_node(), !s.game_index, s.read_options(), write,
                                formats::LineEnd::added, formats::TableHeader::left_out);
    int status = kOk;
    for (const formats::Written& w : written) {
        if (w.error && w.choice_failed) {
            // The error is about the choice (a node path's column, a move past the end).
            const std::string where = !s.node.empty() ? "--node"
                                      : s.move        ? "--move"
                                      : s.ply         ? "--ply"
                                      : s.game_index  ? "--game-index"
                                                      : in.source;
            report(*w.error, written.size() > 1
                                 ? fmt::format("{} (game {} of {})", where, w.game + 1, written.size())
                                 : where);
            status = kInvalidInput;
            continue;
        }
        report_warnings(w.warnings, in.source);
        if (w.error) {
            report(*w.error, in.source);
            status = kInvalidInput;
            continue;
        }
        for (const std::string& n : w.notes)
            note(in.source, fmt::format("{} cannot be written in {}: dropped", n, to.name));
        out.write(w.text);
    }
    return status;
}

// The games of a record that pass the filters, the others dropped, the count said on
// standard error; false when none passes.
bool filter_games(formats::Document& doc, const formats::GameFilter& filter, const std::string& source) {
    const std::size_t count = formats::game_count(doc);
    const std::vector<std::size_t> passing = formats::passing_games(doc, filter);
    fmt::print(stderr, "{}: {} of {} games pass the filters\n", source, passing.size(), count);
    if (passing.empty()) return false;
    if (passing.size() == count) return true;
    formats::Document kept = formats::game_alone(doc, passing.front());
    for (std::size_t i = 1; i < passing.size(); ++i) formats::append_game(doc, passing[i], kept);
    doc = std::move(kept);
    return true;
}

// One input (a file, or an archive's entry read whole) converted; returns its exit code.
int convert_one(const ConvertOptions& o, const formats::Format& to, const formats::WriteOptions& write,
                TableStart& table, const std::string& path, const Input* entry, Deduplication* dedupe,
                const formats::GameFilter* filter, Output& out) {
    if (!entry && streams_pgn(o.source, path)) {
        check_read_options(*formats::find_format("pgn"), o.source);
        table.before(formats::Game::chess, out, dedupe);
        return convert_pgn(o.source, path, nullptr, to, write, o.pgn, o.openings.book(formats::Game::chess),
                           dedupe, filter, out);
    }
    const Input in = entry ? *entry : read_input(o.source.input, path);
    const formats::Format& from = input_format(in, o.source, to.game);
    check_streaming_options(o.pgn, from);
    if (o.openings.given() && from.kind == formats::Kind::position)
        not_applicable("--openings",
                       fmt::format("it names the games of a record, and the input is {}", from.name));
    if (dedupe && from.kind == formats::Kind::position)
        not_applicable("--unique",
                       fmt::format("it compares the games of a record, and the input is {}", from.name));
    if (filter && from.kind == formats::Kind::position)
        not_applicable(o.filters.first_given(),
                       fmt::format("it selects games of a record, and the input is {}", from.name));
    if (from.takes(formats::kStreams)) {
        table.before(from.game, out, dedupe);
        return convert_pgn(o.source, in.path, &in.text, to, write, o.pgn, o.openings.book(from.game), dedupe,
                           filter, out);
    }
    std::optional<formats::Document> doc = read_document(in, from, o.source);
    if (!doc) return kInvalidInput;
    table.before(formats::game_of(*doc), out, dedupe);
    if (const formats::OpeningBook* book = o.openings.book(from.game))
        (void)formats::name_openings(*doc, *book);
    if (filter && !filter_games(*doc, *filter, in.source)) return kOk;
    return dedupe ? write_unique_games(*doc, to, o.source, write, in, *dedupe, out)
                  : write_games(*doc, to, o.source, write, in, out);
}

// kifu dedupe: one input's games written in its own format, the first of each key only; a
// PGN stream's games as their text is (nothing rewritten). `first` is the first input's
// format: every input must have it, for one output.
int dedupe_one(const ConvertOptions& o, const std::string& path, const Input* entry, Deduplication& dedupe,
               const formats::Format*& first, Output& out) {
    const auto same_format = [&](const formats::Format& format) {
        if (!first) first = &format;
        if (first != &format)
            fail(kUsage, fmt::format("the inputs are {} and {}: kifu dedupe writes one format (kifu convert "
                                     "--unique --to FORMAT writes any)",
                                     first->name, format.name));
    };
    if (!entry && streams_pgn(o.source, path)) {
        same_format(*formats::find_format("pgn"));
        check_read_options(*formats::find_format("pgn"), o.source);
        return dedupe_pgn(o.source, path, nullptr, o.pgn, o.openings.book(formats::Game::chess), dedupe, out);
    }
    const Input in = entry ? *entry : read_input(o.source.input, path);
    const formats::Format& from = input_format(in, o.source, formats::Game::any);
    if (from.kind == formats::Kind::position)
        fail(kUsage, fmt::format("{}: kifu dedupe compares the games of records, and the input is {}",
                                 in.source, from.name));
    check_streaming_options(o.pgn, from);
    if (!from.can_write())
        fail(kUsage,
             fmt::format("{}: kifu writes no {}: kifu convert --unique --to FORMAT writes its games in "
                         "another format",
                         in.source, from.name));
    same_format(from);
    if (from.takes(formats::kStreams))
        return dedupe_pgn(o.source, in.path, &in.text, o.pgn, o.openings.book(from.game), dedupe, out);
    std::optional<formats::Document> doc = read_document(in, from, o.source);
    if (!doc) return kInvalidInput;
    if (const formats::OpeningBook* book = o.openings.book(from.game))
        (void)formats::name_openings(*doc, *book);
    return write_unique_games(*doc, from, o.source, {}, in, dedupe, out);
}

}  // namespace

Run add_dedupe_command(CLI::App& app) {
    auto options = std::make_shared<ConvertOptions>();
    CLI::App* command = app.add_subcommand(
        "dedupe", "Write the games of collections without their duplicates: the first of each set is kept");
    command->footer(
        "The games are written in their inputs' format (a PGN game as its text is), every input of one "
        "format; 'kifu convert --unique --to FORMAT' converts them too. Counts go to standard error; "
        "docs/duplicates.md says what each rule compares.\nExamples:\n"
        "  kifu dedupe games.pgn more.pgn.zst -o unique.pgn --duplicates copies.pgn\n"
        "  kifu dedupe --by depth:30 --groups groups.jsonl games.pgn -o unique.pgn\n"
        "  kifu dedupe --by position go/*.sgf -o unique.sgf\n"
        "  kifu dedupe --openings installed games.pgn -o named-unique.pgn");
    options->source.add_to(*command, false);
    options->pgn.add_to(*command);
    options->openings.add_to(*command);
    options->duplicates.add_to(*command, false);
    options->output.add_to(*command);
    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        check_output_is_not_input(options->output, options->source.input);
        options->pgn.check_keep_broken(options->output, options->source.input);
        options->duplicates.check(options->output, options->source.input);
        Deduplication dedupe(options->duplicates);
        Output out(options->output);
        const formats::Format* first = nullptr;
        int status = kOk;
        for_each_source(options->source.input, [&](const std::string& path, const Input* entry) {
            status = std::max(status, dedupe_one(*options, path, entry, dedupe, first, out));
        });
        out.close();
        dedupe.finish();
        return status;
    };
}

Run add_convert_command(CLI::App& app) {
    auto options = std::make_shared<ConvertOptions>();
    CLI::App* command =
        app.add_subcommand("convert", "Convert a position or game from one notation to another");
    command->footer(fmt::format(
        "Formats it writes: {}; 'kifu formats' says what each holds. A record (SGF, PGN, a move list) "
        "written as a "
        "position format gives the position at the end of its main line, or at --ply/--move/--node. PGN is "
        "streamed: any size, compressed or not, one output a game.\nExamples:\n"
        "  kifu convert --to txt examples/ear-reddening.hen\n"
        "  kifu convert --to hen --move 127 game.sgf\n"
        "  kifu convert --to jsonl --threads 2 games.pgn.zst -o games.jsonl\n"
        "  kifu convert --to fen --ply 20 game.pgn\n"
        "  kifu convert --to pgn --openings installed games.pgn -o named.pgn\n"
        "  kifu convert --from usi --to japanese --text '7g7f 3c3d 8h2b+ 3a2b'\n"
        "  kifu convert --to feen --text startpos --from sfen",
        fmt::join(format_names(false, true), ", ")));
    command->add_option("--to", options->to, "output format")->required();
    options->write_values.add_to(*command, formats::write_option_specs());
    options->source.add_to(*command, true);
    options->pgn.add_to(*command);
    options->openings.add_to(*command);
    options->duplicates.add_to(*command, true);
    options->filters.add_to(*command);
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        const formats::Format& to = format_named(options->to, false);
        check_write_options(to, *options);
        if (options->openings.given() && to.kind != formats::Kind::record)
            not_applicable("--openings",
                           fmt::format("it names the games of a record, and --to is {}", to.name));
        check_output_is_not_input(options->output, options->source.input);
        options->pgn.check_keep_broken(options->output, options->source.input);
        options->duplicates.check(options->output, options->source.input);
        if (options->duplicates.unique_given() && options->source.game_index)
            not_applicable("--game-index", "--unique writes every game that is no duplicate");
        std::optional<Deduplication> dedupe;
        if (options->duplicates.unique_given()) dedupe.emplace(options->duplicates);
        std::optional<formats::GameFilter> filter;
        if (options->filters.given()) {
            if (options->source.game_index)
                not_applicable("--game-index", "the filters choose the games that are written");
            filter = options->filters.filter();
        }
        formats::WriteOptions write = write_options(*options, to);
        TableStart table(to, write);
        Output out(options->output);
        int status = kOk;
        for_each_source(options->source.input, [&](const std::string& path, const Input* entry) {
            status =
                std::max(status, convert_one(*options, to, write, table, path, entry,
                                             dedupe ? &*dedupe : nullptr, filter ? &*filter : nullptr, out));
        });
        out.close();
        if (dedupe) dedupe->finish();
        return status;
    };
}

}  // namespace kifu::cli
