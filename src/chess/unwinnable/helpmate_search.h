// The guided helpmate search of the unwinnability engine (full mode): both sides cooperate
// towards mating the loser. Depth-first, every legal move of both sides, ordered and charged by a
// plan (helpmate_guide.h) so that lines which make progress towards a mate are searched deepest:
// progress moves cost nothing, neutral ones one ply (nothing right after progress), regress moves
// two. Several plans in turn share the node budget: first one that follows the loser's king
// (most real positions), then, when the winner has pawns, one with a sub-goal (promote first:
// each promotion of the winner starts a fresh mating search of its own, so that the long pawn
// race and the short mate each get their own iterative deepening instead of one depth budget
// for both), then, when the winner's pawns stand in the way of the loser's, one where the loser
// promotes first (stops at each promotion; the search from there may still run the winner's
// promote plan), then fixed mating corners, and for locked pawn structures one that frees pawns by
// captures and sacrifices. Each plan deepens iteratively on that budget.
// Every node where the winner certainly cannot mate (game over, material, blockade) is closed.
// An iteration that finishes without a mate and without any node cut off (by the depth budget or
// the line length cap) has searched every reachable position: a proof of unwinnability, whatever
// the plan (a plan orders and charges moves, it never skips one). The exact, iteration-stamped
// visit table (visit_table.h) keeps that proof sound.
#pragma once

#include <cstdint>

#include "chess/position.h"
#include "chess/types.h"
#include "chess/unwinnable/unwinnable.h"

namespace arbiter::chess {

enum class HelpmateOutcome : uint8_t { Mate, Exhausted, OutOfBudget };

struct HelpmateResult {
    HelpmateOutcome outcome = HelpmateOutcome::OutOfBudget;
    uint64_t nodes = 0;
    std::array<Move, kMaxWinLine> line{};  // for Mate, from the position searched
    int line_length = 0;
};

// max_line: plies the line may still use (kMaxWinLine minus any prefix the caller already played).
HelpmateResult search_helpmate(const Position& pos, Color winner, uint64_t node_budget, int max_line);

}  // namespace arbiter::chess
