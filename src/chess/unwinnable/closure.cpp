// Exhaustive closure: see closure.h for the argument.
#include "chess/unwinnable/closure.h"

#include <vector>

#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/unwinnable/blockade.h"
#include "chess/unwinnable/reach.h"
#include "chess/unwinnable/visit_table.h"

namespace arbiter::chess {

ClosureResult close_reachable(const Position& root, Color winner, uint64_t position_cap) {
    ClosureResult result;
    thread_local std::vector<Position> work;  // depth-first: the list is a stack
    work.clear();
    // A small cap gets the small table (a slot lost to another position costs only a re-visit).
    VisitTable& seen = position_cap <= VisitTable::kSmallEntries / 16 ? VisitTable::small_for_this_thread()
                                                                       : VisitTable::for_this_thread();
    const uint32_t stamp = seen.next_stamp();
    seen.seen_or_record(root, stamp, 0);
    work.push_back(root);
    uint64_t discovered = 1;
    while (!work.empty()) {
        const Position pos = work.back();
        work.pop_back();
        ++result.nodes;
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) {
            if (pos.in_check() && pos.side_to_move() != winner) {
                result.outcome = ClosureOutcome::Mate;
                return result;
            }
            continue;  // stalemate, or the winner is mated: no mate by the winner from here
        }
        for (Move m : moves) {
            const bool structure_changes = pos.is_capture(m) || type_of(pos.moved_piece(m)) == Pawn;
            const Position child = pos.after(m);
            if (seen.seen_or_record(child, stamp, 0)) continue;
            // (A child in check is expanded rather than judged: it may be the mate itself.)
            if (structure_changes && !child.in_check() &&
                (!has_mating_material(child, winner) || blockade_prevents_mate(child, winner) ||
                 reach_prevents_mate(child, winner)))
                continue;
            if (++discovered > position_cap) {
                result.outcome = ClosureOutcome::Open;
                return result;
            }
            work.push_back(child);
        }
    }
    result.outcome = ClosureOutcome::Proven;
    return result;
}

}  // namespace arbiter::chess
