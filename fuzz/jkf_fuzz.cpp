// The JKF: JSON with forks and initial positions reader (fuzz/shogi_record.hpp).

#include <cstdint>

#include "shogi_record.hpp"

using namespace kifu::shogi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::round_trip(
        std::string_view(reinterpret_cast<const char*>(data), size), read_jkf,
        [](const Game& g) {
            std::vector<std::string> notes;
            return write_jkf(g, notes);
        },
        true);
    return 0;
}
