// Duplicate keys (formats/duplicates.hpp). The first byte picks a rule (moves, position or a
// depth of 0-63 plies); the rest is PGN. Any bytes: no crash, hang or unbounded allocation.
// Every game read without an error gets the same key streamed (PgnDuplicateKeyer, no tree)
// as from its tree (duplicate_key), and a game is a duplicate of itself in the table.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kifu/chess/game.hpp"
#include "kifu/chess/pgn.hpp"
#include "kifu/formats/duplicates.hpp"

using namespace kifu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    formats::DuplicateRule rule;
    if (data[0] & 0x40) rule = {formats::DuplicateRule::Kind::position, 0};
    if (data[0] & 0x80) rule = {formats::DuplicateRule::Kind::depth, data[0] & 0x3Fu};
    if (formats::to_string(rule) !=
        formats::to_string(*formats::parse_duplicate_rule(formats::to_string(rule))))
        std::abort();
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    chess::PgnSplitter splitter(text);
    formats::PgnDuplicateKeyer keyer(rule);
    chess::GameBuilder builder;
    formats::DuplicateTable table;
    std::uint32_t number = 0;
    while (const std::optional<chess::PgnGameText> g = splitter.next()) {
        chess::read_pgn_game(*g, keyer);
        chess::read_pgn_game(*g, builder);
        const chess::Game game = builder.take();
        if (!game.errors.empty() || !keyer.key()) continue;  // (a depth rule stops before later errors)
        if (*keyer.key() != formats::duplicate_key(game, rule)) std::abort();
        table.see(*keyer.key(), number);
        if (table.see(*keyer.key(), number + 1).value_or(number + 1) > number) std::abort();
        number += 2;
    }
    return 0;
}
