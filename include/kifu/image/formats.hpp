#pragma once
// Board images as formats of the registry: svg, png and gif write any position (a record's
// chosen position) as a picture carrying its notation, and read that notation back. They
// live in kifu::image (cairo, libpng's kin, giflib), not in the core library, so a program
// that parses FEN links none of that; a program that wants them adds them once:
//
//   kifu::image::add_formats();  // then find_format("png"), convert to png, read a png
//
// with the image write options (size, theme, coordinates, crop, flip) beside them.

#include <string_view>
#include <vector>

#include "kifu/formats/registry.hpp"
#include "kifu/image/draw.hpp"
#include "kifu/image/encode.hpp"

namespace kifu::image {

// The drawing option that a board of `game` does not take, as its users name it ("crop",
// "coordinates=sgf": Go's region and SGF letters are drawn on Go boards only), or "".
std::string_view option_not_for(const DrawOptions& options, formats::Game game) noexcept;

// Adds svg, png and gif to formats::all_formats() and their options to
// formats::write_option_specs(). Safe to call more than once, and from several threads.
void add_formats();

// The notation an image of the document carries: the game's own (HEN, FEN, SFEN, the
// xiangqi FEN as FEN) and FEEN where FEEN holds it; for a record, the record itself (SGF,
// PGN, KIF) before those of its final position.
std::vector<ImageText> texts_of(const formats::Document& document);

}  // namespace kifu::image
