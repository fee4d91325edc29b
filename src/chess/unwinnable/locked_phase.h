// A staged helpmate search for locked pawn structures (full mode): first every position of the
// locked phase breadth-first, then a mating search of its own from each position where that
// phase ends.
//
// Where every pawn of the winner is stopped by a pawn ahead on its file, the mate needs a pawn
// freed first, and the freeing is often a long, exactly timed manoeuvre of the whole board: the
// loser's king walks across to take a pawn the winner gives up, the loser's pawn that this
// unblocks advances until a winner's pawn takes it and so changes file, while the winner's
// pieces only pass the move. The depth-first search charges each of those quiet moves, and its
// plans cannot tell the one walk that matters from the thousands of shuffles; yet the positions
// of the locked phase are few (kings, bishops and a few mobile pawns behind a fixed chain), so
// breadth-first over all of them reaches the first freed pawn in a few hundred thousand nodes,
// whatever the order and the tempi. A first walk on a quarter of the budget lets the pieces only
// pass the move (each steps off its square and back), as they mostly do while the kings and
// pawns decide: four times fewer positions on CHA's 2b5/1p6/pPp3k1/... (26,184 nodes against
// 103,054 to Black's 51-ply mate); then the walk with every move. Where the phase ends (a winner's pawn has a free file ahead,
// or a promotion) the breadth-first walk stops, and a fresh mating search (helpmate_search.h, all
// its plans) runs from there on a small budget of its own: the pawn race and the mate after it.
//
// Only finding, never proving: positions are told apart by their Zobrist key (a collision loses a
// position, never invents a line), a mating search that fails at an exit proves nothing, and
// every line found is replayed to mate by the caller (unwinnable.cpp).
#pragma once

#include <array>
#include <cstdint>

#include "chess/move.h"
#include "chess/position.h"
#include "chess/types.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::chess {

struct LockedPhaseResult {
    bool mate = false;
    uint64_t nodes = 0;  // positions expanded plus the nodes of the mating searches
    std::array<Move, kMaxWinLine> line{};  // for a mate, from the position searched
    int line_length = 0;
};

// Whether the root has a locked phase worth the walk: kings, pawns and bishops only, the winner
// has pawns and each of them has a pawn (of either side) ahead on its file.
bool locked_phase_fits(const Position& root, Color winner);

// Breadth-first over the locked phase on at most node_budget nodes (its mating searches
// included); max_line: plies the line may still use.
LockedPhaseResult search_locked_phase(const Position& root, Color winner, uint64_t node_budget, int max_line);

}  // namespace arbiter::chess
