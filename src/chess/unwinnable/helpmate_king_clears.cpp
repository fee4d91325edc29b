// The "king clears the way" plan: see helpmate_king_clears.h.
#include "chess/unwinnable/helpmate_king_clears.h"

#include <algorithm>
#include <cstdlib>

#include "chess/attacks.h"

namespace arbiter::chess {
namespace {

int king_distance(Square a, Square b) {
    return std::max(std::abs(int(file_of(a)) - int(file_of(b))), std::abs(int(rank_of(a)) - int(rank_of(b))));
}

int nearest(Square s, Bitboard targets) {
    int best = 8;
    while (targets) best = std::min(best, king_distance(s, pop_lsb(targets)));
    return best;
}

}  // namespace

bool king_clears_fits(const Position& root, Color winner) {
    if (root.pieces() != (root.pieces(Pawn) | root.pieces(King)) || !loser_pawns_in_winner_way(root, winner)) return false;
    return king_walled_in(root, ~winner);
}

bool king_walled_in(const Position& pos, Color side) {
    const Bitboard enemy_pawns = pos.pieces(~side, Pawn);
    const Bitboard guarded = king_attacks(pos.king_square(~side)) |
                             (side == Black ? shift<NorthEast>(enemy_pawns) | shift<NorthWest>(enemy_pawns)
                                            : shift<SouthEast>(enemy_pawns) | shift<SouthWest>(enemy_pawns));
    return !(king_attacks(pos.king_square(side)) & ~pos.pieces(side) & ~guarded);
}

bool king_clears_progress(Square from, Square to, Bitboard targets) {
    return targets && nearest(to, targets) < nearest(from, targets);
}

}  // namespace arbiter::chess
