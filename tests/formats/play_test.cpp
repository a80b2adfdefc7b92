// formats/play.hpp: the same calls on every game's position (the Python module's Position).
#include "kifu/formats/play.hpp"

#include <gtest/gtest.h>

#include "../support/documents.hpp"

#include "kifu/feen/games.hpp"

#include <algorithm>

namespace kifu::formats {
namespace {

using test::read_as;

std::string write_as(std::string_view format, const Document& d) {
    std::vector<std::string> notes;
    return *find_format(format)->write(d, {}, notes);
}

Document played(const Document& d, std::string_view move) {
    Result<Document> after = play(d, move);
    EXPECT_TRUE(after) << move << ": " << (after ? "" : after.error().message);
    return std::move(*after);
}

TEST(Play, ChessTakesSanAndUciAndTellsErrorsApart) {
    const Document start = read_as("fen", "startpos");
    EXPECT_EQ(legal_moves(start)->size(), 20u);
    EXPECT_EQ(*position_key(played(start, "e4")), *position_key(played(start, "e2e4")));
    EXPECT_EQ(*position_key(played(start, "e4")), 0x823C9B50FD114196ull);
    EXPECT_EQ(play(start, "e5").error().code, ErrorCode::illegal_move);
    EXPECT_EQ(play(start, "xyz").error().code, ErrorCode::unexpected_character);
    const Document rooks = read_as("fen", "k7/8/8/8/8/8/4K3/R6R w - - 0 1");
    EXPECT_EQ(play(rooks, "Rd1").error().code, ErrorCode::ambiguous_move);
    Document mate = read_as("fen", "startpos");
    for (const char* m : {"f3", "e5", "g4", "Qh4#"}) mate = played(mate, m);
    EXPECT_EQ(status(mate)->outcome, "checkmate");
    EXPECT_TRUE(status(mate)->check);
    EXPECT_EQ(*side_to_move(mate), "white");
}

TEST(Play, GoRefusesTakenPointsKoAndSuicide) {
    Document board = read_as("hen", ".5x5");
    EXPECT_EQ(legal_moves(board)->size(), 26u);
    for (const char* m : {"B3", "D4", "C4", "D2", "C2", "E3", "pass", "C3", "D3"}) board = played(board, m);
    const auto moves = *legal_moves(board);
    EXPECT_EQ(std::count(moves.begin(), moves.end(), "C3"), 0);
    EXPECT_EQ(play(board, "C3").error().code, ErrorCode::illegal_move);
    EXPECT_EQ(play(board, "D3").error().code, ErrorCode::illegal_move);  // taken
    EXPECT_TRUE(play(played(played(board, "A1"), "A2"), "C3"));          // the ko is over
    const Document eye = played(played(played(played(read_as("hen", ".5x5"), "pass"), "B5"), "pass"), "A4");
    EXPECT_EQ(play(eye, "A5").error().code, ErrorCode::illegal_move);  // suicide
    EXPECT_EQ(*side_to_move(eye), "black");
    EXPECT_EQ(status(eye)->outcome, "ongoing");
    EXPECT_EQ(write_as("hen", played(read_as("hen", ".9x9"), "ee")), ".9x9_5Eb.E5b.w");
}

TEST(Play, ShogiXiangqiAndFeenReadEveryNotation) {
    const Document shogi = read_as("sfen", "startpos");
    EXPECT_EQ(legal_moves(shogi)->size(), 30u);
    const std::uint64_t usi = *position_key(played(shogi, "7g7f"));
    EXPECT_EQ(*position_key(played(shogi, "+7776FU")), usi);
    EXPECT_EQ(*position_key(played(shogi, "P-7f")), usi);
    const Document xiangqi =
        read_as("xfen-xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    EXPECT_EQ(legal_moves(xiangqi)->size(), 44u);
    EXPECT_EQ(*position_key(played(xiangqi, "C2.5")), *position_key(played(xiangqi, "h2e2")));
    const Document feen{feen::from_chess(std::get<chess::Position>(read_as("fen", "startpos").value)), {}};
    const Document after = played(feen, "e4");
    EXPECT_TRUE(std::holds_alternative<feen::Position>(after.value));  // FEEN stays FEEN
    EXPECT_EQ(*position_key(after), *position_key(played(read_as("fen", "startpos"), "e4")));
    EXPECT_EQ(legal_moves(read_as("feen", "3/1+Q'1/3 / Q/q")).error().code, ErrorCode::unsupported);
}

}  // namespace
}  // namespace kifu::formats
