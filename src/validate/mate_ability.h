// "Can this side still checkmate by any series of legal moves?" (FIDE 6.9, 5.2.2): the one
// question the result and Termination rules ask of the board. Behind this one narrow function so
// that a stronger unwinnability analysis can replace today's material rule in one place.
#pragma once

#include "chess/material.h"
#include "chess/position.h"

namespace arbiter::validate {

// False only when it is certain that `side` can never mate from `pos` (chess::can_ever_mate:
// material, the game's end, locked pawn structures); true when undecided.
inline bool side_can_still_mate(const chess::Position& pos, chess::Color side) {
    return chess::can_ever_mate(pos, side);
}

}  // namespace arbiter::validate
