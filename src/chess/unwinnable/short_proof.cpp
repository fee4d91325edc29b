// Short full-width proof: see short_proof.h.
#include "chess/unwinnable/short_proof.h"

#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/unwinnable/blockade.h"

namespace arbiter::chess {
namespace {

struct Prover {
    Color winner;
    uint64_t node_cap;
    ShortProof& result;
    std::array<Move, kMaxWinLine> path{};
    int ply = 0;

    // structure_changed: a pawn moved or a man was taken on the way here. The caller already ran
    // the blockade analysis on the root; moving pieces alone rarely changes its answer, so it runs
    // again only where the structure changed (a cost gate, not a soundness condition).
    ShortProofOutcome prove(Position& pos, int depth, bool structure_changed) {
        if (++result.nodes > node_cap) return ShortProofOutcome::Open;
        if (!has_mating_material(pos, winner)) return ShortProofOutcome::Proven;
        if (depth == 0) {
            if (!has_legal_move(pos)) return mate_or_closed(pos);
            return structure_changed && blockade_prevents_mate(pos, winner) ? ShortProofOutcome::Proven
                                                                            : ShortProofOutcome::Open;
        }
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) return mate_or_closed(pos);
        for (Move m : moves) {
            const bool changes = structure_changed || pos.is_capture(m) || type_of(pos.moved_piece(m)) == Pawn;
            StateInfo st;
            pos.play(m, st);
            path[size_t(ply++)] = m;
            const ShortProofOutcome child = prove(pos, depth - 1, changes);
            --ply;
            pos.undo(m, st);
            if (child != ShortProofOutcome::Proven) return child;
        }
        return ShortProofOutcome::Proven;
    }

    ShortProofOutcome mate_or_closed(const Position& pos) {
        if (!pos.in_check() || pos.side_to_move() == winner) return ShortProofOutcome::Proven;
        result.line = path;
        result.line_length = ply;
        return ShortProofOutcome::Mate;
    }
};

}  // namespace

ShortProof prove_short(const Position& pos, Color winner, int depth, uint64_t node_cap) {
    ShortProof result;
    if (depth >= kMaxWinLine) depth = kMaxWinLine - 1;
    Prover prover{winner, node_cap, result};
    Position work = pos;
    result.outcome = prover.prove(work, depth, false);
    return result;
}

}  // namespace arbiter::chess
