// Where every man of one side came from: each pawn from a pawn start file, each other man from its
// own start square or from a promoted pawn, all origins different, with as few pawn captures as
// possible. A pawn changes file only by capturing, one file per capture, and advances a rank with
// each capture; a promoted man needs its pawn to reach the last rank on a file whose promotion
// square has the man's colour (bishops) and from where it can reach its square. The captures a
// side made are at most the men the other side is missing, so a side whose cheapest assignment
// needs more captures than that, or that has a man with no possible origin, cannot occur.
//
// `permanent` (cage.h) are the squares of men that never moved: their men are fixed to their own
// origins, and every other man is routed around them. With permanent == 0 the check is pure
// counting (the pawn structure and the promotions, valid in Chess960 as well).
#pragma once

#include <string>

#include "chess/setup_board.h"
#include "chess/types.h"

namespace arbiter::chess::retro {

struct OriginVerdict {
    bool possible = true;
    std::string argument;  // when impossible: the men involved and why, one clause
};

OriginVerdict check_origins(const SetupBoard& board, Color side, Bitboard permanent);

}  // namespace arbiter::chess::retro
