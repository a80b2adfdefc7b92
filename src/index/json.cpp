// The index's answers as JSON (index/json.hpp).
#include "kifu/index/json.hpp"

#include <initializer_list>
#include <utility>

#include "kifu/formats/games.hpp"

namespace kifu::index {
namespace {

void games(JsonWriter& j, const std::vector<GameSummary>& list) {
    j.key("games");
    j.open('[');
    for (const GameSummary& g : list) write_json(j, g);
    j.close(']');
}

void numbers(JsonWriter& j, std::initializer_list<std::pair<std::string_view, std::uint64_t>> fields) {
    for (const auto& [name, value] : fields) j.key(name), j.number(value);
}

}  // namespace

void write_json(JsonWriter& j, const GameSummary& g) {
    const formats::GameInfo* info = formats::game_info(g.game);
    j.open('{');
    j.key("file"), j.string(g.file);
    j.key("game"), j.number(g.number);
    if (g.at_position) j.key("ply"), j.number(std::uint64_t{g.ply});
    j.key("offset"), j.number(g.offset);
    j.key("id"), j.number(std::uint64_t{g.id});
    j.key(info ? info->first : "first"), j.string(g.first);
    j.key(info ? info->second : "second"), j.string(g.second);
    j.key("date"), j.string(g.date);
    j.key("event"), j.string(g.event);
    j.key("result"), j.string(g.result);
    j.key("plies"), j.number(std::uint64_t{g.plies});
    if (!g.opening.empty()) j.key("opening"), j.string(g.opening);
    if (formats::symmetric_keys(g.game)) j.key("symmetry"), j.number(std::uint64_t{g.symmetry});
    j.close('}');
}

std::string to_json(const SearchResult& r) {
    JsonWriter j;
    j.open('{');
    j.key("count"), j.number(r.count);
    games(j, r.games);
    j.close('}');
    return j.take();
}

std::string to_json(const PatternResult& r) {
    JsonWriter j;
    j.open('{');
    j.key("count"), j.number(r.count);
    games(j, r.games);
    j.key("continuations");
    j.open('[');
    for (const Continuation& c : r.continuations) {
        j.open('{');
        j.key("move"), j.string(c.move);
        numbers(j, {{"count", c.count}, {"black", c.black}, {"white", c.white}, {"other", c.other}});
        j.close('}');
    }
    j.close(']');
    j.key("replayed"), j.number(r.replayed);
    j.close('}');
    return j.take();
}

std::string to_json(const ExploreResult& r) {
    JsonWriter j;
    j.open('{');
    numbers(j, {{"games", r.games}, {"ended", r.ended}});
    if (!r.opening.empty()) j.key("opening"), j.string(r.opening);
    j.key("moves");
    j.open('[');
    for (const MoveStats& m : r.moves) {
        j.open('{');
        j.key("move"), j.string(m.move);
        numbers(j, {{"count", m.count},
                    {"first", m.first},
                    {"draws", m.draws},
                    {"second", m.second},
                    {"unknown", m.unknown}});
        j.key("score"), j.number(m.score, 4);
        // Scid's columns where known: a missing one is left out, as no number stands for it.
        for (const auto& [name, value] : {std::pair<std::string_view, std::uint32_t>{"rating", m.rating},
                                          {"performance", m.performance},
                                          {"first_year", m.first_year},
                                          {"last_year", m.last_year}})
            if (value != 0) j.key(name), j.number(std::uint64_t{value});
        if (!m.opening.empty()) j.key("opening"), j.string(m.opening);
        games(j, m.games);
        j.close('}');
    }
    j.close(']');
    j.close('}');
    return j.take();
}

std::string to_json(const std::vector<DuplicateGroup>& groups) {
    std::uint64_t duplicates = 0;
    for (const DuplicateGroup& g : groups) duplicates += g.duplicates.size();
    JsonWriter j;
    j.open('{');
    numbers(j, {{"count", groups.size()}, {"duplicates", duplicates}});
    j.key("groups");
    j.open('[');
    for (const DuplicateGroup& g : groups) {
        j.open('{');
        j.key("kept");
        write_json(j, g.kept);
        games(j, g.duplicates);
        j.close('}');
    }
    j.close(']');
    j.close('}');
    return j.take();
}

}  // namespace kifu::index
