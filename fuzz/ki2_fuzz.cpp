// The KI2: the KIF header and Japanese moves, several a line reader (fuzz/shogi_record.hpp).

#include <cstdint>

#include "shogi_record.hpp"

using namespace kifu::shogi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::round_trip(
        std::string_view(reinterpret_cast<const char*>(data), size), read_ki2,
        [](const Game& g) {
            std::vector<std::string> notes;
            return write_ki2(g, notes);
        },
        false);
    return 0;
}
