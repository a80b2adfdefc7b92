#pragma once
// What an image URL asks kifu serve to draw. Three URL families, every one in .svg, .png
// and .gif (docs/serve.md has every parameter):
//
//   /hen<HEN>.png  /c/hen<HEN>.png  /x/...  /cx/...   hen-worker's: c coordinates, x crop;
//                                                      the HEN percent-decoded, blanks dropped
//   /board.svg?fen=...&orientation=black&size=360&lastMove=e2e4&check=e1
//            &arrows=Ge6g8,Bh7&squares=a3,c3&coordinates=1&colors=lichess-blue
//                                                      web-boardimage's names and defaults
//   /image.png?<format>=<notation>&size=&coordinates=&crop=&flip=&theme=&ply=&move=&node=&game=
//   /game.gif?<format>=<notation>&delay=MS             a record's main line, animated
//
// <format> is any readable format of the registry (hen, sgf, fen, pgn, sfen, kif, feen,
// ...), or format=NAME&text=..., or text=... alone (the format detected). Parsing only
// reads the URL: whether an option applies to the notation's game is checked when the
// notation has been read (ImageRequest::check).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "kifu/core/board_view.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/image/render.hpp"
#include "kifu/serve/target.hpp"

namespace kifu::serve {

// An answer that is not an image: the HTTP status and a message for the body.
struct HttpError {
    int status = 400;
    std::string message;
};

template <class T>
using Expected = std::variant<T, HttpError>;

struct RequestLimits {
    std::size_t max_text = 64 * 1024;  // notation bytes (413 beyond)
    int max_size = 1024;               // pixels; larger sizes are clamped to it
    // An animated GIF's frames x the pixels of a frame (413 beyond): the time a drawing
    // takes (about 7 ns a pixel) and the size of what it makes. An animated SVG is text
    // whatever its size and is not counted.
    std::size_t max_animation_pixels = 128'000'000;
};

struct ImageRequest {
    image::RenderOptions render;  // format, size, coordinates, crop, flip, theme, delay
    std::string format;           // the registry's name; "" = detect
    std::string text;             // the notation
    std::string source;           // where the notation came from, for errors: "fen", "hen", "text"
    formats::NodeChoice choice;
    bool chooses_node = false;  // ply, move, node or game given
    bool animate = false;       // /game.*
    // web-boardimage's chess extras, in board view cells.
    std::optional<BoardView::LastMove> last_move;
    std::vector<NodeMark> marks;

    // Equal for two requests that draw the same image: the cache's key and the ETag's seed.
    std::string key() const;
};

// The request an image URL makes; 404 for a path that is no image URL, 400 for a
// parameter kifu does not know or cannot read, 413 for a notation over the limit.
Expected<ImageRequest> parse_image_request(const Target& target, const RequestLimits& limits = {});

// ply, move, node and game (1 = the first) as a node choice: the image URLs and the JSON
// endpoints read them alike. `chosen`: whether any was given. Errors: a 400 saying which.
Expected<formats::NodeChoice> read_node_choice(const Target& target, bool& chosen);

// Whether every option of the request applies to the document read from its notation
// (crop is for Go, lastMove for chess, ply for records, ...); the message says which not.
std::optional<std::string> check_applies(const ImageRequest& request, const formats::Document& document);

}  // namespace kifu::serve
