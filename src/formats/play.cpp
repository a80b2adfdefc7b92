// Moves on any game's position (formats/play.hpp): each game's generator and notations
// behind one set of calls.
#include "kifu/formats/play.hpp"

#include <type_traits>
#include <utility>

#include "kifu/feen/games.hpp"
#include "kifu/formats/game_rules.hpp"

namespace kifu::formats {
namespace {

Document as_document(Value value) {
    return Document{std::move(value), {}};
}

Error no_moves_error() {
    return Error{ErrorCode::unsupported,
                 "expected a position of Go, chess, shogi or xiangqi, found a record or a board of no known "
                 "game"};
}

// The document for a played position: FEEN stays FEEN.
template <class P>
Document played(const Document& from, P position) {
    if (std::holds_alternative<feen::Position>(from.value)) {
        if constexpr (std::is_same_v<P, chess::Position>) return as_document(feen::from_chess(position));
        if constexpr (std::is_same_v<P, shogi::Position>) return as_document(feen::from_shogi(position));
        if constexpr (std::is_same_v<P, xiangqi::Position>) return as_document(feen::from_xiangqi(position));
    }
    return as_document(position_value(std::move(position)));
}

}  // namespace

Result<std::vector<std::string>> legal_moves(const Document& document) {
    std::vector<std::string> moves;
    if (visit_position_rules(document,
                             [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                                 for (const auto& m : Rules::legal_moves(p))
                                     moves.push_back(listed_move<Rules>(p, m));
                             }))
        return moves;
    return no_moves_error();
}

Result<Document> play(const Document& document, std::string_view text) {
    Result<Document> out = no_moves_error();
    visit_position_rules(document,
                         [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                             Result<typename Rules::Move> m = Rules::parse_move(p, text);
                             if (!m) {
                                 out = m.error();
                                 return;
                             }
                             typename Rules::Position next = p;
                             Rules::play(next, *m);
                             out = played(document, std::move(next));
                         });
    return out;
}

Result<PositionStatus> status(const Document& document) {
    PositionStatus out;
    if (visit_position_rules(document,
                             [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                                 out = Rules::status(p);
                             }))
        return out;
    return no_moves_error();
}

Result<std::uint64_t> position_key(const Document& document) {
    std::uint64_t key = 0;
    if (visit_position_rules(document,
                             [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                                 key = Rules::key(p);
                             }))
        return key;
    return no_moves_error();
}

Result<std::string_view> side_to_move(const Document& document) {
    std::string_view side;
    if (visit_position_rules(document,
                             [&]<class Rules>(std::type_identity<Rules>, const typename Rules::Position& p) {
                                 side = Rules::side_to_move(p);
                             }))
        return side;
    return no_moves_error();
}

}  // namespace kifu::formats
