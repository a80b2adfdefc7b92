#pragma once
// The text an image carries, read back: PNG tEXt, zTXt and iTXt chunks, GIF comment
// extensions, an SVG's <metadata>. kifu writes "KEY: text" lines (GIF, SVG) and one chunk
// a key (PNG); hen-worker's and hen-python's images read too: hen-worker puts the HEN of
// its URL in a tEXt chunk as UTF-8 (percent-escapes and all) and in a GIF comment as
// "HEN: ..."; hen-python writes it Latin-1 in tEXt. Text that is valid UTF-8 is taken as
// UTF-8, anything else as Latin-1.
//
// Errors (with the byte's line and column, as for any text): a file that is none of the
// three, a chunk or block that runs past the end, a bad PNG CRC, compressed text over
// 1 MiB or that does not inflate.

#include <string_view>
#include <vector>

#include "kifu/core/result.hpp"
#include "kifu/image/encode.hpp"

namespace kifu::image {

enum class ImageKind { none, png, gif, svg };

// What the bytes look like by their first bytes (an SVG: '<svg' or '<?xml' then '<svg').
ImageKind image_kind(std::string_view bytes) noexcept;

// Every text the image carries, in file order.
Result<std::vector<ImageText>> read_image_texts(std::string_view bytes);

}  // namespace kifu::image
