// Board images as formats: svg, png and gif write any position (a record's chosen
// position) as a picture carrying its notation, and read that notation back.

#include <fmt/format.h>

#include "format_support.hpp"
#include "kifu/core/percent_encoding.hpp"
#include "kifu/core/problem.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/image/metadata.hpp"

namespace kifu::formats {
namespace {

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

// The key a game's own position notation travels under, and its format.
struct PositionKey {
    std::string_view key, format;
};
PositionKey position_key(const Document& d) {
    if (get<go::Position>(d)) return {"HEN", "hen"};
    if (chess_position_of(d)) return {"FEN", "fen"};
    if (get<shogi::Position>(d)) return {"SFEN", "sfen"};
    if (get<xiangqi::Position>(d)) return {"FEN", "xfen-xiangqi"};
    return {};
}

// The key a record travels under in an animation, and its format.
PositionKey record_key(const Document& d) {
    if (get<go::Record>(d)) return {"SGF", "sgf"};
    if (get<std::vector<chess::Game>>(d)) return {"PGN", "pgn"};
    if (get<std::vector<shogi::Game>>(d)) return {"KIF", "kif"};
    if (get<std::vector<xiangqi::Game>>(d)) return {"PGN", "pgn-xiangqi"};
    return {};
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
    Result<std::vector<image::ImageText>> texts = image::read_image_texts(bytes);
    if (!texts) return texts.error();
    for (const std::string_view key : kReadOrder)
        for (const image::ImageText& t : *texts)
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

template <image::ImageKind K>
int detect_image(std::string_view text) {
    return image::image_kind(text) == K ? 1000 : 0;  // magic bytes: surer than any text detector
}

// Every position has a board view (records are narrowed to one before writing); no view
// is built here only to be built again by the writer.
bool accepts_position(const Document& d) {
    return !is_record(d);
}

template <image::ImageFormat F>
Result<std::string> write_image(const Document& d, const WriteOptions& options, std::vector<std::string>&) {
    Result<BoardView> view = board_view(d);
    if (!view) return view.error();
    image::RenderOptions o = options.image;
    o.format = F;
    const std::vector<image::ImageText> texts = image_texts(d);
    return image::render(*view, o, texts);
}

}  // namespace

std::vector<image::ImageText> image_texts(const Document& d) {
    std::vector<image::ImageText> out;
    if (is_record(d)) {
        const PositionKey r = record_key(d);
        if (std::string text = written(d, r.format); !text.empty())
            out.push_back({std::string(r.key), std::move(text)});
        if (Result<Document> end = position_in(d, NodeChoice{}))
            for (image::ImageText& t : image_texts(*end)) out.push_back(std::move(t));
        return out;
    }
    const PositionKey k = position_key(d);
    if (!k.key.empty())
        if (std::string text = written(d, k.format); !text.empty())
            out.push_back({std::string(k.key), std::move(text)});
    if (std::string feen = written(d, "feen"); !feen.empty()) out.push_back({"FEEN", std::move(feen)});
    return out;
}

void add_image_formats(std::vector<Format>& out) {
    out.push_back({"svg", Game::any, Kind::position,
                   "a board image (SVG) of any position, carrying its notation", kSvgExtensions,
                   kImage | kNodeChoice | kSgfMove, detect_image<image::ImageKind::svg>, read_image,
                   validate_image, accepts_position, write_image<image::ImageFormat::svg>});
    out.push_back({"png", Game::any, Kind::position,
                   "a board image (PNG) of any position, carrying its notation", kPngExtensions,
                   kImage | kNodeChoice | kSgfMove, detect_image<image::ImageKind::png>, read_image,
                   validate_image, accepts_position, write_image<image::ImageFormat::png>});
    out.push_back({"gif", Game::any, Kind::position,
                   "a board image (GIF) of any position or, with kifu render --animate, a game's main line",
                   kGifExtensions, kImage | kNodeChoice | kSgfMove, detect_image<image::ImageKind::gif>,
                   read_image, validate_image, accepts_position, write_image<image::ImageFormat::gif>});
}

}  // namespace kifu::formats
