// bad-en-passant (see setup_legality.h): the square must lie behind a pawn of the side that just
// moved, on the 3rd/6th rank, with the square and the pawn's start square empty, and the position
// before the double step must have been legal: the side now to move was not in check then, and a
// check the double-stepping side was under then (which the pawn blocked) must be one the move
// before can have given.
#pragma once

#include "chess/setup.h"
#include "chess/setup_board.h"
#include "chess/setup_legality.h"

namespace arbiter::chess {

void check_en_passant(const Setup& setup, const SetupBoard& board, CastlingMode mode, IllegalityReport& report);

}  // namespace arbiter::chess
