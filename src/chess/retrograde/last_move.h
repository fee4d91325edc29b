// The last move of a setup: a tiny retro-move generator. The side that just moved ("them") made one
// move that ended in this position; before it, the side to move ("us") was not in check (it was
// their turn). A check on us is explained when SOME retraction of theirs (a normal move, capture,
// promotion, en passant, castling) gives a before-position in which our king is not attacked.
#pragma once

#include "chess/setup_board.h"
#include "chess/types.h"

namespace arbiter::chess {

// Whether some last move of ~us can have given the check our king (on `king`) is in. Castling is
// always accepted as an explanation in Chess960 mode (the castling origins are unknown there).
bool check_explained(const SetupBoard& now, Color us, Square king, CastlingMode mode);

}  // namespace arbiter::chess
