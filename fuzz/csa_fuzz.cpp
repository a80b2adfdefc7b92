// The CSA V2 to V3.0: statements, starts, times, specials, several records reader (fuzz/shogi_record.hpp).

#include <cstdint>

#include "shogi_record.hpp"

using namespace kifu::shogi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::round_trip(
        std::string_view(reinterpret_cast<const char*>(data), size), read_csa,
        [](const Game& g) {
            std::vector<std::string> notes;
            return write_csa(g, CsaVersion::v3_0, notes);
        },
        true);
    return 0;
}
