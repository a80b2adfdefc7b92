// A game's tags replaced in its text (chess/pgn_retag.hpp), cut by the PGN tokenizer.
#include "kifu/chess/pgn_retag.hpp"

#include <algorithm>

#include "pgn_tokenizer.hpp"

namespace kifu::chess {
namespace {

bool blank(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\r';
}

void append_tag(std::string& out, std::string_view name, std::string_view value, std::string_view eol) {
    out += '[';
    out += name;
    out += " \"";
    for (const char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    out += "\"]";
    out += eol;
}

}  // namespace

void append_retagged(std::string& out, std::string_view game, std::span<const std::string> drop,
                     std::span<const std::pair<std::string, std::string>> add) {
    const std::size_t n = game.size();
    pgn::Tokenizer tokens(game, 0, false);
    std::size_t copied = 0;      // game[0, copied) is in `out` or left out
    std::size_t after_tags = 0;  // where `add` goes: after the last tag pair's line
    for (;;) {
        const pgn::Token t = tokens.next();
        if (t.kind == pgn::TokenKind::escape || t.kind == pgn::TokenKind::comment ||
            t.kind == pgn::TokenKind::line_comment)
            continue;  // before the tags or between them: kept where they are
        if (t.kind != pgn::TokenKind::tag) break;
        std::size_t line_begin = t.begin, line_end = t.end;
        while (line_begin > 0 && blank(game[line_begin - 1])) --line_begin;
        while (line_end < n && blank(game[line_end])) ++line_end;
        const bool alone =
            (line_begin == 0 || game[line_begin - 1] == '\n') && (line_end == n || game[line_end] == '\n');
        const std::size_t line_after = line_end < n && game[line_end] == '\n' ? line_end + 1 : line_end;
        after_tags = line_after;
        if (std::find(drop.begin(), drop.end(), t.text) == drop.end()) continue;
        const std::size_t from = alone ? line_begin : t.begin, to = alone ? line_after : t.end;
        out.append(game, copied, from - copied);
        copied = to;
    }
    after_tags = std::max(after_tags, copied);
    out.append(game, copied, after_tags - copied);
    // The new lines end as the game's first line does.
    const std::size_t first_end = game.find('\n');
    const std::string_view eol =
        first_end != std::string_view::npos && first_end > 0 && game[first_end - 1] == '\r' ? "\r\n" : "\n";
    if (!add.empty() && after_tags > 0 && game[after_tags - 1] != '\n') out += eol;
    for (const auto& [name, value] : add) append_tag(out, name, value, eol);
    out.append(game, after_tags, n - after_tags);
}

}  // namespace kifu::chess
