#include "kifu/serve/image_request.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include <fmt/format.h>

#include "kifu/chess/board_view.hpp"
#include "kifu/formats/options.hpp"
#include "kifu/image/formats.hpp"

namespace kifu::serve {
namespace {

HttpError bad(std::string message) {
    return {400, std::move(message)};
}

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

std::optional<image::ImageFormat> image_format_of(std::string_view extension) {
    if (extension == "svg") return image::ImageFormat::svg;
    if (extension == "png") return image::ImageFormat::png;
    if (extension == "gif") return image::ImageFormat::gif;
    return std::nullopt;
}

// A notation parameter: a readable format of the registry that is not an image itself.
const formats::Format* notation_format(std::string_view name) {
    const formats::Format* f = formats::find_format(name);
    return f != nullptr && f->can_read() && !f->takes(formats::kImage) ? f : nullptr;
}

std::optional<bool> parse_flag(std::string_view value) {
    // web-boardimage: a flag given with no value is set.
    for (const std::string_view yes : {"", "1", "true", "yes", "on"})
        if (value == yes) return true;
    for (const std::string_view no : {"0", "false", "no", "off"})
        if (value == no) return false;
    return std::nullopt;
}

std::optional<long> parse_number(std::string_view value) {
    long n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc{} || end != value.data() + value.size() || n < 0) return std::nullopt;
    return n;
}

// A parameter by parameter reader of one URL family's names.
class Options {
  public:
    Options(const Target& target, std::span<const std::string_view> known) : target_(target), known_(known) {}

    // The first parameter the family does not know, as an error (with the nearest name);
    // with `notation_names`, every readable format's name is a parameter too.
    std::optional<HttpError> unknown(bool notation_names) const {
        const auto is_notation = [](std::string_view name) { return notation_format(name) != nullptr; };
        if (std::optional<std::string> why =
                unknown_parameter(target_, known_, notation_names ? +is_notation : nullptr))
            return bad(std::move(*why));
        return std::nullopt;
    }

    const std::string* get(std::string_view name) const { return target_.find(name); }

    std::optional<HttpError> flag(std::string_view name, bool& into) const {
        if (const std::string* v = get(name)) {
            const std::optional<bool> b = parse_flag(*v);
            if (!b) return bad(fmt::format("{}: expected 1, 0, true or false, found '{}'", name, *v));
            into = *b;
        }
        return std::nullopt;
    }

    std::optional<HttpError> number(std::string_view name, long max, std::optional<long>& into) const {
        if (const std::string* v = get(name)) {
            const std::optional<long> n = parse_number(*v);
            if (!n) return bad(fmt::format("{}: expected a number, found '{}'", name, *v));
            into = std::min(*n, max);
        }
        return std::nullopt;
    }

  private:
    const Target& target_;
    std::span<const std::string_view> known_;
};

// size (clamped), coordinates, orientation/flip, colors/theme: the options every family
// may take; `default_size` is the family's own.
std::optional<HttpError> read_drawing(const Options& o, const RequestLimits& limits, int default_size,
                                      image::RenderOptions& r) {
    std::optional<long> size;
    if (auto e = o.number("size", limits.max_size, size)) return e;
    r.size = static_cast<int>(
        std::clamp<long>(size.value_or(default_size), image::RenderOptions::kMinSize, limits.max_size));
    // web-boardimage's 1 and 0 (and the yes and no of every flag here), or the write
    // options' none, game and sgf.
    if (const std::string* c = o.get("coordinates")) {
        formats::WriteOptions w;
        if (const std::optional<bool> b = parse_flag(*c))
            r.coordinates =
                *b ? image::DrawOptions::Coordinates::game : image::DrawOptions::Coordinates::none;
        else if (formats::set_write_option(w, "coordinates", *c))
            r.coordinates = w.image.coordinates;
        else
            return bad(fmt::format("coordinates: expected 1, 0, none, game or sgf, found '{}'", *c));
    }
    if (auto e = o.flag("flip", r.flip)) return e;
    if (const std::string* v = o.get("orientation")) {
        if (*v != "white" && *v != "black")
            return bad(fmt::format("orientation: expected white or black, found '{}'", *v));
        r.flip = *v == "black";
    }
    // web-boardimage's colour sets by their names there; kifu's themes by theirs.
    const std::string* theme = o.get("theme");
    if (const std::string* colors = o.get("colors")) {
        if (theme != nullptr) return bad("give colors or theme, not both");
        theme = colors;
    }
    if (theme != nullptr) {
        std::string_view name = *theme;
        if (name == "default") name = "";
        if (name == "lichess-brown") name = "brown";
        if (name == "lichess-blue") name = "blue";
        if (!name.empty() && image::find_theme(name) == nullptr) {
            std::vector<std::string_view> names;
            for (const image::Theme& t : image::themes()) names.push_back(t.name);
            return bad(fmt::format("{}: unknown theme '{}' (themes: {})",
                                   o.get("colors") ? "colors" : "theme", *theme, fmt::join(names, ", ")));
        }
        r.theme = name;
    }
    return std::nullopt;
}

// web-boardimage's lastMove, check, arrows and squares as the view's last move and marks.
std::optional<HttpError> read_chess_marks(const Options& o, ImageRequest& r) {
    const auto text = [&](const char* name) {
        const std::string* v = o.get(name);
        return v ? std::string_view(*v) : std::string_view{};
    };
    Result<chess::RequestedMarks> marks = chess::requested_marks({.last_move = text("lastMove"),
                                                                  .check = text("check"),
                                                                  .arrows = text("arrows"),
                                                                  .squares = text("squares")});
    if (!marks) return bad(marks.error().message);
    if (marks->last_move) r.last_move = marks->last_move;
    r.marks.insert(r.marks.end(), marks->marks.begin(), marks->marks.end());
    return std::nullopt;
}

// A FEN of the board alone (web-boardimage takes one) made whole; a board of ten ranks is
// xiangqi's.
void complete_fen(ImageRequest& r) {
    const bool board_only = r.text.find(' ') == std::string::npos && r.text != "startpos";
    if (std::count(r.text.begin(), r.text.end(), '/') == 9) r.format = "xfen-xiangqi";
    if (board_only) r.text += " w - - 0 1";
}

std::optional<HttpError> check_length(const ImageRequest& r, const RequestLimits& limits) {
    if (r.text.size() > limits.max_text)
        return HttpError{413, fmt::format("{}: the notation is {} bytes, over the limit of {}", r.source,
                                          r.text.size(), limits.max_text)};
    return std::nullopt;
}

constexpr std::string_view kHenNames[] = {"size", "theme"};
constexpr std::string_view kBoardNames[] = {"fen",    "orientation", "size",        "lastMove", "check",
                                            "arrows", "squares",     "coordinates", "colors"};
constexpr std::string_view kImageNames[] = {
    "format", "text", "size", "coordinates", "crop",     "flip",  "orientation", "theme",   "colors",
    "ply",    "move", "node", "game",        "lastMove", "check", "arrows",      "squares", "delay"};

// hen-worker's /[c|x|cx]/hen<HEN>.ext.
Expected<ImageRequest> hen_worker(const Target& t, std::string_view stem, const RequestLimits& limits,
                                  ImageRequest r) {
    std::string_view options;
    if (const std::size_t slash = stem.find('/', 1); slash != std::string_view::npos) {
        options = stem.substr(1, slash - 1);
        stem.remove_prefix(slash);
    }
    if (!stem.starts_with("/hen")) return HttpError{404, "no such page"};
    for (const char c : options)
        if (c != 'c' && c != 'x')
            return HttpError{
                404, fmt::format("unknown option '{}' in /{}/: c (coordinates) and x (crop)", c, options)};
    const Options o(t, kHenNames);
    if (auto e = o.unknown(false)) return *e;
    if (auto e = read_drawing(o, limits, image::RenderOptions::kDefaultSize, r.render)) return *e;
    r.render.coordinates = options.find('c') != std::string_view::npos
                               ? image::DrawOptions::Coordinates::game
                               : image::DrawOptions::Coordinates::none;
    r.render.crop = options.find('x') != std::string_view::npos;
    for (const char c : stem.substr(4))
        if (!is_blank(c)) r.text.push_back(c);
    r.format = "hen";
    r.source = "hen";
    if (auto e = check_length(r, limits)) return *e;
    return r;
}

// web-boardimage's /board.ext?fen=...
Expected<ImageRequest> board(const Target& t, const RequestLimits& limits, ImageRequest r) {
    const Options o(t, kBoardNames);
    if (auto e = o.unknown(false)) return *e;
    const std::string* fen = o.get("fen");
    if (fen == nullptr || fen->empty())
        return bad("fen: required (the FEN of the position, its board at least)");
    if (auto e = read_drawing(o, limits, 360, r.render)) return *e;
    if (auto e = read_chess_marks(o, r)) return *e;
    r.text = *fen;
    r.format = "fen";
    r.source = "fen";
    if (auto e = check_length(r, limits)) return *e;
    complete_fen(r);
    return r;
}

// /image.ext and /game.ext with any notation.
Expected<ImageRequest> any_notation(const Target& t, const RequestLimits& limits, ImageRequest r) {
    const Options o(t, kImageNames);
    if (auto e = o.unknown(true)) return *e;
    const Param* notation = nullptr;
    for (const Param& p : t.params) {
        if (notation_format(p.name) == nullptr) continue;
        if (notation != nullptr)
            return bad(fmt::format("expected one notation, found {} and {}", notation->name, p.name));
        notation = &p;
    }
    const std::string* text = o.get("text");
    const std::string* format = o.get("format");
    if (notation != nullptr && (text != nullptr || format != nullptr))
        return bad(fmt::format("give {}=... or format=...&text=..., not both", notation->name));
    if (notation != nullptr) {
        r.format = notation->name;
        r.text = notation->value;
        r.source = notation->name;
    } else {
        if (text == nullptr) return bad("expected a notation: hen=, fen=, sgf=, pgn=, sfen=, ... or text=");
        if (format != nullptr && notation_format(*format) == nullptr)
            return bad(fmt::format("format: '{}' is no format kifu reads", *format));
        r.format = format != nullptr ? *format : "";
        r.text = *text;
        r.source = "text";
    }
    if (auto e = check_length(r, limits)) return *e;
    if (r.format == "fen" || r.format == "xfen") complete_fen(r);
    if (auto e = read_drawing(o, limits, image::RenderOptions::kDefaultSize, r.render)) return *e;
    if (auto e = o.flag("crop", r.render.crop)) return *e;
    if (auto e = read_chess_marks(o, r)) return *e;
    Expected<formats::NodeChoice> choice = read_node_choice(t, r.chooses_node);
    if (HttpError* e = std::get_if<HttpError>(&choice)) return std::move(*e);
    r.choice = std::get<formats::NodeChoice>(std::move(choice));
    std::optional<long> delay;
    if (auto e = o.number("delay", 60'000, delay)) return *e;
    if (delay) {
        if (!r.animate) return bad("delay: it is for animations (/game.gif, /game.svg)");
        r.render.delay_ms = static_cast<int>(*delay);
    }
    if (r.animate && (r.choice.ply || r.choice.sgf_move || o.get("node") != nullptr))
        return bad("ply, move and node choose one position; /game.* shows the whole main line");
    if (r.animate && r.render.format == image::ImageFormat::png)
        return bad("an animation is a GIF or an SVG (/game.gif, /game.svg), not a PNG");
    return r;
}

}  // namespace

Expected<formats::NodeChoice> read_node_choice(const Target& t, bool& chosen) {
    const Options o(t, {});
    std::optional<long> ply, move, game;
    if (auto e = o.number("ply", 1 << 20, ply)) return *e;
    if (auto e = o.number("move", 1 << 20, move)) return *e;
    if (auto e = o.number("game", 1 << 20, game)) return *e;
    formats::NodeChoice c;
    if (ply) c.ply = static_cast<std::size_t>(*ply);
    if (move) c.sgf_move = static_cast<int>(*move);
    if (const std::string* node = o.get("node")) c.node = *node;
    if (game) {
        if (*game == 0) return bad("game: expected a game's number, 1 for the first, found 0");
        c.game_index = static_cast<std::size_t>(*game - 1);
    }
    chosen = ply || move || o.get("node") != nullptr || game;
    return c;
}

std::string ImageRequest::key() const {
    std::string k =
        fmt::format("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|", image::to_string(render.format),
                    render.size, static_cast<int>(render.coordinates), render.crop, render.flip, render.theme,
                    animate ? render.delay_ms : 0, format, choice.ply.value_or(~0ull),
                    choice.sgf_move.value_or(-1), choice.node, choice.game_index, animate, text.size());
    k += text;
    if (last_move) k += fmt::format("|L{},{}", last_move->from, last_move->to);
    for (const NodeMark& m : marks)
        k += fmt::format("|M{},{},{},{}", static_cast<int>(m.kind), m.cell, m.to, m.text);
    return k;
}

Expected<ImageRequest> parse_image_request(const Target& target, const RequestLimits& limits) {
    const std::string_view path = target.path;
    const std::size_t dot = path.rfind('.');
    const std::size_t last_slash = path.rfind('/');
    if (dot == std::string_view::npos || (last_slash != std::string_view::npos && dot < last_slash))
        return HttpError{404, "no such page"};
    const std::optional<image::ImageFormat> format = image_format_of(path.substr(dot + 1));
    if (!format) return HttpError{404, "no such page (images end in .svg, .png or .gif)"};
    const std::string_view stem = path.substr(0, dot);
    ImageRequest r;
    r.render.format = *format;
    if (stem == "/board") return board(target, limits, std::move(r));
    if (stem == "/image") return any_notation(target, limits, std::move(r));
    if (stem == "/game") {
        r.animate = true;
        return any_notation(target, limits, std::move(r));
    }
    return hen_worker(target, stem, limits, std::move(r));
}

std::optional<std::string> check_applies(const ImageRequest& r, const formats::Document& doc) {
    const formats::Game game = formats::game_of(doc);
    const bool record = formats::is_record(doc);
    if (const std::string_view option = image::option_not_for(r.render, game); !option.empty())
        return fmt::format("{}: it is for Go, and the notation is {}", option, formats::to_string(game));
    if (game != formats::Game::chess && (r.last_move || !r.marks.empty()))
        return fmt::format("lastMove, check, arrows and squares: they are for chess, and the notation is {}",
                           formats::to_string(game));
    if (!record && (r.chooses_node || r.animate))
        return r.animate
                   ? std::string(
                         "/game.* animates a record (SGF, PGN, KIF, ...), and the notation is one position")
                   : std::string(
                         "ply, move, node and game: they choose a position of a record, and the notation is "
                         "one position");
    const formats::GameInfo* info = formats::game_info(game);
    const bool sgf = r.format.empty() ? info && info->record_format == "sgf" : r.format == "sgf";
    if (r.choice.sgf_move && !sgf) return std::string("move: it is for SGF (ply counts plies in any record)");
    return std::nullopt;
}

}  // namespace kifu::serve
