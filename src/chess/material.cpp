// Material analysis: see material.h.
#include "chess/material.h"

#include <algorithm>

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

bool can_ever_mate(const Position& pos, Color side) {
    if (!has_mating_material(pos, side)) return false;
    // A game that is over: the mating side has mated, nobody mates after a stalemate.
    if (!has_legal_move(pos)) return pos.in_check() && side != pos.side_to_move();
    return true;
}

}  // namespace arbiter::chess
