// The second static layer of the unwinnability engine: locked pawn structures in which some
// pawns can still capture. blockade.h gives up as soon as any pawn might leave its file ("it may
// become anything"); here such a pawn is followed square by square instead: it may capture only
// onto squares where an enemy man other than the king may ever stand, and from there push on.
//
// The argument, in our own formulation. Guess two sets of pawns: B, pawns that never capture
// (they stay on their files until they promote), and K ⊆ B, pawns of B that are never captured
// either. A pawn of B can never pass a pawn of K facing it on its file, nor an own pawn of K ahead
// of it that itself can never promote: this gives each pawn of B its span (the squares of its file
// it may ever stand on); a pawn of K whose span is its own square never moves ("frozen": a wall).
// Assuming B and K, compute over-approximations of everything else, each a least fixpoint: pieces
// flood over every square but the frozen ones; the other pawns push over every square but the
// frozen ones and the present squares of enemy pawns of K, and capture onto squares where a
// capturable enemy man (not of K, not a king) may stand; a pawn that may reach its last rank adds
// a queen and a knight from there. Then drop from B every pawn whose span attacks a square where a
// capturable enemy man may stand, and from K every pawn whose span an enemy man may attack (the
// enemy king: may step next to, unless a frozen pawn of its own protects it); repeat until
// nothing is dropped. Such sets are right: in any continuation, look at the first move that breaks
// the assumption; before it the over-approximations held, so that move was among those the sets
// were checked against.
//
// The verdict is blockade.h's: the loser's king stays in its region; if nothing of the winner can
// ever attack a square of it, the winner never checks; if only bishops of one colour can, every
// mating square needs more flight squares of the other colour blocked or covered than there are
// men to do it. Gives up (false) on a castling right or a legal en passant capture.
#pragma once

#include "chess/position.h"
#include "chess/types.h"

namespace arbiter::chess {

// True only when it is certain that `winner` can never checkmate in `pos`.
bool reach_prevents_mate(const Position& pos, Color winner);

}  // namespace arbiter::chess
