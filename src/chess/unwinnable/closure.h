// The exhaustive closure of the unwinnability engine: every position reachable from the root,
// both sides playing every legal move, each visited once. If none of them is a mate of the loser,
// the winner can never mate: a proof by exhaustion that needs no depth bound, so it settles locked
// structures (kings and bishops shuttling behind a pawn wall, a few pawn moves left) whose longest
// line is far longer than any depth-bounded search could exhaust, while the set of positions they
// can ever reach stays small.
//
// Why it is sound: a position leaves the work list only by being expanded (all its legal moves
// generated), and a child is not put on it only when it was put there before in this closure (an
// exact table: the whole position, see visit_table.h; a slot taken over by another position only
// makes a position be expanded twice), or when the winner certainly cannot mate from it (too
// little material, or a blockade proof on a child whose pawns or material changed). So when the
// list runs empty, every position reachable from the root was expanded or is one of those; none
// was a mate of the loser, and no mating line exists. Hitting the cap proves nothing (Open).
#pragma once

#include <cstdint>

#include "chess/position.h"
#include "chess/types.h"

namespace arbiter::chess {

enum class ClosureOutcome : uint8_t { Proven, Mate, Open };

struct ClosureResult {
    ClosureOutcome outcome = ClosureOutcome::Open;
    uint64_t nodes = 0;  // positions expanded
};

// position_cap bounds the positions put on the work list (memory: 176 bytes each, in a per-thread
// buffer that keeps its size between queries). Mate: a mate of the loser is reachable (the line
// is not kept: the helpmate search finds it). The caller has already tried the static layers on
// the root itself.
// `pruning`: which static proofs may prune a child whose pawns or material changed; both are
// sound, the second layer (reach.h) costs more and pays only in full mode's larger closures.
enum class ClosurePruning : uint8_t { Blockade, BlockadeAndReach };
ClosureResult close_reachable(const Position& pos, Color winner, uint64_t position_cap,
                              ClosurePruning pruning = ClosurePruning::Blockade);

}  // namespace arbiter::chess
