// HEN reader and writer. Any input: no crash, hang or unbounded allocation, and
// parse_hen succeeds exactly when validate_hen finds nothing. Valid input: the
// canonical form (plain and pretty) reads back to the same position, and
// writing that again gives the same bytes.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/go/hen.hpp"

using namespace kifu::go;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const kifu::Result<Position> position = parse_hen(text);
    if (position.ok() != validate_hen(text).empty()) std::abort();
    (void)parse_hen_url(text);
    if (!position) return 0;

    for (const HenWriteOptions options : {HenWriteOptions{}, HenWriteOptions{true, true}}) {
        const kifu::Result<std::string> hen = write_hen(*position, options);
        if (!hen) std::abort();  // everything HEN reads, it can write
        const kifu::Result<Position> again = parse_hen(*hen);
        if (!again || !(*again == *position)) std::abort();
        const kifu::Result<std::string> hen_again = write_hen(*again, options);
        if (!hen_again || *hen_again != *hen) std::abort();
    }
    return 0;
}
