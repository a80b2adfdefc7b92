// The impossible-check rule (src/chess/last_move.hpp): a check is impossible exactly when no
// move could have given it. Hand-made cases of each kind, and a property over generated
// positions: every check a legal move gives, of every kind of move, is called possible.

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "kifu/chess/fen.hpp"
#include "kifu/chess/movegen.hpp"
#include "kifu/chess/san.hpp"

namespace kifu::chess {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> check_problems(const Position& pos) {
    std::vector<std::string> out;
    for (const Problem& p : validity_problems(pos))
        if (p.kind == ProblemKind::impossible_check || p.kind == ProblemKind::impossible_double_check ||
            p.kind == ProblemKind::too_many_checkers)
            out.emplace_back(to_string(p.kind));
    return out;
}

std::vector<std::string> check_problems(std::string_view fen) {
    const Result<Position> pos = parse_fen(fen);
    EXPECT_TRUE(pos) << fen;
    return pos ? check_problems(*pos) : std::vector<std::string>{"unread"};
}

TEST(CheckRule, ChecksThatAMoveGivesArePossible) {
    for (const char* fen : {
             // ...cxb2+: the pawn checks and the c-file rook is uncovered.
             "k1r5/8/8/8/8/8/1p6/2K5 w - - 0 1",
             // ...cxd2+: the same with the pawn on the other side.
             "k1r5/8/8/8/8/8/3p4/2K5 w - - 0 1",
             // exd8=R+: two rooks, the promoted one and the one the pawn uncovered.
             "3Rk3/8/8/8/8/8/8/4R1K1 b - - 0 1",
             // exd8=Q+ uncovering a rook.
             "3Qk3/8/8/8/8/8/8/4R1K1 b - - 0 1",
             // exd6 e.p.: the capture uncovers a rook through e5 and a bishop through d5.
             "4R2K/1B6/3P4/8/4k3/8/8/8 b - - 0 1",
             // Nf6+ uncovering the e-file rook.
             "4k3/8/5N2/8/8/8/8/4R1K1 b - - 0 1",
             // Castling whose rook gives check (O-O, or the rook's own step to f1).
             "5k2/8/8/8/8/8/8/5RK1 b - - 0 1",
             // A single check beside an en-passant square: the pushed pawn gives it.
             "8/8/8/3k4/2P5/8/8/4K3 b - c3 0 1",
             // d2-d4 uncovering the bishop's check: the en-passant square fits (with the king
             // on c3 instead, the pawn on d2 would have given check before its push).
             "8/8/8/8/1k1P4/8/8/K3B3 b - d3 0 1",
         })
        EXPECT_EQ(check_problems(fen), std::vector<std::string>{}) << fen;
}

TEST(CheckRule, ChecksNoMoveGivesAreImpossible) {
    const std::vector<std::string> two{"impossible_double_check"}, one{"impossible_check"};
    // Two rooks where no promotion could have uncovered the other.
    EXPECT_EQ(check_problems("R3k3/8/8/8/8/8/8/4R1K1 b - - 0 1"), two);
    // Two knights: no knight's check can be uncovered.
    EXPECT_EQ(check_problems("4k3/2N5/5N2/8/8/8/8/4K3 b - - 0 1"), two);
    // Two bishops: no bishop move leaves one diagonal of the king for the other.
    EXPECT_EQ(check_problems("4k3/8/2B3B1/8/8/8/8/4K3 b - - 0 1"), two);
    // Two checkers on one line, from both sides of the king.
    EXPECT_EQ(check_problems("Q3k2R/8/8/8/8/8/8/6K1 b - - 0 1"), two);
    // A pawn on its second rank cannot have moved to give its check.
    EXPECT_EQ(check_problems("8/8/8/8/8/3k4/4P3/4K3 b - - 0 1"), one);
    // The en-passant square says d2-d4 was the last move; the rook's check was there before.
    EXPECT_EQ(check_problems("4k3/8/8/8/3P4/8/8/4RK2 b - d3 0 1"), one);
    // No double push gives two checks.
    EXPECT_EQ(check_problems("8/8/8/2k5/3P4/8/8/2R1K3 b - d3 0 1"), two);
    EXPECT_EQ(check_problems("2k5/8/8/3p4/2K5/8/8/8 w - - 0 1"), std::vector<std::string>{})
        << "a pawn's check from its fifth rank is a push";
    EXPECT_EQ(check_problems("3rk3/8/8/8/8/8/8/r2K3r w - - 0 1"),
              std::vector<std::string>{"too_many_checkers"});
}

// Random sparse positions with pawns about to promote, pieces on lines, castling rooks, and
// (one in three) a pawn that has just been pushed two squares beside one that may take it.
Position random_setup(std::mt19937_64& rng) {
    for (;;) {
        Position pos;
        auto square = [&] { return static_cast<Square>(rng() % 64); };
        auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
        const Color mover = rng() % 2 ? Color::white : Color::black;
        pos.set_side_to_move(mover);
        const bool castles = pick(4) == 0;
        const Square white_king = castles ? make_square(4, 0) : square();
        const Square black_king = castles ? make_square(4, 7) : square();
        if (black_king == white_king) continue;
        pos.put({PieceType::king, Color::white}, white_king);
        pos.put({PieceType::king, Color::black}, black_king);
        if (castles)
            for (const Color c : {Color::white, Color::black})
                for (const int file : {0, 7}) {
                    const Square s = make_square(file, back_rank(c));
                    pos.put({PieceType::rook, c}, s);
                    pos.set_castling(castling_index(c, file == 7), s);
                }
        if (pick(3) == 0) {
            // The opponent's pawn has just come two squares up beside the mover's pawn.
            const int file = pick(8), side = file == 0 ? 1 : file == 7 ? -1 : (pick(2) ? 1 : -1);
            const int rank = mover == Color::white ? 4 : 3, dir = mover == Color::white ? 1 : -1;
            const Square mine = make_square(file, rank), theirs = make_square(file + side, rank);
            const Square passed = make_square(file + side, rank + dir),
                         start = make_square(file + side, rank + 2 * dir);
            if (!pos.piece_on(mine).empty() || !pos.piece_on(theirs).empty() ||
                !pos.piece_on(passed).empty() || !pos.piece_on(start).empty())
                continue;
            pos.put({PieceType::pawn, mover}, mine);
            pos.put({PieceType::pawn, ~mover}, theirs);
            pos.set_en_passant(passed);
            if (pick(2) == 0) {
                // Aimed: the capture checks with the pawn and uncovers a rook or queen behind it.
                const Square king = make_square(file, rank + 2 * dir);
                const int behind = rank - dir * (1 + pick(3));
                if (behind < 0 || behind > 7) continue;
                const Square rook = make_square(file, behind);
                if (!pos.piece_on(king).empty() || !pos.piece_on(make_square(file, rank + dir)).empty() ||
                    !pos.piece_on(rook).empty())
                    continue;
                pos.remove(pos.king(~mover));
                pos.put({PieceType::king, ~mover}, king);
                pos.put({pick(2) ? PieceType::rook : PieceType::queen, mover}, rook);
            }
        }
        if (pick(2) == 0) {
            // A battery aimed at the opponent's king: a piece (often a pawn) in front of a slider.
            const Square target = pos.king(~mover);
            static constexpr std::array<std::array<int, 2>, 8> kDirections{
                {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
            const auto [df, dr] = kDirections[static_cast<std::size_t>(pick(8))];
            const int near = 1 + pick(3), far = near + 1 + pick(3);
            const int f1 = file_of(target) + df * near, r1 = rank_of(target) + dr * near;
            const int f2 = file_of(target) + df * far, r2 = rank_of(target) + dr * far;
            const PieceType front = pick(2) ? PieceType::pawn : static_cast<PieceType>(1 + pick(4));
            const PieceType slider = pick(3) == 0 ? PieceType::queen
                                     : df && dr   ? PieceType::bishop
                                                  : PieceType::rook;
            if (f2 < 0 || f2 > 7 || r2 < 0 || r2 > 7 || (front == PieceType::pawn && (r1 < 1 || r1 > 6)))
                continue;
            const Square a = make_square(f1, r1), b = make_square(f2, r2);
            if (!pos.piece_on(a).empty() || !pos.piece_on(b).empty() || a == pos.en_passant() ||
                b == pos.en_passant())
                continue;
            pos.put({front, mover}, a);
            pos.put({slider, mover}, b);
        }
        const int extra = 2 + pick(8);
        for (int i = 0; i < extra; ++i) {
            const Color c = pick(2) ? Color::white : Color::black;
            const auto type = pick(2) ? PieceType::pawn : static_cast<PieceType>(1 + pick(4));
            Square s = square();
            if (type == PieceType::pawn) {
                // Often one step from promotion.
                const int rank = pick(3) == 0 ? (c == Color::white ? 6 : 1) : 1 + pick(6);
                s = make_square(pick(8), rank);
            }
            if (!pos.piece_on(s).empty() || s == pos.en_passant()) continue;
            pos.put({type, c}, s);
        }
        const Square other_king = pos.king(~mover);
        if (pos.attackers_to(other_king, pos.occupied()) & pos.pieces(mover)) continue;
        return pos;
    }
}

const char* kind_name(const Position& before, Move m) {
    if (m.kind() == Move::Kind::en_passant) return "en passant";
    if (m.kind() == Move::Kind::promotion) return "promotion";
    if (m.kind() == Move::Kind::castling) return "castling";
    return before.piece_on(m.from()).type == PieceType::pawn ? "pawn" : "piece";
}

// Two plies from each setup, so that double pushes are followed by en-passant captures.
TEST(CheckRule, EveryCheckALegalMoveGivesIsPossible) {
    std::mt19937_64 rng(20261203);
    std::map<std::string, int> single, two;
    int checked = 0;
    auto check_children = [&](const Position& parent, auto&& deeper) -> void {
        for (const Move m : legal_moves(parent)) {
            Position child = parent;
            child.play(m);
            const Bitboard checkers = child.checkers();
            if (checkers) {
                ++checked;
                ++(more_than_one(checkers) ? two : single)[kind_name(parent, m)];
                const std::vector<std::string> problems = check_problems(child);
                EXPECT_TRUE(problems.empty())
                    << write_fen(parent) << " then " << write_uci(parent, m) << " gives "
                    << write_fen(child, {.en_passant = EnPassantField::after_double_push}) << ": "
                    << problems.front();
            }
            deeper(child);
        }
    };
    for (int i = 0; i < 4000; ++i) {
        const Position setup = random_setup(rng);
        check_children(setup, [&](const Position& child) {
            if (!child.checkers()) check_children(child, [](const Position&) {});
        });
    }
    // The generator reaches every kind of checking move, double checks of each kind included.
    for (const char* kind : {"piece", "pawn", "promotion", "en passant", "castling"})
        EXPECT_GT(single[kind], 0) << kind;
    for (const char* kind : {"piece", "pawn", "promotion", "en passant"}) EXPECT_GT(two[kind], 0) << kind;
    RecordProperty("checks", checked);
    std::printf("checks tested: %d; double checks:", checked);
    for (const auto& [kind, n] : two) std::printf(" %s %d", kind.c_str(), n);
    std::printf("\n");
}

// chessops (niklasf's TypeScript port of shakmaty) beside kifu on the same positions: checks
// that legal moves give, and random positions in check. Where chessops calls a check impossible,
// so must kifu (its rules are sound: steppers, aligned sliders, the en-passant square); kifu
// calls more impossible, each with no move that could have given it (printed for the record).
TEST(CheckRule, AgreesWithChessopsWhereItJudges) {
    const fs::path script = fs::path(KIFU_SOURCE_DIR) / "tests/chess/reference/setup_verdicts.mjs";
    const fs::path modules = script.parent_path() / "node_modules/chessops";
    if (std::system("node --version > /dev/null 2>&1") != 0 || !fs::exists(modules))
        GTEST_SKIP() << "chessops not installed: scripts/install-deps test puts it in " << modules.string();
    std::mt19937_64 rng(7);
    std::vector<Position> reached, random;
    while (reached.size() < 4000) {
        const Position setup = random_setup(rng);
        for (const Move m : legal_moves(setup)) {
            Position child = setup;
            child.play(m);
            if (child.checkers() && rng() % 4 == 0) reached.push_back(child);
        }
    }
    while (random.size() < 20000) {
        const Position pos = random_setup(rng);
        if (pos.checkers()) random.push_back(pos);
    }
    const fs::path dir = fs::temp_directory_path() / ("kifu-chessops-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    {
        std::ofstream fens(dir / "fens");
        for (const auto* set : {&reached, &random})
            for (const Position& p : *set)
                fens << write_fen(p, {.en_passant = EnPassantField::after_double_push}) << '\n';
    }
    const std::string command =
        "node " + script.string() + " < " + (dir / "fens").string() + " > " + (dir / "verdicts").string();
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(dir / "verdicts");
    std::vector<std::string> verdicts;
    for (std::string line; std::getline(in, line);) verdicts.push_back(line);
    fs::remove_all(dir);
    ASSERT_EQ(verdicts.size(), reached.size() + random.size());

    std::map<std::string, int> counts;
    std::size_t k = 0;
    for (const auto* set : {&reached, &random})
        for (const Position& p : *set) {
            const std::string& theirs = verdicts[k++];
            if (theirs != "ok" && theirs != "impossible_check") {
                ++counts["refused by chessops for other reasons"];
                continue;
            }
            const bool kifu_possible = check_problems(p).empty(), their_possible = theirs == "ok";
            const bool was_reached = set == &reached;
            if (was_reached) {
                EXPECT_TRUE(kifu_possible) << write_fen(p);
                EXPECT_TRUE(their_possible) << "chessops: " << write_fen(p);
            }
            EXPECT_TRUE(kifu_possible <= their_possible)
                << "chessops finds impossible what kifu allows: "
                << write_fen(p, {.en_passant = EnPassantField::after_double_push});
            const char* row = was_reached ? "reached by a move, both possible"
                              : kifu_possible == their_possible
                                  ? (kifu_possible ? "random, both possible" : "random, both impossible")
                                  : "random, impossible for kifu only";
            if (!kifu_possible && their_possible && counts[row] < 5)
                std::printf("impossible for kifu only: %s\n", write_fen(p).c_str());
            ++counts[row];
        }
    for (const auto& [row, n] : counts) std::printf("%s: %d\n", row.c_str(), n);
    EXPECT_GT(counts["random, both impossible"], 0);
    EXPECT_GT(counts["random, impossible for kifu only"], 0);
}

}  // namespace
}  // namespace kifu::chess
