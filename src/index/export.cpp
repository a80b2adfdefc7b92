#include "kifu/index/export.hpp"

#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include "entries.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/core/byte_source.hpp"
#include "kifu/formats/collection.hpp"
#include "kifu/formats/games.hpp"
#include "kifu/formats/table.hpp"
#include "kifu/index/inputs.hpp"

namespace kifu::index {
namespace {

formats::Written failed(ErrorCode code, std::string message) {
    formats::Written w;
    w.error = Error{code, std::move(message)};
    return w;
}

// Whether a game read again is the one the index holds (its players, result and length): a
// file rewritten since it was indexed may hold another game at the same number and offset.
bool same_game(const GameSummary& g, const formats::Document& game) {
    const std::vector<detail::GameEntry> e = detail::record_entries(game, g.file);
    return e.size() == 1 && e[0].first == g.first && e[0].second == g.second && e[0].result == g.result &&
           e[0].plies == g.plies;
}

formats::Written changed(const GameSummary& g) {
    return failed(ErrorCode::out_of_range,
                  fmt::format("game {} is no longer the game indexed there ({} - {}, {} "
                              "plies): the file changed since it was indexed",
                              g.number, g.first, g.second, g.plies));
}

// A document of one game written as `to`.
formats::Written written_as(const formats::Document& game, const formats::Format& to,
                            const formats::WriteOptions& options) {
    std::vector<formats::Written> w = formats::write_document(
        game, to, {}, false, false, {}, options, formats::LineEnd::added, formats::TableHeader::left_out);
    return w.empty() ? failed(ErrorCode::unsupported, "nothing written") : std::move(w.front());
}

// A PGN game's own bytes, ending in one blank line (games of a stream stand apart).
std::string pgn_game_text(std::string_view text) {
    while (!text.empty() &&
           (text.back() == '\n' || text.back() == '\r' || text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    std::string out(text);
    out += "\n\n";
    return out;
}

// The file the games come from now: a PGN stream split up to the game asked for, or a
// document read whole.
class SourceFile {
  public:
    static Result<std::unique_ptr<SourceFile>> open(const std::string& name) {
        auto file = std::unique_ptr<SourceFile>(new SourceFile(name));
        Result<std::unique_ptr<ByteSource>> source = open_input(name);
        if (!source) return source.error();
        Result<std::string> head = formats::read_head(**source);
        if (!head) return Error{ErrorCode::io_error, name + ": " + head.error().message};
        const Result<formats::CollectionFormat> plan = formats::collection_format(*head, name);
        if (plan && plan->streams && plan->format->game == formats::Game::chess) {
            file->format_ = plan->format;
            file->splitter_.emplace(std::make_unique<PrefixedSource>(std::move(*head), std::move(*source)));
            return file;
        }
        PrefixedSource whole(std::move(*head), **source);
        Result<std::string> bytes = read_all(whole);
        if (!bytes) return Error{ErrorCode::io_error, name + ": " + bytes.error().message};
        if (!plan) {
            file->failure_ = plan.error();
            return file;
        }
        file->format_ = plan->format;
        Result<formats::Document> doc = plan->format->read(*bytes, {});
        if (!doc) {
            file->failure_ = doc.error();
            return file;
        }
        file->document_ = std::move(*doc);
        return file;
    }

    const std::string& name() const noexcept { return name_; }
    // Whether the game numbered `number` (1-based) can still be reached: a stream goes forward.
    bool reaches(std::uint64_t number) const noexcept { return !splitter_ || number > passed_; }

    const formats::Format* format() const noexcept { return format_; }

    // The game as `to`.
    formats::Written game(const GameSummary& g, const formats::Format& to,
                          const formats::WriteOptions& options) {
        if (failure_) return failed(failure_->code, "the file no longer reads: " + failure_->message);
        if (splitter_) return pgn_game(g, to, options);
        if (g.number == 0 || g.number > formats::game_count(*document_))
            return failed(ErrorCode::out_of_range,
                          fmt::format("the file holds {} game(s) now: it changed since it was indexed",
                                      formats::game_count(*document_)));
        const formats::Document game =
            formats::game_alone(*document_, static_cast<std::size_t>(g.number - 1));
        if (!same_game(g, game)) return changed(g);
        return written_as(game, to, options);
    }

  private:
    explicit SourceFile(std::string name) : name_(std::move(name)) {}

    formats::Written pgn_game(const GameSummary& g, const formats::Format& to,
                              const formats::WriteOptions& options) {
        std::optional<chess::PgnGameText> text;
        while (passed_ < g.number) {
            text = splitter_->next();
            if (!text) {
                if (splitter_->error()) return failed(ErrorCode::io_error, splitter_->error()->message);
                return failed(
                    ErrorCode::out_of_range,
                    fmt::format("the file holds {} game(s) now: it changed since it was indexed", passed_));
            }
            ++passed_;
        }
        if (!text || text->offset != g.offset)
            return failed(
                ErrorCode::out_of_range,
                fmt::format("game {} no longer starts at byte {}: the file changed since it was indexed",
                            g.number, g.offset));
        if (text->oversized)
            return failed(ErrorCode::out_of_range, "the game is over the splitter's limit of " +
                                                       std::to_string(text->limit) + " bytes");
        Result<formats::Document> doc = format_->read(text->text, {});
        if (!doc) return failed(doc.error().code, doc.error().message);
        if (!same_game(g, *doc)) return changed(g);
        if (&to == format_) {  // as the file holds it: the game's own bytes
            formats::Written w;
            w.text = pgn_game_text(text->text);
            return w;
        }
        return written_as(*doc, to, options);
    }

    std::string name_;
    std::optional<chess::PgnSplitter> splitter_;
    std::uint64_t passed_ = 0;  // games the splitter has given
    const formats::Format* format_ = nullptr;
    std::optional<formats::Document> document_;
    std::optional<Error> failure_;  // the file is there but no longer reads as a collection
};

// What a game of a file in `source` is written as when no format is asked for: that format,
// or its game's own record format when kifu does not write it or it is binary.
const formats::Format* own_format(const formats::Format* source, formats::Game game) {
    if (source && source->can_write() && !source->takes(formats::kBinary)) return source;
    const formats::GameInfo* info = formats::game_info(source ? source->game : game);
    return info ? formats::find_format(info->record_format) : nullptr;
}

}  // namespace

Result<void> export_games(std::span<const GameSummary> games, const formats::Format* to,
                          const formats::WriteOptions& options,
                          const std::function<Result<void>(ExportedGame&&)>& take) {
    if (to && to->takes(formats::kBinary))
        return Error{ErrorCode::unsupported,
                     std::string(to->name) +
                         " is a binary format, which holds one game a file: export to a text format"};
    if (to && !to->can_write())
        return Error{ErrorCode::unsupported, "kifu does not write " + std::string(to->name)};
    // A table (CSV) has one header, before the first game, whose game fixes the columns.
    formats::WriteOptions write = options;
    bool header_due = to && to->header;
    std::unique_ptr<SourceFile> file;
    for (const GameSummary& g : games) {
        if (header_due) write.columns = formats::table_columns(g.game, write);
        ExportedGame out{&g, {}, to, nullptr};
        if (g.file == "<stdin>") {
            out.written = failed(ErrorCode::unsupported,
                                 "it was read from standard input: there is no file to read it from again");
        } else {
            // The file open goes on serving its games while they come in its order.
            if (!file || file->name() != g.file || !file->reaches(g.number)) {
                file.reset();
                Result<std::unique_ptr<SourceFile>> opened = SourceFile::open(g.file);
                if (!opened) return opened.error();
                file = std::move(*opened);
            }
            out.source_format = file->format();
            if (!out.format) out.format = own_format(out.source_format, g.game);
            out.written = out.format ? file->game(g, *out.format, write)
                                     : failed(ErrorCode::unsupported, "no format to write it in");
        }
        if (header_due && !out.written.error) {
            out.written.text.insert(0, to->header(g.game, write));
            header_due = false;
        }
        out.written.game = static_cast<std::size_t>(g.number > 0 ? g.number - 1 : 0);
        if (Result<void> r = take(std::move(out)); !r) return r;
    }
    return {};
}

}  // namespace kifu::index
