// Board images as formats: svg, png and gif write any position (a record's chosen
// position) as a picture carrying its notation, and read that notation back.

#include "kifu/image/formats.hpp"

#include <array>
#include <charconv>
#include <mutex>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../formats/format_support.hpp"
#include "kifu/core/percent_encoding.hpp"
#include "kifu/core/problem.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/formats/options.hpp"
#include "kifu/image/metadata.hpp"
#include "kifu/image/render.hpp"

namespace kifu::image {
namespace {

using namespace formats;

constexpr std::string_view kSvgExtensions[] = {".svg"};
constexpr std::string_view kPngExtensions[] = {".png"};
constexpr std::string_view kGifExtensions[] = {".gif"};

// A document written in a registry format, or "" when it cannot be.
std::string written(const Document& d, std::string_view format) {
    const Format* f = find_format(format);
    if (!f || !f->accepts || !f->accepts(d)) return {};
    std::vector<std::string> notes;
    Result<std::string> text = f->write(d, WriteOptions{}, notes);
    if (!text) return {};
    while (!text->empty() && (text->back() == '\n' || text->back() == '\r')) text->pop_back();
    return std::move(*text);
}

// The key a game's own position notation or record travels under (the games table's
// names), and its format.
struct NotationKey {
    std::string_view key, format;
};
NotationKey position_key(const Document& d) {
    const GameInfo* g = game_info(game_of(d));
    return g ? NotationKey{g->position_notation, g->position_format} : NotationKey{};
}
NotationKey record_key(const Document& d) {
    const GameInfo* g = game_info(game_of(d));
    return g ? NotationKey{g->record_notation, g->record_format} : NotationKey{};
}

// The texts an image may carry, in the order they are preferred when read back: a record
// first (it holds the positions too), then the game's own notation, then FEEN.
constexpr std::string_view kReadOrder[] = {"SGF", "PGN", "KIF", "HEN", "SFEN", "FEN", "FEEN"};

Result<Document> read_text(std::string_view key, const std::string& text, const ReadOptions& options) {
    std::string notation = text;
    const Format* format = nullptr;
    if (key == "HEN") {
        // hen-worker keeps the HEN of its URL, percent-escapes and all.
        if (looks_percent_encoded(notation))
            if (Result<std::string> decoded = percent_decode(notation)) notation = std::move(*decoded);
        format = find_format("hen");
    } else if (key == "SFEN") {
        format = find_format("sfen");
    } else if (key == "FEEN") {
        format = find_format("feen");
    } else if (key == "KIF") {
        format = find_format("kif");
    } else if (key == "SGF") {
        format = find_format("sgf");
    } else {
        // FEN (chess or xiangqi) and PGN (chess or xiangqi): the text says which.
        Result<const Format*> detected = detect_format(notation);
        if (!detected) return detected.error();
        format = *detected;
    }
    if (!format || !format->read)
        return unplaced_error(ErrorCode::unsupported, "no reader for the image's text");
    Result<Document> d = format->read(notation, options);
    if (!d) {
        Error e = std::move(d).error();
        e.message = fmt::format("in the image's {} text '{}': {}", key, utf8::snippet(notation), e.message);
        e.line = e.column = 0;
        return e;
    }
    return d;
}

Result<Document> read_image(std::string_view bytes, const ReadOptions& options) {
    Result<std::vector<ImageText>> texts = read_image_texts(bytes);
    if (!texts) return texts.error();
    for (const std::string_view key : kReadOrder)
        for (const ImageText& t : *texts)
            if (t.key == key) return read_text(key, t.text, options);
    return error_at(bytes, 0, ErrorCode::unsupported,
                    "the image carries no notation (no HEN, FEN, SFEN, FEEN, SGF, PGN or KIF text)");
}

std::vector<Error> validate_image(std::string_view bytes, const ReadOptions& options,
                                  std::vector<Error>& warnings) {
    Result<Document> d = read_image(bytes, options);
    if (!d) return {std::move(d).error()};
    for (Error& w : d->warnings) warnings.push_back(std::move(w));
    return {};
}

template <ImageKind K>
int detect_image(std::string_view text) {
    return image_kind(text) == K ? 1000 : 0;  // magic bytes: surer than any text detector
}

// Every position has a board view (records are narrowed to one before writing); no view
// is built here only to be built again by the writer.
bool accepts_position(const Document& d) {
    return !is_record(d);
}

template <ImageFormat F>
Result<std::string> write_image(const Document& d, const WriteOptions& options, std::vector<std::string>&) {
    Result<BoardView> view = board_view(d);
    if (!view) return view.error();
    return render(*view, RenderOptions(options.image, F), texts_of(d));
}

Error bad(std::string message) {
    return unplaced_error(ErrorCode::unsupported, std::move(message));
}

// Images: what kifu render, kifu convert --to svg|png|gif, Python and the image URLs draw.
Result<void> set_size(WriteOptions& o, std::string_view value) {
    int n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc{} || end != value.data() + value.size() || n < ImageOptions::kMinSize ||
        n > ImageOptions::kMaxSize)
        return bad(fmt::format("'{}': a number of pixels from {} to {}", value, ImageOptions::kMinSize,
                               ImageOptions::kMaxSize));
    o.image.size = n;
    return {};
}
std::vector<std::string> theme_names() {
    std::vector<std::string> names;
    for (const Theme& t : themes()) names.emplace_back(t.name);
    return names;
}
Result<void> set_theme(WriteOptions& o, std::string_view value) {
    if (!find_theme(value))
        return bad(fmt::format("'{}': the themes are {}", value, fmt::join(theme_names(), ", ")));
    o.image.theme = value;
    return {};
}
std::vector<std::string> coordinate_kinds() {
    return {"none", "game", "sgf"};
}
// none, game or sgf; a yes or no as well (the image URLs' coordinates=1, Python's True):
// the game's own coordinates or none.
Result<void> set_coordinates(WriteOptions& o, std::string_view value) {
    using Coordinates = BoardCoordinates;
    if (value == "sgf")
        o.image.coordinates = Coordinates::sgf;
    else if (value == "game" || value == "true" || value == "True" || value == "1")
        o.image.coordinates = Coordinates::game;
    else if (value == "none" || value == "false" || value == "False" || value == "0" || value == "None")
        o.image.coordinates = Coordinates::none;
    else
        return bad(fmt::format("'{}': none, game or sgf", value));
    return {};
}
Result<void> set_crop(WriteOptions& o, std::string_view value) {
    o.image.crop = !value.empty();
    return {};
}
Result<void> set_flip(WriteOptions& o, std::string_view value) {
    o.image.flip = !value.empty();
    return {};
}

constexpr std::array kWriteSpecs{
    WriteOptionSpec{"size", OptionKind::text, kImage, "N", "image output",
                    "images: pixels of the longer side (16-4096, default 400)", "300", set_size},
    WriteOptionSpec{"theme", OptionKind::text, kImage, "NAME", "image output",
                    "images: the colours (default: the game's own)", "blue", set_theme, theme_names},
    WriteOptionSpec{"coordinates", OptionKind::text, kImage, "WHICH", "image output",
                    "images: the coordinates around the board: none (the default), game (the game's own: "
                    "D4, e4, 7g) or sgf (Go's SGF letters, aa top left)",
                    "game", set_coordinates, coordinate_kinds},
    WriteOptionSpec{"crop", OptionKind::flag, kImage, "", "image output",
                    "images, Go: only the region in use, taken to the edges it is near", "", set_crop},
    WriteOptionSpec{"flip", OptionKind::flag, kImage, "", "image output",
                    "images: seen from the second player's side (chess: black at the bottom)", "", set_flip},
};

}  // namespace

std::vector<ImageText> texts_of(const Document& d) {
    std::vector<ImageText> out;
    if (is_record(d)) {
        const NotationKey r = record_key(d);
        if (std::string text = written(d, r.format); !text.empty())
            out.push_back({std::string(r.key), std::move(text)});
        if (Result<Document> end = position_in(d, NodeChoice{}))
            for (ImageText& t : texts_of(*end)) out.push_back(std::move(t));
        return out;
    }
    const NotationKey k = position_key(d);
    if (!k.key.empty())
        if (std::string text = written(d, k.format); !text.empty())
            out.push_back({std::string(k.key), std::move(text)});
    if (std::string feen = written(d, "feen"); !feen.empty()) out.push_back({"FEEN", std::move(feen)});
    return out;
}

std::string_view option_not_for(const DrawOptions& options, Game game) noexcept {
    if (game == Game::go) return {};
    if (options.crop) return "crop";
    if (options.coordinates == BoardCoordinates::sgf) return "coordinates=sgf";
    return {};
}

void add_formats() {
    static std::once_flag added;
    std::call_once(added, [] {
        static const Format kFormats[] = {
            Format{"svg", Game::any, Kind::position,
                   "a board image (SVG) of any position, carrying its notation", kSvgExtensions,
                   kImage | kNodeChoice | kSgfMove, detect_image<ImageKind::svg>, read_image, validate_image,
                   accepts_position, write_image<ImageFormat::svg>},
            Format{"png", Game::any, Kind::position,
                   "a board image (PNG) of any position, carrying its notation", kPngExtensions,
                   kImage | kNodeChoice | kSgfMove | kBinary, detect_image<ImageKind::png>, read_image,
                   validate_image, accepts_position, write_image<ImageFormat::png>},
            Format{"gif", Game::any, Kind::position,
                   "a board image (GIF) of any position or, with kifu render --animate, a game's main line",
                   kGifExtensions, kImage | kNodeChoice | kSgfMove | kBinary, detect_image<ImageKind::gif>,
                   read_image, validate_image, accepts_position, write_image<ImageFormat::gif>},
        };
        // Three formats and five options: the core's tables hold room for them.
        (void)formats::add_formats(kFormats);
        (void)formats::add_write_options(kWriteSpecs);
    });
}

}  // namespace kifu::image
