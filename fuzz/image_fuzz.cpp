// Images on any bytes: the first byte picks a PNG, GIF or SVG start (or none) to put before
// the rest. Reading the text an image carries never fails badly and gives UTF-8; an image
// that reads as a position is drawn again as an SVG, which carries the same texts.

#include <cstdint>
#include <cstdlib>
#include <string>

#include "kifu/core/utf8.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/image/formats.hpp"
#include "kifu/image/metadata.hpp"

using namespace kifu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    image::add_formats();  // svg, png and gif in the registry (once)
    if (size == 0) return 0;
    static constexpr std::string_view kStarts[] = {std::string_view("\x89PNG\r\n\x1A\n", 8), "GIF89a",
                                                   "<svg ", ""};
    std::string bytes(kStarts[data[0] % 4]);
    bytes.append(reinterpret_cast<const char*>(data) + 1, size - 1);
    Result<std::vector<image::ImageText>> texts = image::read_image_texts(bytes);
    if (!texts) {
        if (texts.error().message.size() > 400) std::abort();
        return 0;
    }
    for (const image::ImageText& t : *texts)
        if (!utf8::is_valid(t.key) || !utf8::is_valid(t.text)) std::abort();
    const formats::Format* format = nullptr;
    switch (image::image_kind(bytes)) {
        case image::ImageKind::png:
            format = formats::find_format("png");
            break;
        case image::ImageKind::gif:
            format = formats::find_format("gif");
            break;
        case image::ImageKind::svg:
            format = formats::find_format("svg");
            break;
        case image::ImageKind::none:
            std::abort();  // it read, so it was an image
    }
    Result<formats::Document> document = format->read(bytes, {});
    if (!document) return 0;
    Result<formats::Document> position = formats::position_at(std::move(*document), {});
    if (!position) return 0;
    std::vector<std::string> notes;
    const formats::Format* svg = formats::find_format("svg");
    if (!svg->accepts(*position)) return 0;
    formats::WriteOptions small;
    small.image.size = 64;
    Result<std::string> drawn = svg->write(*position, small, notes);
    if (!drawn) return 0;
    Result<std::vector<image::ImageText>> again = image::read_image_texts(*drawn);
    if (!again || *again != image::texts_of(*position)) std::abort();
    return 0;
}
