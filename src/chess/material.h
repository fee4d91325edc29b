// Material analysis: dead positions by material (FIDE 5.2.2) and whether a side can still mate
// at all (FIDE 6.9: a flag fall against an opponent who cannot mate by any series of legal moves
// is a draw). Both answers are exact on material alone; can_ever_mate() also recognises a few
// locked pawn structures, and only ever says "cannot" when that is certain.
//
// Cost: is_dead_by_material() is a handful of bitboard operations; callers that run it after every
// move can skip it unless material_changed() says the move captured or promoted.
#pragma once

#include <cstdint>

#include "chess/bitboard.h"
#include "chess/move.h"
#include "chess/position.h"
#include "chess/types.h"

namespace arbiter::chess {

// Dead by material alone (FIDE 5.2.2, exact): K v K, K+N v K, and kings with any number of
// bishops (either side) all standing on squares of one colour. Not dead: K+N v K+N, K+B v K+N,
// K+B v K+B on opposite colours, K+2N v K, anything with a pawn, rook or queen.
inline bool is_dead_by_material(const Position& pos) {
    if (pos.pieces(Pawn, Rook) | pos.pieces(Queen)) return false;
    const Bitboard minors = pos.pieces(Knight, Bishop);
    if (!pos.pieces(Knight)) return !(minors & kLightSquares) || !(minors & kDarkSquares);
    return !more_than_one(minors);  // a single knight and no bishop
}

// FIDE 5.2.2, the one rule PGN games and EPD positions share: dead by material (above), or a
// locked pawn structure (only kings, bishops and pawns, every pawn rammed and unable to capture)
// in which neither side can ever mate (see can_ever_mate). For a position whose side to move has a
// legal move (mate and stalemate come first). Cheap unless the board holds only kings, bishops and
// pawns: callers may run it after every capture, promotion or pawn move.
// Inline: it runs after every capture of a game; the locked-pawn half only on boards of kings,
// bishops and pawns.
bool locked_pawns_dead(const Position& pos);
inline bool is_dead_position(const Position& pos) {
    if (pos.pieces(Rook, Queen)) return false;  // most positions: one test
    if (!pos.pieces(Pawn)) return is_dead_by_material(pos);
    if (pos.pieces(Knight)) return false;
    return locked_pawns_dead(pos);
}

// Whether the move can change the material (a capture, en passant included, or a promotion):
// the only moves after which is_dead_by_material() or can_ever_mate() may change their answer
// on material grounds. Call before playing m.
inline bool material_changed(const Position& before, Move m) {
    return m.is_promotion() || before.is_capture(m);
}

// A signature of the material: per colour, 4-bit counts of pawns, knights, light-square bishops,
// dark-square bishops, rooks and queens (saturating at 15). Equal material gives equal keys;
// comparing keys tells whether a sequence of moves changed the material.
uint64_t material_key(const Position& pos);

// False when `side` has too little material to ever mate, whatever both players do (exact on
// material, as python-chess's has_insufficient_material): a lone king; K+N when the opponent has
// nothing but queens besides its king (any other man could block a flight square); K+bishops
// of one square colour when no knight, no pawn and no bishop of the other colour is on the board.
bool has_mating_material(const Position& pos, Color side);

// FIDE 6.9 "can the opponent mate by any series of legal moves": false only when it is certain
// that `side` can never checkmate. Uses has_mating_material(), then the game's end (in a
// checkmate only the side that mated "can"; in a stalemate nobody can), then a static look at
// locked pawn structures (see material.cpp); everything undecided answers true.
bool can_ever_mate(const Position& pos, Color side);

}  // namespace arbiter::chess
