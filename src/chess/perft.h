// Perft: counts the leaves of the legal move tree, the standard test of a move generator.
#pragma once

#include <cstdint>
#include <vector>

#include "chess/move.h"
#include "chess/position.h"

namespace arbiter::chess {

// Leaf nodes at the given depth (depth 0 = 1). Counts the moves at depth 1 instead of playing
// them ("bulk counting"). pos is restored before returning.
uint64_t perft(Position& pos, int depth);

struct DivideEntry {
    Move move;
    uint64_t nodes;
};
// One entry per legal root move (in generation order) with the leaf count below it.
std::vector<DivideEntry> perft_divide(Position& pos, int depth);

}  // namespace arbiter::chess
