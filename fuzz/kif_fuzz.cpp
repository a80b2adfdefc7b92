// The KIF: header lines, BOD diagrams, numbered moves with times, 変化 blocks reader (fuzz/shogi_record.hpp).

#include <cstdint>

#include "shogi_record.hpp"

using namespace kifu::shogi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::round_trip(
        std::string_view(reinterpret_cast<const char*>(data), size), read_kif,
        [](const Game& g) {
            std::vector<std::string> notes;
            return write_kif(g, notes);
        },
        true);
    return 0;
}
