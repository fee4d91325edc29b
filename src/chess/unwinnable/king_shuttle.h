// A layer of the unwinnability engine (full mode) for locked pawn structures where only the
// kings can do anything that matters, and the order of their moves decides: "stalemate tricks".
// A king may take a pawn only when that stalemates the other side (the game is over: the pawn is,
// in effect, immune); the winner's king cannot arrive next to the flight square it must cover
// except with the loser to move, not in check, and with nothing else to move: stalemate again.
// The static layers (blockade.h, reach.h) see only where each king may ever stand, not when.
//
// The argument, in our own formulation. Guess a set F of pawns that never move and are never
// captured (to begin: every pawn with a pawn right in front of it). Assuming F, over-approximate
// everything else: the pieces flood over every square but F; a side with a pawn outside F may
// become anything (it stands and attacks everywhere); and the game, seen through the two kings'
// squares and the side to move, is a walk in a graph of at most 8,192 states, in which a king
// steps to any square that is not an own pawn of F, not attacked by an enemy pawn of F and not
// next to the other king, and a side may instead pass (move another man) if it has a man outside
// F that is not entombed (a piece whose every move is onto a pawn of F). Drop from F every pawn
// that can capture or be captured: by a piece or a wild pawn (their floods), or by a king on an
// edge of the walk from a reachable state, unless that capture leaves the other side without any
// move in the walk (the game is over there, by stalemate or mate). Repeat until nothing drops.
// Such an F is right: in any continuation, look at the first move that breaks the assumption;
// before it the over-approximations held, so that move was among those F was checked against,
// and a capture that ends the game breaks nothing afterwards.
//
// The verdict: a mate is a position that the winner's last move put in check, and check can come
// only from a man that moves or from a line that a moving man opens: never from a pawn of F (it
// never moves) nor from the winner's king, so from one of the winner's other men, which can only
// ever attack the squares of their floods, or from a slider behind the winner's king as it steps
// off a line through the mated king. So a mate needs, on some reachable edge of the walk that the
// winner makes, the loser's king on such a square with every flight square possibly taken (each
// step onto a pawn of F, next to the winner's king, attacked by a pawn of F, or in the floods of
// either side's other men). If there is no such edge, the winner can never mate.
#pragma once

#include "chess/position.h"
#include "chess/types.h"

namespace arbiter::chess {

// True only when it is certain that `winner` can never checkmate in `pos`. Gives up (false) on a
// castling right or a legal en passant capture (the walk does not follow them), when F runs
// empty, and when the walk reaches a possible mate.
bool shuttle_prevents_mate(const Position& pos, Color winner);

}  // namespace arbiter::chess
