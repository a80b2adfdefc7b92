// The format registry on any bytes: the first byte picks a readable format, the rest is
// the text. Detection never fails badly; read and validate agree (a text that does not
// read has an error); what reads gives a board view (records at the end of their main
// line) and a diagram; and what reads and writes back in its own format reads again and
// writes the same bytes. No message is longer than 400 bytes. A position's moves
// (formats/play.hpp) are listed, and each word of the text is played on it: what plays
// gives a position whose key, status and moves come too.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "kifu/formats/play.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/image/formats.hpp"

using namespace kifu::formats;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::vector<const Format*> readable = [] {
        kifu::image::add_formats();  // images too: svg, png and gif read the notation they carry
        std::vector<const Format*> out;
        for (const Format& f : all_formats())
            if (f.can_read()) out.push_back(&f);
        return out;
    }();
    if (size == 0) return 0;
    const Format& format = *readable[data[0] % readable.size()];
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    (void)detect_format(text, "input");
    std::vector<kifu::Error> warnings;
    const std::vector<kifu::Error> errors = format.validate(text, {}, warnings);
    // Messages quote the input short, whatever its length (a few words around a snippet).
    for (const std::vector<kifu::Error>* list :
         {&errors, static_cast<const std::vector<kifu::Error>*>(&warnings)})
        for (const kifu::Error& e : *list)
            if (e.message.size() > 400) std::abort();
    kifu::Result<Document> document = format.read(text, {});
    if (!document) {
        if (errors.empty()) std::abort();  // validate said ok to what does not read
        return 0;
    }
    kifu::Result<Document> copy = format.read(text, {});
    if (!copy) std::abort();  // reading is deterministic
    kifu::Result<Document> position = position_at(std::move(*copy), {});
    if (position) {
        if (kifu::Result<kifu::BoardView> view = board_view(*position)) (void)kifu::render_text(*view);
        if (kifu::Result<std::vector<std::string>> moves = legal_moves(*position)) {
            for (std::size_t at = 0; at < text.size();) {
                const std::size_t end = std::min(text.find(' ', at), text.size());
                if (kifu::Result<Document> after = play(*position, text.substr(at, end - at))) {
                    if (!position_key(*after) || !status(*after) || !legal_moves(*after)) std::abort();
                } else if (after.error().message.size() > 400) {
                    std::abort();
                }
                at = end + 1;
            }
            for (std::size_t i = 0; i < moves->size() && i < 8; ++i)
                if (!play(*position, (*moves)[i])) std::abort();  // a legal move, as listed, plays
        }
    }
    if (!format.can_write() || !format.accepts(*document)) return 0;
    std::vector<std::string> notes;
    const kifu::Result<std::string> written = format.write(*document, {}, notes);
    if (!written) return 0;  // a value the format cannot hold (said as an error)
    const kifu::Result<Document> again = format.read(*written, {});
    if (!again) std::abort();
    const kifu::Result<std::string> rewritten = format.write(*again, {}, notes);
    if (!rewritten || *rewritten != *written) std::abort();
    return 0;
}
