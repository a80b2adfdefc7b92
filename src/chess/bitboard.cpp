#include "kifu/chess/bitboard.hpp"

#include <array>
#include <vector>

namespace kifu::chess {
namespace {

constexpr int kDirectionsRook[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kDirectionsBishop[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

Bitboard slide(Square s, Bitboard occupied, const int (*directions)[2]) {
    Bitboard attacks = 0;
    for (int d = 0; d < 4; ++d) {
        int f = file_of(s) + directions[d][0];
        int r = rank_of(s) + directions[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            const Square t = make_square(f, r);
            attacks |= bit(t);
            if (occupied & bit(t)) break;
            f += directions[d][0];
            r += directions[d][1];
        }
    }
    return attacks;
}

struct Magic {
    Bitboard mask = 0;
    Bitboard magic = 0;
    unsigned shift = 0;
    const Bitboard* table = nullptr;
    std::size_t index(Bitboard occupied) const noexcept { return ((occupied & mask) * magic) >> shift; }
};

class Tables {
  public:
    Tables() {
        for (Square s = 0; s < 64; ++s) {
            const int f = file_of(s), r = rank_of(s);
            const auto leap = [&](std::initializer_list<std::pair<int, int>> steps) {
                Bitboard b = 0;
                for (const auto& [df, dr] : steps)
                    if (f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8)
                        b |= bit(make_square(f + df, r + dr));
                return b;
            };
            knight[s] = leap({{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
            king[s] = leap({{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
            pawn[0][s] = leap({{-1, 1}, {1, 1}});
            pawn[1][s] = leap({{-1, -1}, {1, -1}});
        }
        init_magics(rook_magics, rook_table, kDirectionsRook);
        init_magics(bishop_magics, bishop_table, kDirectionsBishop);
        for (Square a = 0; a < 64; ++a)
            for (Square b = 0; b < 64; ++b) {
                if (a == b) continue;
                for (const auto* dirs : {kDirectionsRook, kDirectionsBishop}) {
                    if (!(slide(a, 0, dirs) & bit(b))) continue;
                    lines[a][b] = (slide(a, 0, dirs) & slide(b, 0, dirs)) | bit(a) | bit(b);
                    betweens[a][b] = slide(a, bit(b), dirs) & slide(b, bit(a), dirs);
                }
            }
    }

    std::array<Bitboard, 64> knight{}, king{};
    std::array<std::array<Bitboard, 64>, 2> pawn{};
    std::array<Magic, 64> rook_magics{}, bishop_magics{};
    std::array<std::array<Bitboard, 64>, 64> lines{}, betweens{};

  private:
    // Fancy magic bitboards; the search is seeded, so every run finds the same magics.
    void init_magics(std::array<Magic, 64>& magics, std::vector<Bitboard>& table, const int (*dirs)[2]) {
        std::uint64_t seed = 0x9E3779B97F4A7C15ull;
        const auto random = [&] {  // xorshift64*
            seed ^= seed >> 12, seed ^= seed << 25, seed ^= seed >> 27;
            return seed * 2685821657736338717ull;
        };
        std::vector<std::size_t> offsets(64);
        std::size_t total = 0;
        std::vector<Bitboard> occupancy, reference;
        std::vector<unsigned> epoch;
        for (Square s = 0; s < 64; ++s) {
            const Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                                   ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
            Magic& m = magics[s];
            m.mask = slide(s, 0, dirs) & ~edges;
            m.shift = 64 - static_cast<unsigned>(popcount(m.mask));
            offsets[s] = total;
            total += std::size_t{1} << popcount(m.mask);
        }
        table.assign(total, 0);
        for (Square s = 0; s < 64; ++s) {
            Magic& m = magics[s];
            occupancy.clear();
            reference.clear();
            Bitboard b = 0;
            do {  // every subset of the mask (Carry-Rippler)
                occupancy.push_back(b);
                reference.push_back(slide(s, b, dirs));
                b = (b - m.mask) & m.mask;
            } while (b);
            Bitboard* slot = table.data() + offsets[s];
            epoch.assign(occupancy.size(), 0);
            for (unsigned attempt = 1;; ++attempt) {
                do m.magic = random() & random() & random();
                while (popcount((m.mask * m.magic) >> 56) < 6);
                bool ok = true;
                for (std::size_t i = 0; i < occupancy.size() && ok; ++i) {
                    const std::size_t idx = ((occupancy[i] & m.mask) * m.magic) >> m.shift;
                    if (epoch[idx] < attempt) {
                        epoch[idx] = attempt;
                        slot[idx] = reference[i];
                    } else if (slot[idx] != reference[i]) {
                        ok = false;
                    }
                }
                if (ok) break;
            }
            m.table = slot;
        }
    }

    std::vector<Bitboard> rook_table, bishop_table;
};

// Built at first use: a program that never touches chess never pays for the magic
// search (test binaries start once per test, under ASan).
const Tables& tables() noexcept {
    static const Tables t;
    return t;
}

}  // namespace

Bitboard pawn_attacks(Color c, Square s) noexcept {
    return tables().pawn[static_cast<std::size_t>(index(c))][s];
}
Bitboard knight_attacks(Square s) noexcept {
    return tables().knight[s];
}
Bitboard king_attacks(Square s) noexcept {
    return tables().king[s];
}
Bitboard bishop_attacks(Square s, Bitboard occupied) noexcept {
    const Magic& m = tables().bishop_magics[s];
    return m.table[m.index(occupied)];
}
Bitboard rook_attacks(Square s, Bitboard occupied) noexcept {
    const Magic& m = tables().rook_magics[s];
    return m.table[m.index(occupied)];
}
Bitboard between(Square a, Square b) noexcept {
    return tables().betweens[a][b];
}
Bitboard line(Square a, Square b) noexcept {
    return tables().lines[a][b];
}

}  // namespace kifu::chess
