#include "formats.hpp"

#include <sys/stat.h>

#include "kifu/core/byte_source.hpp"
#include "kifu/formats/collection.hpp"

#include <charconv>

#include <fmt/format.h>

namespace kifu::cli {

// A whole number of at least `least`, said in those words (CLI11's own range check prints
// the largest double in full).
CLI::Validator at_least(long long least) {
    return CLI::Validator(
        [least](const std::string& text) {
            long long value = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (ec != std::errc() || end != text.data() + text.size() || value < least)
                return fmt::format("'{}' is not a whole number of {} or more", text, least);
            return std::string();
        },
        fmt::format("N >= {}", least));
}

void SourceOptions::add_to(CLI::App& command, bool node_choice) {
    command.add_option("--from", from,
                       "input format (detected from the content when omitted; see 'kifu formats')");
    command.add_option("--game", game,
                       "the game: go, chess, shogi or xiangqi (a check, or a hint for detection)");
    if (node_choice) {
        // One way to name the node: each of the three excludes the others.
        CLI::Option* by_ply =
            command
                .add_option("--ply", ply,
                            "a record: the position after N plies of the main line (default: its end)")
                ->check(at_least(0))
                ->option_text("N");
        CLI::Option* by_move =
            command
                .add_option("--move", move, "SGF: the position after move N of the main line (0: the start)")
                ->check(at_least(0))
                ->option_text("N");
        CLI::Option* by_node = command.add_option(
            "--node", node,
            "a record: the position at a node path, as 'kifu tree' prints them: steps N (N moves "
            "down) or vK (child K), joined by '.', e.g. 20.v1.5");
        by_ply->excludes(by_move)->excludes(by_node);
        by_move->excludes(by_node);
        command
            .add_option("--game-index", game_index,
                        "a collection: which game, counting from 1 (default: each game in turn)")
            ->check(at_least(1))
            ->option_text("N");
    }
    add_read_options(command);
    input.add_to(command, "the position or game");
}

formats::NodeChoice SourceOptions::choice() const {
    formats::NodeChoice c;
    c.ply = ply;
    c.sgf_move = move;
    c.node = node;
    c.game_index = game_index ? *game_index - 1 : 0;
    return c;
}

template <class Options>
void OptionValues<Options>::add_to(CLI::App& command, std::span<const formats::OptionSpec<Options>> specs) {
    values.assign(specs.size(), {});  // never resized again: CLI11 holds their addresses
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const formats::OptionSpec<Options>& spec = specs[i];
        Value& value = values[i];
        value.spec = &spec;
        const std::string flag = formats::cli_flag(spec.name, spec.kind);
        if (spec.kind != formats::OptionKind::text) {
            command.add_flag(flag, value.flag, std::string(spec.help));
            continue;
        }
        std::string help(spec.help);
        if (spec.choices) help += fmt::format(": {}", fmt::join(spec.choices(), ", "));
        command.add_option(flag, value.text, help)
            ->check([&spec](const std::string& text) {
                Options probe;
                const Result<void> ok = spec.set(probe, text);
                return ok ? std::string() : ok.error().message;
            })
            ->option_text(std::string(spec.value_name));
    }
}

template <class Options>
Options OptionValues<Options>::collect(Result<void> (*set)(Options&, std::string_view,
                                                           std::string_view)) const {
    Options out;
    for (const Value& v : values) {
        if (!v.given()) continue;
        // A flag given turns its option on; --no-NAME (flag_on) turns it off.
        const std::string_view value = !v.flag ? std::string_view(v.text)
                                       : v.spec->kind == formats::OptionKind::flag_on ? "false"
                                                                                      : "true";
        const Result<void> ok = set(out, v.spec->name, value);
        if (!ok) fail(kUsage, ok.error().message);
    }
    return out;
}

template struct OptionValues<formats::ReadOptions>;
template struct OptionValues<formats::WriteOptions>;

void SourceOptions::add_read_options(CLI::App& command) {
    read_values.add_to(command, formats::read_option_specs());
}

formats::ReadOptions SourceOptions::read_options() const {
    return read_values.collect(formats::set_read_option);
}

std::vector<std::string_view> format_names(bool readable, bool writable) {
    std::vector<std::string_view> names;
    for (const formats::Format& f : formats::all_formats())
        if ((!readable || f.can_read()) && (!writable || f.can_write())) names.push_back(f.name);
    return names;
}

const formats::Format& format_named(std::string_view name, bool for_reading) {
    const formats::Format* f = formats::find_format(name);
    const std::vector<std::string_view> names = format_names(for_reading, !for_reading);
    const std::string_view option = for_reading ? "--from" : "--to";
    if (!f) {
        const std::string_view near = formats::nearest_name(name, names);
        fail(kUsage, fmt::format("{} {}: no such format{}; kifu {} {}", option, name,
                                 near.empty() ? std::string{} : fmt::format(" (did you mean {}?)", near),
                                 for_reading ? "reads" : "writes", fmt::join(names, ", ")));
    }
    if (for_reading && !f->can_read())
        fail(kUsage, fmt::format("--from {}: kifu writes this format but does not read it; it reads {}", name,
                                 fmt::join(names, ", ")));
    if (!for_reading && !f->can_write())
        fail(kUsage, fmt::format("--to {}: kifu reads this format but does not write it; it writes {}", name,
                                 fmt::join(names, ", ")));
    return *f;
}

bool streams_pgn(const SourceOptions& options, std::string_view path) {
    bool streams = false;
    if (options.from == "pgn") {
        streams = !options.input.text_given;
    } else if (options.from.empty() && !options.input.text_given && !path.empty() && path != "-") {
        const formats::Format* named = formats::format_of_file_name(path);
        // The name says a streamed format; the first bytes have the last word (a .pgn of
        // xiangqi games is read whole). A file that cannot be read is the streamer's to report.
        // A pipe or a device is read once: its name decides (peeking would take bytes the
        // stream then misses, and a FIFO opened twice waits for ever for a second writer).
        struct stat info {};
        const bool regular = ::stat(std::string(path).c_str(), &info) != 0 || S_ISREG(info.st_mode);
        if (named && named->takes(formats::kStreams)) {
            if (!regular) return true;
            const Result<formats::CollectionFormat> plan =
                formats::collection_format_of_file(std::string(path));
            streams = !plan || plan->streams;
        }
    }
    return streams;  // --max-input is then the limit of one game
}

const formats::Format& input_format(const Input& input, const SourceOptions& options, formats::Game game) {
    const formats::GameInfo* named = options.game.empty() ? nullptr : formats::game_named(options.game);
    if (!options.game.empty() && !named)
        fail(kUsage, fmt::format("--game {}: the games are {}", options.game, formats::game_names()));
    if (named) game = named->game;
    const formats::Format* from = nullptr;
    if (!options.from.empty()) {
        from = &format_named(options.from, true);
    } else {
        Result<const formats::Format*> detected = formats::detect_format(input.text, input.path, game);
        if (!detected && options.game == "shogi") detected = formats::find_format("usi");
        if (!detected) {
            report(detected.error(), input.source);
            throw Exit{kInvalidInput};
        }
        from = *detected;
    }
    if (!options.game.empty()) {
        if (from->game != formats::Game::any && formats::to_string(from->game) != options.game)
            fail(kUsage, fmt::format("--game {}: {} is a {} format", options.game, from->name,
                                     formats::to_string(from->game)));
    }
    check_read_options(*from, options);
    return *from;
}

void check_read_options(const formats::Format& from, const SourceOptions& o) {
    const auto need = [&](bool given, formats::Option option, std::string_view name, std::string_view what) {
        if (given && !from.takes(option)) not_applicable(name, formats::why_not_taken(from, what));
    };
    need(o.move.has_value(), formats::kSgfMove, "--move", "SGF records");
    need(o.ply.has_value(), formats::kNodeChoice, "--ply", "records and move lists");
    need(!o.node.empty(), formats::kNodeChoice, "--node", "records and move lists");
    need(o.game_index.has_value(), formats::kNodeChoice, "--game-index", "collections of games");
    for (const auto& v : o.read_values.values)
        need(v.given(), v.spec->applies, formats::cli_flag(v.spec->name, v.spec->kind), v.spec->applies_to);
}

void report_warnings(const std::vector<Error>& warnings, std::string_view source) {
    for (const Error& w : warnings) report(w, source, "warning");
}

std::optional<formats::Document> read_document(const Input& in, const formats::Format& from,
                                               const SourceOptions& source) {
    Result<formats::Document> d = from.read(in.text, source.read_options());
    if (!d) {
        report(d.error(), in.source);
        return std::nullopt;
    }
    report_warnings(d->warnings, in.source);
    return std::move(*d);
}

int for_each_document(const SourceOptions& source, const DocumentAction& each) {
    int status = kOk;
    for_each_source(source.input, [&](const std::string& path, const Input* entry) {
        const Input in = entry ? *entry : read_input(source.input, path);
        const formats::Format& from = input_format(in, source);
        std::optional<formats::Document> d = read_document(in, from, source);
        if (!d) {
            status = kInvalidInput;
            return;
        }
        each(in, from, *d, status);
    });
    return status;
}

void OpeningsOption::add_to(CLI::App& command) {
    command
        .add_option(
            "--openings", value,
            "name each game's opening by position from the book BOOK (ECO, Opening and Variation tags "
            "for chess), a record file of the games' game (PGN such as pgn-extract's eco.pgn, Scid's "
            "scid.eco, lichess's chess-openings TSV, KIF with 戦型, ...), or 'installed' for the book "
            "Debian installs (docs/openings.md)")
        ->type_name("BOOK");
}

std::shared_ptr<const formats::OpeningBook> OpeningsOption::load(const std::string& path) const {
    for (const auto& [p, b] : books_)
        if (p == path) return b;
    Result<formats::OpeningBook> book = formats::OpeningBook::open(path);
    if (!book) {
        report(book.error(), path);
        throw Exit{book.error().code == ErrorCode::io_error ? kIoError : kInvalidInput};
    }
    auto shared = std::make_shared<const formats::OpeningBook>(std::move(*book));
    books_.emplace_back(path, shared);
    return shared;
}

const formats::OpeningBook* OpeningsOption::book(formats::Game game) const {
    if (value.empty()) return nullptr;
    for (const auto& [path, b] : books_)
        if (b->game() == game) return b.get();
    const formats::GameInfo* info = formats::game_info(game);
    if (!info) not_applicable("--openings", "the input is no game's record");
    std::string path = value;
    if (value == "installed") {
        std::optional<std::string> installed = formats::OpeningBook::installed(game);
        if (!installed)
            fail(kUsage,
                 fmt::format("--openings installed: no opening book of {} is installed{}; give --openings "
                             "BOOK",
                             info->name,
                             info->opening_books.empty()
                                 ? std::string()
                                 : fmt::format(" (kifu reads {})", info->opening_books)));
        path = *installed;
    }
    const std::shared_ptr<const formats::OpeningBook> b = load(path);
    if (b->game() != game)
        not_applicable("--openings", fmt::format("{} is a book of {}, and the input is {}", path,
                                                 formats::game_info(b->game())->name, info->name));
    return b.get();
}

std::vector<std::shared_ptr<const formats::OpeningBook>> OpeningsOption::books() const {
    if (value.empty()) return {};
    if (value != "installed") return {load(value)};
    std::vector<std::shared_ptr<const formats::OpeningBook>> out;
    for (const formats::GameInfo& g : formats::all_games())
        if (const std::optional<std::string> path = formats::OpeningBook::installed(g.game))
            out.push_back(load(*path));
    if (out.empty())
        fail(kUsage, "--openings installed: no opening book is installed for any game; give --openings BOOK");
    return out;
}

}  // namespace kifu::cli
