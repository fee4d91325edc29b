// The retrograde layer of the setup-legality check (FIDE 3.10.3): arguments about the whole game
// that led to a position, beyond counting men. Each one is sound (a legal position never fails it)
// and states its argument in the message:
//
//   too-many-captures            origins.h with no cage: the pawns' files and the promotions
//                                need more pawn captures than the other side has men missing, or
//                                some men cannot all have different origins (a pawn on its 3rd
//                                rank comes from at most one file away, ...). Both modes.
//   caged-piece                  origins.h around the men that never moved (cage.h): a man
//                                stands where it cannot have come from its start square (walled in
//                                by unmoved pawns) nor by promotion. Standard chess only.
//   impossible-castling-rights   the same, with the king and rook of every castling right added to
//                                the men that never moved: the rights say they never moved, the
//                                rest of the position says one of them must have. Standard only.
//   impossible-side-to-move      parity.h: in the start structure where only knights and rooks
//                                can have moved, the colours of the knights' squares fix whose
//                                move it is. Standard only.
//
//   bad-en-passant               all of the above on the position before the double step (the
//                                pawn back on its start square, the other side to move).
//
// Chess960 positions get only the first (their start squares are not known). The layer runs only
// when the counting reasons (kings, men, pawns, back-rank pawns, too-much-material) found nothing,
// so that one fault is not reported twice.
#pragma once

#include "chess/setup.h"
#include "chess/setup_board.h"
#include "chess/setup_legality.h"

namespace arbiter::chess {

void check_retrograde(const Setup& setup, const SetupBoard& board, CastlingMode mode, IllegalityReport& report);

}  // namespace arbiter::chess
