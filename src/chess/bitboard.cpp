#include "kifu/chess/bitboard.hpp"

#include <bit>
#include <cstdlib>
#include <vector>

namespace kifu::chess {
namespace {

constexpr int kDirectionsRook[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kDirectionsBishop[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

Bitboard slide(Square s, Bitboard occupied, const int (*directions)[2], int count = 4) noexcept {
    Bitboard attacks = 0;
    for (int d = 0; d < count; ++d) {
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

// The squares whose occupancy matters to a slider on `s`: its rays without their last square.
Bitboard relevant_mask(Square s, const int (*dirs)[2]) noexcept {
    const Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                           ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
    return slide(s, 0, dirs) & ~edges;
}

// What find_magics(true) and find_magics(false) return; built in so that start-up is
// a table fill (about a millisecond) instead of a search (about 200 ms).
constexpr std::array<Bitboard, 64> kRookMagics = {
    0x1080004008801020ull, 0x0840092002c03000ull, 0x1900200010400900ull, 0x0880100008000480ull,
    0x4200100420080200ull, 0x8100020100080400ull, 0x0200040110886200ull, 0x0200008040220411ull,
    0x0404800084400220ull, 0x0000401000402000ull, 0x0086001081220440ull, 0x0408800800100280ull,
    0x000a001201040820ull, 0x8848800200840080ull, 0x4001000100040200ull, 0x0442000102105084ull,
    0x9080010020804100ull, 0x0040404000201009ull, 0x0000808010002009ull, 0x2200090021d00100ull,
    0x0008008008040080ull, 0x0004004002010040ull, 0x0011040008015042ull, 0x00000a0001768104ull,
    0x0000800080204009ull, 0x2010004140002001ull, 0x9800200280100080ull, 0x1000100080080080ull,
    0x0442000a00049020ull, 0x2100040080020080ull, 0x0800120400900148ull, 0x0010040a00128541ull,
    0x2800804000800030ull, 0x1010002000400041ull, 0x4000200011004100ull, 0x0610008410800800ull,
    0x0400802402800800ull, 0xc100020080800400ull, 0x0002000802000401ull, 0x0182085882000401ull,
    0x0220204000808000ull, 0x2860100040024022ull, 0x0001002004110040ull, 0x99101042000a0020ull,
    0x0004080004008080ull, 0x0010040002008080ull, 0x2012004881020004ull, 0x8300842444820011ull,
    0x0088403882010200ull, 0x0820400080210100ull, 0x0110910040a00300ull, 0x0801100280080480ull,
    0x0242009008200600ull, 0x1002000489500200ull, 0x0040800200010080ull, 0x0091800041000080ull,
    0x0000209300488001ull, 0x04c1002414824001ull, 0x020020000b001041ull, 0x7000100004200901ull,
    0x8002002004100802ull, 0x30010002084c0007ull, 0x0888221800813004ull, 0x4000002840840112ull,
};
constexpr std::array<Bitboard, 64> kBishopMagics = {
    0x10102002004a1420ull, 0x8020040400584008ull, 0x10510800811201c8ull, 0x5204042080000088ull,
    0x2204106880000002ull, 0x1401042004000000ull, 0x0400880410042004ull, 0x0028208200a02020ull,
    0x1500241990010e00ull, 0x8001200182020a40ull, 0x40004101030b0000ull, 0x8002041042000100ull,
    0x4010011041020038ull, 0x0000010421044000ull, 0x1500210808020a00ull, 0x8000088400880520ull,
    0x0405004010040100ull, 0x1005823210040108ull, 0x2708008102040011ull, 0x4048200404009100ull,
    0x0018104101400024ull, 0x0003000601190101ull, 0x8004803108491000ull, 0x8014241200820800ull,
    0x0006e080100c3040ull, 0x0501044a11041800ull, 0x9020300008004045ull, 0x0894080000220040ull,
    0x1001010083104000ull, 0x5004030040900080ull, 0x000400422c012400ull, 0x0002128698404812ull,
    0x1010108404900440ull, 0x0928021182084100ull, 0x2006080409020024ull, 0x1010202020180080ull,
    0xa010008200202200ull, 0x2098015100019004ull, 0x0002041440810811ull, 0x802a02020000b098ull,
    0x0009015090004060ull, 0x4000821082081001ull, 0x0100210040420800ull, 0x0800004010488a00ull,
    0x2000081104004040ull, 0x4c8e029015000082ull, 0x0420340322224842ull, 0x1298260043400210ull,
    0x0000822802400008ull, 0x00008a0101600000ull, 0x3040003412080021ull, 0x3040290220884800ull,
    0x4a1500401041004aull, 0x8010200282020781ull, 0x0020203142209091ull, 0x0070300600902110ull,
    0x0040808800b62048ull, 0x0000810400c44420ull, 0x00080400440c0441ull, 0x8340080020840411ull,
    0x0000000104208200ull, 0x0000800810d00080ull, 0x0400530411080200ull, 0x4040702400932244ull,
};

template <std::size_t N>
void fill_sliders(std::array<detail::Magic, 64>& magics, std::array<Bitboard, N>& table,
                  const std::array<Bitboard, 64>& numbers, const int (*dirs)[2]) {
    // Each direction's ray from every square on an empty board: a subset's attacks along a
    // ray are the ray less the ray beyond its first blocker, so the 107,648 entries cost a
    // few instructions each instead of a walk square by square (start-up of every command).
    std::array<std::array<Bitboard, 64>, 4> rays{};
    std::array<bool, 4> rising{};  // the ray goes to higher squares: its first blocker is the lowest
    for (int d = 0; d < 4; ++d) {
        const int single[1][2] = {{dirs[d][0], dirs[d][1]}};
        rising[static_cast<std::size_t>(d)] = dirs[d][1] > 0 || (dirs[d][1] == 0 && dirs[d][0] > 0);
        for (Square s = 0; s < 64; ++s) rays[static_cast<std::size_t>(d)][s] = slide(s, 0, single, 1);
    }
    std::size_t offset = 0;
    for (Square s = 0; s < 64; ++s) {
        detail::Magic& m = magics[s];
        m.mask = relevant_mask(s, dirs);
        m.magic = numbers[s];
        m.shift = 64 - static_cast<unsigned>(popcount(m.mask));
        m.offset = offset;
        offset += std::size_t{1} << popcount(m.mask);
        Bitboard b = 0;
        do {  // every subset of the mask (Carry-Rippler)
            Bitboard attacks = 0;
            for (std::size_t d = 0; d < 4; ++d) {
                Bitboard ray = rays[d][s];
                if (const Bitboard blockers = ray & b) {
                    const Square first =
                        rising[d] ? lsb(blockers) : static_cast<Square>(63 - std::countl_zero(blockers));
                    ray ^= rays[d][first];
                }
                attacks |= ray;
            }
            table[m.index(b)] = attacks;
            b = (b - m.mask) & m.mask;
        } while (b);
    }
    if (offset != N) std::abort();  // the array sizes above are these sums
}

}  // namespace

namespace detail {

AttackTables::AttackTables() {
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
        rook_rays[s] = slide(s, 0, kDirectionsRook);
        bishop_rays[s] = slide(s, 0, kDirectionsBishop);
    }
    fill_sliders(rook_magics, rook, kRookMagics, kDirectionsRook);
    fill_sliders(bishop_magics, bishop, kBishopMagics, kDirectionsBishop);
    for (Square a = 0; a < 64; ++a)
        for (Square b = 0; b < 64; ++b) {
            if (a == b) continue;
            for (const bool straight : {true, false}) {
                const auto& rays = straight ? rook_rays : bishop_rays;
                if (!(rays[a] & bit(b))) continue;
                const Bitboard* attacks = straight ? rook.data() : bishop.data();
                const auto& magics = straight ? rook_magics : bishop_magics;
                lines[a][b] = (rays[a] & rays[b]) | bit(a) | bit(b);
                betweens[a][b] = attacks[magics[a].index(bit(b))] & attacks[magics[b].index(bit(a))];
            }
        }
}

// Built before main(): nothing in kifu runs chess code from a static initializer.
const AttackTables attack_tables;

}  // namespace detail

Bitboard slow_rook_attacks(Square s, Bitboard occupied) noexcept {
    return slide(s, occupied, kDirectionsRook);
}
Bitboard slow_bishop_attacks(Square s, Bitboard occupied) noexcept {
    return slide(s, occupied, kDirectionsBishop);
}

const std::array<Bitboard, 64>& builtin_magics(bool rook) noexcept {
    return rook ? kRookMagics : kBishopMagics;
}

// Fancy magic bitboards by trial: sparse random numbers until one maps every subset of
// the mask to a slot without two different attack sets meeting. Seeded, so every run
// finds the same magics.
std::array<Bitboard, 64> find_magics(bool rook) {
    const int(*dirs)[2] = rook ? kDirectionsRook : kDirectionsBishop;
    std::uint64_t seed = 0x9E3779B97F4A7C15ull;
    const auto random = [&] {  // xorshift64*
        seed ^= seed >> 12, seed ^= seed << 25, seed ^= seed >> 27;
        return seed * 2685821657736338717ull;
    };
    std::array<Bitboard, 64> found{};
    std::vector<Bitboard> occupancy, reference, slot;
    std::vector<unsigned> epoch;
    for (Square s = 0; s < 64; ++s) {
        const Bitboard mask = relevant_mask(s, dirs);
        const unsigned shift = 64 - static_cast<unsigned>(popcount(mask));
        occupancy.clear();
        reference.clear();
        Bitboard b = 0;
        do {
            occupancy.push_back(b);
            reference.push_back(slide(s, b, dirs));
            b = (b - mask) & mask;
        } while (b);
        slot.assign(occupancy.size(), 0);
        epoch.assign(occupancy.size(), 0);
        for (unsigned attempt = 1;; ++attempt) {
            Bitboard magic;
            do magic = random() & random() & random();
            while (popcount((mask * magic) >> 56) < 6);
            bool ok = true;
            for (std::size_t i = 0; i < occupancy.size() && ok; ++i) {
                const std::size_t idx = ((occupancy[i] & mask) * magic) >> shift;
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    slot[idx] = reference[i];
                } else if (slot[idx] != reference[i]) {
                    ok = false;
                }
            }
            if (ok) {
                found[s] = magic;
                break;
            }
        }
    }
    return found;
}

}  // namespace kifu::chess
