// Writing a document as a format, narrowed where the format asks for a position
// (formats/write.hpp).
#include "kifu/formats/write.hpp"

namespace kifu::formats {
namespace {

void write_into(Written& w, const Document& document, const Format& to, const WriteOptions& options,
                LineEnd line_end) {
    Result<std::string> text = to.write(document, options, w.notes);
    if (!text) {
        w.error = std::move(text).error();
        return;
    }
    w.text = std::move(*text);
    if (line_end == LineEnd::added && !to.takes(kBinary) && (w.text.empty() || w.text.back() != '\n'))
        w.text.push_back('\n');
}

std::vector<Written> write_games(const Document& document, const Format& to, const NodeChoice& choice,
                                 bool given, bool every_game, const ReadOptions& read,
                                 const WriteOptions& write, LineEnd line_end) {
    std::vector<Written> out;
    if (!is_record(document) || (to.kind != Kind::position && !given)) {
        write_into(out.emplace_back(), document, to, write, line_end);
        return out;
    }
    const std::size_t games = every_game ? game_count(document) : 1;
    for (std::size_t g = 0; g < games; ++g) {
        Written& w = out.emplace_back();
        NodeChoice c = choice;
        if (every_game) c.game_index = g;
        w.game = c.game_index;
        Result<Document> position = position_in(document, c, read);
        if (!position) {
            w.error = std::move(position).error();
            w.choice_failed = true;
            continue;
        }
        w.warnings = std::move(position->warnings);
        write_into(w, *position, to, write, line_end);
    }
    return out;
}

}  // namespace

std::vector<Written> write_document(const Document& document, const Format& to, const NodeChoice& choice,
                                    bool given, bool every_game, const ReadOptions& read,
                                    const WriteOptions& write, LineEnd line_end, TableHeader header) {
    std::vector<Written> out = write_games(document, to, choice, given, every_game, read, write, line_end);
    if (to.header && header == TableHeader::written && !out.empty() && !out.front().error)
        out.front().text.insert(0, to.header(game_of(document), write));
    return out;
}

}  // namespace kifu::formats
