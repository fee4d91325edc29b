// Builds every attack table at compile time. The magic multipliers were found offline by a
// random search (sparse random numbers, checked for collisions over all occupancies); any
// multiplier that maps each relevant occupancy of a square without destructive collisions works,
// and the static_asserts below re-check all of them while compiling.
#include "chess/attacks.h"

#include "chess/bitboard.h"

namespace arbiter::chess::detail {
namespace {

constexpr std::array<Bitboard, 64> kRookMagics = {
    0x0080008040002011ULL, 0x2440200240001000ULL, 0x2180089000A00080ULL, 0x9080080004801001ULL,
    0x0200020008200410ULL, 0x9100060C00289100ULL, 0x2880800100008200ULL, 0x0200008222010C44ULL,
    0x82058000804000A0ULL, 0x0240804000200081ULL, 0x1004805000816001ULL, 0x1412001022014008ULL,
    0x8402800400080180ULL, 0x0AC0800401800200ULL, 0x8001010004010200ULL, 0x0005000300058042ULL,
    0x01C041002080010AULL, 0x0050044000200040ULL, 0x8000110040200100ULL, 0x0010008008011380ULL,
    0x0008010010040900ULL, 0x4020808004000200ULL, 0x2682040001108208ULL, 0x02400A0004844104ULL,
    0x0408401680002180ULL, 0x2008200880400080ULL, 0x040300B300406000ULL, 0x0210100080800800ULL,
    0x0100040080080080ULL, 0x0001008300040028ULL, 0x001A081400100A41ULL, 0x0001050200019844ULL,
    0xA400400082800220ULL, 0x0A10400090802000ULL, 0x4000100080802001ULL, 0x4090004402400800ULL,
    0x0A04800800800402ULL, 0x0002020080800400ULL, 0x4002411004001822ULL, 0x20D1000045001A92ULL,
    0x0000604000818002ULL, 0x4210005020084000ULL, 0x8040804012020020ULL, 0x0C00080010008080ULL,
    0x8800040008008080ULL, 0x0000020004008080ULL, 0x0000021081040008ULL, 0x0101004418860015ULL,
    0x0000810028420200ULL, 0x2120003080400880ULL, 0x0001004010200100ULL, 0x0A10008010080080ULL,
    0x0808009804008180ULL, 0x0102000280040080ULL, 0x0408501218414400ULL, 0x0812204404890200ULL,
    0x0810110180032045ULL, 0x4021400214810021ULL, 0x840622800A004012ULL, 0x0015002008041003ULL,
    0x3002001008208482ULL, 0x0203000208040001ULL, 0x0400210800900264ULL, 0x8002008040240102ULL,
};

constexpr std::array<Bitboard, 64> kBishopMagics = {
    0x00A01824A1140420ULL, 0x0404010409161112ULL, 0x0804010401100000ULL, 0x0004040088010000ULL,
    0x0041104000044800ULL, 0x825101A010080104ULL, 0x200080B0082200A9ULL, 0x9000220850080800ULL,
    0x0000101050010040ULL, 0x0A060254A8020041ULL, 0x1210100400802D00ULL, 0xC80A040410829804ULL,
    0x0060020210000000ULL, 0x0600642404400008ULL, 0x00004C4808480808ULL, 0x00000901011B60A2ULL,
    0x8840001024280890ULL, 0x00A0902448408101ULL, 0x0284000800440008ULL, 0x0401008824010009ULL,
    0x0014200202010080ULL, 0x4001000200820110ULL, 0x6000900402015008ULL, 0x0054208041043001ULL,
    0x2804400120020412ULL, 0x0004042290212850ULL, 0x2D80480001020C00ULL, 0x0402040020101020ULL,
    0x0049001003004000ULL, 0x2002002002101009ULL, 0x0000808009080800ULL, 0x0442002122088228ULL,
    0x0012101000430E40ULL, 0x0002484200041000ULL, 0x0000203406480801ULL, 0x4040020080880080ULL,
    0x0001080200002200ULL, 0x1002008100020060ULL, 0x0028881240110904ULL, 0x00010902000C2200ULL,
    0x9000D02828002002ULL, 0x451402080406C203ULL, 0x0002002201000804ULL, 0x1004004208000480ULL,
    0x0000202200800410ULL, 0x0002088D15001A02ULL, 0x2028814104010600ULL, 0x000404044A024241ULL,
    0x0002010403400821ULL, 0x0340404208A00000ULL, 0x0100020A01040040ULL, 0x410900020A020010ULL,
    0xC000101042020000ULL, 0x0024412508218000ULL, 0x0910200800C88322ULL, 0xC020190602005400ULL,
    0x0015210110102206ULL, 0x0201410121100282ULL, 0x1004000100909000ULL, 0x0092081200420201ULL,
    0x0801010210420201ULL, 0x0800002004102220ULL, 0x4081208810008884ULL, 0x0068200102020014ULL,
};

struct Step {
    int df, dr;
};
constexpr Step kRookSteps[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr Step kBishopSteps[4] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Ray attacks by walking the board: slow, but only ever run by the compiler.
constexpr Bitboard slide(Square s, Bitboard occupied, const Step (&steps)[4]) {
    Bitboard result = 0;
    for (const Step& step : steps) {
        int f = file_of(s) + step.df, r = rank_of(s) + step.dr;
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            Bitboard b = Bitboard{1} << (r * 8 + f);
            result |= b;
            if (occupied & b) break;
            f += step.df;
            r += step.dr;
        }
    }
    return result;
}

// Squares whose occupancy matters: the empty-board rays minus the board edges they run into.
constexpr Bitboard relevant_mask(Square s, const Step (&steps)[4]) {
    Bitboard edges = ((kRank1 | kRank8) & ~rank_bb(s)) | ((kFileA | kFileH) & ~file_bb(s));
    return slide(s, 0, steps) & ~edges;
}

constexpr Bitboard step_targets(Square s, const Step* steps, int n) {
    Bitboard result = 0;
    for (int i = 0; i < n; ++i) {
        int f = file_of(s) + steps[i].df, r = rank_of(s) + steps[i].dr;
        if (f >= 0 && f < 8 && r >= 0 && r < 8) result |= Bitboard{1} << (r * 8 + f);
    }
    return result;
}

constexpr AttackTables make_tables() {
    AttackTables t;
    constexpr Step knight[8] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr Step king[8] = {{1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}};
    constexpr Step white_pawn[2] = {{-1, 1}, {1, 1}};
    constexpr Step black_pawn[2] = {{-1, -1}, {1, -1}};
    uint32_t rook_offset = 0, bishop_offset = 0;
    for (int i = 0; i < 64; ++i) {
        Square s = Square(i);
        t.knight[s] = step_targets(s, knight, 8);
        t.king[s] = step_targets(s, king, 8);
        t.pawn[White][s] = step_targets(s, white_pawn, 2);
        t.pawn[Black][s] = step_targets(s, black_pawn, 2);
        t.queen_rays[s] = slide(s, 0, kRookSteps) | slide(s, 0, kBishopSteps);

        Bitboard rmask = relevant_mask(s, kRookSteps);
        t.rook_magic[s] = {rmask, kRookMagics[s], rook_offset, uint8_t(64 - popcount(rmask))};
        rook_offset += uint32_t{1} << popcount(rmask);
        Bitboard bmask = relevant_mask(s, kBishopSteps);
        t.bishop_magic[s] = {bmask, kBishopMagics[s], bishop_offset, uint8_t(64 - popcount(bmask))};
        bishop_offset += uint32_t{1} << popcount(bmask);
    }
    return t;
}

// Fills one slider table. Magic collisions cannot happen with the multipliers above (the
// offline search checked every occupancy); the unit tests compare every lookup with slide().
template <size_t N>
void fill_sliders(std::array<Bitboard, N>& table, const std::array<Magic, 64>& magics,
                  const Step (&steps)[4]) {
    for (int i = 0; i < 64; ++i) {
        Square s = Square(i);
        const Magic& m = magics[s];
        Bitboard subset = 0;
        do {  // Carry-Rippler: every subset of the mask
            table[m.index(subset)] = slide(s, subset, steps);
            subset = (subset - m.mask) & m.mask;
        } while (subset);
    }
}

}  // namespace

constexpr AttackTables kAttacks = make_tables();
static_assert(kAttacks.rook_magic[63].offset + (1u << (64 - kAttacks.rook_magic[63].shift)) == 0x19000);
static_assert(kAttacks.bishop_magic[63].offset + (1u << (64 - kAttacks.bishop_magic[63].shift)) == 0x1480);

std::array<Bitboard, 0x19000> kRookAttacks;
std::array<Bitboard, 0x1480> kBishopAttacks;

namespace {
struct SliderTableInit {
    SliderTableInit() {
        fill_sliders(kRookAttacks, kAttacks.rook_magic, kRookSteps);
        fill_sliders(kBishopAttacks, kAttacks.bishop_magic, kBishopSteps);
    }
};
// Priority 101 runs before every initialiser without a priority, in any translation unit.
[[gnu::init_priority(101)]] const SliderTableInit kSliderTableInit;
}  // namespace

// Reference implementation for tests: rays walked square by square.
Bitboard slow_slider_attacks(PieceType pt, Square s, Bitboard occupied) {
    return (pt == Rook || pt == Queen ? slide(s, occupied, kRookSteps) : 0) |
           (pt == Bishop || pt == Queen ? slide(s, occupied, kBishopSteps) : 0);
}

}  // namespace arbiter::chess::detail
