// The exhaustive closure of the unwinnability engine: every position reachable from the root,
// both sides playing every legal move, each visited once. If none of them is a mate of the loser,
// the winner can never mate: a proof by exhaustion that needs no depth bound, so it settles locked
// structures (kings and bishops shuttling behind a pawn wall, a few pawn moves left) whose longest
// line is far longer than any depth-bounded search could exhaust, while the set of positions they
// can ever reach stays small.
//
// Why it is sound: the positions are kept in an exact set (the whole position: placement, side
// to move, castling, a legal en passant square; never evicted) in the order they were found, and
// expanded in that order (breadth-first: all legal moves generated). A position is not expanded
// only when the winner certainly cannot mate from it (too little material, or a static proof on a
// position whose pawns or material changed). So when every position found was expanded or is one
// of those, every position reachable from the root was seen; none was a mate of the loser, and
// no mating line exists. Hitting the cap proves nothing (Open). A mate found ends the shortest
// line from the root (breadth-first), which the set's links give back as evidence.
#pragma once

#include <cstdint>

#include "chess/position.h"
#include "chess/types.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::chess {

enum class ClosureOutcome : uint8_t { Proven, Mate, Open };

struct ClosureResult {
    ClosureOutcome outcome = ClosureOutcome::Open;
    uint64_t nodes = 0;  // positions expanded
    // For Mate: a shortest line from the root to a mate of the loser (breadth-first), if it has
    // at most kMaxWinLine plies; else line_length is 0 (a mate is reachable, the line not kept).
    std::array<Move, kMaxWinLine> line{};
    int line_length = 0;
};

// position_cap bounds the positions to expand; with the pruned ones, at most twice as many are
// kept (memory: about 100 bytes each, packed, in per-thread buffers that grow with the closure, not its cap,
// and keep their size between queries up to what release_closure_memory allows). Mate: a mate of the loser is reachable (with its line
// when that fits). The caller has already tried the static layers on
// the root itself.
// `pruning`: which static proofs may prune a child whose pawns or material changed; both are
// sound, the second layer (reach.h) costs more and pays only in full mode's larger closures.
enum class ClosurePruning : uint8_t { Blockade, BlockadeAndReach };
// `how`: Resume goes on where the last closure of this thread stopped at its cap, if that was the
// same question (root, winner, pruning); otherwise, and with Fresh, it starts over. The cap
// counts every position kept, those of the earlier call included.
enum class ClosureStart : uint8_t { Fresh, Resume };
ClosureResult close_reachable(const Position& pos, Color winner, uint64_t position_cap,
                              ClosurePruning pruning = ClosurePruning::Blockade,
                              ClosureStart how = ClosureStart::Fresh);

// Frees this thread's closure buffers when they hold more than `keep` bytes (a closure later on
// this thread allocates them again). Ends any closure that could be resumed.
void release_closure_memory(size_t keep);

}  // namespace arbiter::chess
