// The JSON Lines writers on any PGN: every line they write parses as JSON (checked by
// nlohmann/json, not by kifu), is valid UTF-8 whatever bytes came in, and says what the
// game holds: its tags and its main line. Both writers are checked: the one from the tree
// and the streaming one (fed by the reader, as `kifu convert --to jsonl` is).

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn_writer.hpp"
#include "kifu/core/utf8.hpp"

using namespace kifu::chess;
using nlohmann::json;

namespace {

// One object on one line, or abort.
json parse_line(std::string_view line) {
    if (!kifu::utf8::is_valid(line) || line.find('\n') != std::string_view::npos) std::abort();
    if (!json::accept(line)) std::abort();
    json object = json::parse(line);
    if (!object.is_object()) std::abort();
    return object;
}

// The object says what the game holds.
void expect_game(const json& object, const Game& game) {
    const json& tags = object.at("tags");
    if (tags.size() > game.tags.size()) std::abort();
    for (const auto& [name, value] : game.tags)
        if (!tags.contains(name) || tags.at(name).get<std::string>().empty() != value.empty()) std::abort();
    const std::size_t plies = object.contains("moves") ? object.at("moves").size() : 0;
    if (plies != game.main_line().size()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::vector<Game> games = read_pgn(text);
    std::vector<const Game*> good;
    for (const Game& game : games) {
        std::string line;
        append_game_json(line, game);
        if (line.empty() || line.back() != '\n') std::abort();
        line.pop_back();
        expect_game(parse_line(line), game);  // errors and warnings are in it too
        if (game.errors.empty()) good.push_back(&game);
    }
    std::string streamed;
    {
        JsonExporter writer(streamed, true);
        PgnSplitter splitter(text);
        while (const std::optional<PgnGameText> g = splitter.next()) read_pgn_game(*g, writer);
    }
    std::size_t n = 0;
    for (std::size_t begin = 0; begin < streamed.size(); ++n) {
        const std::size_t end = streamed.find('\n', begin);
        if (end == std::string::npos || n >= good.size()) std::abort();
        expect_game(parse_line(std::string_view(streamed).substr(begin, end - begin)), *good[n]);
        begin = end + 1;
    }
    if (n != good.size()) std::abort();
    return 0;
}
