// The guided helpmate search of the unwinnability engine (full mode): both sides cooperate
// towards mating the loser. Depth-first, every legal move of both sides, ordered and charged so
// that lines which make progress towards a mate are searched deepest:
//   - progress (free): the winner's captures, pawn advances and promotions; the loser's king
//     stepping towards the mating corner; the loser's pawn moves when the winner needs a blocker
//     only a promotion of the loser can give (a lone knight, bishops of one colour);
//   - neutral (one ply, free right after progress): everything else;
//   - regress (two plies): the loser's captures and pawn advances (they throw away what the
//     winner needs), outside the case above.
// Iterative deepening on that budget. Every node where the winner certainly cannot mate (game
// over, material, blockade) is closed. An iteration that finishes without a mate and without any
// node cut off (by the depth budget or the line length cap) has searched every reachable position:
// a proof of unwinnability. The exact, iteration-stamped visit table (visit_table.h) keeps that
// proof sound.
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
