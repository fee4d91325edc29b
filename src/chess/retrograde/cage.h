// Men that can never have moved, and the squares a man can have reached despite them.
//
// A white pawn on rank 2 (a black pawn on rank 7) has stood there since the start: pawns never
// move back. Such a "wall" square was occupied at every moment of the game, so no man ever passed
// through it or landed on it (a man that had been captured there would not be standing there now).
// The same holds for a king, queen, rook or bishop on its own start square (standard chess) whose
// every first step leads onto such a square: it can never have moved, nor can any other man have
// replaced it there. permanent_men() finds them all (a fixpoint: a caged bishop cages its
// neighbours in turn); region() is then what a man could have reached from a square, moving by
// its own steps around the permanent squares. Both over-approximate what really happened, which is
// what makes every argument built on them sound.
#pragma once

#include "chess/setup_board.h"
#include "chess/types.h"

namespace arbiter::chess::retro {

// Pawns on their start squares (white on rank 2, black on rank 7).
Bitboard walls(const SetupBoard& board);

// The squares of men that provably never moved: the walls, the squares in `fixed` (men known by
// other means never to have moved, e.g. a king and rook that keep a castling right), and every
// non-pawn man on its standard start square whose every first step is onto such a square.
Bitboard permanent_men(const SetupBoard& board, Bitboard fixed);

// Squares a man of type pt (pawns excluded) can have reached from `from`, never entering `blocked`.
// Queens and kings share the king's steps (a queen's slide is a series of them); a bishop stays on
// its colour; castling is a pair of king and rook steps along the back rank.
Bitboard region(PieceType pt, Square from, Bitboard blocked);

// The standard start squares of colour c's men of type pt (pawns: the whole start rank).
Bitboard home_squares(Color c, PieceType pt);

}  // namespace arbiter::chess::retro
