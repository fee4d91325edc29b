// Attack tables: pawn, knight and king attacks by lookup, sliding pieces by "fancy" magic bitboards
// (portable: no PEXT). Step tables and magics are compile-time constants; the slider tables
// (107,648 entries, too many for the compiler's constexpr budget) are filled once during static
// initialisation with the highest init_priority, i.e. before any other static constructor may
// run, and never written again: safe from any thread, and from other static initialisers.
#pragma once

#include <array>

#include "chess/types.h"

namespace arbiter::chess {

namespace detail {
struct Magic {
    Bitboard mask;     // relevant occupancy (ray squares without the board edge)
    Bitboard magic;    // multiplier that maps each relevant occupancy to a distinct index
    uint32_t offset;   // start of this square's slice of the shared attack table
    uint8_t shift;     // 64 - number of relevant bits

    constexpr uint32_t index(Bitboard occupied) const {
        return offset + uint32_t(((occupied & mask) * magic) >> shift);
    }
};
struct AttackTables {
    std::array<std::array<Bitboard, 64>, 2> pawn{};
    std::array<Bitboard, 64> knight{};
    std::array<Bitboard, 64> king{};
    std::array<Bitboard, 64> queen_rays{};  // queen attacks on an empty board
    std::array<Magic, 64> rook_magic{};
    std::array<Magic, 64> bishop_magic{};
};
extern const AttackTables kAttacks;
// Written only by the initialiser in attacks.cpp (before main); read-only afterwards.
extern std::array<Bitboard, 0x19000> kRookAttacks;   // 102400 entries, indexed by Magic
extern std::array<Bitboard, 0x1480> kBishopAttacks;  // 5248 entries
// Reference implementation for tests: rays walked square by square (slow).
Bitboard slow_slider_attacks(PieceType pt, Square s, Bitboard occupied);
}  // namespace detail

// Squares a pawn of colour c on s attacks (captures to), not its pushes.
inline Bitboard pawn_attacks(Color c, Square s) { return detail::kAttacks.pawn[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::kAttacks.knight[s]; }
inline Bitboard king_attacks(Square s) { return detail::kAttacks.king[s]; }
// Every square a queen on s would attack on an empty board: the lines through s (512 bytes).
inline Bitboard queen_rays(Square s) { return detail::kAttacks.queen_rays[s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    return detail::kBishopAttacks[detail::kAttacks.bishop_magic[s].index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    return detail::kRookAttacks[detail::kAttacks.rook_magic[s].index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Attacks of a non-pawn piece type from s (pt in Knight..King).
inline Bitboard attacks(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
        case Knight: return knight_attacks(s);
        case Bishop: return bishop_attacks(s, occupied);
        case Rook: return rook_attacks(s, occupied);
        case Queen: return queen_attacks(s, occupied);
        case King: return king_attacks(s);
        default: assert(false); return 0;
    }
}

}  // namespace arbiter::chess
