// Streaming: kifu.iter_games (a file of any size, PGN cut game by game, parsed in batches
// with the GIL released, on the library's ordered pipeline when given threads), byte ranges of a PGN file
// (the Dask partitions), and rows (plain values a game, for analytics), all over the registry's readers and
// the core game tree.
#include <cstdio>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/chess/pgn_batch.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/core/ordered_pipeline.hpp"
#include "kifu/formats/collection.hpp"
#include "kifu/formats/filter.hpp"
#include "kifu/formats/options.hpp"
#include "kifu/formats/table.hpp"

namespace kifu::python {
namespace {

constexpr std::size_t kBatch = 16;  // games read a time, with the GIL released

// An uncompressed file from an offset to its end.
class FileTail : public ByteSource {
  public:
    explicit FileTail(std::FILE* file) : file_(file) {}
    ~FileTail() override { std::fclose(file_); }
    FileTail(const FileTail&) = delete;
    FileTail& operator=(const FileTail&) = delete;
    Result<std::size_t> read(char* buffer, std::size_t size) override {
        const std::size_t n = std::fread(buffer, 1, size, file_);
        if (n == 0 && std::ferror(file_)) return Error{ErrorCode::io_error, std::strerror(errno)};
        return n;
    }

  private:
    std::FILE* file_;
};

// Whether `line` starts a tag pair: '[', a name, blanks, '"'.
bool tag_line(std::string_view line) {
    if (line.size() < 4 || line[0] != '[') return false;
    std::size_t i = 1;
    while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) ++i;
    if (i == 1) return false;
    while (i < line.size() && line[i] == ' ') ++i;
    return i < line.size() && line[i] == '"';
}

// The offset of the first game of a PGN file that starts at or after `start`: a tag line
// at the start of the file, or after a blank line. Every range of a split file finds its
// games this way, so each game is read by the one range its start falls in.
Result<std::uint64_t> game_start_at_or_after(std::FILE* file, std::uint64_t start) {
    if (start == 0) return std::uint64_t{0};
    // Read from a little before `start` to know whether a blank line ends there.
    const std::uint64_t from = start >= 3 ? start - 3 : 0;
    if (fseeko(file, static_cast<off_t>(from), SEEK_SET) != 0)
        return Error{ErrorCode::io_error, std::strerror(errno)};
    std::string carry;
    std::uint64_t carry_at = from;  // file offset of carry[0]
    char chunk[1 << 16];
    for (;;) {
        const std::size_t n = std::fread(chunk, 1, sizeof chunk, file);
        const bool end = n == 0;
        carry.append(chunk, n);
        // Lines in carry: each that begins at >= start after a blank line and is a tag line.
        std::size_t pos = 0;
        for (;;) {
            const std::size_t nl = carry.find('\n', pos);
            if (nl == std::string::npos) break;
            const std::size_t next = nl + 1;
            // A blank line: "\n" or "\r\n" alone, then the candidate starts after it.
            const std::size_t after_blank = carry.find('\n', next);
            if (after_blank == std::string::npos && !end) break;
            const std::string_view blank = std::string_view(carry).substr(
                next, (after_blank == std::string::npos ? carry.size() : after_blank) - next);
            if ((blank.empty() || blank == "\r") && after_blank != std::string::npos) {
                const std::size_t cand = after_blank + 1;
                const std::size_t cand_end = carry.find('\n', cand);
                if (cand_end == std::string::npos && !end && carry.size() - cand < 256) break;
                const std::string_view line = std::string_view(carry).substr(
                    cand, (cand_end == std::string::npos ? carry.size() : cand_end) - cand);
                if (carry_at + cand >= start && tag_line(line)) return carry_at + cand;
            }
            pos = next;
        }
        if (end) return std::uint64_t(carry_at + carry.size());  // none: the range holds no game start
        // Keep the unfinished tail (from the last line start examined).
        carry.erase(0, pos);
        carry_at += pos;
    }
}

// Games of one input, a batch at a time: a PGN cut by the splitter (streamed, any size; or
// a byte range of an uncompressed file), anything else read whole through the registry.
class GameStream {
  public:
    using Games = std::vector<std::shared_ptr<GameData>>;

    // `filter`: only the games that pass it (a PGN's by its tags, before its movetext is read).
    GameStream(std::string path, std::optional<std::string> format, std::optional<std::uint64_t> start,
               std::optional<std::uint64_t> end, std::optional<std::string> charset, std::size_t threads = 1,
               formats::GameFilter filter = {})
        : path_(std::move(path)),
          end_(end),
          filter_(std::move(filter)),
          threads_(threads < 1 ? 1 : threads),
          pipeline_(threads_, TakeGames{&ready_}, 0, kHeldBytes) {
        if (charset)
            if (const Result<void> ok = formats::set_read_option(read_options_, "charset", *charset); !ok)
                throw py::value_error("kifu: " + ok.error().message);
        const formats::Format* f = format ? &format_named(*format) : formats::format_of_file_name(path_);
        const bool ranged = start || end;
        if (f == nullptr || f->name != "pgn") {
            if (ranged) throw py::value_error("kifu.iter_games: byte ranges are for PGN files only");
            whole_format_ = f ? std::string(f->name) : std::string();
            return;
        }
        if (!ranged && path_ == "-") {  // standard input: read once, as chess PGN unless told
            Result<std::unique_ptr<ByteSource>> source = open_byte_source(path_);
            if (!source) raise(source.error(), path_);
            splitter_.emplace(std::move(*source));
            return;
        }
        if (!ranged) {
            // A .pgn of xiangqi goes to its own reader (formats/collection.hpp: its first 64 KiB tell).
            const Result<formats::CollectionFormat> plan = formats::collection_format_of_file(path_);
            if (!plan && plan.error().code == ErrorCode::io_error) raise(plan.error(), path_);
            if (!format && plan && !plan->streams) {
                whole_format_ = plan->format->name;
                return;
            }
            Result<std::unique_ptr<ByteSource>> source = open_byte_source(path_);
            if (!source) raise(source.error(), path_);
            splitter_.emplace(std::move(*source));
            return;
        }
        std::FILE* file = std::fopen(path_.c_str(), "rb");
        if (file == nullptr) raise(Error{ErrorCode::io_error, std::strerror(errno)}, path_);
        unsigned char magic[4] = {};
        const std::size_t m = std::fread(magic, 1, 4, file);
        if (m >= 2 &&
            ((magic[0] == 0x1f && magic[1] == 0x8b) || (magic[0] == 'B' && magic[1] == 'Z') ||
             (m == 4 && magic[0] == 0x28 && magic[1] == 0xb5 && magic[2] == 0x2f && magic[3] == 0xfd) ||
             (magic[0] == 0xfd && magic[1] == '7'))) {
            std::fclose(file);
            throw py::value_error("kifu.iter_games: " + path_ +
                                  " is compressed: byte ranges need an uncompressed file");
        }
        Result<std::uint64_t> first = game_start_at_or_after(file, start.value_or(0));
        if (!first || fseeko(file, static_cast<off_t>(*first), SEEK_SET) != 0) {
            std::fclose(file);
            raise(first ? Error{ErrorCode::io_error, std::strerror(errno)} : first.error(), path_);
        }
        base_ = *first;
        if (end_ && base_ >= *end_) {
            std::fclose(file);
            done_ = true;
            return;
        }
        splitter_.emplace(std::make_unique<FileTail>(file));
    }

    // The next games (GIL held: errors raise). Empty at the end.
    std::vector<std::shared_ptr<GameData>> next_batch() {
        std::vector<std::shared_ptr<GameData>> out;
        if (done_) return out;
        if (!splitter_) {
            done_ = true;
            std::string text = read_file(path_);
            const formats::Format* f = nullptr;
            if (!whole_format_.empty()) {
                f = &format_named(whole_format_);
            } else {
                Result<const formats::Format*> d = formats::detect_format(text, path_);
                if (!d) raise(d.error(), path_);
                f = *d;
            }
            if (f->kind == formats::Kind::position)
                raise(Error{ErrorCode::unsupported,
                            "expected a record of games, found a position (" + std::string(f->name) + ")"},
                      path_);
            if (!read_options_.charset.empty())
                if (const Result<void> ok = formats::check_applies(*f, *formats::find_read_option("charset"));
                    !ok)
                    throw py::type_error("kifu: the option " + ok.error().message);
            Result<formats::Document> doc = Error{};
            {
                py::gil_scoped_release unlocked;
                doc = f->read(text, read_options_);
            }
            auto record = std::make_shared<const formats::Document>(take(std::move(doc), path_));
            const std::size_t n = formats::game_count(*record);
            if (filter_.empty()) {
                for (std::size_t i = 0; i < n; ++i)
                    out.push_back(make_game(record, i, std::string(f->name), path_));
            } else {
                for (const std::size_t i : formats::passing_games(*record, filter_))
                    out.push_back(make_game(record, i, std::string(f->name), path_));
            }
            return out;
        }
        return next_pgn_batch();
    }

    GameStream(const GameStream&) = delete;  // the pipeline holds where its results go
    GameStream& operator=(const GameStream&) = delete;

  private:
    // Where the pipeline puts each batch's games, in the order the batches were cut.
    struct TakeGames {
        std::deque<Games>* ready;
        void operator()(Games games) const { ready->push_back(std::move(games)); }
    };
    // At most this much PGN text read ahead (as kifu convert's pipeline).
    static constexpr std::size_t kHeldBytes = std::size_t{64} << 20;

    // A game read and checked whole (its tree is built when the game is looked into).
    static std::shared_ptr<GameData> read_game(const chess::PgnGameText& text, std::uint64_t base,
                                               const std::string& source, const std::string& charset) {
        auto recording = std::make_unique<chess::PgnRecording>();
        chess::read_pgn_game(text, *recording, {.charset = charset});
        auto g = std::make_shared<GameData>();
        g->set_recording(std::move(recording));
        g->number = text.index;
        g->offset = base + text.offset;
        g->format = "pgn";
        g->source = source;
        return g;
    }

    // The next game of the splitter that passes the filter, or none at the end of the input
    // or of the range.
    std::optional<chess::PgnGameText> next_text() {
        for (;;) {
            std::optional<chess::PgnGameText> text = splitter_->next();
            if (!text || (end_ && base_ + text->offset >= *end_)) {
                cut_done_ = true;
                return std::nullopt;
            }
            if (filter_.empty() ||
                formats::pgn_game_passes(*text, filter_, {.charset = read_options_.charset}))
                return text;
        }
    }

    // A batch of games copied out of the splitter, read on a thread of the pipeline.
    auto read_job(chess::PgnBatch batch) const {
        return [batch = std::make_shared<chess::PgnBatch>(std::move(batch)), base = base_, source = path_,
                charset = read_options_.charset]() {
            batch->finish();
            Games out;
            out.reserve(batch->games.size());
            for (const chess::PgnGameText& text : batch->games)
                out.push_back(read_game(text, base, source, charset));
            return out;
        };
    }

    // A PGN: on one thread, a few games read where the splitter holds them (the first game
    // comes soon, nothing is copied); on several, whole batches (chess::PgnBatch) read on the
    // ordered pipeline (core/ordered_pipeline.hpp), one a thread at a time. Games come out in
    // file order; an error of the input is raised after the games before it.
    Games next_pgn_batch() {
        {
            py::gil_scoped_release unlocked;
            if (threads_ == 1) {
                Games out;
                while (out.size() < kBatch && !cut_done_)
                    if (const std::optional<chess::PgnGameText> text = next_text())
                        out.push_back(read_game(*text, base_, path_, read_options_.charset));
                ready_.push_back(std::move(out));
                if (ready_.back().empty()) ready_.pop_back();
            }
            while (ready_.empty() && !cut_done_) {
                chess::PgnBatch batch;
                while (!batch.full() && !cut_done_)
                    if (const std::optional<chess::PgnGameText> text = next_text()) batch.add(*text);
                if (!batch.empty()) {
                    const std::size_t bytes = batch.bytes.size();
                    (void)pipeline_.submit(read_job(std::move(batch)), bytes);
                }
                if (cut_done_) (void)pipeline_.drain();
            }
        }
        if (ready_.empty()) {
            done_ = true;
            if (splitter_->error()) raise(*splitter_->error(), path_);
            return {};
        }
        Games out = std::move(ready_.front());
        ready_.pop_front();
        return out;
    }

    std::string path_;
    std::optional<std::uint64_t> end_;
    formats::GameFilter filter_;
    std::uint64_t base_ = 0;
    std::string whole_format_;
    formats::ReadOptions read_options_;  // the charset, when one was given
    std::optional<chess::PgnSplitter> splitter_;
    bool done_ = false;
    bool cut_done_ = false;
    std::size_t threads_;
    std::deque<Games> ready_;
    OrderedPipeline<Games, TakeGames> pipeline_;
};

class GameIterator {
  public:
    GameIterator(std::string path, std::optional<std::string> format, std::optional<std::uint64_t> start,
                 std::optional<std::uint64_t> end, std::optional<std::string> charset, std::size_t threads,
                 const py::object& where, const py::object& date, const py::object& result,
                 const py::object& player, const py::object& rating)
        : stream_(std::move(path), std::move(format), start, end, std::move(charset), threads,
                  game_filter_of(where, date, result, player, rating)) {}

    Game next() {
        if (queue_.empty()) {
            for (auto& g : stream_.next_batch()) queue_.push_back(std::move(g));
            if (queue_.empty()) throw py::stop_iteration();
        }
        Game g{std::move(queue_.front())};
        queue_.pop_front();
        return g;
    }

  private:
    GameStream stream_;
    std::deque<std::shared_ptr<GameData>> queue_;
};

// Rows: plain values a game ------------------------------------------------------------

struct Row {
    std::string source, format;
    std::size_t number = 0;
    std::optional<std::uint64_t> offset;
    formats::GameRow game;
};

// Runs without the GIL: nothing here raises. The row is the library's (formats/table.hpp), made
// over the game interface for every game.
Row row_of(const GameData& g, const formats::RowOptions& options) {
    Row row;
    row.source = g.source;
    row.format = g.format;
    row.number = g.number;
    row.offset = g.offset;
    std::visit([&](const auto* tree) { row.game = formats::game_row(*tree, options); }, g.tree());
    return row;
}

std::vector<std::string> error_texts(const Row& r) {
    std::vector<std::string> out;
    for (const Error& e : r.game.errors) out.push_back(e.format(r.source));
    return out;
}

// Where a row comes from and which game it is: the first fields of both shapes of row.
py::dict row_header(const Row& r) {
    py::dict d;
    d["source"] = r.source;
    d["format"] = r.format;
    d["index"] = r.number;
    d["offset"] = r.offset;
    d["game"] = formats::to_string(r.game.game);
    return d;
}

py::dict row_dict(Row&& r, bool positions) {
    py::dict d = row_header(r);
    d["tags"] = tags_dict(r.game.tags);
    d["result"] = r.game.result;
    d["plies"] = r.game.moves.size();
    d["moves"] = r.game.moves;
    d["clocks"] = r.game.clocks;
    d["evals"] = r.game.evals;
    d["final"] = r.game.final;
    if (positions) d["positions"] = r.game.positions;
    d["errors"] = error_texts(r);
    return d;
}

// The flat row of a frame, as CSV's (formats/table.hpp): the tags as columns of their own
// (named as the records name them), moves, positions, clocks and evals as one text each.
py::dict flat_dict(Row&& r, bool positions) {
    py::dict d = row_header(r);
    for (const auto& [name, value] : r.game.tags)
        if (!d.contains(name)) d[py::str(name)] = value;
    std::vector<std::string> columns{"result", "plies", "moves", "final", "clocks", "evals", "errors"};
    if (positions) columns.emplace_back("positions");
    for (const std::string& column : columns) {
        if (column == "plies")
            d["plies"] = r.game.moves.size();
        else
            d[py::str(column)] = formats::column_value(r.game, column);
    }
    return d;
}

py::list rows(const std::string& path, std::optional<std::string> format, std::optional<std::uint64_t> start,
              std::optional<std::uint64_t> end, std::optional<std::size_t> limit,
              std::optional<std::string> charset, std::size_t threads, bool positions, bool flat,
              const py::object& where, const py::object& date, const py::object& result,
              const py::object& player, const py::object& rating) {
    const formats::RowOptions options{.positions = positions};
    GameStream stream(path, std::move(format), start, end, std::move(charset), threads,
                      game_filter_of(where, date, result, player, rating));
    py::list out;
    std::size_t taken = 0;
    for (;;) {
        std::vector<std::shared_ptr<GameData>> batch = stream.next_batch();
        if (batch.empty()) break;
        if (limit && taken + batch.size() > *limit) batch.resize(*limit - taken);
        std::vector<Row> built(batch.size());
        {
            py::gil_scoped_release unlocked;
            for (std::size_t i = 0; i < batch.size(); ++i) built[i] = row_of(*batch[i], options);
        }
        for (Row& r : built)
            out.append(flat ? flat_dict(std::move(r), positions) : row_dict(std::move(r), positions));
        taken += batch.size();
        if (limit && taken >= *limit) break;
    }
    return out;
}

}  // namespace

formats::GameFilter game_filter_of(const py::object& where, const py::object& date, const py::object& result,
                                   const py::object& player, const py::object& rating) {
    formats::GameFilter filter;
    if (!where.is_none()) {
        if (py::isinstance<py::dict>(where)) {
            for (const auto& [k, v] : where.cast<py::dict>())
                filter.tags.emplace_back(py::str(k), py::str(v));
        } else {
            for (const py::handle pair : where)
                filter.tags.push_back(pair.cast<std::pair<std::string, std::string>>());
        }
    }
    if (!date.is_none()) {
        if (py::isinstance<py::int_>(date)) {
            filter.year_from = filter.year_to = date.cast<int>();
        } else {
            const auto range = date.cast<std::pair<std::optional<int>, std::optional<int>>>();
            filter.year_from = range.first;
            filter.year_to = range.second;
        }
    }
    if (!result.is_none()) {
        filter.outcome = formats::outcome_named(result.cast<std::string>());
        if (!filter.outcome)
            throw py::value_error("result: one of 1-0, 0-1, 1/2-1/2, B+, W+, draw, sente, gote");
    }
    if (!player.is_none()) filter.player = player.cast<std::string>();
    if (!rating.is_none()) {  // at least this rating, or (from, to) with None for no bound
        if (py::isinstance<py::int_>(rating)) {
            filter.rating_from = rating.cast<int>();
        } else {
            const auto range = rating.cast<std::pair<std::optional<int>, std::optional<int>>>();
            filter.rating_from = range.first;
            filter.rating_to = range.second;
        }
    }
    return filter;
}

void bind_streams(py::module_& m) {
    py::class_<GameIterator>(m, "GameIterator",
                             "The games of a file, read as they are needed (kifu.iter_games).")
        .def(
            py::init<std::string, std::optional<std::string>, std::optional<std::uint64_t>,
                     std::optional<std::uint64_t>, std::optional<std::string>, std::size_t, const py::object&,
                     const py::object&, const py::object&, const py::object&, const py::object&>(),
            py::arg("path"), py::arg("format") = py::none(), py::arg("start") = py::none(),
            py::arg("end") = py::none(), py::arg("charset") = py::none(), py::arg("threads") = 1,
            py::arg("where") = py::none(), py::arg("date") = py::none(), py::arg("result") = py::none(),
            py::arg("player") = py::none(), py::arg("rating") = py::none())
        .def("__iter__", [](py::object self) { return self; })
        .def("__next__", &GameIterator::next);

    m.def("_rows", &rows, py::arg("path"), py::arg("format") = py::none(), py::arg("start") = py::none(),
          py::arg("end") = py::none(), py::arg("limit") = py::none(), py::arg("charset") = py::none(),
          py::arg("threads") = 1, py::arg("positions") = false, py::arg("flat") = false,
          py::arg("where") = py::none(), py::arg("date") = py::none(), py::arg("result") = py::none(),
          py::arg("player") = py::none(), py::arg("rating") = py::none());

    m.def(
        "pgn_game_start",
        [](const std::string& path, std::uint64_t start) {
            std::FILE* file = std::fopen(path.c_str(), "rb");
            if (file == nullptr) raise(Error{ErrorCode::io_error, std::strerror(errno)}, path);
            Result<std::uint64_t> at = game_start_at_or_after(file, start);
            std::fclose(file);
            return take(std::move(at), path);
        },
        py::arg("path"), py::arg("start"),
        "The offset of the first game of an uncompressed PGN file at or after a byte offset (the file's size "
        "when none): where a byte range's games begin.");
}

}  // namespace kifu::python
