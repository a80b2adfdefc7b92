#include "kifu/formats/games.hpp"

#include <array>
#include <string>

namespace kifu::formats {
namespace {

constexpr std::array kGames{
    GameInfo{Game::go, "go",
             "black",  "white",
             "black",  "white",
             "B+",     "W+",
             "draw",   "hen",
             "HEN",    "sgf",
             "SGF",    "ON",
             "",       "",
             "PB",     "PW",
             "DT",     "EV",
             "RE",     "EV DT PB BR PW WR SZ KM HA RU",
             true,     1,
             10.0},
    GameInfo{Game::chess,
             "chess",
             "white",
             "black",
             "white",
             "black",
             "1-0",
             "0-1",
             "1/2-1/2",
             "fen",
             "FEN",
             "pgn",
             "PGN",
             "ECO Opening Variation SubVariation",
             "/usr/share/pgn-extract/eco.pgn /usr/share/scid/data/scid.eco",
             "WhiteElo BlackElo",
             "White",
             "Black",
             "Date UTCDate",
             "Event",
             "Result",
             "Event Site Date Round White Black WhiteElo BlackElo ECO Opening",
             false,
             2},
    GameInfo{Game::shogi,
             "shogi",
             "sente",
             "gote",
             "black",
             "white",
             "sente",
             "gote",
             "draw",
             "sfen",
             "SFEN",
             "kif",
             "KIF",
             "戦型",
             "",
             "",
             "先手 下手",
             "後手 上手",
             "開始日時 対局日",
             "棋戦",
             "",
             "棋戦 開始日時 先手 後手 手合割 戦型",
             false,
             1,
             6.0},
    GameInfo{Game::xiangqi,
             "xiangqi",
             "red",
             "black",
             "red",
             "black",
             "1-0",
             "0-1",
             "1/2-1/2",
             "xfen-xiangqi",
             "FEN",
             "pgn-xiangqi",
             "PGN",
             "ECCO Opening Variation",
             "",
             "RedElo BlackElo",
             "Red White",
             "Black",
             "Date",
             "Event",
             "Result",
             "Event Site Date Round Red Black RedElo BlackElo ECCO Opening",
             false,
             2},
};

// The numbers are the rows' places: checked once, here.
constexpr bool numbered_in_order() {
    for (std::size_t i = 0; i < kGames.size(); ++i)
        if (static_cast<std::size_t>(kGames[i].game) != i) return false;
    return true;
}
static_assert(numbered_in_order(), "kGames lists the games in the order of their numbers");

}  // namespace

std::span<const GameInfo> all_games() noexcept {
    return kGames;
}

const GameInfo* game_info(Game game) noexcept {
    const auto i = static_cast<std::size_t>(game);
    return i < kGames.size() ? &kGames[i] : nullptr;
}

bool symmetric_keys(Game game) noexcept {
    const GameInfo* info = game_info(game);
    return info && info->symmetric_keys;
}

std::string_view named_tag(std::span<const std::pair<std::string, std::string>> tags,
                           std::string_view names) {
    while (!names.empty()) {
        const std::size_t blank = names.find(' ');
        const std::string_view name = names.substr(0, blank);
        for (const auto& [n, value] : tags)
            if (n == name) return value;
        names = blank == std::string_view::npos ? std::string_view() : names.substr(blank + 1);
    }
    return {};
}

const GameInfo* game_named(std::string_view name) noexcept {
    for (const GameInfo& g : kGames)
        if (g.name == name) return &g;
    return nullptr;
}

std::optional<Game> game_numbered(int number) noexcept {
    if (number < 0 || number >= static_cast<int>(kGames.size())) return std::nullopt;
    return kGames[static_cast<std::size_t>(number)].game;
}

std::string_view game_names() noexcept {
    static const std::string names = [] {
        std::string out;
        for (std::size_t i = 0; i < kGames.size(); ++i)
            out.append(i == 0 ? "" : i + 1 == kGames.size() ? " and " : ", ").append(kGames[i].name);
        return out;
    }();
    return names;
}

}  // namespace kifu::formats
