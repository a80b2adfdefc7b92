#include "replay.hpp"

#include "entries.hpp"
#include "kifu/formats/game_rules.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/go/symmetry.hpp"
#include "move_codec.hpp"

namespace kifu::index::detail {
namespace {

// A game behind the interface (core/game_rules.hpp): from the start ("" the standard one),
// one move word a move; a posting before each move and one at the end.
template <GameRules Rules>
Result<std::vector<Posting>> replay_moves(std::string_view start, std::string_view words,
                                          std::uint32_t last_ply) {
    Result<typename Rules::Position> read = Rules::read_position(start.empty() ? "startpos" : start);
    if (!read) return read.error();
    typename Rules::Position& position = *read;
    std::vector<Posting> out;
    const std::size_t n = words.size() / 2;
    out.reserve(std::min<std::size_t>(n, last_ply) + 1);
    for (std::uint32_t ply = 0; ply <= n && ply <= last_ply; ++ply) {
        const std::uint32_t next = ply < n ? std::uint32_t{word_at(words, ply)} + 1 : 0;
        out.push_back({Rules::key(position), 0, ply, posting_code(next, 0)});
        if (ply < n) Rules::play(position, Rules::move_of_word(word_at(words, ply)));
    }
    return out;
}

// Go: the nodes of the main line as entries.cpp wrote them (move_codec.hpp).
std::vector<go::NodeAction> go_nodes(std::string_view words) {
    std::vector<go::NodeAction> nodes;
    for_each_go_node(words, [&](const go::NodeAction& a) { nodes.push_back(a); });
    return nodes;
}

// A stored Go game's start: its HEN ("" the empty 19x19 board), as a state of stones.
Result<go::GameState> go_start(std::string_view start) {
    go::GameState state;
    state.board = go::Board(go::BoardSize{});
    if (!start.empty()) {
        Result<go::Position> p = go::parse_hen(start);
        if (!p) return p.error();
        state.board = board_of(*p);
    }
    return state;
}

}  // namespace

Result<std::vector<Posting>> replay_postings(formats::Game game, std::string_view start,
                                             std::string_view moves, std::uint32_t last_ply) {
    if (!formats::symmetric_keys(game)) {
        Result<std::vector<Posting>> replayed =
            Error{ErrorCode::unsupported, "no positions to replay for this game"};
        formats::visit_game_rules(game, [&]<class Rules>(std::type_identity<Rules>) {
            replayed = replay_moves<Rules>(start, moves, last_ply);
        });
        return replayed;
    }
    // Keys up to symmetry (Go): each the board's canonical key, the move word turned with it,
    // and a node's setup replayed too.
    Result<go::GameState> start_state = go_start(start);
    if (!start_state) return start_state.error();
    go::GameState& state = *start_state;
    const go::BoardSize size = state.board.size();
    const std::vector<go::NodeAction> nodes = go_nodes(moves);
    go::BoardKeys keys(size);
    std::vector<Posting> out;
    for (std::uint32_t ply = 0; ply <= nodes.size() && ply <= last_ply; ++ply) {
        keys.update(state.board);
        const CanonicalKey key = keys.canonical();
        const std::uint32_t next = ply < nodes.size() ? go_next_code(nodes[ply], key.symmetry, size) : 0;
        out.push_back({key.key, 0, ply, posting_code(next, key.symmetry)});
        if (ply < nodes.size()) go::GameTraits::play(state, nodes[ply]);
    }
    return out;
}

Result<std::uint64_t> stored_duplicate_key(formats::Game game, std::string_view start, std::string_view moves,
                                           const formats::DuplicateRule& rule) {
    Result<std::uint64_t> key = Error{ErrorCode::unsupported, "no moves to replay for this game"};
    formats::visit_game_rules(game, [&]<class Rules>(std::type_identity<Rules>) {
        formats::DuplicateKeyer<Rules> keyer(rule);
        const auto replay = [&](typename Rules::Position position, const auto& moves_in_order) {
            keyer.start(position);
            moves_in_order([&](const typename Rules::Move& move) {
                if (!keyer.wants_moves()) return;
                Rules::play(position, move);
                keyer.played(move);
                keyer.reached(position);
            });
            key = keyer.key(position);
        };
        if constexpr (std::is_same_v<Rules, go::GameTraits>) {
            // Go's main line is stored as its nodes (go_start: the start).
            Result<go::GameState> state = go_start(start);
            if (!state) {
                key = state.error();
                return;
            }
            replay(std::move(*state), [&](auto&& each) { for_each_go_node(moves, each); });
        } else {
            Result<typename Rules::Position> read = Rules::read_position(start.empty() ? "startpos" : start);
            if (!read) {
                key = read.error();
                return;
            }
            replay(std::move(*read), [&](auto&& each) {
                for (std::size_t i = 0; i < moves.size() / 2; ++i)
                    each(Rules::move_of_word(word_at(moves, i)));
            });
        }
    });
    return key;
}

Result<Posting> StoredPostings::at(std::uint32_t game, std::uint32_t ply) {
    if (!row_) return sqlite_error(db_, "reading the games");
    row_.bind(1, game);
    Result<std::vector<Posting>> postings =
        row_.step() ? replay_postings(stored_game(row_.integer(0)), row_.text(1), row_.blob(2), ply)
                    : Result<std::vector<Posting>>(Error{ErrorCode::io_error, ""});
    row_.reset();
    if (!postings || postings->empty() || postings->back().ply() != ply)
        return Error{ErrorCode::io_error, "damaged index: game " + std::to_string(game) +
                                              " does not reach ply " + std::to_string(ply)};
    return postings->back();
}

}  // namespace kifu::index::detail
