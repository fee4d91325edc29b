// The "king clears the way" plan: see helpmate_king_clears.h.
#include "chess/unwinnable/helpmate_king_clears.h"

#include <algorithm>
#include <cstdlib>

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

bool king_clears_progress(Square from, Square to, Bitboard targets) {
    return targets && nearest(to, targets) < nearest(from, targets);
}

}  // namespace arbiter::chess
