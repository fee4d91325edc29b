// The web board whose records arbiter reads (--rules webboard): a player resigns there by putting
// their own king on the opponent's king, a "move" the board records like any other ("e1 - e8").
#pragma once

#include <string_view>

#include "chess/position.h"

namespace arbiter::validate {

// Whether `token`, in `pos` (before it), names the square of the mover's king as its from-square
// and the opponent's king's square as its target: the web board's resignation by the side to move.
bool is_king_onto_king(const chess::Position& pos, std::string_view token);

}  // namespace arbiter::validate
