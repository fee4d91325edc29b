// The short full-width proof of the unwinnability engine: every line of at most `depth` plies,
// both sides playing every legal move, must end in a position where the winner certainly cannot
// mate (the game is over without its mate, too little material, or a blockade). Catches forced
// captures into a dead ending and "every reply stalemates" (FIDE 5.2.2's typical dead positions
// that material counting misses). Stops at the first line it cannot close, so it is cheap where
// it fails, which is almost everywhere.
#pragma once

#include <cstdint>

#include "chess/move.h"
#include "chess/position.h"
#include "chess/types.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::chess {

enum class ShortProofOutcome : uint8_t { Proven, Open, Mate };

struct ShortProof {
    ShortProofOutcome outcome = ShortProofOutcome::Open;
    uint64_t nodes = 0;
    // For Mate: the moves from the position searched to the winner's mate.
    std::array<Move, kMaxWinLine> line{};
    int line_length = 0;
};

// node_cap bounds the work; reaching it answers Open.
ShortProof prove_short(const Position& pos, Color winner, int depth, uint64_t node_cap);

}  // namespace arbiter::chess
