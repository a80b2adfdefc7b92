#include "kifu/xiangqi/movegen.hpp"

#include <array>
#include <bit>

namespace kifu::xiangqi {
namespace {

// The generator's board: a byte a square, 0 empty, else 1 + piece type + 8 for Black, so
// that one compare finds a given piece of a given side.
using Code = std::uint8_t;
constexpr Code code(PieceType t, int color) noexcept {
    return static_cast<Code>(1 + static_cast<int>(t) + 8 * color);
}
constexpr int color_of(Code c) noexcept {
    return c >> 3;
}
constexpr PieceType type_of(Code c) noexcept {
    return static_cast<PieceType>((c & 7) - 1);
}

constexpr bool in_palace(int color, int file, int row) noexcept {
    return file >= 3 && file <= 5 && (color == 0 ? row >= 7 : row <= 2);
}
constexpr bool own_half(int color, int row) noexcept {
    return color == 0 ? row >= 5 : row <= 4;
}
constexpr int forward(int color) noexcept {
    return color == 0 ? -1 : 1;  // Red plays up the board (towards row 0)
}

// A step of a piece that may be stopped on the way: the horse's leg, the elephant's eye.
struct Step {
    Square to = kNoSquare;
    Square via = kNoSquare;
};
template <std::size_t N>
struct Steps {
    std::array<Step, N> step{};
    std::uint8_t count = 0;
    constexpr void add(Square to, Square via = kNoSquare) { step[count++] = {to, via}; }
    constexpr const Step* begin() const { return step.data(); }
    constexpr const Step* end() const { return step.data() + count; }
};

// How a square stands to a general's square, for the test of a move that may expose it:
// on its file or rank (then the direction from the general, as in Tables::ray), next to it
// diagonally (a horse's leg: then the two squares a horse attacks it from over it), or a
// square a horse attacks it from. A general in its palace can be attacked only from these
// squares or through them.
constexpr std::uint8_t kOnLine = 4, kHorseLeg = 8, kHorseSquare = 16, kDirectionMask = 3;

struct Tables {
    // The squares along each direction (up, down, left, right), nearest first.
    std::array<std::array<std::array<Square, 9>, 4>, kSquares> ray{};
    std::array<std::array<std::uint8_t, 4>, kSquares> ray_length{};
    std::array<Steps<8>, kSquares> horse{};         // to, leg
    std::array<Steps<8>, kSquares> horse_attack{};  // the horse's square, its leg
    std::array<std::array<Steps<4>, kSquares>, 2> general{}, advisor{}, elephant{};  // elephant: to, eye
    std::array<std::array<Steps<3>, kSquares>, 2> soldier{}, soldier_attack{};
    std::array<std::array<Steps<4>, kSquares>, 2> advisor_attack{}, elephant_attack{};
    std::array<std::array<std::uint8_t, kSquares>, kSquares> near{};          // [general][square]
    std::array<std::array<std::array<Square, 2>, 4>, kSquares> leg_horses{};  // [general][diagonal]
};

constexpr Tables build_tables() {
    Tables t;
    const auto on_board = [](int f, int r) { return f >= 0 && f < kFiles && r >= 0 && r < kRanks; };
    constexpr int kDirections[4][2] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};  // file, row
    for (int s = 0; s < kSquares; ++s) {
        const int f = s % kFiles, r = s / kFiles;
        const auto sq = static_cast<Square>(s);
        for (int d = 0; d < 4; ++d) {
            int n = 0;
            for (int ff = f + kDirections[d][0], rr = r + kDirections[d][1]; on_board(ff, rr);
                 ff += kDirections[d][0], rr += kDirections[d][1])
                t.ray[sq][d][n++] = make_square(ff, rr);
            t.ray_length[sq][d] = static_cast<std::uint8_t>(n);
        }
        // Horse: one step straight (the leg), then one diagonally outwards.
        for (int d = 0; d < 4; ++d) {
            const int lf = f + kDirections[d][0], lr = r + kDirections[d][1];
            if (!on_board(lf, lr)) continue;
            for (const int side : {-1, 1}) {
                const int tf = lf + kDirections[d][0] + (kDirections[d][0] == 0 ? side : 0);
                const int tr = lr + kDirections[d][1] + (kDirections[d][1] == 0 ? side : 0);
                if (!on_board(tf, tr)) continue;
                t.horse[sq].add(make_square(tf, tr), make_square(lf, lr));
                t.horse_attack[make_square(tf, tr)].add(sq, make_square(lf, lr));
            }
        }
        for (int c = 0; c < 2; ++c) {
            for (int d = 0; d < 4; ++d) {
                const int gf = f + kDirections[d][0], gr = r + kDirections[d][1];
                if (on_board(gf, gr) && in_palace(c, gf, gr)) t.general[c][sq].add(make_square(gf, gr));
            }
            for (const int df : {-1, 1})
                for (const int dr : {-1, 1}) {
                    if (on_board(f + df, r + dr) && in_palace(c, f + df, r + dr)) {
                        t.advisor[c][sq].add(make_square(f + df, r + dr));
                        t.advisor_attack[c][make_square(f + df, r + dr)].add(sq);
                    }
                    const int ef = f + 2 * df, er = r + 2 * dr;
                    if (on_board(ef, er) && own_half(c, er)) {
                        t.elephant[c][sq].add(make_square(ef, er), make_square(f + df, r + dr));
                        t.elephant_attack[c][make_square(ef, er)].add(sq, make_square(f + df, r + dr));
                    }
                }
            const int ahead = r + forward(c);
            if (on_board(f, ahead)) t.soldier[c][sq].add(make_square(f, ahead));
            if (!own_half(c, r))
                for (const int df : {-1, 1})
                    if (on_board(f + df, r)) t.soldier[c][sq].add(make_square(f + df, r));
            for (const Step& st : t.soldier[c][sq]) t.soldier_attack[c][st.to].add(sq);
        }
        for (int o = 0; o < kSquares; ++o) {
            const int df = o % kFiles - f, dr = o / kFiles - r;
            std::uint8_t m = 0;
            if (o != s && (df == 0 || dr == 0))
                m = static_cast<std::uint8_t>(kOnLine | (df == 0 ? (dr < 0 ? 0 : 1) : (df < 0 ? 2 : 3)));
            if ((df == 1 || df == -1) && (dr == 1 || dr == -1)) {
                const int k = (df < 0 ? 0 : 1) + (dr < 0 ? 0 : 2);
                m = static_cast<std::uint8_t>(kHorseLeg | k);
                const auto horse_at = [&](int hf, int hr) {
                    return on_board(hf, hr) ? make_square(hf, hr) : kNoSquare;
                };
                t.leg_horses[sq][static_cast<std::size_t>(k)] = {horse_at(f + 2 * df, r + dr),
                                                                 horse_at(f + df, r + 2 * dr)};
            }
            if ((df * df == 1 && dr * dr == 4) || (df * df == 4 && dr * dr == 1)) m = kHorseSquare;
            t.near[sq][static_cast<std::size_t>(o)] = m;
        }
    }
    return t;
}

constexpr Tables kTables = build_tables();

// A set of squares in two words (0-63, 64-89), to visit a side's pieces.
struct SquareSet {
    std::uint64_t low = 0, high = 0;
    static SquareSet of(Square s) noexcept {
        SquareSet set;
        set.add(s);
        return set;
    }
    void add(Square s) noexcept { (s < 64 ? low : high) |= std::uint64_t{1} << (s & 63); }
    void remove(Square s) noexcept { (s < 64 ? low : high) &= ~(std::uint64_t{1} << (s & 63)); }
    bool has(Square s) const noexcept { return ((s < 64 ? low : high) >> (s & 63)) & 1; }
    explicit operator bool() const noexcept { return (low | high) != 0; }
    Square pop() noexcept {
        if (low) {
            const auto s = static_cast<Square>(std::countr_zero(low));
            low &= low - 1;
            return s;
        }
        const auto s = static_cast<Square>(64 + std::countr_zero(high));
        high &= high - 1;
        return s;
    }
};

// Each side's general's square: kNoSquare when it has none, or several (then it has
// nothing to protect).
inline std::array<Square, 2> generals_of(const std::array<Code, kSquares>& cell) noexcept {
    std::array<Square, 2> out{kNoSquare, kNoSquare};
    for (int c = 0; c < 2; ++c) {
        int n = 0;
        for (Square s = 0; s < kSquares; ++s)
            if (cell[s] == code(PieceType::general, c)) {
                ++n;
                out[static_cast<std::size_t>(c)] = s;
            }
        if (n != 1) out[static_cast<std::size_t>(c)] = kNoSquare;
    }
    return out;
}

struct Board {
    std::array<Code, kSquares> cell{};
    std::array<SquareSet, 2> pieces{};
    int side = 0;
    std::array<Square, 2> general{kNoSquare, kNoSquare};  // kNoSquare: none, or several

    explicit Board(const Position& pos) noexcept {
        int generals[2] = {0, 0};
        for (int s = 0; s < kSquares; ++s) {
            const Piece p = pos.board[static_cast<std::size_t>(s)];
            if (p.empty()) continue;
            const auto c = static_cast<std::size_t>(p.color);
            cell[static_cast<std::size_t>(s)] = code(p.type, static_cast<int>(c));
            pieces[c].add(static_cast<Square>(s));
            if (p.type == PieceType::general && ++generals[c] == 1) general[c] = static_cast<Square>(s);
        }
        for (std::size_t c = 0; c < 2; ++c)
            if (generals[c] != 1) general[c] = kNoSquare;
        side = static_cast<int>(pos.side_to_move);
    }
    void find_generals() noexcept { general = generals_of(cell); }
};

// The attack tests read a board's `cell` only: they take the generator's Board and
// LineBoard's cells alike.

// Whether a chariot, cannon or general of `by` attacks `s` along direction `d`.
template <class Cells>
bool attacked_along(const Cells& b, Square s, int d, int by) noexcept {
    const Square* ray = kTables.ray[s][static_cast<std::size_t>(d)].data();
    const int n = kTables.ray_length[s][static_cast<std::size_t>(d)];
    int i = 0;
    while (i < n && b.cell[ray[i]] == 0) ++i;
    if (i == n) return false;
    const Code first = b.cell[ray[i]];
    if (first == code(PieceType::chariot, by) || (first == code(PieceType::general, by) && d < 2))
        return true;
    ++i;
    while (i < n && b.cell[ray[i]] == 0) ++i;
    return i < n && b.cell[ray[i]] == code(PieceType::cannon, by);
}

// Whether a horse, soldier, advisor or elephant of `by` attacks `s`.
template <class Cells>
bool attacked_by_steps(const Cells& b, Square s, int by) noexcept {
    const Code horse = code(PieceType::horse, by);
    for (const Step& st : kTables.horse_attack[s])
        if (b.cell[st.to] == horse && b.cell[st.via] == 0) return true;
    const Code soldier = code(PieceType::soldier, by);
    for (const Step& st : kTables.soldier_attack[static_cast<std::size_t>(by)][s])
        if (b.cell[st.to] == soldier) return true;
    if (own_half(by, row_of(s))) {  // advisors and elephants never leave their side
        const Code advisor = code(PieceType::advisor, by), elephant = code(PieceType::elephant, by);
        for (const Step& st : kTables.advisor_attack[static_cast<std::size_t>(by)][s])
            if (b.cell[st.to] == advisor) return true;
        for (const Step& st : kTables.elephant_attack[static_cast<std::size_t>(by)][s])
            if (b.cell[st.to] == elephant && b.cell[st.via] == 0) return true;
    }
    return false;
}

template <class Cells>
bool attacked_on(const Cells& b, Square s, int by) noexcept {
    for (int d = 0; d < 4; ++d)
        if (attacked_along(b, s, d, by)) return true;
    // A general also attacks, in its palace, the squares next to it across the file.
    const Code general = code(PieceType::general, by);
    if (in_palace(by, file_of(s), row_of(s)))
        for (int d = 2; d < 4; ++d)
            if (kTables.ray_length[s][static_cast<std::size_t>(d)] &&
                b.cell[kTables.ray[s][static_cast<std::size_t>(d)][0]] == general)
                return true;
    return attacked_by_steps(b, s, by);
}

// Calls emit(from, to) for every legal move of the side to move (from one square when
// `only` is a square). A pseudo-legal move is played on the board and the general's
// safety asked, but with the general in its palace and not in check, only what the move
// could change: a move that leaves a square on the general's lines may open that line
// (to a chariot, a general, or a cannon that loses a screen) and one that enters such a
// square may give a cannon its screen; a move from a square next to the general
// diagonally may free a horse's leg. Other moves cannot expose it.
template <class Emit>
void generate(Board& b, Emit&& emit, Square only = kNoSquare) {
    const int us = b.side, them = us ^ 1;
    const Square g = b.general[static_cast<std::size_t>(us)];
    const bool guarded = g != kNoSquare;
    // One walk along the general's four lines finds the checks along them, the empty
    // squares where a piece would give an enemy cannon its screen (`screens`) and the
    // pieces that may not leave their square (`openers`): the first on a line with an
    // enemy chariot or facing general behind it, or a cannon two pieces behind it, and
    // the second with an enemy cannon right behind it.
    bool check = false;
    SquareSet screens, openers;
    if (guarded) {
        const Code chariot = code(PieceType::chariot, them), cannon = code(PieceType::cannon, them),
                   general = code(PieceType::general, them);
        for (int d = 0; d < 4; ++d) {
            const Square* ray = kTables.ray[g][static_cast<std::size_t>(d)].data();
            const int n = kTables.ray_length[g][static_cast<std::size_t>(d)];
            const auto slider = [&](Code c) { return c == chariot || (c == general && d < 2); };
            int at[3] = {n, n, n};
            for (int i = 0, k = 0; i < n && k < 3; ++i)
                if (b.cell[ray[i]] != 0) at[k++] = i;
            const Code p1 = at[0] < n ? b.cell[ray[at[0]]] : Code{0};
            const Code p2 = at[1] < n ? b.cell[ray[at[1]]] : Code{0};
            const Code p3 = at[2] < n ? b.cell[ray[at[2]]] : Code{0};
            if (slider(p1) || p2 == cannon) check = true;
            if (p1 == cannon)
                for (int i = 0; i < at[0]; ++i) screens.add(ray[i]);
            if (p1 != 0 && color_of(p1) == us && (slider(p2) || p3 == cannon)) openers.add(ray[at[0]]);
            if (p2 != 0 && color_of(p2) == us && p3 == cannon) openers.add(ray[at[1]]);
        }
        if (!check) check = attacked_by_steps(b, g, them);
        if (!check && in_palace(them, file_of(g), row_of(g))) check = attacked_on(b, g, them);
    }
    const bool narrow = guarded && !check && in_palace(us, file_of(g), row_of(g));
    const auto& near = kTables.near[guarded ? g : 0];
    const auto enemy_or_empty = [&](Code c) { return c == 0 || color_of(c) == them; };

    // What leaving the square of the piece now moving does (narrow only): the direction of
    // its line from the general (or none), whether leaving opens that line, and the enemy
    // horses whose leg it frees.
    constexpr int kNoLine = 4;
    int line = kNoLine;
    bool opens_line = false;
    int leg_attackers = 0;
    Square leg_attacker = kNoSquare;
    bool unpinned = !guarded;  // every pseudo-legal move of the piece is legal
    const auto begin_piece = [&](Square from) {
        line = kNoLine;
        opens_line = false;
        leg_attackers = 0;
        unpinned = !guarded;
        if (!narrow) return;
        const std::uint8_t m = near[from];
        if (m & kOnLine) {
            line = m & kDirectionMask;
            opens_line = openers.has(from);
        } else if (m & kHorseLeg) {
            for (const Square h : kTables.leg_horses[g][m & kDirectionMask])
                if (h != kNoSquare && b.cell[h] == code(PieceType::horse, them)) {
                    ++leg_attackers;
                    leg_attacker = h;
                }
        }
        unpinned = line == kNoLine && leg_attackers == 0 && !screens;
    };
    const auto safe = [&](Square from, Square to) {
        if (!guarded) return true;
        if (narrow) {
            const std::uint8_t m = near[to];
            const bool on_line = (m & kOnLine) != 0;
            if (!(on_line && line != kNoLine && (m & kDirectionMask) == line)) {
                if (opens_line) return false;
                if (leg_attackers && !(leg_attackers == 1 && to == leg_attacker)) return false;
                return !(on_line && screens.has(to));
            }
            // Along its own line: the line after the move decides.
        }
        const Code captured = b.cell[to];
        b.cell[to] = b.cell[from];
        b.cell[from] = 0;
        const bool ok = narrow ? !attacked_along(b, g, line, them) : !attacked_on(b, g, them);
        b.cell[from] = b.cell[to];
        b.cell[to] = captured;
        return ok;
    };
    const auto try_move = [&](Square from, Square to) {
        if (unpinned || safe(from, to)) emit(from, to);
    };
    const auto try_general_move = [&](Square from, Square to) {
        if (!guarded) {
            emit(from, to);
            return;
        }
        const Code captured = b.cell[to];
        b.cell[to] = b.cell[from];
        b.cell[from] = 0;
        const bool ok = !attacked_on(b, to, them);
        b.cell[from] = b.cell[to];
        b.cell[to] = captured;
        if (ok) emit(from, to);
    };
    const auto slide = [&](Square from, bool cannon) {
        for (int d = 0; d < 4; ++d) {
            const Square* ray = kTables.ray[from][static_cast<std::size_t>(d)].data();
            const int n = kTables.ray_length[from][static_cast<std::size_t>(d)];
            int i = 0;
            for (; i < n && b.cell[ray[i]] == 0; ++i) try_move(from, ray[i]);
            if (i == n) continue;
            if (cannon) {
                for (++i; i < n && b.cell[ray[i]] == 0; ++i) {
                }
                if (i == n) continue;
            }
            if (color_of(b.cell[ray[i]]) == them) try_move(from, ray[i]);
        }
    };
    const std::size_t c = static_cast<std::size_t>(us);
    SquareSet mine = b.pieces[c];
    if (only != kNoSquare) mine = mine.has(only) ? SquareSet::of(only) : SquareSet{};
    while (mine) {
        const Square s = mine.pop();
        const Code p = b.cell[s];
        if (type_of(p) == PieceType::general) {
            for (const Step& st : kTables.general[c][s])
                if (enemy_or_empty(b.cell[st.to])) try_general_move(s, st.to);
            continue;
        }
        begin_piece(s);
        switch (type_of(p)) {
            case PieceType::advisor:
                for (const Step& st : kTables.advisor[c][s])
                    if (enemy_or_empty(b.cell[st.to])) try_move(s, st.to);
                break;
            case PieceType::elephant:
                for (const Step& st : kTables.elephant[c][s])
                    if (b.cell[st.via] == 0 && enemy_or_empty(b.cell[st.to])) try_move(s, st.to);
                break;
            case PieceType::horse:
                for (const Step& st : kTables.horse[s])
                    if (b.cell[st.via] == 0 && enemy_or_empty(b.cell[st.to])) try_move(s, st.to);
                break;
            case PieceType::chariot:
                slide(s, false);
                break;
            case PieceType::cannon:
                slide(s, true);
                break;
            case PieceType::soldier:
                for (const Step& st : kTables.soldier[c][s])
                    if (enemy_or_empty(b.cell[st.to])) try_move(s, st.to);
                break;
            default:
                break;
        }
    }
}

std::uint64_t count_on(Board& b) {
    std::uint64_t n = 0;
    generate(b, [&](Square, Square) { ++n; });
    return n;
}

std::uint64_t perft_on(Board& b, int depth) {
    if (depth <= 1) return depth == 1 ? count_on(b) : 1;
    MoveList moves;
    generate(b, [&](Square from, Square to) { moves.push(Move(from, to)); });
    std::uint64_t nodes = 0;
    for (const Move m : moves) {
        const Code captured = b.cell[m.to()], moved = b.cell[m.from()];
        const std::array<Square, 2> generals = b.general;
        const std::array<SquareSet, 2> pieces = b.pieces;
        b.cell[m.to()] = moved;
        b.cell[m.from()] = 0;
        SquareSet& mine = b.pieces[static_cast<std::size_t>(b.side)];
        mine.remove(m.from());
        mine.add(m.to());
        if (captured != 0) b.pieces[static_cast<std::size_t>(b.side ^ 1)].remove(m.to());
        if (type_of(moved) == PieceType::general) b.general[static_cast<std::size_t>(b.side)] = m.to();
        if (captured != 0 && type_of(captured) == PieceType::general) b.find_generals();
        b.side ^= 1;
        nodes += perft_on(b, depth - 1);
        b.side ^= 1;
        b.cell[m.from()] = moved;
        b.cell[m.to()] = captured;
        b.general = generals;
        b.pieces = pieces;
    }
    return nodes;
}

}  // namespace

MoveList legal_moves(const Position& position) {
    Board b(position);
    MoveList moves;
    generate(b, [&](Square from, Square to) { moves.push(Move(from, to)); });
    return moves;
}

std::uint64_t count_legal_moves(const Position& position) {
    Board b(position);
    return count_on(b);
}

namespace {

// Whether the piece on `from` reaches `to` by its own move, the general's safety aside (the
// same steps and slides as generate's).
template <class Cells>
bool reaches(const Cells& b, Square from, Square to) noexcept {
    const Code p = b.cell[from];
    const auto c = static_cast<std::size_t>(color_of(p));
    const auto step = [&](const auto& steps) {
        for (const Step& st : steps)
            if (st.to == to && (st.via == kNoSquare || b.cell[st.via] == 0)) return true;
        return false;
    };
    switch (type_of(p)) {
        case PieceType::general:
            return step(kTables.general[c][from]);
        case PieceType::advisor:
            return step(kTables.advisor[c][from]);
        case PieceType::elephant:
            return step(kTables.elephant[c][from]);
        case PieceType::horse:
            return step(kTables.horse[from]);
        case PieceType::soldier:
            return step(kTables.soldier[c][from]);
        case PieceType::chariot:
        case PieceType::cannon: {
            const std::uint8_t m = kTables.near[from][to];
            if (!(m & kOnLine)) return false;
            const auto d = static_cast<std::size_t>(m & kDirectionMask);
            const Square* ray = kTables.ray[from][d].data();
            int between = 0;  // pieces before `to` on the way
            for (int i = 0; ray[i] != to; ++i) between += b.cell[ray[i]] != 0;
            const bool capture = b.cell[to] != 0;
            return type_of(p) == PieceType::chariot ? between == 0 : between == (capture ? 1 : 0);
        }
        default:
            return false;
    }
}

// The cells a move leaves: the board of `b` after it (for the attack tests).
struct CellsAfter {
    std::array<Code, kSquares> cell;
    CellsAfter(const std::array<Code, kSquares>& before, Square from, Square to) noexcept : cell(before) {
        cell[to] = cell[from];
        cell[from] = 0;
    }
};

// Whether a piece of `us` stands on `from` and can move to `to` by its own move (an empty
// square or an enemy piece there), the general's safety aside.
template <class Cells>
bool movable(const Cells& b, int us, Square from, Square to) noexcept {
    if (from >= kSquares || to >= kSquares || from == to) return false;
    const Code moving = b.cell[from], target = b.cell[to];
    return moving != 0 && color_of(moving) == us && (target == 0 || color_of(target) != us) &&
           reaches(b, from, to);
}

// One move checked without generating the others: the piece's own move, then the board
// after it asked whether the side's general (when it has exactly one) is attacked. The
// same answer as generate's for that move (movegen_test checks it move by move).
template <class Cells>
bool is_legal_on(const Cells& b, const std::array<Square, 2>& generals, int us, Move move) noexcept {
    const Square from = move.from(), to = move.to();
    if (!movable(b, us, from, to)) return false;
    Square g = generals[static_cast<std::size_t>(us)];
    if (g == kNoSquare) return true;  // no general, or several: nothing to protect
    if (g == from) g = to;
    return !attacked_on(CellsAfter(b.cell, from, to), g, us ^ 1);
}

}  // namespace

bool is_legal(const Position& position, Move move) {
    const Board b(position);
    return is_legal_on(b, b.general, b.side, move);
}

namespace {
// The attack tests' view of LineBoard's cells.
struct LineCells {
    const std::array<Code, kSquares>& cell;
};

// Whether the general on `g` (in its palace, and not attacked before) is attacked by `by`
// on `after`, the board once a piece of either side has gone from `from` to `to`. Only what
// the move changed can attack it: the file or rank that `from` left or `to` entered (a line
// opened, a cannon given its screen, a chariot, cannon or general arrived), a horse's leg
// freed at `from`, or a horse or soldier of `by` arrived at `to`.
template <class Cells>
bool exposed(const Cells& after, Square g, Square from, Square to, int by) noexcept {
    const std::uint8_t left = kTables.near[g][from], entered = kTables.near[g][to];
    if ((left & kOnLine) && attacked_along(after, g, left & kDirectionMask, by)) return true;
    if ((entered & kOnLine) && !((left & kOnLine) && (left & kDirectionMask) == (entered & kDirectionMask)) &&
        attacked_along(after, g, entered & kDirectionMask, by))
        return true;
    const Code arrived = after.cell[to];
    const bool stepper = arrived == code(PieceType::horse, by) || arrived == code(PieceType::soldier, by);
    return ((left & kHorseLeg) || (entered != 0 && stepper)) && attacked_by_steps(after, g, by);
}
}  // namespace

LineBoard::LineBoard(const Position& position) noexcept {
    const Board b(position);
    cell_ = b.cell;
    general_ = b.general;
    side_ = static_cast<std::uint8_t>(b.side);
    for (std::size_t c = 0; c < 2; ++c) unattacked_[c] = general_safe(c);
}

bool LineBoard::general_at_home(std::size_t c) const noexcept {
    const Square g = general_[c];
    return g != kNoSquare && in_palace(static_cast<int>(c), file_of(g), row_of(g));
}

bool LineBoard::general_safe(std::size_t c) const noexcept {
    return general_at_home(c) && !attacked_on(LineCells{cell_}, general_[c], static_cast<int>(c) ^ 1);
}

bool LineBoard::is_legal(Move move) const noexcept {
    const Square from = move.from(), to = move.to();
    const Square g = from < kSquares ? general_[side_] : kNoSquare;
    // A general known safe can be exposed only through what the move changes: most moves
    // change nothing near it, and the others are asked along one or two lines.
    if (g == kNoSquare || g == from || !unattacked_[side_] || to >= kSquares)
        return is_legal_on(LineCells{cell_}, general_, side_, move);
    if (!movable(LineCells{cell_}, side_, from, to)) return false;
    if (kTables.near[g][from] == 0 && kTables.near[g][to] == 0) return true;
    return !exposed(CellsAfter(cell_, from, to), g, from, to, side_ ^ 1);
}

void LineBoard::play(Move move) noexcept {
    const Square from = move.from(), to = move.to();
    const Code moving = cell_[from], taken = cell_[to];
    cell_[to] = moving;
    cell_[from] = 0;
    const std::size_t ours = side_, theirs = ours ^ 1;
    side_ ^= 1;
    // A general moved or taken: its square follows it when its side had one (counting them
    // again for each of its moves was a tenth of an XQF endgame's reading), else (a side
    // with several) they are counted again.
    if (moving == code(PieceType::general, static_cast<int>(ours))) {
        if (general_[ours] == from)
            general_[ours] = to;
        else
            general_ = generals_of(cell_);
    }
    if (taken == code(PieceType::general, static_cast<int>(theirs))) {
        if (general_[theirs] == to)
            general_[theirs] = kNoSquare;  // its only general taken: nothing left to protect
        else
            general_ = generals_of(cell_);
    }
    // The mover's general is safe after a legal move (when it has one, in its palace); the
    // other's is in check only if the move exposed it (asked in full when it was not known
    // safe: a start position's, or a side's last general after its other was taken).
    const Square theirs_at = general_[theirs];
    unattacked_[ours] = general_at_home(ours);
    if (theirs_at == kNoSquare || !unattacked_[theirs])
        unattacked_[theirs] = general_safe(theirs);
    else if (kTables.near[theirs_at][from] != 0 || kTables.near[theirs_at][to] != 0)
        unattacked_[theirs] = !exposed(LineCells{cell_}, theirs_at, from, to, static_cast<int>(ours));
}

Color LineBoard::side_to_move() const noexcept {
    return static_cast<Color>(side_);
}

bool in_check(const Position& position, Color c) {
    const Board b(position);
    const Square g = b.general[static_cast<std::size_t>(c)];
    return g != kNoSquare && attacked_on(b, g, static_cast<int>(c) ^ 1);
}

bool attacked(const Position& position, Square s, Color by) {
    return s < kSquares && attacked_on(Board(position), s, static_cast<int>(by));
}

std::uint64_t perft(const Position& position, int depth) {
    Board b(position);
    return perft_on(b, depth);
}

Status status(const Position& position) {
    if (count_legal_moves(position) != 0) return Status::ongoing;
    return in_check(position, position.side_to_move) ? Status::checkmate : Status::stalemate;
}

bool insufficient_material(const Position& position) noexcept {
    for (const Piece p : position.board)
        if (p.type == PieceType::chariot || p.type == PieceType::horse || p.type == PieceType::cannon ||
            p.type == PieceType::soldier)
            return false;
    return true;
}

std::string_view to_string(Status s) noexcept {
    switch (s) {
        case Status::ongoing:
            return "ongoing";
        case Status::checkmate:
            return "checkmate";
        case Status::stalemate:
            return "stalemate";
    }
    return "unknown";
}

}  // namespace kifu::xiangqi
