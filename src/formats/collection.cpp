// How a file of games is opened (formats/collection.hpp).
#include "kifu/formats/collection.hpp"

#include <algorithm>

namespace kifu::formats {

Result<std::string> read_head(ByteSource& source, std::size_t limit) {
    std::string head;
    char step[8192];
    while (head.size() < limit) {
        Result<std::size_t> n = source.read(step, std::min(sizeof step, limit - head.size()));
        if (!n) return n.error();
        if (*n == 0) break;
        head.append(step, *n);
    }
    return head;
}

namespace {

bool share_an_extension(const Format& a, const Format& b) {
    return std::ranges::any_of(a.extensions, [&](std::string_view e) {
        return std::ranges::find(b.extensions, e) != b.extensions.end();
    });
}

}  // namespace

Result<CollectionFormat> collection_format(std::string_view head, std::string_view file_name) {
    // A name that says a streamed format stands, unless the content says another format of
    // the same extension (a .pgn of xiangqi games): a damaged file is then the streamer's to
    // report game by game, not a guess from its bytes.
    if (const Format* named = format_of_file_name(file_name); named && named->takes(kStreams)) {
        const Result<const Format*> said = detect_format(head);
        if (said && *said != named && share_an_extension(**said, *named))
            return CollectionFormat{*said, (*said)->takes(kStreams)};
        return CollectionFormat{named, true};
    }
    Result<const Format*> format = detect_format(head, file_name);
    if (!format) return format.error();
    return CollectionFormat{*format, (*format)->takes(kStreams)};
}

Result<CollectionFormat> collection_format_of_file(const std::string& path) {
    Result<std::unique_ptr<ByteSource>> source = open_byte_source(path);
    if (!source) return source.error();
    Result<std::string> head = read_head(**source);
    if (!head) return head.error();
    return collection_format(*head, path);
}

}  // namespace kifu::formats
