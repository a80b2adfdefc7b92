#pragma once
// What a picture of a board is asked to look like, as plain data: the write options of the
// image formats (formats::WriteOptions::image), which kifu::image draws. Core keeps the
// data so that the registry and its options need no image library; kifu::image checks a
// theme's name and draws (image/render.hpp).

#include <cstdint>
#include <string>

namespace kifu {

// The coordinates around the board: none, the game's own (D4, e4, 7g), or Go's SGF
// letters (aa = top left).
enum class BoardCoordinates : std::uint8_t { none, game, sgf };

struct ImageOptions {
    static constexpr int kDefaultSize = 400;
    static constexpr int kMinSize = 16;
    static constexpr int kMaxSize = 4096;

    int size = kDefaultSize;  // pixels of the longer side (the other follows the board's shape)
    std::string theme;        // "" = the game's default
    BoardCoordinates coordinates = BoardCoordinates::none;
    bool crop = false;  // Go: only the region in use
    bool flip = false;  // seen from the second player's side (chess: black at the bottom)
};

}  // namespace kifu
