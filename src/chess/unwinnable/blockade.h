// The static layer of the unwinnability engine: locked pawn structures (pawn walls with the kings
// shut out, entombed pieces, bishops of one colour against a wall of the other colour).
//
// The idea, in our own formulation: guess a set F of pawns that never move and are never captured,
// compute over-approximations of everything else (the squares each king, piece and pawn could ever
// stand on or attack, assuming F stays put), and drop from F every pawn those over-approximations
// could push, capture or let capture; repeat until F is consistent. Such an F really is permanent:
// in any continuation, look at the first move that disturbs a member of F; before it, F stood
// still, so the over-approximations held, so that move was among those F was checked against.
// Then the loser's king stays in its region; if nothing of the winner can ever attack a square of
// it, the winner never gives check; if only bishops of one colour can, every mating square has
// more flight squares of the other colour than the men that could ever block or cover them.
//
// Gives up (answers false) when a castling right remains or an en passant capture is legal (the
// argument does not cover them), and whenever a case is not covered. True is a proof.
#pragma once

#include "chess/position.h"
#include "chess/types.h"

namespace arbiter::chess {

// True only when it is certain that `winner` can never checkmate in `pos`.
bool blockade_prevents_mate(const Position& pos, Color winner);

}  // namespace arbiter::chess
