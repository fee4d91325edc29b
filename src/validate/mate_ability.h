// "Can this side still checkmate by any series of legal moves?" (FIDE 6.9, 5.2.2): the one
// question the result and Termination rules ask of the board, answered by the unwinnability
// engine's quick mode (validate/unwinnability.h) behind one narrow function.
#pragma once

#include "chess/position.h"
#include "validate/unwinnability.h"

namespace arbiter::validate {

// False only when it is proven that `side` can never mate from `pos`; true when it can, or when
// that is not certain.
inline bool side_can_still_mate(const chess::Position& pos, chess::Color side) {
    return !cannot_mate_proof(pos, side).has_value();
}

}  // namespace arbiter::validate
