// Uses the installed library the way an application would.
#include <cstdio>

#include <kifu/formats/registry.hpp>
#include <kifu/go/coordinates.hpp>
#include <kifu/go/hen.hpp>

int main() {
    const auto position = kifu::go::parse_hen(".9x9_5Gb_3E~1b~2.b");
    if (!position) return 1;
    // The core's registry: every notation, and no image format (kifu::image adds those).
    if (!kifu::formats::find_format("sgf") || kifu::formats::find_format("png")) return 1;
    const auto hen = kifu::go::write_hen(*position);
    const auto d4 = kifu::go::to_human(kifu::go::BoardSize{19, 19}, kifu::go::Point{3, 15});
    if (!hen || !d4) return 1;
    std::printf("%s %s\n", hen->c_str(), d4->c_str());
    return *hen == ".9x9_5Gb_3E~1b~2.b" && *d4 == "D4" ? 0 : 1;
}
