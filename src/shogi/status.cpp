#include "kifu/shogi/status.hpp"

#include "kifu/core/hash.hpp"
#include "kifu/shogi/movegen.hpp"

namespace kifu::shogi {

std::uint64_t repetition_key(const Position& pos) {
    std::uint64_t key = pos.side_to_move() == Color::white ? splitmix64(1) : 0;
    for (Square s = 0; s < kSquares; ++s) {
        const Piece p = pos.piece_on(s);
        if (!p.empty())
            key ^= splitmix64(1000 + static_cast<std::uint64_t>(s) * 32 +
                              static_cast<std::uint64_t>(index(p.type)) * 2 +
                              static_cast<std::uint64_t>(index(p.color)));
    }
    for (const Color c : {Color::black, Color::white})
        for (int t = 0; t < kHandTypes; ++t)
            key +=
                splitmix64(5000 + static_cast<std::uint64_t>(index(c)) * 16 + static_cast<std::uint64_t>(t)) *
                static_cast<std::uint64_t>(pos.hand(c, static_cast<PieceType>(t)));
    return key;
}

GameStatus game_status(const Position& pos, std::span<const HistoryEntry> history) {
    GameStatus status;
    const Color us = pos.side_to_move();
    status.check = in_check(pos, us);
    if (count_legal_moves(pos) == 0) {
        status.outcome = status.check ? Outcome::checkmate : Outcome::no_legal_move;
        status.loser = us;
        return status;
    }
    const std::uint64_t key = repetition_key(pos);
    std::size_t first = history.size();
    for (std::size_t i = 0; i < history.size(); ++i)
        if (history[i].key == key) {
            ++status.repetitions;
            if (first == history.size()) first = i;
        }
    if (status.repetitions < 4) return status;
    // From the first of the four occurrences on: did every move of one side give check?
    // Positions alternate sides; the present one has `us` to move.
    bool all_checks_on[2] = {true, true};  // [c]: every position with c to move was in check
    const std::size_t n = history.size();
    for (std::size_t i = first; i <= n; ++i) {
        const bool check = i == n ? status.check : history[i].in_check;
        const Color to_move = ((n - i) % 2 == 0) ? us : ~us;
        if (!check) all_checks_on[index(to_move)] = false;
    }
    status.outcome = Outcome::sennichite;
    if (all_checks_on[index(Color::white)] != all_checks_on[index(Color::black)]) {
        status.outcome = Outcome::perpetual_check;
        // Every position with White to move in check: Black gave every check, Black loses.
        status.loser = all_checks_on[index(Color::white)] ? Color::black : Color::white;
    }
    return status;
}

EnteringKingCount entering_king_count(const Position& pos) {
    EnteringKingCount count;
    const auto value = [](PieceType t) {
        const PieceType u = unpromoted(t);
        return u == PieceType::king ? 0 : (u == PieceType::rook || u == PieceType::bishop) ? 5 : 1;
    };
    for (Square s = 0; s < kSquares; ++s) {
        const Piece p = pos.piece_on(s);
        if (p.empty()) continue;
        const int c = index(p.color);
        const bool in_camp = in_zone(p.color, s);  // the three ranks where it promotes
        count.points[c] += value(p.type);
        if (p.type == PieceType::king) {
            count.king_in_camp[c] = in_camp;
            continue;
        }
        if (in_camp) {
            count.camp_points[c] += value(p.type);
            ++count.camp_pieces[c];
        }
    }
    for (const Color c : {Color::black, Color::white})
        for (int t = 0; t < kHandTypes; ++t) {
            const int n = pos.hand(c, static_cast<PieceType>(t)) * value(static_cast<PieceType>(t));
            count.points[index(c)] += n;
            count.camp_points[index(c)] += n;
        }
    return count;
}

bool declaration_holds(const Position& pos, std::string* why) {
    const EnteringKingCount count = entering_king_count(pos);
    const Color us = pos.side_to_move();
    const int c = index(us);
    const int needed = us == Color::black ? 28 : 27;
    const auto fails = [&](std::string reason) {
        if (why) *why = std::move(reason);
        return false;
    };
    if (!count.king_in_camp[c]) return fails("the king is not in the opponent's camp");
    if (count.camp_pieces[c] < 10)
        return fails("only " + std::to_string(count.camp_pieces[c]) +
                     " pieces besides the king are in the camp (10 needed)");
    if (count.camp_points[c] < needed)
        return fails(std::to_string(count.camp_points[c]) + " points (" + std::to_string(needed) +
                     " needed)");
    if (in_check(pos, us)) return fails("the king is in check");
    return true;
}

}  // namespace kifu::shogi
