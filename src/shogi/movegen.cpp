// Legal moves by pins and check masks on a mailbox board: ordinary moves are filtered by
// the line a pinned piece must keep to and by the squares that answer a check; king
// steps by an attack test with the king lifted off; drops by the set of empty squares
// that are allowed, counted at once at perft's last ply.

#include "kifu/shogi/movegen.hpp"

#include <bit>
#include <initializer_list>

namespace kifu::shogi {
namespace {

// Directions as Black sees them: 0 N (toward rank a), 1 NE (toward file 1), 2 E, 3 SE,
// 4 S, 5 SW, 6 W, 7 NW. A White piece's "forward" is S: its masks are turned by 4.
constexpr int kDelta[8][2] = {{0, -1}, {1, -1}, {1, 0},  {1, 1},
                              {0, 1},  {-1, 1}, {-1, 0}, {-1, -1}};  // column, rank

constexpr std::uint8_t bits(std::initializer_list<int> dirs) {
    std::uint8_t m = 0;
    for (const int d : dirs) m = static_cast<std::uint8_t>(m | (1 << d));
    return m;
}
constexpr std::uint8_t kGold = bits({0, 1, 7, 2, 6, 4});
constexpr std::uint8_t kDiagonal = bits({1, 3, 5, 7});
constexpr std::uint8_t kOrthogonal = bits({0, 2, 4, 6});

// Steps (one square) and slides by piece type, for Black.
constexpr std::array<std::uint8_t, 14> kSteps = {
    bits({0}),              // pawn
    0,                      // lance
    0,                      // knight (jumps, below)
    bits({0, 1, 7, 3, 5}),  // silver
    kGold,                  // gold
    0,                      // bishop
    0,                      // rook
    0xFF,                   // king
    kGold,
    kGold,
    kGold,
    kGold,        // promoted pawn, lance, knight, silver
    kOrthogonal,  // horse
    kDiagonal,    // dragon
};
constexpr std::array<std::uint8_t, 14> kSlides = {
    0, bits({0}), 0, 0, 0, kDiagonal, kOrthogonal, 0, 0, 0, 0, 0, kDiagonal, kOrthogonal,
};

constexpr std::uint8_t turn(std::uint8_t mask, Color c) noexcept {
    return c == Color::black ? mask : static_cast<std::uint8_t>((mask << 4) | (mask >> 4));
}

struct Tables {
    Tables() {
        for (int s = 0; s < kSquares; ++s) {
            const int column = s % 9, rank = s / 9;
            for (int d = 0; d < 8; ++d) {
                const int c = column + kDelta[d][0], r = rank + kDelta[d][1];
                neighbor[s][d] =
                    (c >= 0 && c < 9 && r >= 0 && r < 9) ? static_cast<Square>(r * 9 + c) : kNoSquare;
            }
            for (int color = 0; color < 2; ++color) {
                const int forward = color == 0 ? -2 : 2;
                int n = 0;
                for (const int dc : {-1, 1}) {
                    const int c = column + dc, r = rank + forward;
                    if (c >= 0 && c < 9 && r >= 0 && r < 9)
                        knight[color][s][n++] = static_cast<Square>(r * 9 + c);
                }
                for (; n < 2; ++n) knight[color][s][n] = kNoSquare;
            }
            for (int t = 0; t < kSquares; ++t) direction[s][t] = -1;
        }
        for (int s = 0; s < kSquares; ++s)
            for (int d = 0; d < 8; ++d) {
                SquareSet between{};
                for (Square t = neighbor[s][d]; t != kNoSquare; t = neighbor[t][d]) {
                    direction[s][t] = static_cast<std::int8_t>(d);
                    betweens[s][t] = between;
                    between |= square_bit(t);
                }
            }
        for (int color = 0; color < 2; ++color)
            for (int t = 0; t < 3; ++t)  // pawn, lance, knight: the ranks they may not be dropped on
                for (Square s = 0; s < kSquares; ++s)
                    if (!dead_end(static_cast<PieceType>(t), static_cast<Color>(color), s))
                        drop_squares[color][t] |= square_bit(s);
        for (int column = 0; column < 9; ++column)
            for (int rank = 0; rank < 9; ++rank)
                file_squares[column] |= square_bit(static_cast<Square>(rank * 9 + column));
    }
    std::array<std::array<Square, 8>, kSquares> neighbor{};
    std::array<std::array<std::array<Square, 2>, kSquares>, 2> knight{};
    std::array<std::array<std::int8_t, kSquares>, kSquares> direction{};  // from s to t, -1 if none
    std::array<std::array<SquareSet, kSquares>, kSquares> betweens{};
    std::array<std::array<SquareSet, 3>, 2> drop_squares{};
    std::array<SquareSet, 9> file_squares{};
};

const Tables& tables() {
    static const Tables t;
    return t;
}

// Whether `by` attacks `s`, with `ignore` taken as empty (the king that steps away).
bool attacked_ignoring(const Position& pos, Square s, Color by, Square ignore) {
    const Tables& t = tables();
    for (int d = 0; d < 8; ++d) {
        const int towards = (d + 4) & 7;  // the direction from an attacker on this ray to s
        int distance = 1;
        for (Square q = t.neighbor[s][d]; q != kNoSquare; q = t.neighbor[q][d], ++distance) {
            if (q == ignore) continue;
            const Piece p = pos.piece_on(q);
            if (p.empty()) continue;
            if (p.color == by) {
                const auto type = static_cast<std::size_t>(index(p.type));
                if ((turn(kSlides[type], by) >> towards) & 1) return true;
                if (distance == 1 && ((turn(kSteps[type], by) >> towards) & 1)) return true;
            }
            break;
        }
    }
    // A knight of `by` attacks s from where a knight of the other side would jump to from s.
    for (const Square q : t.knight[index(~by)][s])
        if (q != kNoSquare && pos.piece_on(q) == Piece{PieceType::knight, by}) return true;
    return false;
}

struct ListSink {
    MoveList& list;
    void one(Move m) noexcept { list.push(m); }
    void drops(PieceType type, SquareSet targets) noexcept {
        while (targets) list.push(Move::drop(type, pop_first(targets)));
    }
};

struct CountSink {
    std::uint64_t count = 0;
    void one(Move) noexcept { ++count; }
    void drops(PieceType, SquareSet targets) noexcept {
        count += static_cast<std::uint64_t>(shogi::count(targets));
    }
};

template <class Sink>
void add_move(Sink& sink, Color us, PieceType type, Square from, Square to) {
    if (can_promote(type) && (in_zone(us, from) || in_zone(us, to))) {
        sink.one(Move::make(from, to, true));
        if (!dead_end(type, us, to)) sink.one(Move::make(from, to, false));
    } else {
        sink.one(Move::make(from, to, false));
    }
}

template <class Sink>
void generate(const Position& pos, Sink& sink) {
    const Tables& t = tables();
    const Color us = pos.side_to_move(), them = ~us;
    const Square k = pos.king(us);
    const SquareSet ours = pos.pieces(us);
    const SquareSet occupied = pos.occupied();

    // Checks and pins (only with exactly one king to protect).
    SquareSet evasions = kAllSquares;  // where a non-king move or a drop may go
    int checks = 0;
    std::array<std::int8_t, kSquares> pin{};  // for a pinned piece: 1 + the direction from the king
    if (k != kNoSquare) {
        for (int d = 0; d < 8; ++d) {
            const int towards = (d + 4) & 7;
            Square shield = kNoSquare;
            int distance = 1;
            for (Square q = t.neighbor[k][d]; q != kNoSquare; q = t.neighbor[q][d], ++distance) {
                const Piece p = pos.piece_on(q);
                if (p.empty()) continue;
                if (p.color == us) {
                    if (shield != kNoSquare) break;
                    shield = q;
                    continue;
                }
                const auto type = static_cast<std::size_t>(index(p.type));
                const bool slides = (turn(kSlides[type], them) >> towards) & 1;
                if (shield == kNoSquare) {
                    if (slides || (distance == 1 && ((turn(kSteps[type], them) >> towards) & 1))) {
                        ++checks;
                        evasions = square_bit(q) | t.betweens[k][q];
                    }
                } else if (slides) {
                    pin[shield] = static_cast<std::int8_t>(1 + d);
                }
                break;
            }
        }
        for (const Square q : t.knight[index(us)][k])
            if (q != kNoSquare && pos.piece_on(q) == Piece{PieceType::knight, them}) {
                ++checks;
                evasions = square_bit(q);
            }
        if (checks > 1) evasions = SquareSet{};
    }

    // Board moves but the king's.
    for (SquareSet b = ours & ~(k != kNoSquare ? square_bit(k) : SquareSet{}); evasions && b;) {
        const Square from = pop_first(b);
        const PieceType type = pos.piece_on(from).type;
        const auto ti = static_cast<std::size_t>(index(type));
        const int pin_direction = pin[from] - 1;
        if (type == PieceType::king) continue;  // several kings: below
        // A pinned piece stays on its line: the squares in the pin's direction from the king.
        const auto allowed = [&](Square to) {
            return (evasions & square_bit(to)) && (pin_direction < 0 || t.direction[k][to] == pin_direction);
        };
        const std::uint8_t steps = turn(kSteps[ti], us);
        const std::uint8_t slides = turn(kSlides[ti], us);
        for (int d = 0; d < 8; ++d) {
            if ((steps >> d) & 1) {
                const Square to = t.neighbor[from][d];
                if (to != kNoSquare && !(ours & square_bit(to)) && allowed(to))
                    add_move(sink, us, type, from, to);
            }
            if ((slides >> d) & 1) {
                for (Square to = t.neighbor[from][d]; to != kNoSquare; to = t.neighbor[to][d]) {
                    if (ours & square_bit(to)) break;
                    if (allowed(to)) add_move(sink, us, type, from, to);
                    if (occupied & square_bit(to)) break;
                }
            }
        }
        if (type == PieceType::knight)
            for (const Square to : t.knight[index(us)][from])
                if (to != kNoSquare && !(ours & square_bit(to)) && allowed(to))
                    add_move(sink, us, type, from, to);
    }

    // The king: never onto an attacked square (judged with the king lifted off).
    if (k != kNoSquare) {
        for (int d = 0; d < 8; ++d) {
            const Square to = t.neighbor[k][d];
            if (to != kNoSquare && !(ours & square_bit(to)) && !attacked_ignoring(pos, to, them, k))
                sink.one(Move::make(k, to));
        }
    } else {
        // No king, or several: every king moves as any piece would, nothing to protect.
        for (SquareSet b = ours; b;) {
            const Square from = pop_first(b);
            if (pos.piece_on(from).type != PieceType::king) continue;
            for (int d = 0; d < 8; ++d) {
                const Square to = t.neighbor[from][d];
                if (to != kNoSquare && !(ours & square_bit(to))) sink.one(Move::make(from, to));
            }
        }
    }

    // Drops: onto empty squares that answer a check (when in check), never where the
    // piece could not move again, never a second unpromoted pawn on a file, and never a
    // pawn that mates at once.
    const SquareSet empty = kAllSquares & ~occupied & evasions;
    if (!empty) return;
    for (int h = 0; h < kHandTypes; ++h) {
        const auto type = static_cast<PieceType>(h);
        if (pos.hand(us, type) == 0) continue;
        SquareSet targets = empty;
        if (h < 3) targets &= t.drop_squares[index(us)][static_cast<std::size_t>(h)];
        if (type == PieceType::pawn) {
            for (std::uint16_t files = pos.pawn_files(us); files;
                 files &= static_cast<std::uint16_t>(files - 1))
                targets &= ~t.file_squares[static_cast<std::size_t>(std::countr_zero(files))];
            const Square their_king = pos.king(them);
            if (their_king != kNoSquare) {
                const Square front =
                    t.neighbor[their_king][us == Color::black ? 4 : 0];  // where a pawn checks it
                if (front != kNoSquare && (targets & square_bit(front))) {
                    Position next = pos;
                    next.play(Move::drop(PieceType::pawn, front));
                    if (count_legal_moves(next) == 0) targets &= ~square_bit(front);
                }
            }
        }
        sink.drops(type, targets);
    }
}

}  // namespace

MoveList legal_moves(const Position& pos) {
    MoveList list;
    ListSink sink{list};
    generate(pos, sink);
    return list;
}

std::uint64_t count_legal_moves(const Position& pos) {
    CountSink sink;
    generate(pos, sink);
    return sink.count;
}

namespace {

// Whether the piece on `from` moves to `to` by its steps, slides (not through a piece) or jump.
bool reaches(const Position& pos, Square from, Square to) {
    const Tables& t = tables();
    const Piece p = pos.piece_on(from);
    const auto ti = static_cast<std::size_t>(index(p.type));
    const std::uint8_t steps = turn(kSteps[ti], p.color), slides = turn(kSlides[ti], p.color);
    const SquareSet occupied = pos.occupied();
    for (int d = 0; d < 8; ++d) {
        if (((steps >> d) & 1) && t.neighbor[from][d] == to) return true;
        if ((slides >> d) & 1)
            for (Square q = t.neighbor[from][d]; q != kNoSquare; q = t.neighbor[q][d]) {
                if (q == to) return true;
                if (occupied & square_bit(q)) break;
            }
    }
    if (p.type == PieceType::knight)
        for (const Square q : t.knight[index(p.color)][from])
            if (q == to) return true;
    return false;
}

}  // namespace

bool is_legal(const Position& pos, Move m) {
    const Color us = pos.side_to_move();
    const Square to = m.to();
    if (to >= kSquares) return false;
    const Piece target = pos.piece_on(to);
    if (m.is_drop()) {
        const PieceType type = m.dropped();
        if (index(type) >= kHandTypes || m.promotes() || pos.hand(us, type) == 0 || !target.empty() ||
            dead_end(type, us, to))
            return false;
        if (type == PieceType::pawn && ((pos.pawn_files(us) >> column_of(to)) & 1)) return false;
    } else {
        const Square from = m.from();
        const Piece p = pos.piece_on(from);
        if (p.empty() || p.color != us || (!target.empty() && target.color == us) || !reaches(pos, from, to))
            return false;
        const bool zone = in_zone(us, from) || in_zone(us, to);
        if (m.promotes() ? !(can_promote(p.type) && zone) : dead_end(p.type, us, to)) return false;
    }
    Position next = pos;
    next.play(m);
    if (in_check(next, us)) return false;  // only a side with one king has one to protect
    // A pawn dropped with check may not mate at once.
    if (m.is_drop() && m.dropped() == PieceType::pawn && in_check(next, ~us) && count_legal_moves(next) == 0)
        return false;
    return true;
}

bool attacked(const Position& pos, Square s, Color by) {
    return attacked_ignoring(pos, s, by, kNoSquare);
}

bool in_check(const Position& pos, Color c) {
    const Square k = pos.king(c);
    return k != kNoSquare && attacked(pos, k, ~c);
}

std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal_moves(pos);
    std::uint64_t nodes = 0;
    for (const Move m : legal_moves(pos)) {
        Position next = pos;
        next.play(m);
        nodes += perft(next, depth - 1);
    }
    return nodes;
}

}  // namespace kifu::shogi
