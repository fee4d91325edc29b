// Material analysis: see material.h.
#include "chess/material.h"

#include <algorithm>
#include <array>

#include "chess/attacks.h"
#include "chess/movegen.h"

namespace arbiter::chess {

uint64_t material_key(const Position& pos) {
    uint64_t key = 0;
    int shift = 0;
    auto pack = [&](Bitboard b) {
        key |= uint64_t(std::min(popcount(b), 15)) << shift;
        shift += 4;
    };
    for (Color c : {White, Black}) {
        pack(pos.pieces(c, Pawn));
        pack(pos.pieces(c, Knight));
        pack(pos.pieces(c, Bishop) & kLightSquares);
        pack(pos.pieces(c, Bishop) & kDarkSquares);
        pack(pos.pieces(c, Rook));
        pack(pos.pieces(c, Queen));
    }
    return key;
}

bool has_mating_material(const Position& pos, Color side) {
    const Bitboard ours = pos.pieces(side);
    const Bitboard theirs = pos.pieces(~side);
    if (ours & (pos.pieces(Pawn, Rook) | pos.pieces(Queen))) return true;

    // K+N mates only with the help of a man of the opponent on a flight square; a queen never
    // helps (it can always take the knight or the flight square stays open), so only pawns,
    // knights, bishops or rooks of the opponent do. Two knights (or knight and bishop) can mate.
    if (ours & pos.pieces(Knight))
        return more_than_one(ours & ~pos.pieces(King)) ||
               (theirs & ~pos.pieces(King, Queen)) != 0;

    // Bishops of one colour attack only that colour, so the mated king stands on it and its
    // flight squares of the other colour must be blocked: only possible by a man that can stand
    // there, i.e. a pawn (or a piece it promotes to), a knight, or a bishop of the other colour.
    if (ours & pos.pieces(Bishop)) {
        const Bitboard bishops = pos.pieces(Bishop);
        const bool one_colour = !(bishops & kLightSquares) || !(bishops & kDarkSquares);
        return !one_colour || pos.pieces(Pawn) || pos.pieces(Knight);
    }
    return false;  // a lone king
}

namespace {

Bitboard pawn_attack_span(Color c, Bitboard pawns) {
    return c == White ? shift<NorthEast>(pawns) | shift<NorthWest>(pawns)
                      : shift<SouthEast>(pawns) | shift<SouthWest>(pawns);
}

// The squares one king step from b (b included).
Bitboard king_span(Bitboard b) {
    Bitboard row = b | shift<East>(b) | shift<West>(b);
    return row | shift<North>(row) | shift<South>(row);
}

// Squares of the colour (light or dark) of square s.
Bitboard same_colour_squares(Square s) {
    return (kLightSquares & square_bb(s)) ? kLightSquares : kDarkSquares;
}

// A static fortress (in the spirit of CHA, much simpler): the board holds only kings, bishops and
// pawns; every pawn is rammed head-on by an enemy pawn and can never capture (no enemy pawn on
// its attack squares, no enemy bishop on their colour, no enemy king able to walk up to an
// unprotected pawn). Then the pawns never move again and the kings are confined to regions the
// pawns cut out. `side` cannot mate if it has no bishop (nothing of it can ever give check), or if
// on every square of its bishops' colour that the enemy king can reach, the enemy king keeps
// more flight squares of the other colour (not blocked or guarded by a pawn) than the enemy's
// own bishops of that colour could block, wherever `side`'s king stands in its region (not next
// to the enemy king). True means "certainly cannot mate"; false means "don't know".
bool locked_pawns_prevent_mate(const Position& pos, Color side) {
    const Bitboard pawns = pos.pieces(Pawn);
    if (!pawns || pos.pieces(Knight) || pos.pieces(Rook, Queen)) return false;
    if (pos.legal_ep_square() != NoSquare) return false;

    const Bitboard white_pawns = pos.pieces(White, Pawn), black_pawns = pos.pieces(Black, Pawn);
    if (shift<North>(white_pawns) != black_pawns) return false;  // every pawn rammed, pairwise
    const std::array<Bitboard, kColors> attacks = {pawn_attack_span(White, white_pawns),
                                                   pawn_attack_span(Black, black_pawns)};
    if ((attacks[White] & black_pawns) || (attacks[Black] & white_pawns)) return false;

    std::array<Bitboard, kColors> region{};
    for (Color c : {White, Black}) {
        // No bishop of c ever stands where an enemy pawn could take it.
        Bitboard bishops = pos.pieces(c, Bishop);
        while (bishops)
            if (same_colour_squares(pop_lsb(bishops)) & attacks[~c]) return false;
        // Where c's king can ever go: off the pawns, off squares enemy pawns guard.
        const Bitboard open = ~pawns & ~attacks[~c];
        Bitboard reach = pos.pieces(c, King), previous = 0;
        while (reach != previous) {
            previous = reach;
            reach |= king_span(reach) & open;
        }
        // Taking an enemy pawn that no pawn protects would unlock the structure.
        const Bitboard enemy_pawns = pos.pieces(~c, Pawn);
        if (king_span(reach) & enemy_pawns & ~attacks[~c]) return false;
        region[c] = reach;
    }

    const Bitboard our_bishops = pos.pieces(side, Bishop);
    if (!our_bishops) return true;  // the pawns never move, so nothing of ours can ever check
    const Bitboard checked = (our_bishops & kLightSquares) ? kLightSquares : kDarkSquares;
    if (our_bishops & ~checked) return false;               // bishops of both colours
    // Enemy bishops of the other colour may block one flight square each.
    const int blockers = popcount(pos.pieces(~side, Bishop) & ~checked);

    Bitboard targets = region[~side] & checked;
    while (targets) {
        const Square k = pop_lsb(targets);
        // Flight squares of the other colour that no pawn blocks or guards.
        const Bitboard flights = king_attacks(k) & ~checked & ~pawns & ~attacks[side];
        if (popcount(flights) <= blockers) return false;
        // Could our king, from a square it can reach (not next to k), take away enough of them?
        Bitboard stands = region[side] & ~king_span(square_bb(k));
        while (stands)
            if (popcount(flights & ~king_attacks(pop_lsb(stands))) <= blockers) return false;
    }
    return true;
}

}  // namespace

bool locked_pawns_dead(const Position& pos) {
    return locked_pawns_prevent_mate(pos, White) && locked_pawns_prevent_mate(pos, Black);
}

bool can_ever_mate(const Position& pos, Color side) {
    if (!has_mating_material(pos, side)) return false;
    // A game that is over: the mating side has mated, nobody mates after a stalemate.
    if (!has_legal_move(pos)) return pos.in_check() && side != pos.side_to_move();
    return !locked_pawns_prevent_mate(pos, side);
}

}  // namespace arbiter::chess
