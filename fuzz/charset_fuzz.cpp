// Charset guessing and decoding. Any bytes: no crash, hang or unbounded allocation; the
// guess names a charset iconv has; decoding with it (and with a few fixed ones) gives
// valid UTF-8, with every invalid sequence counted; a bounded snippet never cuts a
// character of valid text.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/core/charset.hpp"
#include "kifu/core/utf8.hpp"

using namespace kifu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const charset::Guess guess = charset::guess(bytes);
    if (guess.confidence < 0 || guess.confidence > 100) std::abort();
    for (const std::string_view name : {std::string_view(guess.charset), std::string_view("CP932"),
                                        std::string_view("GB18030"), std::string_view("UTF-8")}) {
        const Result<charset::Converted> converted = charset::to_utf8(bytes, name);
        if (!converted) std::abort();  // every one of them is known
        if (!utf8::is_valid(converted->text)) std::abort();
        if (converted->replaced > 0 && converted->first_replaced >= size) std::abort();
        for (const std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{40}})
            if (!utf8::is_valid(utf8::prefix(converted->text, n))) std::abort();
    }
    // A declared name of any bytes: known or not, never a crash.
    (void)charset::canonical_name(bytes.substr(0, 64));
    return 0;
}
