// Duplicate games by key (formats/duplicates.hpp).

#include "kifu/formats/duplicates.hpp"

#include <charconv>

#include <fmt/format.h>

#include "kifu/formats/game_rules.hpp"

namespace kifu::formats {

namespace {
constexpr std::uint32_t kMaxDepth = 100000;
constexpr std::uint32_t kNoGame = 0xFFFFFFFFu;
}  // namespace

Result<DuplicateRule> parse_duplicate_rule(std::string_view text) {
    if (text == "moves") return DuplicateRule{DuplicateRule::Kind::moves, 0};
    if (text == "position") return DuplicateRule{DuplicateRule::Kind::position, 0};
    constexpr std::string_view depth = "depth:";
    if (text.starts_with(depth)) {
        const std::string_view number = text.substr(depth.size());
        std::uint32_t n = 0;
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
        const auto column = static_cast<std::uint32_t>(depth.size() + 1);
        if (number.empty() || ec == std::errc::invalid_argument || end != number.data() + number.size())
            return Error(ErrorCode::unexpected_character, TextPlace{depth.size(), 1, column},
                         fmt::format("expected a number of plies after 'depth:', found '{}'", number));
        if (ec == std::errc::result_out_of_range || n > kMaxDepth)
            return Error(ErrorCode::out_of_range, TextPlace{depth.size(), 1, column},
                         fmt::format("a depth of at most {} plies, found {}", kMaxDepth, number));
        return DuplicateRule{DuplicateRule::Kind::depth, n};
    }
    return Error(ErrorCode::unexpected_character, TextPlace{0, 1, 1},
                 fmt::format("expected moves, position or depth:N, found '{}'", text));
}

std::string to_string(const DuplicateRule& rule) {
    switch (rule.kind) {
        case DuplicateRule::Kind::moves:
            return "moves";
        case DuplicateRule::Kind::position:
            return "position";
        case DuplicateRule::Kind::depth:
            return fmt::format("depth:{}", rule.depth);
    }
    return {};
}

std::vector<std::uint64_t> duplicate_keys(const Document& record, DuplicateRule rule) {
    std::vector<std::uint64_t> keys;
    visit_record(record, [&](const auto& games) {
        keys.reserve(games.size());
        for (const auto& tree : games) keys.push_back(duplicate_key(tree, rule));
    });
    return keys;
}

bool PgnDuplicateKeyer::begin_game(const chess::PgnGameText&) {
    key_.reset();
    started_ = moved_ = broken_ = false;
    return true;
}

bool PgnDuplicateKeyer::begin_movetext(const chess::Position& start) {
    keyer_.start(start);
    started_ = true;
    return true;
}

void PgnDuplicateKeyer::move(const chess::Position& before, chess::Move move, std::string_view) {
    if (moved_) keyer_.reached(before);  // the position after the move before this one
    if (!keyer_.wants_moves()) {
        stop_movetext();  // past the rule's depth: the rest of the game cannot change the key
        return;
    }
    keyer_.played(move);
    moved_ = true;
}

void PgnDuplicateKeyer::end_game(const chess::Position& final_position) {
    if (broken_) return;
    if (!started_) keyer_.start(final_position);  // a game that ended in its tags
    key_ = keyer_.key(final_position);
}

std::optional<std::uint32_t> DuplicateTable::see(std::uint64_t key, std::uint32_t game) {
    if (key == 0) key = 1;
    if ((used_ + 1) * 4 > keys_.size() * 3) grow();
    const std::size_t mask = keys_.size() - 1;
    for (std::size_t i = key & mask;; i = (i + 1) & mask) {
        if (keys_[i] == key) return firsts_[i];
        if (keys_[i] == 0) {
            keys_[i] = key;
            firsts_[i] = game;
            ++used_;
            return std::nullopt;
        }
    }
}

void DuplicateTable::grow() {
    std::vector<std::uint64_t> keys(keys_.empty() ? 1024 : keys_.size() * 2, 0);
    std::vector<std::uint32_t> firsts(keys.size(), kNoGame);
    const std::size_t mask = keys.size() - 1;
    for (std::size_t j = 0; j < keys_.size(); ++j) {
        if (keys_[j] == 0) continue;
        std::size_t i = keys_[j] & mask;
        while (keys[i] != 0) i = (i + 1) & mask;
        keys[i] = keys_[j];
        firsts[i] = firsts_[j];
    }
    keys_ = std::move(keys);
    firsts_ = std::move(firsts);
}

}  // namespace kifu::formats
