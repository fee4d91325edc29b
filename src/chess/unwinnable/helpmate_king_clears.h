// The "king clears the way" variant of the promote plan (helpmate_guide.h), for boards of kings
// and pawns where a winner's pawn is stopped by a loser's pawn ahead of it on its file: the
// winner's king walks up to such a loser's pawn and takes it, and the pawn it freed runs and
// promotes (often with mate at once, on a back rank where the loser's king is shut in by its own
// pawns). In the plain promote plan the king's walk is a neutral move and every step of every
// winner's pawn is progress; here the walk is progress and the steps of a pawn that is stopped on
// its file only pass the move (neutral), so that the search deepens along the walk, not along
// the tempo moves. Measured on CHA's vectors at 200,000 nodes a query: 6 helpmates more (83 -> 77
// undetermined), none lost; on the 30,000 Lichess time-outs not a node more.
//
// Only ordering and charging, like every plan: no move is skipped.
#pragma once

#include "chess/bitboard.h"
#include "chess/position.h"
#include "chess/types.h"

namespace arbiter::chess {

// The loser's pawns standing ahead of a winner's pawn on its file: what the winner's king clears.
inline Bitboard loser_pawns_in_winner_way(const Position& pos, Color winner) {
    Bitboard span = pos.pieces(winner, Pawn);
    for (int i = 0; i < 6; ++i) span |= winner == White ? shift<North>(span) : shift<South>(span);
    return span & pos.pieces(~winner, Pawn);
}

// Whether the variant fits the root: a board of kings and pawns only, a winner's pawn stopped by a
// loser's pawn ahead of it, and the loser's king walled in (no square to step to), so that the
// freed pawn's promotion mates at once or soon. (With a loser's king free to walk, the mate is a
// longer chain of sacrifices, where the stopped pawns' steps matter: measured on CHA's vectors,
// the variant there lost a helpmate the plain promote plan finds.)
bool king_clears_fits(const Position& root, Color winner);

// Whether the king of `side` has no square to step to: each one next to it holds a man of its own
// or is guarded by an enemy pawn or the enemy king (enemy pieces are not counted: only steering).
bool king_walled_in(const Position& pos, Color side);

// Whether the winner's pawn on `from` has a loser's pawn ahead of it on its file: in this variant
// its steps only pass the move (neutral); a free pawn's steps stay progress.
inline bool pawn_stopped_ahead(const Position& pos, Square from, Color winner) {
    const Bitboard ahead = winner == White ? file_bb(file_of(from)) & ~((square_bb(from) << 1) - 1)
                                           : file_bb(file_of(from)) & ((square_bb(from)) - 1);
    return ahead & pos.pieces(~winner, Pawn);
}

// Whether the winner's king move from -> to is progress for the variant: it comes nearer (in king
// moves) to the nearest of `targets`, the loser's pawns in the winner's way (none: never).
bool king_clears_progress(Square from, Square to, Bitboard targets);

}  // namespace arbiter::chess
